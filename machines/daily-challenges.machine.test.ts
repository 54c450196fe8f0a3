import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, type SnapshotFrom } from 'xstate';
import type { DailyChallenge } from '#core/api/rewards.ts';
import { CHALLENGE_SPOKEN, CHALLENGES_ANNOUNCE_DELAY_MS } from '#core/challenges/challenge-messages.ts';
import { dailyChallengesMachine, newlyCompleted, type SpeakParams } from './daily-challenges.machine.ts';
import {
  DAILY_CHALLENGES_STATE_KEYS,
  DAILY_CHALLENGES_TEST_EVENTS,
  SAMPLE_CHALLENGES,
  createDailyChallengesTestModel,
  type DailyChallengesTestEvent,
} from './daily-challenges.test-model.ts';
import { analyseMachine, statesThatCannotReach } from './graph-coverage.ts';

type Snap = SnapshotFrom<typeof dailyChallengesMachine>;
const loaded = (output: DailyChallenge[]) => ({ type: 'xstate.done.actor.loadChallenges', output }) as const;

function run(events: DailyChallengesTestEvent[]): Snap {
  let [s] = initialTransition(dailyChallengesMachine);
  for (const e of events) [s] = transition(dailyChallengesMachine, s, e as never);
  return s;
}

describe('dailyChallengesMachine, tier 1: logic (spec §2.5, §4.4, §4.9, §8)', () => {
  it('loads, then shows none, in progress or all complete', () => {
    expect(run([]).value).toBe('loading');
    expect(run([]).hasTag('busy')).toBe(true);
    expect(run([loaded(SAMPLE_CHALLENGES.none)]).value).toEqual({ ready: 'none' });
    expect(run([loaded(SAMPLE_CHALLENGES.fresh)]).value).toEqual({ ready: 'inProgress' });
    expect(run([loaded(SAMPLE_CHALLENGES.oneDone)]).value).toEqual({ ready: 'inProgress' });
    expect(run([loaded(SAMPLE_CHALLENGES.allDone)]).value).toEqual({ ready: 'allComplete' });
  });

  it('a failure can be retried; a failed refresh keeps the list', () => {
    const failed = run([{ type: 'xstate.error.actor.loadChallenges', error: new Error('x') }]);
    expect(failed.value).toBe('failed');
    expect(
      run([{ type: 'xstate.error.actor.loadChallenges', error: 1 }, { type: 'challenges.retry' }]).value,
    ).toBe('loading');
    const kept = run([
      loaded(SAMPLE_CHALLENGES.fresh),
      { type: 'challenges.refresh' },
      { type: 'xstate.error.actor.loadChallenges', error: 1 },
    ]);
    expect(kept.value).toEqual({ ready: 'inProgress' });
    expect(kept.context.challenges).toEqual(SAMPLE_CHALLENGES.fresh);
  });

  it('finds the challenges completed since the last load', () => {
    expect(newlyCompleted([], SAMPLE_CHALLENGES.oneDone).map((c) => c.id)).toEqual([
      'challenge-read_stories',
    ]);
    expect(newlyCompleted(['challenge-read_stories'], SAMPLE_CHALLENGES.allDone).map((c) => c.id)).toEqual([
      'challenge-reading_time',
    ]);
  });

  describe('with an actor and fake timers', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    function start(answers: (DailyChallenge[] | Error)[]) {
      const spoken: SpeakParams[] = [];
      let call = 0;
      const actor = createActor(
        dailyChallengesMachine.provide({
          actors: {
            loadChallenges: fromPromise(async () => {
              const answer = answers[Math.min(call++, answers.length - 1)]!;
              if (answer instanceof Error) throw answer;
              return answer;
            }),
          },
          actions: { speak: (_, params) => spoken.push(params) },
        }),
      ).start();
      return { actor, spoken };
    }

    it('says the summary once, 4.5 s after loading (1.5 s + 3 s, spec §4.9)', async () => {
      const { actor, spoken } = start([SAMPLE_CHALLENGES.fresh, SAMPLE_CHALLENGES.fresh]);
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches({ ready: 'inProgress' })).toBe(true);
      await vi.advanceTimersByTimeAsync(CHALLENGES_ANNOUNCE_DELAY_MS - 1);
      expect(spoken).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(spoken).toHaveLength(1);
      expect(spoken[0]).toMatchObject({ priority: 1 });
      expect(spoken[0]!.text).toMatch(
        /^You have 2 daily challenges to do\. Story Time: read 2 stories aloud/,
      );
      actor.send({ type: 'challenges.refresh' });
      await vi.advanceTimersByTimeAsync(CHALLENGES_ANNOUNCE_DELAY_MS * 2);
      expect(spoken).toHaveLength(1);
    });

    it('speaks the failure (spec §8) and the empty day', async () => {
      const failing = start([new Error('offline')]);
      await vi.advanceTimersByTimeAsync(0);
      expect(failing.spoken).toEqual([{ text: CHALLENGE_SPOKEN.failed, priority: 2 }]);
      const empty = start([SAMPLE_CHALLENGES.none]);
      await vi.advanceTimersByTimeAsync(CHALLENGES_ANNOUNCE_DELAY_MS);
      expect(empty.spoken).toEqual([{ text: CHALLENGE_SPOKEN.none, priority: 1 }]);
    });

    it('celebrates a challenge finished between loads, once', async () => {
      const { actor, spoken } = start([
        SAMPLE_CHALLENGES.fresh,
        SAMPLE_CHALLENGES.oneDone,
        SAMPLE_CHALLENGES.oneDone,
      ]);
      await vi.advanceTimersByTimeAsync(CHALLENGES_ANNOUNCE_DELAY_MS);
      actor.send({ type: 'challenges.refresh' });
      await vi.advanceTimersByTimeAsync(0);
      expect(spoken.at(-1)).toEqual({
        text: 'Challenge complete: Story Time! You earned 10 tokens.',
        priority: 1,
      });
      const count = spoken.length;
      actor.send({ type: 'challenges.refresh' });
      await vi.advanceTimersByTimeAsync(0);
      expect(spoken).toHaveLength(count);
    });
  });
});

describe('dailyChallengesMachine, tier 2: coverage', () => {
  const report = analyseMachine(dailyChallengesMachine, {
    events: DAILY_CHALLENGES_TEST_EVENTS,
    serializeState: (s) => JSON.stringify({ value: s.value, context: s.context }),
  });
  it('reaches every state', () => {
    expect(report.unreached).toEqual([]);
    expect(report.reached.sort()).toEqual([...DAILY_CHALLENGES_STATE_KEYS].sort());
  });
  it('has no dead ends: every state can reach a shown list again', () => {
    expect(report.deadEnds).toEqual([]);
    expect(statesThatCannotReach(report, (s) => s.matches('ready'))).toEqual([]);
  });
  it('gives shortest paths to every state for the UI tests', () => {
    const paths = createDailyChallengesTestModel().getShortestPaths();
    for (const key of DAILY_CHALLENGES_STATE_KEYS) {
      expect(
        paths.some((p) => p.steps.some((st) => st.state.matches(key as never))),
        key,
      ).toBe(true);
    }
  });
});
