/**
 * Listening for spoken commands (issue 11; docs/decisions/0015-spoken-commands.md): a child presses
 * Talk to Sparky (the on-screen button, Alt+T, or a single switch on the focused button), or turns
 * on hands-free listening, says a command, and Sparky says what it understood and does it.
 *
 * The app supplies, with `voiceCommandMachine.provide()`:
 * - actor `listen` (callback, input {@link ListenInput}): owns the microphone and voice activity
 *   detection; sends `speech.started` when a voice begins, `speech.ended` with the utterance (kept by
 *   the app under its id) when it ends, `speech.misfire` for a sound too short to be a word, and
 *   `microphone.failed`; receives `listen.finish` (end the utterance now: the talk button pressed
 *   again, or the 8 s limit);
 * - actor `recognise` (promise, input {@link RecogniseInput}): sends the utterance and the active
 *   commands to POST /api/voice/command; resolves with a {@link Heard} (what to say, and whether to act);
 * - actor `act` (promise, input {@link Heard}): carries the command out (navigates, presses, …);
 * - actions `speak` (params `{ text, type }`: spoken through the audio queue and captioned) and
 *   `duckAudio` / `unduckAudio` (Sparky is quieter while the microphone listens).
 *
 * Tags: `listening` while the microphone is open (listening, hearing), `hearing` while a voice is
 * heard, `busy` from recognising to acting. While a reading is being recorded (`voice.recording`),
 * only "stop" is on the list (the app's registry) and a miss is not answered aloud, so the reader is
 * not interrupted.
 */
import {
  assign,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
  type CallbackActorLogic,
  type EventObject,
} from 'xstate';
import type { VoiceAnswer } from '#core/voice/command.ts';
import {
  CANNOT_LISTEN_NOW,
  MICROPHONE_MESSAGES,
  NOTHING_HEARD,
  notUnderstoodMessage,
  type VoiceMicrophoneIssue,
} from '#core/voice/answers.ts';

/** How the microphone is opened: one command per press, or always on. */
export type VoiceMode = 'pushToTalk' | 'handsFree';

/** Longest utterance, ms (issue 11: at most 8 s): the utterance is ended there. */
export const MAX_UTTERANCE_MS = 8000;
/** Push-to-talk: how long the microphone waits for a voice before it closes, ms. */
export const LISTEN_TIMEOUT_MS = 8000;
/** How long the confirmation is heard before the command is carried out, ms. */
export const CONFIRM_MS = 700;
/**
 * Server refusals of an utterance that held no voice (core/api/errors.ts): noise alone, a cough or a
 * clap without a voiced sound, silence, a click too short to be a word. Hands-free, such a sound is
 * ignored without a word (it was not said to Sparky); after a press it is "I didn't catch that".
 */
export const NOT_SPEECH_CODES: readonly string[] = ['audio_noise', 'audio_silent', 'audio_too_short'];

/** Whether a failed recognition was the server refusing a sound that held no voice ({@link NOT_SPEECH_CODES}). */
export function isNotSpeechError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NOT_SPEECH_CODES.includes(code);
}

/** How long "I didn't catch that" stays before listening again (hands-free) or resting, ms. */
export const NOT_UNDERSTOOD_MS = 2500;

/** Input of the `listen` actor. */
export interface ListenInput {
  mode: VoiceMode;
}

/** Input of the `recognise` actor. */
export interface RecogniseInput {
  /** The app's key for the kept utterance. */
  utteranceId: string;
}

/** What the `recognise` actor resolves with. */
export interface Heard {
  answer: VoiceAnswer;
  /** What Sparky says: the confirmation ("Going to Reading Practice."), or "coming soon". */
  confirmation: string;
  /** Whether there is something to do (false for a screen that is not built yet). */
  act: boolean;
}

/** Serialisable context. */
export interface VoiceCommandContext {
  mode: VoiceMode;
  /** A reading is being recorded: only "stop" is heard and misses are not answered aloud. */
  isRecording: boolean;
  /** The utterance being recognised. */
  utteranceId: string | null;
  /** The last result. */
  heard: Heard | null;
  /** Phrases to suggest after a miss (set by the app from its registry). */
  suggestions: readonly string[];
  microphoneIssue: VoiceMicrophoneIssue | null;
  /** The last thing said (also in the caption). */
  lastMessage: string | null;
}

/** Machine input. */
export interface VoiceCommandInput {
  mode?: VoiceMode;
}

