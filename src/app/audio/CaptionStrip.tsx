import { useRef } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Icon, type IconName } from '../../ui/Icon.tsx';
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
 * While one line shows, nothing in it moves (ADR 0029): it shows "Sparky:" with a picture of the state
 * in every state (the state's words stay for screen readers), and its buttons keep four places, a
 * hidden keeper standing in for a button the state does not offer.
 */
export function CaptionStrip() {
  const audio = useAudioQueue();
  const status = useAudioStatus();
  const busy = status.state !== 'idle';
  const floating = Boolean(status.caption);
  const strip = useRef<HTMLElement>(null);
  useFloatingRoom(strip, floating, '--caption-strip-room');
  const canPause = busy && status.state !== 'fallingBack';
  return (
    <>
      {floating ? <div className="caption-strip-room" aria-hidden="true" /> : null}
      <section
        ref={strip}
        className="caption-strip"
        aria-label="Sparky's captions"
        data-state={status.state}
        data-showing={floating ? 'true' : 'false'}
      >
        {floating ? (
          <p className="caption-strip__text">
            <CaptionWho state={status.state} /> <q className="caption-strip__line">{status.caption}</q>
          </p>
        ) : null}
        <div className="caption-strip__controls">
          {canPause ? (
            status.state === 'paused' ? (
              <Button variant="secondary" onPress={audio.resume}>
                <Icon name="play" size={20} /> <Word shown="Go on" kept="Hold on" />
              </Button>
            ) : (
              <Button variant="secondary" onPress={audio.pause}>
                <Icon name="pause" size={20} /> <Word shown="Hold on" kept="Go on" />
              </Button>
            )
          ) : floating ? (
            <Keeper icon="pause" word="Hold on" kept="Go on" />
          ) : null}
          {busy ? (
            <>
              <Button variant="secondary" onPress={audio.skip}>
                <Icon name="skip" size={20} /> <Word shown="Next" />
              </Button>
              <Button variant="secondary" onPress={audio.stop}>
                <Icon name="stop" size={20} /> <Word shown="Quiet" />
              </Button>
            </>
          ) : floating ? (
            <>
              <Keeper icon="skip" word="Next" />
              <Keeper icon="stop" word="Quiet" />
            </>
          ) : null}
          <Button variant="quiet" onPress={audio.openHelp}>
            <Icon name="help" size={20} /> <Word shown="Help" />
          </Button>
        </div>
      </section>
    </>
  );
}

/** The picture beside "Sparky:" for each state; the words stay in the label for screen readers. */
const STATE_ICON: Record<AudioStatus['state'], IconName> = {
  idle: 'check',
  loading: 'clock',
  playing: 'speaker',
  paused: 'pause',
  fallingBack: 'speaker',
};

/**
 * Who speaks, and what Sparky is doing: "Sparky:" with the state's picture on the screen, the whole
 * label ("Sparky is getting ready to say:") in the text for screen readers. What is shown is the same
 * width in every state, so the line after it wraps the same way and the strip keeps its height while
 * the state changes (ADR 0029).
 */
function CaptionWho({ state }: { state: AudioStatus['state'] }) {
  const rest = CAPTION_STATUS[state].slice('Sparky'.length);
  return (
    <span className="caption-strip__who">
      <Icon name={STATE_ICON[state]} size={20} className="caption-strip__state" />
      Sparky<span className="visually-hidden">{rest}</span>:
    </span>
  );
}

/**
 * A button's name under its picture. `kept` is the other name the same button takes (Hold on and Go
 * on): laid under the shown one, hidden, so the button is as large whichever it shows.
 */
function Word({ shown, kept }: { shown: string; kept?: string }) {
  return (
    <span className="caption-strip__word">
      <span>{shown}</span>
      {kept ? (
        <span className="caption-strip__kept" aria-hidden="true">
          {kept}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The place of a button not offered in this state (Hold on while the computer's voice speaks; Hold
 * on, Next and Quiet once the line is said): hidden, but as large as the button, so the buttons that
 * stay never move under a finger.
 */
function Keeper({ icon, word, kept }: { icon: IconName; word: string; kept?: string }) {
  return (
    <span className="caption-strip__keeper" aria-hidden="true">
      <Icon name={icon} size={20} /> <Word shown={word} kept={kept} />
    </span>
  );
}
