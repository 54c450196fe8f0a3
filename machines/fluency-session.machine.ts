/**
 * One read-aloud practice session (issue 5, spec §1 fluency practice, §2.2 /fluency): choose a
 * story, get the microphone, count down, record, upload, score, show results; errors each with a
 * retry; cancel anywhere.
 *
 * The machine owns the flow; the app owns the effects and supplies them with
 * `fluencySessionMachine.provide({ actors, actions })`:
 * - actor `requestMicrophone` (promise): asks for the microphone; rejects with
 *   `{ reason: 'denied' | 'notFound' | 'failed' }` ({@link MicrophoneIssue});
 * - actor `captureAudio` (callback, input {@link CaptureInput}): records; sends back
 *   `recording.progress` about ten times a second, `recording.silent` after a long silence and
 *   `recording.resumed` when the reader is heard again (core/fluency-session/end-of-reading.ts),
 *   `recording.finished` once something knows the reader reached the last word (the word follower of
 *   the realtime tutor; nothing sends it yet); on `capture.listenAgain` counts the silence from
 *   scratch; on `capture.stop` finishes the WAV, keeps it under `recording.id` and sends
 *   `recording.captured` (or `recording.failed`);
 * - actor `saveReading` (callback, input {@link SaveInput}): POSTs the kept recording with its
 *   idempotency key; sends `upload.sent` when the body has gone, then `save.succeeded` or
 *   `save.failed`;
 * - actions `announce` (params `{ message, politeness? }`: a screen-reader message, polite unless
 *   it asks for an answer; worded so that Sparky's voice can speak it later) and `publishResult`
 *   (params `{ response }`: refresh server data, celebrate achievements).
 *
 * The recording itself (a Blob) stays outside the context, in the app's store keyed by its id,
 * so the context stays serialisable; the id is also the upload's idempotency key, so a retried
 * upload never pays twice (core/api/reading-sessions.ts).
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
import type { SaveReadingSessionResponse } from '#core/api/reading-sessions.ts';
import {
  COUNTDOWN_FROM,
  COUNTDOWN_TICK_MS,
  DEFAULT_MAX_RECORDING_SECONDS,
  isCountdownOver,
  nextCountdown,
} from '#core/fluency-session/countdown.ts';
import {
  KEEP_READING_LINE,
  STILL_READING_PROMPT,
  STILL_READING_WAIT_SECONDS,
} from '#core/fluency-session/end-of-reading.ts';
import type { SaveError } from '#core/fluency-session/save-errors.ts';
import { readingSummary } from '#core/fluency-session/summary.ts';

/**
 * Why a recording stopped: Stop pressed, the last word reached, the time limit, or no answer to
 * "Are you still reading?" within {@link STILL_READING_WAIT_SECONDS}.
 */
export type StopReason = 'stopButton' | 'finished' | 'timeLimit' | 'silence';

/** Why the microphone could not be used. */
export type MicrophoneIssue = 'denied' | 'notFound' | 'failed';

/** A finished recording, kept by the app under `id` (also the upload's idempotency key). */
export interface RecordingInfo {
  /** Chosen once per recording (a UUID); the idempotency key of every upload of it. */
  readonly id: string;
  /** Length of the audio, seconds. */
  readonly durationSeconds: number;
  /** Size of the WAV, bytes. */
  readonly byteLength: number;
}

/** The first words of what is said when the results appear (the summary follows). */
export const RESULTS_READY = 'Your results are ready.';

/** Machine input. */
export interface FluencySessionInput {
  /** The story to read (from `?storyId=`), if already chosen. */
  storyId?: string | null;
  /** Longest recording, seconds (default 60). */
  maxSeconds?: number;
}

/** Input of the `captureAudio` actor. */
export interface CaptureInput {
  maxSeconds: number;
}

/** Input of the `saveReading` actor. */
export interface SaveInput {
  recordingId: string;
  idempotencyKey: string;
  storyId: string;
}

