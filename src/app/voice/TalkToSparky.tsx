/**
 * The one big talk button of the signed-in app (issue 11): press it (or Alt+T, or a single switch
 * on the focused button: it is an ordinary button, reached with Tab and pressed with Enter or
 * Space), say a command, and Sparky answers. Pressed again while a voice is heard, it ends the
 * utterance; Escape stops listening. "Listen without pressing" (off by default, kept in this
 * browser) turns on hands-free listening: the microphone stays open and each voice it hears is a
 * command. What Sparky answers stays in the caption under it, so a deaf child reads what a hearing
 * child hears; the words themselves are spoken (and announced) by the
 * voice layer, so the caption is not a live region.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { useVoiceActor } from './VoiceProvider.tsx';
import './voice.css';

/** The key that works like the button (with Alt): T for talk. */
export const TALK_KEY = 't';

/** The hands-free switch's label (and accessible name). */
export const HANDS_FREE_LABEL = 'Listen without pressing';
/** localStorage key of the hands-free setting ('on'; off when absent). */
export const HANDS_FREE_KEY = 'sparky-hands-free';

/** Whether hands-free listening was turned on in this browser (off by default, and without storage). */
export function readHandsFree(): boolean {
  try {
    return window.localStorage.getItem(HANDS_FREE_KEY) === 'on';
  } catch {
    return false;
  }
}

function saveHandsFree(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(HANDS_FREE_KEY, 'on');
    else window.localStorage.removeItem(HANDS_FREE_KEY);
  } catch {
    /* private mode: the setting lasts this visit */
  }
}

/** Words under the button for each step. */
function statusOf(matches: (state: string) => boolean, hearing: boolean): string {
  if (hearing) return 'Sparky hears you…';
  if (matches('capturing')) return 'Sparky is listening. Say a command.';
  if (matches('recognising')) return 'Sparky is thinking…';
  return '';
}

/** The talk button with its status and caption; renders nothing outside the voice layer. */
export function TalkToSparky() {
  const actor = useVoiceActor();
  const view = useSelector(actor ?? undefined, (s) =>
    s
      ? {
          listening: s.hasTag('listening'),
          hearing: s.hasTag('hearing'),
          status: statusOf((state) => s.matches(state as never), s.hasTag('hearing')),
          caption: s.context.lastMessage,
          handsFree: s.context.mode === 'handsFree',
        }
      : null,
  );

  // Hands-free, when it was turned on in an earlier visit.
  useEffect(() => {
    if (actor && readHandsFree()) actor.send({ type: 'voice.handsFree', on: true });
  }, [actor]);

  useEffect(() => {
    if (!actor) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat) return;
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.key.toLowerCase() === TALK_KEY) {
        event.preventDefault();
        actor.send({ type: 'voice.talk' });
      } else if (event.key === 'Escape' && actor.getSnapshot().hasTag('listening')) {
        actor.send({ type: 'voice.cancel' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actor]);

  if (!actor || !view) return null;
  return (
    <section className="talk" aria-label="Talk to Sparky">
      <Button
        className="talk__button"
        data-voice-ignore
        aria-pressed={view.listening}
        aria-keyshortcuts="Alt+T"
        onPress={() => actor.send({ type: 'voice.talk' })}
      >
        <Icon name="mic" size={28} className="talk__icon" />
        Talk to Sparky
      </Button>
      <div data-voice-ignore className="talk__hands-free">
        <Switch
          isSelected={view.handsFree}
          onChange={(on) => {
            saveHandsFree(on);
            actor.send({ type: 'voice.handsFree', on });
          }}
        >
          {HANDS_FREE_LABEL}
        </Switch>
      </div>
      <p className="talk__status">{view.status}</p>
      {view.caption ? (
        <p className="talk__caption">
          <span className="talk__speaker">Sparky:</span> {view.caption}
        </p>
      ) : null}
    </section>
  );
}
