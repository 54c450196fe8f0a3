import { useRef } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { useFloatingRoom } from '../../ui/use-floating-room.ts';
import { useAudioQueue, useAudioStatus, type AudioStatus } from './audio-context.ts';

/** What the strip says Sparky is doing. */
export const CAPTION_STATUS: Record<AudioStatus['state'], string> = {
  idle: 'Sparky said',
  loading: 'Sparky is getting ready to say',
  playing: 'Sparky says',
  paused: 'Sparky is paused',
  fallingBack: "Sparky says (with this computer's voice)",
};

/**
 * The caption strip (issue 10): every line Sparky says, as text, at the bottom of the screen, with
 * Hold on (pause) or Go on, Next (skip) and Quiet (stop) while Sparky talks, and Help (the spoken
 * shortcuts list). The names differ from the pages' own Pause and Stop buttons (the story reader,
 * the recorder), so neither a child hearing them nor a test asking for them mixes the two up. It is a
 * labelled region, not a live region: each line is announced once by the provider through the app's
 * live region, so a screen reader does not read it twice. The last line stays a few seconds after it
 * was said, so a deaf child can finish reading it. Only while it shows a line does it float over the
 * page (fixed at the bottom); otherwise it sits at the end of the page with its Help button, so it
 * never covers what a child wants to press; while it floats, only its buttons take the pointer, and the
 * page gets room at its end to scroll its last buttons above it. While it floats, the room it takes is kept in
 * `--caption-strip-room` (useFloatingRoom): the page keeps that much scroll padding at the bottom, so a
 * field or button reached by Tab scrolls above the strip instead of under it (WCAG 2.2 "Focus Not
 * Obscured"), and the room at the end of the page is as tall as the strip, however its text wraps.
 */
export function CaptionStrip() {
  const audio = useAudioQueue();
  const status = useAudioStatus();
  const busy = status.state !== 'idle';
  const floating = Boolean(status.caption);
  const strip = useRef<HTMLElement>(null);
  useFloatingRoom(strip, floating, '--caption-strip-room');
  return (
    <>
      {status.caption ? <div className="caption-strip-room" aria-hidden="true" /> : null}
      <section
        ref={strip}
        className="caption-strip"
        aria-label="Sparky's captions"
        data-state={status.state}
        data-showing={status.caption ? 'true' : 'false'}
      >
        {status.caption ? (
          <p className="caption-strip__text">
            <span className="caption-strip__who">{CAPTION_STATUS[status.state]}:</span>{' '}
            <q className="caption-strip__line">{status.caption}</q>
          </p>
        ) : null}
        <div className="caption-strip__controls">
          {busy && status.state !== 'fallingBack' ? (
            status.state === 'paused' ? (
              <Button variant="secondary" onPress={audio.resume}>
                <Icon name="play" size={20} /> Go on
              </Button>
            ) : (
              <Button variant="secondary" onPress={audio.pause}>
                <Icon name="pause" size={20} /> Hold on
              </Button>
            )
          ) : null}
          {busy ? (
            <>
              <Button variant="secondary" onPress={audio.skip}>
                <Icon name="skip" size={20} /> Next
              </Button>
              <Button variant="secondary" onPress={audio.stop}>
                <Icon name="stop" size={20} /> Quiet
              </Button>
            </>
          ) : null}
          <Button variant="quiet" onPress={audio.openHelp}>
            <Icon name="help" size={20} /> Help
          </Button>
        </div>
      </section>
    </>
  );
}