/** Serialisable context. */
export interface FluencySessionContext {
  storyId: string | null;
  maxSeconds: number;
  /** Number shown during the countdown (3, 2, 1). */
  countdown: number;
  /** Seconds recorded so far. */
  elapsedSeconds: number;
  /** Seconds of speech heard so far (the page estimates the reader's place from it). */
  speechSeconds: number;
  /** Input level 0–1 for the meter (core/fluency-session/level.ts). */
  level: number;
  /** The recording being sent or last sent; kept until a new one or cancel. */
  recording: RecordingInfo | null;
  microphoneIssue: MicrophoneIssue | null;
  /** Last failure of a save. */
  saveError: SaveError | null;
  /** Why the recording stopped. */
  stopReason: StopReason | null;
  /** Recording time (seconds) when "Are you still reading?" was asked; null when not asking. */
  askedAtSeconds: number | null;
  /** The saved session with its result. */
  response: SaveReadingSessionResponse | null;
}

/** Events the page and the app's actors send. */
export type FluencySessionEvent =
  /** A story was picked in the chooser. */
  | { type: 'story.choose'; storyId: string }
  /** 'Start reading'. */
  | { type: 'session.start' }
  /** 'Stop' while recording. */
  | { type: 'session.stop' }
  /** 'Keep reading' after "Are you still reading?": more time. */
  | { type: 'session.continue' }
  /** 'Cancel' anywhere: back to choosing, the recording dropped. */
  | { type: 'session.cancel' }
  /** 'Try again' on an error: same recording, same key (or the microphone again). */
  | { type: 'session.retry' }
  /** 'Read again' / 'Try again' on results: a new recording. */
  | { type: 'session.restart' }
  /** From `captureAudio`: time, level and (when the recorder counts it) seconds of speech so far. */
  | { type: 'recording.progress'; elapsedSeconds: number; level: number; speechSeconds?: number }
  /** The reader reached the last word of the passage (from a word follower). */
  | { type: 'recording.finished' }
  /** From `captureAudio`: silence for SILENCE_PROMPT_SECONDS after speech. */
  | { type: 'recording.silent' }
  /** From `captureAudio`: the reader is heard again after `recording.silent`. */
  | { type: 'recording.resumed' }
  /** From `captureAudio`: the WAV is ready and kept. */
  | { type: 'recording.captured'; recording: RecordingInfo }
  /** From `captureAudio`: the microphone stopped working. */
  | { type: 'recording.failed'; reason?: MicrophoneIssue }
  /** From `saveReading`: the audio has been sent; the server is scoring. */
  | { type: 'upload.sent' }
  /** From `saveReading`. */
  | { type: 'save.succeeded'; response: SaveReadingSessionResponse }
  /** From `saveReading`. */
  | { type: 'save.failed'; error: SaveError };

/** What the capture actor receives from the machine: finish the WAV, or count the silence anew. */
export type CaptureCommand = { type: 'capture.stop' } | { type: 'capture.listenAgain' };

function notProvidedPromise(name: string) {
  return fromPromise<void, unknown>(async () => {
    throw new Error(`fluencySessionMachine: actor '${name}' was not provided`);
  });
}
function notProvidedCallback<TIn>(name: string) {
  return fromCallback<EventObject, TIn>(() => {
    throw new Error(`fluencySessionMachine: actor '${name}' was not provided`);
  });
}

/** Reads a `{ reason }` from a rejected microphone request. */
function microphoneIssueOf(error: unknown): MicrophoneIssue {
  const reason = (error as { reason?: unknown } | null)?.reason;
  return reason === 'denied' || reason === 'notFound' ? reason : 'failed';
}

