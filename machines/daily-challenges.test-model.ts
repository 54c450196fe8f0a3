/**
 * Generated paths through the daily-challenges statechart, for tier-2 tests here and tier-3 tests that
 * drive the same paths through the real Daily Challenges card (src/features/home).
 *
 * Driving a path through the UI (`path.test({ events, states })`):
 * - `xstate.init`: render the card with a fake loader whose answers wait for the test;
 * - `xstate.done.actor.loadChallenges` / `xstate.error.actor.loadChallenges`: the fake loader answers
 *   `event.output` / fails;
 * - `challenges.retry`: press 'Try again'; `challenges.refresh`: the app says server data changed;
 * - {@link ANNOUNCE_EVENT}: the clock passes the announcement delay.
 * States: `loading` → 'Loading challenges...'; `failed` → the failure text and 'Try again';
 * `ready.none` → 'No challenges available today.'; `ready.inProgress` → a list item per challenge;
 * `ready.allComplete` → 'All Challenges Complete!'; `refreshing` → the list stays.
 */
import type { ActorLogic, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { DailyChallenge } from '#core/api/rewards.ts';
import { CHALLENGE_CATALOGUE } from '#core/challenges/daily-challenges.ts';
import { restingLeafPaths } from './graph-coverage.ts';
import { dailyChallengesMachine, type DailyChallengesEvent } from './daily-challenges.machine.ts';

/** A daily-challenges snapshot. */
export type DailyChallengesSnapshot = SnapshotFrom<typeof dailyChallengesMachine>;

/** The delayed announcement, by the name xstate gives it. */
export const ANNOUNCE_EVENT = 'xstate.after.announceDelay.dailyChallenges.ready';

/** Events of the model: the app's events, the loader's answers and the clock. */
export type DailyChallengesTestEvent =
  | DailyChallengesEvent
  | { type: 'xstate.done.actor.loadChallenges'; output: DailyChallenge[] }
  | { type: 'xstate.error.actor.loadChallenges'; error: unknown }
  | { type: typeof ANNOUNCE_EVENT };

/** A challenge for samples. */
export function sampleChallenge(
  type: 'read_stories' | 'reading_time' | 'alphabet_letters',
  progress: { current: number; target: number },
): DailyChallenge {
  const def = CHALLENGE_CATALOGUE[type];
  return {
    id: `challenge-${type}`,
    challenge_type: type,
    challenge_data: { name: def.name, icon: def.icon, reward_tokens: def.rewardTokens, unit: def.unit },
    target_count: progress.target,
    current_count: progress.current,
    completed: progress.current >= progress.target,
    challenge_date: '2027-03-01',
  };
}

/** Today's challenges in each situation the card shows. */
export const SAMPLE_CHALLENGES = {
  none: [] as DailyChallenge[],
  fresh: [
    sampleChallenge('read_stories', { current: 0, target: 2 }),
    sampleChallenge('reading_time', { current: 3, target: 12 }),
  ],
  oneDone: [
    sampleChallenge('read_stories', { current: 2, target: 2 }),
    sampleChallenge('reading_time', { current: 3, target: 12 }),
  ],
  allDone: [
    sampleChallenge('read_stories', { current: 2, target: 2 }),
    sampleChallenge('reading_time', { current: 12, target: 12 }),
  ],
};

/** Sample events: each answer, a failure, retry, refresh, and the clock. */
export const DAILY_CHALLENGES_TEST_EVENTS: readonly DailyChallengesTestEvent[] = [
  { type: 'xstate.done.actor.loadChallenges', output: SAMPLE_CHALLENGES.none },
  { type: 'xstate.done.actor.loadChallenges', output: SAMPLE_CHALLENGES.fresh },
  { type: 'xstate.done.actor.loadChallenges', output: SAMPLE_CHALLENGES.oneDone },
  { type: 'xstate.done.actor.loadChallenges', output: SAMPLE_CHALLENGES.allDone },
  { type: 'xstate.error.actor.loadChallenges', error: new Error('network down') },
  { type: 'challenges.retry' },
  { type: 'challenges.refresh' },
  { type: ANNOUNCE_EVENT },
];

/** Every resting state, as keys for `path.test({ states })`. */
export const DAILY_CHALLENGES_STATE_KEYS: readonly string[] = restingLeafPaths(dailyChallengesMachine);

/** A test model of the card. */
export function createDailyChallengesTestModel(): TestModel<
  DailyChallengesSnapshot,
  DailyChallengesTestEvent,
  undefined
> {
  return new TestModel<DailyChallengesSnapshot, DailyChallengesTestEvent, undefined>(
    dailyChallengesMachine as unknown as ActorLogic<
      DailyChallengesSnapshot,
      DailyChallengesTestEvent,
      undefined
    >,
    {
      events: DAILY_CHALLENGES_TEST_EVENTS,
      serializeState: (s) => JSON.stringify({ value: s.value, context: s.context }),
      stateMatcher: (snapshot, key) => key === '*' || snapshot.matches(key as never),
    },
  );
}
