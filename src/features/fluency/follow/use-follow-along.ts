/**
 * Follow-along state for the fluency page (issue 12): the word the reader is on, the words read so
 * far and the word the tutor helped with, from the events of the follow-along socket
 * (follow-connection.ts). When the tutor offers help, the word is spoken through the app's one
 * audio queue as a `tutor` line (captioned and announced once, §4.9), and shown larger.
 *
 * `tap` is what the recorder calls (src/features/fluency/use-fluency-session.ts): `begin` when the
 * microphone opens, `chunk` for every ~100 ms of 16 kHz audio, `end` when the reader stops and
 * `cancel` when the recording is dropped. A recorder at another rate (a browser that refuses a
 * 16 kHz context) is not followed: the reading is still scored when it is saved.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FollowEvent } from '#core/tutor/follow.ts';
import { meterLevel, rms } from '#core/fluency-session/level.ts';
import { tokenisePassage, type PassageWord } from '#core/text/normalize.ts';
import {
  helpGateBlock,
  helpGateOffer,
  helpGateWord,
  INITIAL_HELP_GATE,
  type HelpGateState,
} from '#core/tutor/help-gate.ts';
import type { SpeakRequest } from '#machines/audio-queue.machine.ts';
import { FollowConnection, type FollowCallbacks, type FollowConnectionOptions } from './follow-connection.ts';

/** The recorder's side: what the capture calls while it records. */
export interface FollowTap {
  begin(storyId: string): void;
  chunk(samples: Int16Array, sampleRate: number): void;
  end(): void;
  cancel(): void;
}

/** A word's mark so far: read (as printed or fixed), read as something else, or passed over. */
export type FollowMark = 'read' | 'other' | 'skipped';

export interface FollowAlongState {
  /** Printed words of the passage (`tokenisePassage`), the indices the events use. */
  words: readonly PassageWord[];
  /** Index of the word the reader is on (the next word), or null before the first event. */
  current: number | null;
  /** Marks of the words passed. */
  marks: ReadonlyMap<number, FollowMark>;
  /** The word the tutor offered last (shown until the next offer or the end of the reading), or null. */
  helped: number | null;
  /** `live` while following, `reconnecting` after a drop, `off` otherwise. */
  connection: 'off' | 'live' | 'reconnecting';
}

/** Opens a follow connection (the real one: {@link FollowConnection}; tests pass a fake). */
export type ConnectFollow = (
  options: FollowConnectionOptions,
  callbacks: FollowCallbacks,
) => { push(samples: Int16Array): void; stop(): void; close(): void };

const openFollowConnection: ConnectFollow = (options, callbacks) => new FollowConnection(options, callbacks);

const markOf = (status: string): FollowMark =>
  status === 'omission' ? 'skipped' : status === 'substitution' ? 'other' : 'read';

/**
 * The passage comes later through `setPassage` (the story text, tokenised as the server does):
 * only the words shown and spoken need it, so the tap works before the story has loaded.
 * Help never talks over the child: an offer that arrives while the microphone hears the reader
 * waits for their silence, and is dropped if they read the word first (core/tutor/help-gate.ts).
 * @param speak the audio queue's `speak` (the tutor's word is a `tutor` line).
 * @param connect opens the follow connection (tests pass a fake).
 * @param helpAfterSeconds the reader's help delay (audio settings, 2–6 s), sent when a reading starts.
 */
export function useFollowAlong(
  speak: (request: SpeakRequest) => void,
  connect: ConnectFollow = openFollowConnection,
  helpAfterSeconds?: number,
): { state: FollowAlongState; tap: FollowTap; setPassage: (text: string | null) => void } {
  const [passageText, setPassage] = useState<string | null>(null);
  const words = useMemo(() => (passageText ? tokenisePassage(passageText) : []), [passageText]);
  const [current, setCurrent] = useState<number | null>(null);
  const [marks, setMarks] = useState<ReadonlyMap<number, FollowMark>>(new Map());
  const [helped, setHelped] = useState<number | null>(null);
  const [connection, setConnection] = useState<FollowAlongState['connection']>('off');
  const connectionRef = useRef<ReturnType<typeof connect> | null>(null);
  const wordsRef = useRef(words);
  const speakRef = useRef(speak);
  const helpAfterRef = useRef(helpAfterSeconds);
  const gateRef = useRef<HelpGateState>(INITIAL_HELP_GATE);
  useEffect(() => {
    wordsRef.current = words;
    speakRef.current = speak;
    helpAfterRef.current = helpAfterSeconds;
  }, [words, speak, helpAfterSeconds]);

  /** The tutor says word `index` (after the gate let it through). */
  const sayHelp = useCallback((index: number) => {
    const word = wordsRef.current[index];
    if (!word) return;
    setHelped(index);
    // Said by the tutor through the one queue: captioned and announced once (§4.9).
    speakRef.current({ text: word.text, type: 'tutor' });
  }, []);

  const onEvent = useCallback(
    (event: FollowEvent) => {
      if (event.event === 'word') {
        gateRef.current = helpGateWord(gateRef.current, event.index);
        setMarks((m) => new Map(m).set(event.index, markOf(event.status)));
        setCurrent((c) => Math.max(c ?? 0, event.index + 1));
      } else if (event.event === 'help') {
        if (!wordsRef.current[event.index]) return;
        setCurrent((c) => Math.max(c ?? 0, event.index));
        const step = helpGateOffer(gateRef.current, event.index);
        gateRef.current = step.state;
        if (step.say !== null) sayHelp(step.say);
      }
    },
    [sayHelp],
  );

  const tap = useMemo<FollowTap>(
    () => ({
      begin(storyId) {
        connectionRef.current?.close();
        setMarks(new Map());
        setCurrent(0);
        setHelped(null);
        setConnection('reconnecting');
        gateRef.current = INITIAL_HELP_GATE;
        const helpAfter = helpAfterRef.current;
        connectionRef.current = connect(
          { storyId, ...(helpAfter !== undefined ? { helpAfterSeconds: helpAfter } : {}) },
          {
            onEvent,
            onConnection: (live) => setConnection(live ? 'live' : 'reconnecting'),
            onEnded: () => setConnection('off'),
            onResult: () => setConnection('off'),
          },
        );
      },
      chunk(samples, sampleRate) {
        if (sampleRate !== 16000 || !connectionRef.current) return;
        connectionRef.current.push(samples);
        // The block's level on the meter's scale (16-bit samples to −1…1) for the help gate.
        const step = helpGateBlock(
          gateRef.current,
          meterLevel(rms(samples) / 32768),
          samples.length / sampleRate,
        );
        gateRef.current = step.state;
        if (step.say !== null) sayHelp(step.say);
      },
      end() {
        connectionRef.current?.stop();
      },
      cancel() {
        connectionRef.current?.close();
        connectionRef.current = null;
        setConnection('off');
      },
    }),
    [connect, onEvent, sayHelp],
  );

  return { state: { words, current, marks, helped, connection }, tap, setPassage };
}