/**
 * The fluency-session statechart (id `fluencySession`).
 *
 * States (as `snapshot.matches` takes them):
 * - `choosing` — pick a story; `session.start` needs one;
 * - `requestingMicrophone`, `microphoneProblem` (context.microphoneIssue; `session.retry` asks again);
 * - `countdown` › `ticking` — 3, 2, 1 one second apart;
 * - `recording` › `capturing` › `listening | askingStillReading`, then `finishing` — stops on
 *   `session.stop`, `recording.finished` (the last word) or at `maxSeconds`; never on silence alone:
 *   `recording.silent` asks "Are you still reading?" (`askingStillReading`), which goes back to
 *   `listening` on `recording.resumed` or `session.continue`, and stops only after
 *   STILL_READING_WAIT_SECONDS more without either (WCAG 2.2.1); `finishing` waits for the WAV;
 * - `submitting` › `uploading | scoring` — one save call; `upload.sent` moves to scoring;
 * - `failed` — context.saveError.kind `noSpeech | tooQuiet | network | server`; `session.retry`
 *   re-sends the same recording with the same key, `session.restart` records anew;
 * - `results` — context.response; `session.restart` reads again.
 *
 * `session.cancel` from any state returns to `choosing` (invoked actors stop: the microphone is
 * released, an upload in flight is aborted) and forgets the recording.
 */
