import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  REPLY_WORDS,
  SPARKY_LINES,
  currentAssignment,
  type SparkyAssignment,
} from '#core/sparky/assignments.ts';
import type { VoiceCommand } from '#core/voice/command.ts';
import { sparkyMachine, type SparkySpeakParams } from '#machines/sparky.machine.ts';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import { useAudioQueue, type AudioQueueApi } from '../../app/audio/audio-context.ts';
import { subscribeSparky } from '../../lib/sparky-bus.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { useFloatingRoom } from '../../ui/use-floating-room.ts';
import { SparkyFace } from './SparkyFace.tsx';
import './sparky.css';

/** Props of {@link SparkyWidget}. */
export interface SparkyWidgetProps {
  /**
   * The assignments that apply now (core/sparky/assignments.ts `assignmentsFor`), or null while the
   * reader's data is loading (nothing changes then; a press of the mascot meanwhile opens the panel when
   * they come, instead of Sparky saying that everything is done).
   */
  assignments: SparkyAssignment[] | null;
  /** Goes to /rewards (spec §4.8, 2 s after a yes). */
  onGoToRewards: () => void;
  /**
   * Says a line and resolves when it has ended; by default the app's one audio queue (type `sparky`),
   * resolved by the queue's end-of-line event (`say`: said, cut off, or dropped unsaid).
   */
  speak?: (params: SparkySpeakParams) => Promise<void> | void;
  /**
   * Whether the voice layer listens all the time (spec §4.8 listening toggle: its hands-free mode), or
   * undefined without a voice layer: then there is no switch.
   */
  listening?: boolean;
  /** Asks the voice layer to listen all the time, or not (the switch). */
  onListeningChange?: (listening: boolean) => void;
  /**
   * Where 'Speak to Sparky' leads (spec §4.8: the chat opens from it), or undefined while the chat is
   * not built: then there is no such link.
   */
  chatPath?: string;
}

/** Action targets of the spoken replies. */
const REPLY_TARGET = { yes: 'sparky:yes', no: 'sparky:no' } as const;

/** Spec §4.8 replies as spoken commands: yes, start, begin / no, skip, not now. */
export const SPARKY_REPLY_COMMANDS: readonly VoiceCommand[] = (['yes', 'no'] as const).flatMap((reply) =>
  REPLY_WORDS[reply].map((phrase) => ({ phrase, intent: 'action' as const, target: REPLY_TARGET[reply] })),
);

/**
 * Says a line through the audio queue (type `sparky`: spoken, captioned and announced once there),
 * resolved when the queue reports the line's end (heard to its end, cut off, or dropped unsaid): the
 * silence that sends Sparky's mood back to helpful 1 s later (spec §4.8).
 */
async function speakThroughQueue(audio: AudioQueueApi, params: SparkySpeakParams): Promise<void> {
  await audio.say({ text: params.text, type: 'sparky', priority: params.priority });
}

/**
 * Sparky's floating widget (spec §2.4, §4.8), run by machines/sparky.machine.ts: the mascot at the bottom
 * right, his face following his mood, his last line in a bubble; pressed while an assignment remains, it
 * opens a small panel with the current assignment and 'Yes' / 'Not now' (the same replies work by voice
 * through src/lib/sparky-bus.ts); it speaks through the app's one audio queue. Not modal: the page stays usable, Escape or 'Close' dismisses the
 * panel and focus returns to the mascot. Shown by src/app/SparkyDock.tsx on large screens, never for teachers.
 */
