/**
 * Generated paths through the Sparky statechart, for tier-2 tests here and tier-3 tests that drive the
 * same paths through the real Sparky widget (src/features/sparky).
 *
 * Driving a path through the UI (`path.test({ events, states })`):
 * - `xstate.init`: render the widget with fake assignments (none), a fake `speak` and `goToRewards`;
 * - `sparky.sync`: the reader's data changes (the widget is given new facts);
 * - `sparky.complete`: the app says the current assignment is done;
 * - `panel.open`: press the mascot; `panel.close`: press 'Close';
 * - `sparky.reply`: press 'Yes' or 'Not now';
 * - `speech.started` / `speech.ended`: someone else's line starts, the line ends;
 * - `listening.toggle`: press the listening switch;
 * - {@link YES_DELAY_EVENT}, {@link MOOD_RESET_EVENT}: the clock passes 2 s / 1 s.
 * States: `panel.closed` → no panel; `panel.open` → the current assignment's title with Yes and Not now;
 * `panel.leaving` → Sparky's 'Great! …'; `voice.*` → the face's mood; `listening.*` → the switch.
 */
import type { ActorLogic, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { makeAssignment, type SparkyAssignment } from '#core/sparky/assignments.ts';
import { restingLeafPaths } from './graph-coverage.ts';
import { sparkyMachine, type SparkyEvent } from './sparky.machine.ts';

/** A Sparky snapshot. */
export type SparkySnapshot = SnapshotFrom<typeof sparkyMachine>;

/** The 2 s wait after a yes, by the name xstate gives it. */
export const YES_DELAY_EVENT = 'xstate.after.yesDelay.sparky.panel.leaving';
/** The 1 s wait after silence. */
export const MOOD_RESET_EVENT = 'xstate.after.moodResetDelay.sparky.voice.settling';

/** Events of the model: the app's events and the clock. */
export type SparkyTestEvent =
  SparkyEvent | { type: typeof YES_DELAY_EVENT } | { type: typeof MOOD_RESET_EVENT };

/** What applies in each sample situation. */
export const SAMPLE_ASSIGNMENTS: Readonly<Record<'challengeOnHome' | 'home' | 'none', SparkyAssignment[]>> = {
  /** A challenge is incomplete and the reader is on /home. */
  challengeOnHome: [makeAssignment('daily-challenge'), makeAssignment('explore')],
  /** Every challenge done, on /home. */
  home: [makeAssignment('explore')],
  /** Nothing applies (another page, challenges done). */
  none: [],
};

/** Sample events: each situation, completing, the panel, both replies, speech and the clock. */
export const SPARKY_TEST_EVENTS: readonly SparkyTestEvent[] = [
  { type: 'sparky.sync', assignments: SAMPLE_ASSIGNMENTS.challengeOnHome },
  { type: 'sparky.sync', assignments: SAMPLE_ASSIGNMENTS.home },
  { type: 'sparky.complete' },
  { type: 'panel.open' },
  { type: 'panel.close' },
  { type: 'sparky.reply', reply: 'yes' },
  { type: 'sparky.reply', reply: 'no' },
  { type: 'speech.ended' },
  { type: 'listening.toggle' },
  { type: YES_DELAY_EVENT },
  { type: MOOD_RESET_EVENT },
];

/** Every resting state, as keys for `path.test({ states })` (e.g. 'panel.open', 'voice.settling'). */
export const SPARKY_STATE_KEYS: readonly string[] = restingLeafPaths(sparkyMachine);

/** How snapshots are told apart in traversal: state, assignments done, mood (not the exact line). */
export function serializeSparky(s: SparkySnapshot): string {
  return JSON.stringify({
    value: s.value,
    assignments: s.context.assignments.map((a) => `${a.id}:${a.completed}`),
    mood: s.context.mood,
  });
}

/** A test model of the widget. */
export function createSparkyTestModel(): TestModel<SparkySnapshot, SparkyTestEvent, undefined> {
  return new TestModel<SparkySnapshot, SparkyTestEvent, undefined>(
    sparkyMachine as unknown as ActorLogic<SparkySnapshot, SparkyTestEvent, undefined>,
    {
      events: SPARKY_TEST_EVENTS,
      serializeState: serializeSparky,
      stateMatcher: (snapshot, key) => {
        if (key === '*') return true;
        const [region, state] = key.split('.') as [string, string];
        return snapshot.matches({ [region]: state } as never);
      },
    },
  );
}