export const fluencySessionMachine = setup({
  types: {
    context: {} as FluencySessionContext,
    events: {} as FluencySessionEvent,
    input: {} as FluencySessionInput,
  },
  actors: {
    requestMicrophone: notProvidedPromise('requestMicrophone'),
    captureAudio: notProvidedCallback<CaptureInput>('captureAudio') as CallbackActorLogic<
      CaptureCommand,
      CaptureInput
    >,
    saveReading: notProvidedCallback<SaveInput>('saveReading') as CallbackActorLogic<EventObject, SaveInput>,
  },
  actions: {
    /** A polite screen-reader message (the app's live region). */
    announce: (_, _params: { message: string; politeness?: 'polite' | 'assertive' }) => {},
    /** The saved session: refresh the token count, streak and history; show new achievements. */
    publishResult: (_, _params: { response: SaveReadingSessionResponse }) => {},
    chooseStory: assign({
      storyId: ({ event, context }) => (event.type === 'story.choose' ? event.storyId : context.storyId),
    }),
    resetCountdown: assign({ countdown: COUNTDOWN_FROM }),
    tickCountdown: assign({ countdown: ({ context }) => nextCountdown(context.countdown) }),
    resetRecording: assign({
      elapsedSeconds: 0,
      speechSeconds: 0,
      level: 0,
      stopReason: null,
      askedAtSeconds: null,
      recording: null,
      saveError: null,
    }),
    markAsked: assign({ askedAtSeconds: ({ context }) => context.elapsedSeconds }),
    clearAsked: assign({ askedAtSeconds: null }),
    listenAgain: sendTo('capture', { type: 'capture.listenAgain' } satisfies CaptureCommand),
    setProgress: assign(({ event, context }) =>
      event.type === 'recording.progress'
        ? {
            elapsedSeconds: event.elapsedSeconds,
            level: event.level,
            speechSeconds: event.speechSeconds ?? context.speechSeconds,
          }
        : {},
    ),
    setStopReason: assign({
      stopReason: (_, params: { reason: StopReason }) => params.reason,
      askedAtSeconds: null,
      level: 0,
    }),
    stopCapture: sendTo('capture', { type: 'capture.stop' } satisfies CaptureCommand),
    keepRecording: assign({
      recording: ({ event, context }) =>
        event.type === 'recording.captured' ? event.recording : context.recording,
    }),
    setMicrophoneIssue: assign({ microphoneIssue: (_, params: { issue: MicrophoneIssue }) => params.issue }),
    setSaveError: assign({ saveError: ({ event }) => (event.type === 'save.failed' ? event.error : null) }),
    setResponse: assign({
      response: ({ event }) => (event.type === 'save.succeeded' ? event.response : null),
      saveError: null,
    }),
    forgetSession: assign({
      recording: null,
      response: null,
      saveError: null,
      microphoneIssue: null,
      elapsedSeconds: 0,
      speechSeconds: 0,
      level: 0,
      stopReason: null,
      askedAtSeconds: null,
      countdown: COUNTDOWN_FROM,
    }),
  },
  guards: {
    hasStory: ({ context }) => context.storyId !== null && context.storyId !== '',
    hasRecording: ({ context }) => context.recording !== null,
    isCountdownOver: ({ context }) => isCountdownOver(nextCountdown(context.countdown)),
    isAtTimeLimit: ({ context, event }) =>
      event.type === 'recording.progress' && event.elapsedSeconds >= context.maxSeconds,
  },
  delays: {
    countdownTick: COUNTDOWN_TICK_MS,
    recordingLimit: ({ context }) => context.maxSeconds * 1000,
    stillReadingWait: STILL_READING_WAIT_SECONDS * 1000,
  },
}).createMachine({
  id: 'fluencySession',
  context: ({ input }) => ({
    storyId: input?.storyId ?? null,
    maxSeconds: input?.maxSeconds ?? DEFAULT_MAX_RECORDING_SECONDS,
    countdown: COUNTDOWN_FROM,
    elapsedSeconds: 0,
    speechSeconds: 0,
    level: 0,
    recording: null,
    microphoneIssue: null,
    saveError: null,
    stopReason: null,
    askedAtSeconds: null,
    response: null,
  }),
  initial: 'choosing',
  on: {
    'session.cancel': {
      target: '.choosing',
      actions: ['forgetSession', { type: 'announce', params: { message: 'Reading cancelled.' } }],
    },
  },
  states: {
    choosing: {
      on: {
        'story.choose': { actions: 'chooseStory' },
        'session.start': { guard: 'hasStory', target: 'requestingMicrophone' },
      },
    },
    requestingMicrophone: {
      entry: ['forgetSession', { type: 'announce', params: { message: 'Asking to use the microphone.' } }],
      invoke: {
        id: 'requestMicrophone',
        src: 'requestMicrophone',
        onDone: { target: 'countdown' },
        onError: {
          target: 'microphoneProblem',
          actions: {
            type: 'setMicrophoneIssue',
            params: ({ event }) => ({ issue: microphoneIssueOf(event.error) }),
          },
        },
      },
    },
    microphoneProblem: {
      entry: {
        type: 'announce',
        params: ({ context }) => ({
          message:
            context.microphoneIssue === 'denied'
              ? 'Sparky is not allowed to use the microphone.'
              : 'The microphone is not working.',
        }),
      },
      on: { 'session.retry': { target: 'requestingMicrophone' } },
    },
    countdown: {
      entry: ['resetCountdown', { type: 'announce', params: { message: `Get ready. ${COUNTDOWN_FROM}` } }],
      initial: 'ticking',
      states: {
        /** Re-entered once a second; the parent's entry (the reset to 3) does not run again. */
        ticking: {
          after: {
            countdownTick: [
              { guard: 'isCountdownOver', target: '#fluencySession.recording' },
              {
                target: 'ticking',
                reenter: true,
                actions: [
                  'tickCountdown',
                  { type: 'announce', params: ({ context }) => ({ message: String(context.countdown) }) },
                ],
              },
            ],
          },
        },
      },
    },
    recording: {
      initial: 'capturing',
      entry: ['resetRecording', { type: 'announce', params: { message: 'Recording. Start reading now.' } }],
      invoke: {
        id: 'capture',
        src: 'captureAudio',
        input: ({ context }) => ({ maxSeconds: context.maxSeconds }),
      },
      on: {
        'recording.failed': {
          target: 'microphoneProblem',
          actions: {
            type: 'setMicrophoneIssue',
            params: ({ event }) => ({ issue: event.reason ?? 'failed' }),
          },
        },
      },
      states: {
        capturing: {
          initial: 'listening',
          // The time limit runs across listening and asking: asking never adds recording time.
          after: {
            recordingLimit: {
              target: 'finishing',
              actions: { type: 'setStopReason', params: { reason: 'timeLimit' } },
            },
          },
          on: {
            'recording.progress': [
              {
                guard: 'isAtTimeLimit',
                target: 'finishing',
                actions: ['setProgress', { type: 'setStopReason', params: { reason: 'timeLimit' } }],
              },
              { actions: 'setProgress' },
            ],
            'session.stop': {
              target: 'finishing',
              actions: { type: 'setStopReason', params: { reason: 'stopButton' } },
            },
            'recording.finished': {
              target: 'finishing',
              actions: { type: 'setStopReason', params: { reason: 'finished' } },
            },
          },
          states: {
            listening: {
              on: { 'recording.silent': { target: 'askingStillReading' } },
            },
            /** "Are you still reading?": speech or Keep reading goes back; no answer stops (WCAG 2.2.1). */
            askingStillReading: {
              entry: [
                'markAsked',
                { type: 'announce', params: { message: STILL_READING_PROMPT, politeness: 'assertive' } },
              ],
              exit: 'clearAsked',
              after: {
                stillReadingWait: {
                  target: '#fluencySession.recording.finishing',
                  actions: { type: 'setStopReason', params: { reason: 'silence' } },
                },
              },
              on: {
                'recording.resumed': { target: 'listening' },
                'session.continue': {
                  target: 'listening',
                  actions: ['listenAgain', { type: 'announce', params: { message: KEEP_READING_LINE } }],
                },
              },
            },
          },
        },
        finishing: {
          entry: [
            'stopCapture',
            {
              type: 'announce',
              params: ({ context }) => ({
                message:
                  context.stopReason === 'silence'
                    ? 'Recording stopped, because it was quiet for a long time.'
                    : context.stopReason === 'timeLimit'
                      ? 'Recording stopped: the time is up.'
                      : context.stopReason === 'finished'
                        ? 'You reached the end of the story. Recording stopped.'
                        : 'Recording stopped.',
              }),
            },
          ],
          on: {
            'recording.captured': { target: '#fluencySession.submitting', actions: 'keepRecording' },
          },
        },
      },
    },
    submitting: {
      initial: 'uploading',
      entry: { type: 'announce', params: { message: 'Sending your reading to Sparky.' } },
      invoke: {
        id: 'saveReading',
        src: 'saveReading',
        input: ({ context }) => ({
          recordingId: context.recording?.id ?? '',
          idempotencyKey: context.recording?.id ?? '',
          storyId: context.storyId ?? '',
        }),
      },
      on: {
        'save.succeeded': {
          target: 'results',
          actions: [
            'setResponse',
            { type: 'publishResult', params: ({ event }) => ({ response: event.response }) },
          ],
        },
        'save.failed': { target: 'failed', actions: 'setSaveError' },
      },
      states: {
        uploading: {
          on: { 'upload.sent': { target: 'scoring' } },
        },
        scoring: {
          entry: { type: 'announce', params: { message: 'Sparky is listening to your reading.' } },
        },
      },
    },
    failed: {
      on: {
        'session.retry': { guard: 'hasRecording', target: 'submitting' },
        'session.restart': { target: 'requestingMicrophone' },
      },
    },
    results: {
      // The child's summary in plain words (stars, how much was read, the words to practise).
      entry: {
        type: 'announce',
        params: ({ context }) => ({
          message: context.response
            ? `${RESULTS_READY} ${readingSummary(context.response.result).spoken}`
            : RESULTS_READY,
        }),
      },
      on: {
        'session.restart': { target: 'requestingMicrophone' },
        'story.choose': { target: 'choosing', actions: ['forgetSession', 'chooseStory'] },
      },
    },
  },
});