/** Events the app and the actors send (`domain.verb`). */
export type VoiceCommandEvent =
  /** The talk button, Alt+T or a switch: start listening, or end the utterance when listening. */
  | { type: 'voice.talk' }
  /** Hands-free on or off. */
  | { type: 'voice.handsFree'; on: boolean }
  /** Stop listening and forget (Escape on the talk panel, Cancel). */
  | { type: 'voice.cancel' }
  /** A reading started or stopped being recorded. */
  | { type: 'voice.recording'; on: boolean }
  /** The phrases to suggest now (the app's registry changed). */
  | { type: 'voice.suggestions'; suggestions: readonly string[] }
  /** From `listen`. */
  | { type: 'speech.started' }
  | { type: 'speech.misfire' }
  | { type: 'speech.ended'; utteranceId: string; seconds: number }
  | { type: 'microphone.failed'; issue: VoiceMicrophoneIssue };

/** What the `listen` actor receives. */
export type ListenCommand = { type: 'listen.finish' };

const notProvided = (name: string) =>
  fromPromise<never, unknown>(async () => {
    throw new Error(`voiceCommandMachine: actor '${name}' was not provided`);
  });

/**
 * The listening statechart (id `voiceCommand`). States (as `snapshot.matches` takes them):
 * - `idle` — not listening (push-to-talk);
 * - `capturing` › `listening | hearing` — the microphone is open (the `listen` actor); push-to-talk
 *   closes after {@link LISTEN_TIMEOUT_MS} with nothing heard; an utterance is ended at
 *   {@link MAX_UTTERANCE_MS};
 * - `recognising` — the server decodes the utterance against the active commands;
 * - `confirming` — Sparky says what it understood ({@link CONFIRM_MS}); `voice.cancel` stops it;
 * - `acting` — the command is carried out;
 * - `notUnderstood` — "I didn't catch that. You can say …";
 * - `microphoneProblem` — context.microphoneIssue, said aloud; `voice.talk` tries again.
 * After an answer, hands-free listens again and push-to-talk rests in `idle`.
 */
