/**
 * Generated paths through the audio-queue statechart, for tier-2 tests here and the tier-3 tests of
 * the player (src/app/audio/AudioQueueProvider.test.tsx), which replay the same paths through the
 * real provider and caption strip with a fake loader, player and fallback voice.
 *
 * Driving a path (`path.test({ events, states })`):
 * - `audio.enqueue`: something in the app calls `speak(request)` (the clock is frozen, so the
 *   model's fixed `at` and the app's `Date.now()` agree about duplicates);
 * - `xstate.done.actor.loadItem` / `xstate.error.actor.loadItem`: the fake speech request answers
 *   or fails; `audio.ended` / `audio.failed`: the fake player finishes or fails;
 *   `xstate.done.actor.speakFallback` / `xstate.error.actor.speakFallback`: the device voice
 *   finishes or is missing;
 * - `audio.pause`, `audio.resume`, `audio.skip`: the caption strip's buttons; `audio.toggle`: Space
 *   outside any control; `audio.stop`: Escape; `audio.duck` / `audio.unduck`: the microphone starts
 *   and stops recording (issue 11's `duck()` / `unduck()`).
 * States ({@link AUDIO_QUEUE_STATE_KEYS}): `idle` → no caption; `loading` → the caption, no pause
 * button yet; `playing.running` → the caption and a Pause button; `playing.paused` → a Resume
 * button; `fallingBack` → the caption while the device speaks.
 */
import type { ActorLogic, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { restingLeafPaths } from './graph-coverage.ts';
import { audioQueueMachine, type AudioQueueEvent, type Playable } from './audio-queue.machine.ts';

/** An audio-queue snapshot. */
export type AudioQueueSnapshot = SnapshotFrom<typeof audioQueueMachine>;

/** The fixed clock of the model (and of the UI tests that replay it), epoch ms. */
export const MODEL_NOW = Date.UTC(2026, 0, 5, 9, 0, 0);

/** What the fake loader answers. */
export const SAMPLE_PLAYABLE: Playable = {
  src: '/api/speech/audio/sample.wav',
  format: 'wav',
  duration: 1.5,
  words: [{ index: 0, text: 'Hello', start: 0.1, end: 0.6 }],
};

/** Sample texts, one per priority. */
export const SAMPLE_TEXTS = {
  guidance: 'Pick a story to read.',
  error: 'Oops! That did not work.',
  button: 'Home',
} as const;

/** Events of the model: app events and the answers of the invoked loader and fallback voice. */
export type AudioQueueTestEvent =
  | AudioQueueEvent
  | { type: 'xstate.done.actor.loadItem'; output: Playable }
  | { type: 'xstate.error.actor.loadItem'; error: unknown }
  | { type: 'xstate.done.actor.speakFallback'; output: undefined }
  | { type: 'xstate.error.actor.speakFallback'; error: unknown };

/** Sample events: an item of each priority, each answer, and each control. */
export const AUDIO_QUEUE_TEST_EVENTS: readonly AudioQueueTestEvent[] = [
  { type: 'audio.enqueue', request: { text: SAMPLE_TEXTS.guidance, type: 'guidance' }, at: MODEL_NOW },
  { type: 'audio.enqueue', request: { text: SAMPLE_TEXTS.error, type: 'error' }, at: MODEL_NOW },
  { type: 'audio.enqueue', request: { text: SAMPLE_TEXTS.button, type: 'button' }, at: MODEL_NOW },
  { type: 'xstate.done.actor.loadItem', output: SAMPLE_PLAYABLE },
  { type: 'xstate.error.actor.loadItem', error: { code: 'speech_unavailable' } },
  { type: 'audio.ended' },
  { type: 'audio.failed', error: 'decode failed' },
  { type: 'xstate.done.actor.speakFallback', output: undefined },
  { type: 'xstate.error.actor.speakFallback', error: { message: 'no device voice' } },
  { type: 'audio.pause' },
  { type: 'audio.resume' },
  { type: 'audio.toggle' },
  { type: 'audio.skip' },
  { type: 'audio.stop' },
  { type: 'audio.duck' },
  { type: 'audio.unduck' },
];

/** Every resting state, as keys for `path.test({ states })`. */
export const AUDIO_QUEUE_STATE_KEYS: readonly string[] = restingLeafPaths(audioQueueMachine);

/**
 * Serialises a snapshot by state, the current and waiting items' types, the texts already heard (the
 * model's clock never moves, so a text once accepted stays a duplicate), ducking and the pause hold.
 */
export function serializeAudioQueueSnapshot(snapshot: AudioQueueSnapshot): string {
  const { current, queue, recent, isDucked, holdOnLoad } = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    current: current?.type ?? null,
    queue: queue.map((item) => item.type),
    heard: Object.keys(recent).sort(),
    isDucked,
    holdOnLoad,
  });
}

/** A test model of the audio queue. */
export function createAudioQueueTestModel(): TestModel<AudioQueueSnapshot, AudioQueueTestEvent, undefined> {
  return new TestModel<AudioQueueSnapshot, AudioQueueTestEvent, undefined>(
    audioQueueMachine as unknown as ActorLogic<AudioQueueSnapshot, AudioQueueTestEvent, undefined>,
    {
      events: AUDIO_QUEUE_TEST_EVENTS,
      serializeState: (s) => serializeAudioQueueSnapshot(s),
      stateMatcher: (snapshot, key) => key === '*' || snapshot.matches(key as never),
    },
  );
}
