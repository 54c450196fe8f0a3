import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, initialTransition, transition } from 'xstate';
import {
  MOOD_RESET_DELAY_MS,
  SPARKY_LINES,
  YES_NAVIGATE_DELAY_MS,
  makeAssignment,
  praiseLine,
} from '#core/sparky/assignments.ts';
import { analyseMachine, statesThatCannotReach } from './graph-coverage.ts';
import { sparkyMachine, type SparkySpeakParams } from './sparky.machine.ts';
import {
  SAMPLE_ASSIGNMENTS,
  SPARKY_STATE_KEYS,
  SPARKY_TEST_EVENTS,
  createSparkyTestModel,
  serializeSparky,
  type SparkySnapshot,
  type SparkyTestEvent,
} from './sparky.test-model.ts';

function run(events: SparkyTestEvent[]): SparkySnapshot {
  let [s] = initialTransition(sparkyMachine, {});
  for (const e of events) [s] = transition(sparkyMachine, s, e as never);
  return s;
}
const sync = (assignments = SAMPLE_ASSIGNMENTS.challengeOnHome) =>
  ({ type: 'sparky.sync', assignments }) as const;

describe('sparkyMachine, tier 1: logic (spec §4.8)', () => {
  it('starts closed, quiet, helpful and not listening', () => {
    const s = run([]);
    expect(s.value).toEqual({ panel: 'closed', voice: 'quiet', listening: 'off' });
    expect(s.context.mood).toBe('helpful');
  });

  it('opens the panel on the current assignment (high first) and offers it, excited', () => {
    const s = run([sync(), { type: 'panel.open' }]);
    expect(s.matches({ panel: 'open' })).toBe(true);
    expect(s.context.said).toBe(makeAssignment('daily-challenge').message);
    expect(s.context.mood).toBe('excited');
    expect(s.hasTag('speaking')).toBe(true);
  });

  it('with nothing left, pressing the mascot says so and leaves the panel closed', () => {
    const s = run([sync(SAMPLE_ASSIGNMENTS.none), { type: 'panel.open' }]);
    expect(s.matches({ panel: 'closed' })).toBe(true);
    expect(s.context.said).toBe(SPARKY_LINES.allDone);
    expect(s.context.mood).toBe('encouraging');
  });

  it('yes waits in leaving; no closes with a friendly dismissal; the panel can be dismissed', () => {
    const yes = run([sync(), { type: 'panel.open' }, { type: 'sparky.reply', reply: 'yes' }]);
    expect(yes.matches({ panel: 'leaving' })).toBe(true);
    expect(yes.context.said).toBe(SPARKY_LINES.yes);
    const no = run([sync(), { type: 'panel.open' }, { type: 'sparky.reply', reply: 'no' }]);
    expect(no.matches({ panel: 'closed' })).toBe(true);
    expect(no.context.said).toBe(SPARKY_LINES.no);
    expect(no.context.mood).toBe('encouraging');
    expect(run([sync(), { type: 'panel.open' }, { type: 'panel.close' }]).matches({ panel: 'closed' })).toBe(
      true,
    );
    // A reply with the panel closed is not an answer to anything.
    expect(run([sync(), { type: 'sparky.reply', reply: 'yes' }]).context.said).toBeNull();
  });

  it('completing marks the current one done, praises it and moves to the next', () => {
    const s = run([sync(), { type: 'sparky.complete' }]);
    expect(s.context.assignments.map((a) => [a.id, a.completed])).toEqual([
      ['daily-challenge', true],
      ['explore', false],
    ]);
    expect(s.context.said).toBe(praiseLine(makeAssignment('daily-challenge')));
    expect(s.context.mood).toBe('celebratory');
    const next = run([sync(), { type: 'sparky.complete' }, { type: 'panel.open' }]);
    expect(next.context.said).toBe(makeAssignment('explore').message);
  });

  it('a data-driven assignment that no longer applies was completed: praised once', () => {
    const s = run([sync(), sync(SAMPLE_ASSIGNMENTS.home)]);
    expect(s.context.said).toBe(praiseLine(makeAssignment('daily-challenge')));
    expect(s.context.assignments.find((a) => a.id === 'daily-challenge')?.completed).toBe(true);
    const again = run([
      sync(),
      sync(SAMPLE_ASSIGNMENTS.home),
      { type: 'speech.ended' },
      sync(SAMPLE_ASSIGNMENTS.home),
    ]);
    expect(again.matches({ voice: 'settling' })).toBe(true);
  });

  it('a completed panel with nothing left closes', () => {
    const s = run([
      sync([makeAssignment('daily-challenge')]),
      { type: 'panel.open' },
      { type: 'sparky.complete' },
    ]);
    expect(s.matches({ panel: 'closed' })).toBe(true);
  });

  it('mood follows speech and listening toggles', () => {
    expect(run([{ type: 'speech.started', mood: 'encouraging' }]).context.mood).toBe('encouraging');
    const settling = run([{ type: 'speech.started', mood: 'excited' }, { type: 'speech.ended' }]);
    expect(settling.matches({ voice: 'settling' })).toBe(true);
    expect(settling.context.mood).toBe('excited');
    expect(run([{ type: 'listening.toggle' }]).hasTag('listening')).toBe(true);
    expect(run([{ type: 'listening.toggle' }, { type: 'listening.toggle' }]).hasTag('listening')).toBe(false);
  });

  describe('with an actor and fake timers', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    function start() {
      const spoken: SparkySpeakParams[] = [];
      const navigations: string[] = [];
      const actor = createActor(
        sparkyMachine.provide({
          actions: {
            speak: (_, params) => spoken.push(params),
            goToRewards: () => navigations.push('/rewards'),
          },
        }),
        { input: { assignments: SAMPLE_ASSIGNMENTS.challengeOnHome } },
      ).start();
      return { actor, spoken, navigations };
    }

    it('goes to /rewards 2 s after a yes, not before (spec §4.8)', () => {
      const { actor, spoken, navigations } = start();
      actor.send({ type: 'panel.open' });
      actor.send({ type: 'sparky.reply', reply: 'yes' });
      expect(spoken.map((s) => s.text)).toEqual([
        makeAssignment('daily-challenge').message,
        SPARKY_LINES.yes,
      ]);
      vi.advanceTimersByTime(YES_NAVIGATE_DELAY_MS - 1);
      expect(navigations).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(navigations).toEqual(['/rewards']);
      expect(actor.getSnapshot().matches({ panel: 'closed' })).toBe(true);
    });

    it('closing while leaving cancels the trip', () => {
      const { actor, navigations } = start();
      actor.send({ type: 'panel.open' });
      actor.send({ type: 'sparky.reply', reply: 'yes' });
      actor.send({ type: 'panel.close' });
      vi.advanceTimersByTime(YES_NAVIGATE_DELAY_MS * 2);
      expect(navigations).toEqual([]);
    });

    it('goes back to helpful 1 s after silence, and not when speech starts again', () => {
      const { actor } = start();
      actor.send({ type: 'sparky.complete' });
      expect(actor.getSnapshot().context.mood).toBe('celebratory');
      actor.send({ type: 'speech.ended' });
      vi.advanceTimersByTime(MOOD_RESET_DELAY_MS - 1);
      expect(actor.getSnapshot().context.mood).toBe('celebratory');
      actor.send({ type: 'speech.started', mood: 'encouraging' });
      vi.advanceTimersByTime(MOOD_RESET_DELAY_MS * 3);
      expect(actor.getSnapshot().context.mood).toBe('encouraging');
      actor.send({ type: 'speech.ended' });
      vi.advanceTimersByTime(MOOD_RESET_DELAY_MS);
      expect(actor.getSnapshot().context.mood).toBe('helpful');
      expect(actor.getSnapshot().matches({ voice: 'quiet' })).toBe(true);
    });

    it('answers at priority 1 (information, spec §4.9) and praises unasked at 0, behind the page', () => {
      const { actor, spoken } = start();
      actor.send({ type: 'panel.open' });
      actor.send({ type: 'sparky.reply', reply: 'no' });
      actor.send({ type: 'sparky.complete' });
      expect(spoken.map((s) => s.priority)).toEqual([1, 1, 0]);
    });
  });
});

describe('sparkyMachine, tier 2: coverage', () => {
  const report = analyseMachine(sparkyMachine, {
    events: SPARKY_TEST_EVENTS,
    serializeState: serializeSparky,
  });

  it('reaches every state', () => {
    expect(report.unreached).toEqual([]);
    expect(report.reached.sort()).toEqual([...SPARKY_STATE_KEYS].sort());
  });

  it('has no dead ends: the panel can always close and Sparky can always settle to helpful', () => {
    expect(report.deadEnds).toEqual([]);
    expect(statesThatCannotReach(report, (s) => s.matches({ panel: 'closed' }))).toEqual([]);
    expect(
      statesThatCannotReach(report, (s) => s.matches({ voice: 'quiet' }) && s.context.mood === 'helpful'),
    ).toEqual([]);
  });

  it('gives shortest paths to every state for the UI tests', () => {
    const paths = createSparkyTestModel().getShortestPaths();
    for (const key of SPARKY_STATE_KEYS) {
      const [region, state] = key.split('.') as [string, string];
      expect(
        paths.some((p) => p.steps.some((st) => st.state.matches({ [region]: state } as never))),
        key,
      ).toBe(true);
    }
  });
});
