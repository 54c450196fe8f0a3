/**
 * Generated paths through the listening statechart (machines/voice-command.machine.ts), for the
 * tier-2 tests here and the tier-3 tests that drive the same paths through the talk button
 * (src/app/voice/TalkToSparky.test.tsx).
 *
 * - `events`: one gesture per event type ({@link VOICE_EVENT_GESTURES}). `xstate.done.actor.*` and
 *   `xstate.error.actor.*` mean "the fake server (or the fake action) answers"; `xstate.after.*` mean
 *   "the clock moves on"; `speech.*` and `microphone.failed` mean "the fake microphone says so".
 * - `states`: dotted state paths matched with `snapshot.matches` ({@link VOICE_STATE_KEYS}).
 */
import type { ActorLogic, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { restingLeafPaths } from './graph-coverage.ts';
import {
  voiceCommandMachine,
  type Heard,
  type VoiceCommandEvent,
  type VoiceCommandInput,
} from './voice-command.machine.ts';

/** A listening snapshot. */
export type VoiceCommandSnapshot = SnapshotFrom<typeof voiceCommandMachine>;

/** The delayed events, by the names xstate gives them. */
export const LISTEN_TIMEOUT_EVENT = 'xstate.after.listenTimeout.voiceCommand.capturing.listening';
export const UTTERANCE_LIMIT_EVENT = 'xstate.after.utteranceLimit.voiceCommand.capturing.hearing';
export const CONFIRM_EVENT = 'xstate.after.confirm.voiceCommand.confirming';
export const NOT_UNDERSTOOD_EVENT = 'xstate.after.notUnderstood.voiceCommand.notUnderstood';

/** "reading practice" heard: go there. */
export const HEARD_NAVIGATE: Heard = {
  answer: { intent: 'navigate', target: '/fluency', phrase: 'reading practice', confidence: 0.8 },
  confirmation: 'Going to Reading Practice.',
  act: true,
};
/** A screen that is not built yet asked for: said, not done. */
export const HEARD_COMING_SOON: Heard = {
  answer: { intent: 'navigate', target: '/rewards', phrase: 'rewards', confidence: 0.7 },
  confirmation: 'That part of Sparky Reads is coming soon.',
  act: false,
};
/** Nothing on the list was said. */
export const HEARD_NOTHING: Heard = {
  answer: { intent: null, target: null, phrase: null, confidence: 0 },
  confirmation: '',
  act: false,
};

/** Events of the model: the app's, the fake microphone's, the fake server's and the clock's. */
export type VoiceCommandTestEvent =
  | VoiceCommandEvent
  | { type: 'xstate.done.actor.recognise'; output: Heard }
  | { type: 'xstate.error.actor.recognise'; error: unknown }
  | { type: 'xstate.done.actor.act'; output: undefined }
  | { type: 'xstate.error.actor.act'; error: unknown }
  | { type: typeof LISTEN_TIMEOUT_EVENT }
  | { type: typeof UTTERANCE_LIMIT_EVENT }
  | { type: typeof CONFIRM_EVENT }
  | { type: typeof NOT_UNDERSTOOD_EVENT };

/** The sample events the paths are generated from (push-to-talk: the app offers no hands-free switch yet). */
export const VOICE_TEST_EVENTS: readonly VoiceCommandTestEvent[] = [
  { type: 'voice.talk' },
  { type: 'voice.cancel' },
  { type: 'speech.started' },
  { type: 'speech.misfire' },
  { type: 'speech.ended', utteranceId: 'u1', seconds: 1.5 },
  { type: 'microphone.failed', issue: 'denied' },
  { type: 'xstate.done.actor.recognise', output: HEARD_NAVIGATE },
  { type: 'xstate.done.actor.recognise', output: HEARD_COMING_SOON },
  { type: 'xstate.done.actor.recognise', output: HEARD_NOTHING },
  { type: 'xstate.error.actor.recognise', error: new Error('offline') },
  { type: 'xstate.done.actor.act', output: undefined },
  { type: LISTEN_TIMEOUT_EVENT },
  { type: CONFIRM_EVENT },
  { type: NOT_UNDERSTOOD_EVENT },
];

/** What each event means to a person (for tier-3 drivers); buttons by their accessible names. */
export const VOICE_EVENT_GESTURES: Partial<Record<VoiceCommandTestEvent['type'], string>> = {
  'voice.talk': "press 'Talk to Sparky' (or Alt+T, or a switch on the focused button)",
  'voice.cancel': 'press Escape',
  'speech.started': 'the fake microphone hears a voice',
  'speech.misfire': 'the fake microphone hears a click too short to be a word',
  'speech.ended': 'the fake microphone hears the voice stop',
  'microphone.failed': 'the fake microphone is refused',
  'xstate.done.actor.recognise': 'the fake server answers with event.output',
  'xstate.error.actor.recognise': 'the fake server fails',
  'xstate.done.actor.act': 'the command has been carried out',
  [LISTEN_TIMEOUT_EVENT]: '8 s pass with nothing said (fake timers)',
  [CONFIRM_EVENT]: 'the confirmation has been heard (fake timers)',
  [NOT_UNDERSTOOD_EVENT]: 'the suggestion has been heard (fake timers)',
};

/** Every resting state, as dotted keys for `path.test({ states })`. */
export const VOICE_STATE_KEYS: readonly string[] = restingLeafPaths(voiceCommandMachine);

/** Serialises a snapshot by what a person can tell apart: the state, the message shown, the microphone problem. */
export function serializeVoiceSnapshot(snapshot: VoiceCommandSnapshot): string {
  const c = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    mode: c.mode,
    message: c.lastMessage,
    mic: c.microphoneIssue,
    heard: c.heard?.answer.target ?? null,
  });
}

/** A test model of the talk button: `getShortestPaths()` gives one path per distinct state. */
export function createVoiceCommandTestModel(
  input: VoiceCommandInput = {},
): TestModel<VoiceCommandSnapshot, VoiceCommandTestEvent, VoiceCommandInput> {
  return new TestModel<VoiceCommandSnapshot, VoiceCommandTestEvent, VoiceCommandInput>(
    voiceCommandMachine as unknown as ActorLogic<
      VoiceCommandSnapshot,
      VoiceCommandTestEvent,
      VoiceCommandInput
    >,
    {
      events: VOICE_TEST_EVENTS,
      input,
      serializeState: (snapshot) => serializeVoiceSnapshot(snapshot),
      stateMatcher: (snapshot, key) => key === '*' || snapshot.matches(key as never),
    },
  );
}
