import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
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
 * Pause or Go on, Skip and Stop while Sparky talks, and Help (the spoken shortcuts list). It is a
 * labelled region, not a live region: each line is announced once by the provider through the app's
 * live region, so a screen reader does not read it twice. The last line stays a few seconds after it
 * was said, so a deaf child can finish reading it.
 */
export function CaptionStrip() {
  const audio = useAudioQueue();
  const status = useAudioStatus();
  const busy = status.state !== 'idle';
  return (
    <section className="caption-strip" aria-label="Sparky's captions" data-state={status.state}>
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
              <Icon name="pause" size={20} /> Pause
            </Button>
          )
        ) : null}
        {busy ? (
          <>
            <Button variant="secondary" onPress={audio.skip}>
              <Icon name="skip" size={20} /> Skip
            </Button>
            <Button variant="secondary" onPress={audio.stop}>
              <Icon name="stop" size={20} /> Stop
            </Button>
          </>
        ) : null}
        <Button variant="quiet" onPress={audio.openHelp}>
          <Icon name="help" size={20} /> Help
        </Button>
      </div>
    </section>
  );
}