export function SparkyWidget({
  assignments,
  onGoToRewards,
  speak,
  listening,
  onListeningChange,
  chatPath,
}: SparkyWidgetProps) {
  // The queue's API is one object for the app's life.
  const audio = useAudioQueue();
  // The first props are kept (the dock's navigate and the app's speak do not change).
  const [machine] = useState(() => {
    let latest = 0;
    const say = speak ?? ((params: SparkySpeakParams) => speakThroughQueue(audio, params));
    return sparkyMachine.provide({
      actions: {
        speak: ({ self }, params) => {
          const line = ++latest;
          // Silence when the latest line has been said (an earlier line's end is not silence).
          void Promise.resolve(say(params)).then(() => {
            if (line === latest) self.send({ type: 'speech.ended' });
          });
        },
        goToRewards: () => onGoToRewards(),
      },
    });
  });
  const [snapshot, send] = useMachine(machine, { input: { assignments: assignments ?? [] } });

  // What applies now, whenever it changes (the first render gave it as input).
  const first = useRef(true);
  // The mascot pressed before the reader's assignments had loaded: answered once they have (a press
  // then would have had Sparky say "all done" to a reader whose challenges were still on their way).
  const pressedWhileLoading = useRef(false);
  const key = assignments ? assignments.map((a) => a.id).join(',') : null;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (assignments) send({ type: 'sparky.sync', assignments });
    if (assignments && pressedWhileLoading.current) {
      pressedWhileLoading.current = false;
      send({ type: 'panel.open' });
    }
    // The ids are what matters; a new array with the same ids changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, send]);

  useEffect(() => subscribeSparky((command) => send(command)), [send]);

  // The switch follows the voice layer's mode (one truth): the statechart's listening region with it.
  const isListening = snapshot.hasTag('listening');
  useEffect(() => {
    if (listening !== undefined && listening !== isListening) send({ type: 'listening.toggle' });
  }, [listening, isListening, send]);

  // While the panel asks, the replies of spec §4.8 can be said (the voice layer's registry).
  const asking = snapshot.matches({ panel: 'open' });
  useVoiceCommands(asking ? SPARKY_REPLY_COMMANDS : [], (target) => {
    if (target === REPLY_TARGET.yes) send({ type: 'sparky.reply', reply: 'yes' });
    if (target === REPLY_TARGET.no) send({ type: 'sparky.reply', reply: 'no' });
  });

  const { mood, said } = snapshot.context;
  const current = currentAssignment(snapshot.context.assignments);
  const panelShown = !snapshot.matches({ panel: 'closed' });
  const speaking = snapshot.hasTag('speaking');
  const mascot = useRef<HTMLButtonElement>(null);
  // It floats at the bottom right: what Tab reaches scrolls above it (global.css).
  const widget = useRef<HTMLElement>(null);
  useFloatingRoom(widget, true, '--sparky-room');
  const heading = useRef<HTMLHeadingElement>(null);
  const wasShown = useRef(false);
  useEffect(() => {
    if (panelShown && !wasShown.current) heading.current?.focus();
    if (!panelShown && wasShown.current) {
      // Back to the mascot when focus was in the panel (now gone: on the body), never from the page.
      const active = mascot.current?.ownerDocument.activeElement;
      if (!active || active === active.ownerDocument.body || active.closest('.sparky'))
        mascot.current?.focus();
    }
    wasShown.current = panelShown;
  }, [panelShown]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && panelShown) {
      event.stopPropagation();
      send({ type: 'panel.close' });
    }
  };

  const bubble = said && (speaking || snapshot.matches({ voice: 'settling' })) ? said : null;
  return (
    <aside ref={widget} className="sparky" aria-label="Sparky" onKeyDown={onKeyDown}>
      {/* First in the tab order; drawn last, at the bottom (sparky.css: column-reverse). */}
      <Button
        ref={mascot}
        variant="quiet"
        className="sparky__mascot"
        aria-expanded={panelShown}
        aria-controls={panelShown ? 'sparky-panel' : undefined}
        onPress={() => {
          if (panelShown) send({ type: 'panel.close' });
          else if (assignments === null) pressedWhileLoading.current = true;
          else send({ type: 'panel.open' });
        }}
      >
        <SparkyFace mood={mood} speaking={speaking} size={64} />
        <span className="sparky__name">Sparky</span>
        {current && !current.completed && !panelShown ? (
          <span className="sparky__badge">
            <Icon name="star" size={16} /> <span className="visually-hidden">has something for you</span>
          </span>
        ) : null}
      </Button>
      {panelShown ? (
        <section className="sparky__panel" aria-labelledby="sparky-panel-title" id="sparky-panel">
          <div className="sparky__panel-head">
            <h2 id="sparky-panel-title" ref={heading} tabIndex={-1}>
              {snapshot.matches({ panel: 'leaving' }) ? 'Off to your rewards!' : (current?.title ?? '')}
            </h2>
            <Button variant="quiet" className="sparky__close" onPress={() => send({ type: 'panel.close' })}>
              <Icon name="close" size={20} /> Close
            </Button>
          </div>
          {snapshot.matches({ panel: 'leaving' }) ? (
            // Said and captioned by the audio queue; written here without a second announcement.
            <p>{SPARKY_LINES.yes}</p>
          ) : current ? (
            <>
              <p>{current.description}</p>
              <p className="sparky__question">{current.message}</p>
              <div className="sparky__replies">
                <Button onPress={() => send({ type: 'sparky.reply', reply: 'yes' })}>
                  <Icon name="check" size={22} /> Yes
                </Button>
                <Button variant="secondary" onPress={() => send({ type: 'sparky.reply', reply: 'no' })}>
                  <Icon name="clock" size={22} /> Not now
                </Button>
              </div>
              {chatPath ? (
                <p className="sparky__chat">
                  <Link href={chatPath}>Speak to Sparky</Link>
                </p>
              ) : null}
            </>
          ) : null}
        </section>
      ) : null}
      {listening !== undefined && onListeningChange ? (
        <Switch className="sparky__listen" isSelected={isListening} onChange={onListeningChange}>
          <Icon name="mic" size={20} /> Listen to me
        </Switch>
      ) : null}
      {bubble && !panelShown ? (
        <p className="sparky__bubble" aria-hidden="true">
          {bubble}
        </p>
      ) : null}
    </aside>
  );
}
