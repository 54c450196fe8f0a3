/**
 * Generated paths through the fluency-session statechart, for tier-2 tests here and tier-3 UI
 * tests (Testing Library, Playwright) that drive the same paths through the /fluency page.
 *
 * How a UI test uses this:
 * ```ts
 * for (const path of createFluencySessionTestModel().getShortestPaths()) {
 *   it(path.description, async () => {
 *     render(<FluencyPage … fakes whose answers wait for the test …/>);
 *     await path.test({ events: { … gestures … }, states: { … what a person sees … } });
 *   });
 * }
 * ```
 * - `events`: one executor per event type ({@link FLUENCY_EVENT_GESTURES}). `xstate.init` is the
 *   first step of every path: do nothing. `xstate.done.actor.requestMicrophone` /
 *   `xstate.error.actor.requestMicrophone` mean "the fake microphone answers"; `xstate.after.*`
 *   mean "the clock moves on"; `recording.*`, `upload.sent`, `save.*` mean "the fake recorder or
 *   the fake server says so".
 * - `states`: dotted state paths matched with `snapshot.matches` ({@link FLUENCY_STATE_KEYS}).
 */
import type { ActorLogic, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { SaveReadingSessionResponse } from '#core/api/reading-sessions.ts';
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { classifySaveError } from '#core/fluency-session/save-errors.ts';
import { restingLeafPaths } from './graph-coverage.ts';
import {
  fluencySessionMachine,
  type FluencySessionEvent,
  type FluencySessionInput,
  type RecordingInfo,
} from './fluency-session.machine.ts';

/** A fluency-session snapshot. */
export type FluencySessionSnapshot = SnapshotFrom<typeof fluencySessionMachine>;

/** The delayed events, by the names xstate gives them. */
export const COUNTDOWN_TICK_EVENT = 'xstate.after.countdownTick.fluencySession.countdown.ticking';
export const RECORDING_LIMIT_EVENT = 'xstate.after.recordingLimit.fluencySession.recording.capturing';
export const STILL_READING_WAIT_EVENT =
  'xstate.after.stillReadingWait.fluencySession.recording.capturing.askingStillReading';

/** Events of the model: page and app events plus the answers of the invoked microphone request and the clock. */
export type FluencySessionTestEvent =
  | FluencySessionEvent
  | { type: 'xstate.done.actor.requestMicrophone'; output: undefined }
  | { type: 'xstate.error.actor.requestMicrophone'; error: { reason: 'denied' | 'notFound' | 'failed' } }
  | { type: typeof COUNTDOWN_TICK_EVENT }
  | { type: typeof RECORDING_LIMIT_EVENT }
  | { type: typeof STILL_READING_WAIT_EVENT };

/** Id of the sample story. */
export const SAMPLE_STORY_ID = '00000000-0000-4000-8000-000000000001';

/** The sample story as the library lists it (GET /api/stories), for pages driven with faked answers. */
export const SAMPLE_STORY = {
  id: SAMPLE_STORY_ID,
  slug: 'the-brown-dog',
  title: 'The Brown Dog',
  gradeBand: '1',
  themes: ['animals'],
  decodable: false,
  lexile: 200,
  wordCount: 9,
};
/** The sample story's text (GET /api/stories/:id). */
export const SAMPLE_STORY_BODY = 'The brown dog ran to the big park today.';

/** The sample recording the fake recorder "captures". */
export const SAMPLE_RECORDING: RecordingInfo = {
  id: 'rec-0000-4000-8000-sample',
  durationSeconds: 12.5,
  byteLength: 400_044,
};

/**
 * A sample scored reading of "The brown dog ran to the big park today." covering every word
 * status: correct, a hesitation, a self-correction, a substitution ('dig' for 'big'), an omission
 * ('brown') and words not reached.
 */
export const SAMPLE_RESULT: FluencyResult = {
  engine: 'pocketsphinx',
  durationSeconds: 12.5,
  readingSeconds: 6,
  wordsTotal: 9,
  wordsAttempted: 7,
  wordsCorrect: 5,
  errors: 2,
  wcpm: 50,
  accuracy: 71.4,
  fluencyScore: 31,
  words: [
    {
      index: 0,
      text: 'The',
      status: 'correct',
      heard: 'the',
      start: 0.5,
      end: 0.8,
      hesitation: false,
      unsure: false,
    },
    {
      index: 1,
      text: 'brown',
      status: 'omission',
      heard: null,
      start: null,
      end: null,
      hesitation: false,
      unsure: false,
    },
    {
      index: 2,
      text: 'dog',
      status: 'correct',
      heard: 'dog',
      start: 1,
      end: 1.5,
      hesitation: false,
      unsure: false,
    },
    {
      index: 3,
      text: 'ran',
      status: 'self_correction',
      heard: 'run ran',
      start: 1.7,
      end: 2.6,
      hesitation: false,
      unsure: false,
    },
    {
      index: 4,
      text: 'to',
      status: 'correct',
      heard: 'to',
      start: 2.8,
      end: 3,
      hesitation: true,
      unsure: false,
    },
    {
      index: 5,
      text: 'the',
      status: 'correct',
      heard: 'the',
      start: 3.2,
      end: 3.4,
      hesitation: false,
      unsure: false,
    },
    {
      index: 6,
      text: 'big',
      status: 'substitution',
      heard: 'dig',
      start: 3.5,
      end: 4,
      hesitation: false,
      unsure: false,
    },
    {
      index: 7,
      text: 'park',
      status: 'not_reached',
      heard: null,
      start: null,
      end: null,
      hesitation: false,
      unsure: false,
    },
    {
      index: 8,
      text: 'today.',
      status: 'not_reached',
      heard: null,
      start: null,
      end: null,
      hesitation: false,
      unsure: false,
    },
  ],
  insertions: [],
  repetitions: [],
};

/** The sample answer of a first save: 5 tokens and the speed-reader achievement. */
export const SAMPLE_RESPONSE: SaveReadingSessionResponse = {
  session: {
    id: '00000000-0000-4000-8000-0000000000aa',
    created_at: '2026-11-22T03:00:00.000Z',
    story_id: SAMPLE_STORY_ID,
    story_title: 'The Brown Dog',
    fluency_score: 31,
    accuracy_percentage: 71.4,
    wcpm: 50,
    tokens_awarded: 5,
    mode: 'practice',
    reading_seconds: 6,
    has_audio: true,
  },
  result: SAMPLE_RESULT,
  tokensAwarded: 5,
  balance: 15,
  newAchievements: [
    {
      id: 'ach-1',
      achievement_type: 'speed_reader',
      achievement_name: 'Speed Reader',
      description: 'Read 50 words a minute with 90% accuracy',
      icon_name: 'zap',
      earned_at: '2026-11-22T03:00:00.000Z',
    },
  ],
  completedChallenges: [],
  replayed: false,
};

/** One failed save of each kind the page explains. */
export const SAMPLE_SAVE_ERRORS = {
  noSpeech: classifySaveError(422, 'no_speech', 'No words were heard.'),
  tooQuiet: classifySaveError(422, 'audio_silent', 'The recording is silent.'),
  network: classifySaveError(0, 'network_error', 'Failed to fetch'),
  server: classifySaveError(503, 'recogniser_unavailable', 'The recogniser is not available.'),
} as const;

/** The sample events the paths are generated from. */
export const FLUENCY_TEST_EVENTS: readonly FluencySessionTestEvent[] = [
  { type: 'story.choose', storyId: SAMPLE_STORY_ID },
  { type: 'session.start' },
  { type: 'session.stop' },
  { type: 'session.continue' },
  { type: 'session.cancel' },
  { type: 'session.retry' },
  { type: 'session.restart' },
  { type: 'xstate.done.actor.requestMicrophone', output: undefined },
  { type: 'xstate.error.actor.requestMicrophone', error: { reason: 'denied' } },
  { type: 'xstate.error.actor.requestMicrophone', error: { reason: 'notFound' } },
  { type: COUNTDOWN_TICK_EVENT },
  { type: 'recording.progress', elapsedSeconds: 4, level: 0.6 },
  { type: 'recording.finished' },
  { type: 'recording.silent' },
  { type: 'recording.resumed' },
  { type: RECORDING_LIMIT_EVENT },
  { type: STILL_READING_WAIT_EVENT },
  { type: 'recording.failed', reason: 'failed' },
  { type: 'recording.captured', recording: SAMPLE_RECORDING },
  { type: 'upload.sent' },
  { type: 'save.succeeded', response: SAMPLE_RESPONSE },
  { type: 'save.failed', error: SAMPLE_SAVE_ERRORS.noSpeech },
  { type: 'save.failed', error: SAMPLE_SAVE_ERRORS.tooQuiet },
  { type: 'save.failed', error: SAMPLE_SAVE_ERRORS.network },
  { type: 'save.failed', error: SAMPLE_SAVE_ERRORS.server },
];

/** What each event means on the page (for tier-3 drivers); buttons by their accessible names. */
export const FLUENCY_EVENT_GESTURES: Record<FluencySessionTestEvent['type'], string> = {
  'story.choose': 'choose the sample story in the story picker',
  'session.start': "press 'Start reading'",
  'session.stop': "press 'Stop'",
  'session.continue': "press 'Keep reading'",
  'session.cancel': "press 'Cancel'",
  'session.retry': "press 'Send again' (save error) or 'Ask again' (microphone)",
  'session.restart': "press 'Read again'",
  'xstate.done.actor.requestMicrophone': 'the fake microphone is granted',
  'xstate.error.actor.requestMicrophone': 'the fake microphone is refused (event.error.reason)',
  [COUNTDOWN_TICK_EVENT]: 'one second passes (fake timers)',
  'recording.progress': 'the fake recorder reports time and level',
  'recording.finished': 'the reader reaches the last word (a word follower says so)',
  'recording.silent': 'the fake recorder hears speech, then a long silence',
  'recording.resumed': 'the fake recorder hears speech again',
  [RECORDING_LIMIT_EVENT]: 'the time limit passes (fake timers)',
  [STILL_READING_WAIT_EVENT]: 'the wait after "Are you still reading?" passes (fake timers)',
  'recording.failed': 'the fake recorder fails',
  'recording.captured': 'the fake recorder delivers the WAV',
  'upload.sent': 'the fake server has received the audio',
  'save.succeeded': 'the fake server answers 201 with event.response',
  'save.failed': 'the fake server (or network) fails with event.error',
};

/** Every resting state, as dotted keys for `path.test({ states })`. */
export const FLUENCY_STATE_KEYS: readonly string[] = restingLeafPaths(fluencySessionMachine);

/**
 * Serialises a snapshot by what a person can tell apart: state, whether a story is chosen, the
 * countdown number, why a recording is finishing, whether time has passed, whether a recording is kept, the error shown.
 */
export function serializeFluencySnapshot(snapshot: FluencySessionSnapshot): string {
  const c = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    story: c.storyId !== null,
    countdown: snapshot.matches('countdown') ? c.countdown : null,
    // Why a recording is finishing (the page says so); afterwards it no longer tells states apart.
    stop: snapshot.matches({ recording: 'finishing' }) ? c.stopReason : null,
    recorded: c.elapsedSeconds > 0,
    kept: c.recording !== null,
    mic: c.microphoneIssue,
    error: c.saveError?.kind ?? null,
    results: c.response !== null,
  });
}

/**
 * A test model of the practice page: `getShortestPaths()` gives one path per distinct state.
 *
 * @param input the page's start (`{ storyId }` for `/fluency?storyId=…`)
 */
export function createFluencySessionTestModel(
  input: FluencySessionInput = {},
): TestModel<FluencySessionSnapshot, FluencySessionTestEvent, FluencySessionInput> {
  return new TestModel<FluencySessionSnapshot, FluencySessionTestEvent, FluencySessionInput>(
    fluencySessionMachine as unknown as ActorLogic<
      FluencySessionSnapshot,
      FluencySessionTestEvent,
      FluencySessionInput
    >,
    {
      events: FLUENCY_TEST_EVENTS,
      input,
      serializeState: (snapshot) => serializeFluencySnapshot(snapshot),
      stateMatcher: (snapshot, key) => key === '*' || snapshot.matches(key as never),
    },
  );
}