export const voiceCommandMachine = setup({
  types: {
    context: {} as VoiceCommandContext,
    events: {} as VoiceCommandEvent,
    input: {} as VoiceCommandInput,
  },
  actors: {
    listen: fromCallback<EventObject, ListenInput>(() => {
      throw new Error("voiceCommandMachine: actor 'listen' was not provided");
    }) as CallbackActorLogic<ListenCommand, ListenInput>,
    recognise: notProvided('recognise') as unknown as ReturnType<typeof fromPromise<Heard, RecogniseInput>>,
    act: notProvided('act') as unknown as ReturnType<typeof fromPromise<void, Heard>>,
  },
  actions: {
    /** Spoken through the audio queue and shown in the caption. */
    speak: (_, _params: { text: string; type: 'info' | 'warning' }) => {},
    duckAudio: () => {},
    unduckAudio: () => {},
    finishUtterance: sendTo('listen', { type: 'listen.finish' } satisfies ListenCommand),
    setHeard: assign({
      heard: (_, heard: Heard) => heard,
      lastMessage: (_, heard: Heard) => heard.confirmation,
    }),
    setMessage: assign({ lastMessage: (_, params: { text: string }) => params.text }),
  },
  guards: {
    isHandsFree: ({ context }) => context.mode === 'handsFree',
    isRecording: ({ context }) => context.isRecording,
    isCommand: (_, heard: Heard) => heard.answer.intent !== null,
    canAct: ({ context }) => context.heard?.act === true,
  },
  delays: {
    listenTimeout: LISTEN_TIMEOUT_MS,
    utteranceLimit: MAX_UTTERANCE_MS,
    confirm: CONFIRM_MS,
    notUnderstood: NOT_UNDERSTOOD_MS,
  },
}).createMachine({
  id: 'voiceCommand',
  context: ({ input }) => ({
    mode: (input as VoiceCommandInput | undefined)?.mode ?? 'pushToTalk',
    isRecording: false,
    utteranceId: null,
    heard: null,
    suggestions: [],
    microphoneIssue: null,
    lastMessage: null,
  }),
  initial: 'resting',
  on: {
    'voice.recording': { actions: assign({ isRecording: ({ event }) => event.on }) },
    'voice.suggestions': { actions: assign({ suggestions: ({ event }) => event.suggestions }) },
    'voice.handsFree': [
      {
        guard: ({ event }) => event.on,
        target: '.capturing',
        actions: assign({ mode: 'handsFree' as const }),
      },
      { target: '.idle', actions: assign({ mode: 'pushToTalk' as const }) },
    ],
    'voice.cancel': { target: '.idle', actions: assign({ mode: 'pushToTalk' as const }) },
  },
  states: {
    /** Decides where to rest after an answer: listening again (hands-free) or idle. */
    resting: {
      always: [{ guard: 'isHandsFree', target: 'capturing' }, { target: 'idle' }],
    },
    idle: {
      on: { 'voice.talk': 'capturing' },
    },
    capturing: {
      tags: ['listening'],
      entry: ['duckAudio', assign({ utteranceId: null, microphoneIssue: null })],
      exit: 'unduckAudio',
      invoke: { id: 'listen', src: 'listen', input: ({ context }) => ({ mode: context.mode }) },
      on: {
        'microphone.failed': {
          target: 'microphoneProblem',
          actions: assign({ microphoneIssue: ({ event }) => event.issue }),
        },
        'speech.ended': [
          // too long to be a command (a reading, hands-free): not sent
          {
            guard: ({ event }) => event.seconds * 1000 > MAX_UTTERANCE_MS + 500,
            target: '.listening',
            reenter: true,
          },
          {
            target: 'recognising',
            actions: assign({ utteranceId: ({ event }) => event.utteranceId }),
          },
        ],
      },
      initial: 'listening',
      states: {
        listening: {
          on: {
            'speech.started': 'hearing',
            'voice.talk': { target: '#voiceCommand.idle', actions: assign({ mode: 'pushToTalk' as const }) },
          },
          after: {
            listenTimeout: {
              guard: ({ context }) => context.mode === 'pushToTalk',
              target: '#voiceCommand.idle',
              actions: [
                { type: 'setMessage', params: { text: NOTHING_HEARD } },
                { type: 'speak', params: { text: NOTHING_HEARD, type: 'info' } },
              ],
            },
          },
        },
        hearing: {
          tags: ['hearing'],
          on: {
            'speech.misfire': 'listening',
            'voice.talk': { actions: 'finishUtterance' },
          },
          after: { utteranceLimit: { actions: 'finishUtterance' } },
        },
      },
    },
    recognising: {
      tags: ['busy'],
      invoke: {
        id: 'recognise',
        src: 'recognise',
        input: ({ context }) => ({ utteranceId: context.utteranceId ?? '' }),
        onDone: [
          {
            guard: { type: 'isCommand', params: ({ event }) => event.output },
            target: 'confirming',
            actions: { type: 'setHeard', params: ({ event }) => event.output },
          },
          { guard: 'isRecording', target: 'resting' },
          { target: 'notUnderstood', actions: assign({ heard: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'isRecording', target: 'resting' },
          // a cough or a clap heard hands-free: not speech, ignored silently
          {
            guard: ({ context, event }) => context.mode === 'handsFree' && isNotSpeechError(event.error),
            target: 'resting',
          },
          { guard: ({ event }) => isNotSpeechError(event.error), target: 'notUnderstood' },
          {
            target: 'resting',
            actions: [
              { type: 'setMessage', params: { text: CANNOT_LISTEN_NOW } },
              { type: 'speak', params: { text: CANNOT_LISTEN_NOW, type: 'warning' } },
            ],
          },
        ],
      },
    },
    confirming: {
      tags: ['busy'],
      entry: {
        type: 'speak',
        params: ({ context }) => ({ text: context.heard?.confirmation ?? '', type: 'info' as const }),
      },
      after: { confirm: [{ guard: 'canAct', target: 'acting' }, { target: 'resting' }] },
    },
    acting: {
      tags: ['busy'],
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context }) => context.heard!,
        onDone: 'resting',
        onError: {
          target: 'resting',
          actions: [
            { type: 'setMessage', params: { text: CANNOT_LISTEN_NOW } },
            { type: 'speak', params: { text: CANNOT_LISTEN_NOW, type: 'warning' } },
          ],
        },
      },
    },
    notUnderstood: {
      entry: [
        assign({ lastMessage: ({ context }) => notUnderstoodMessage(context.suggestions) }),
        {
          type: 'speak',
          params: ({ context }) => ({
            text: notUnderstoodMessage(context.suggestions),
            type: 'info' as const,
          }),
        },
      ],
      on: { 'voice.talk': 'capturing' },
      after: { notUnderstood: 'resting' },
    },
    microphoneProblem: {
      entry: [
        assign({ mode: 'pushToTalk' as const }),
        assign({ lastMessage: ({ context }) => MICROPHONE_MESSAGES[context.microphoneIssue ?? 'failed'] }),
        {
          type: 'speak',
          params: ({ context }) => ({
            text: MICROPHONE_MESSAGES[context.microphoneIssue ?? 'failed'],
            type: 'warning' as const,
          }),
        },
      ],
      on: { 'voice.talk': 'capturing' },
    },
  },
});
