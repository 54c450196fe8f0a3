import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, type SnapshotFrom } from 'xstate';
import { ERRORS } from '#core/auth/messages.ts';
import type { GuardProfileState } from '#core/auth/route-guard.ts';
import {
  decideRoute,
  guardInputs,
  routeGuardMachine,
  type EligibilityAnswer,
  type RouteGuardEvent,
} from './route-guard.machine.ts';
import {
  ROUTE_GUARD_START,
  ROUTE_GUARD_STATE_KEYS,
  ROUTE_GUARD_TEST_EVENTS,
  createRouteGuardTestModel,
  type RouteGuardTestEvent,
} from './route-guard.test-model.ts';
import { analyseMachine, statesThatCannotReach } from './graph-coverage.ts';

type Snap = SnapshotFrom<typeof routeGuardMachine>;

const signedIn = (userId = 'user-1') =>
  ({ type: 'guard.update', auth: { status: 'signedIn', userId } }) as const;
const loaded = (onboardingCompleted: boolean, assessmentCompleted = false): RouteGuardEvent => ({
  type: 'guard.update',
  profile: { status: 'loaded', profile: { onboardingCompleted, assessmentCompleted } },
});
const answer = (output: EligibilityAnswer) =>
  ({ type: 'xstate.done.actor.checkAssessmentEligibility', output }) as unknown as RouteGuardEvent;

function run(events: (RouteGuardEvent | RouteGuardTestEvent)[]): Snap {
  let [s] = initialTransition(routeGuardMachine, ROUTE_GUARD_START);
  for (const e of events) [s] = transition(routeGuardMachine, s, e as RouteGuardEvent);
  return s;
}

describe('routeGuardMachine: §4.2 order', () => {
  it('1. loading while auth loads, then while the profile loads', () => {
    expect(run([]).value).toBe('loading');
    expect(run([signedIn()]).value).toBe('loading');
  });

  it('2. no user → /login', () => {
    const s = run([{ type: 'guard.update', auth: { status: 'signedOut' } }]);
    expect(s.value).toBe('redirecting');
    expect(s.context.redirectTo).toBe('/login');
  });

  it('3. onboarding not completed → /onboarding, except on /onboarding', () => {
    expect(run([signedIn(), loaded(false)]).context.redirectTo).toBe('/onboarding');
    expect(run([signedIn(), loaded(false), { type: 'route.change', path: '/onboarding' }]).value).toBe(
      'showing',
    );
  });

  it('no profile row: show (steps 3 and 4 need a profile)', () => {
    const noProfile: GuardProfileState = { status: 'loaded', profile: null };
    expect(run([signedIn(), { type: 'guard.update', profile: noProfile }]).value).toBe('showing');
  });

  it('4. eligible → /assessment; the check is asked only when step 4 could apply', () => {
    const checking = run([signedIn(), loaded(true)]);
    expect(checking.value).toBe('checkingEligibility');
    expect(checking.context.eligibility).toBe('checking');
    const s = run([signedIn(), loaded(true), answer({ ok: true, eligible: true })]);
    expect(s.value).toBe('redirecting');
    expect(s.context.redirectTo).toBe('/assessment');
    // With reading sessions, or assessment done, or already on /assessment: no check.
    expect(run([signedIn(), { type: 'guard.update', hasReadingSessions: true }, loaded(true)]).value).toBe(
      'showing',
    );
    expect(run([signedIn(), loaded(true, true)]).value).toBe('showing');
    expect(run([{ type: 'route.change', path: '/assessment' }, signedIn(), loaded(true)]).value).toBe(
      'showing',
    );
  });

  it('not eligible → show; on /assessment after the redirect → show', () => {
    expect(run([signedIn(), loaded(true), answer({ ok: true, eligible: false })]).value).toBe('showing');
    const there = run([
      signedIn(),
      loaded(true),
      answer({ ok: true, eligible: true }),
      { type: 'route.change', path: '/assessment' },
    ]);
    expect(there.value).toBe('showing');
    expect(there.context.redirectTo).toBeNull();
  });

  it('§8: an error answer is stored and treated as unknown (show)', () => {
    const s = run([signedIn(), loaded(true), answer({ ok: false })]);
    expect(s.value).toBe('showing');
    expect(s.context.eligibility).toBe('unknown');
    expect(s.context.error).toBe('Failed to check assessment eligibility');
  });

  it('§8: an unexpected exception is stored as An unexpected error occurred', () => {
    const s = run([
      signedIn(),
      loaded(true),
      {
        type: 'xstate.error.actor.checkAssessmentEligibility',
        error: new Error('x'),
      } as unknown as RouteGuardEvent,
    ]);
    expect(s.value).toBe('showing');
    expect(s.context.error).toBe(ERRORS.unexpected);
  });

  it('keeps the spinner while checking even if the path changes (step 1 comes first)', () => {
    const s = run([signedIn(), loaded(true), { type: 'route.change', path: '/assessment' }]);
    expect(s.value).toBe('checkingEligibility');
    expect(s.context.path).toBe('/assessment');
  });

  it('a different user cancels the check and asks again for the new user', () => {
    const s = run([signedIn('user-1'), loaded(true), signedIn('user-2')]);
    expect(s.value).toBe('checkingEligibility');
    expect(s.context.eligibilityUserId).toBe('user-2');
    const out = run([
      signedIn('user-1'),
      loaded(true),
      { type: 'guard.update', auth: { status: 'signedOut' } },
    ]);
    expect(out.context.redirectTo).toBe('/login');
    expect(out.context.eligibility).toBe('pending');
  });

  it('remembers the answer for the same user across navigation', () => {
    const s = run([
      signedIn(),
      loaded(true),
      answer({ ok: true, eligible: false }),
      { type: 'route.change', path: '/stories' },
    ]);
    expect(s.value).toBe('showing');
    expect(s.context.eligibility).toBe('notEligible');
  });

  it('the machine state always agrees with decideRoute (every reachable state)', () => {
    const report = analyseMachine(routeGuardMachine, {
      events: ROUTE_GUARD_TEST_EVENTS,
      input: ROUTE_GUARD_START,
    });
    for (const s of report.states.values()) {
      const d = decideRoute(guardInputs(s.context));
      // Both spinner states are "loading"; checkingEligibility is exactly "the call is in flight".
      const expected =
        d.kind === 'redirect'
          ? 'redirecting'
          : d.kind === 'show'
            ? 'showing'
            : s.context.eligibility === 'checking'
              ? 'checkingEligibility'
              : 'loading';
      expect(s.value).toBe(expected);
      expect(s.matches('checkingEligibility')).toBe(s.context.eligibility === 'checking');
      if (d.kind === 'redirect') expect(s.context.redirectTo).toBe(d.to);
    }
  });
});

describe('routeGuardMachine with a provided eligibility actor (fake timers)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls check_assessment_eligibility once per user and navigates', async () => {
    const check = vi.fn(
      (userId: string) =>
        new Promise<EligibilityAnswer>((resolve) =>
          setTimeout(() => resolve({ ok: true, eligible: userId === 'user-1' }), 500),
        ),
    );
    const navigate = vi.fn();
    const actor = createActor(
      routeGuardMachine.provide({
        actors: { checkAssessmentEligibility: fromPromise(({ input }) => check(input.userId)) },
        actions: { navigate: (_, params) => navigate(params.to) },
      }),
      { input: ROUTE_GUARD_START },
    ).start();
    actor.send(signedIn());
    actor.send(loaded(true));
    expect(actor.getSnapshot().value).toBe('checkingEligibility');
    await vi.advanceTimersByTimeAsync(499);
    expect(actor.getSnapshot().value).toBe('checkingEligibility');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(navigate).toHaveBeenCalledWith('/assessment');
    actor.send({ type: 'route.change', path: '/assessment' });
    actor.send({ type: 'route.change', path: '/home' });
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(check).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('a thrown exception shows the page with the §8 error stored', async () => {
    const actor = createActor(
      routeGuardMachine.provide({
        actors: {
          checkAssessmentEligibility: fromPromise<EligibilityAnswer, { userId: string }>(async () => {
            throw new Error('boom');
          }),
        },
      }),
      { input: ROUTE_GUARD_START },
    ).start();
    actor.send(signedIn());
    actor.send(loaded(true));
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.error).toBe('An unexpected error occurred');
  });
});

describe('routeGuardMachine: graph coverage (tier 2)', () => {
  it('reaches every resting state, no dead ends, and the page can always be shown', () => {
    const report = analyseMachine(routeGuardMachine, {
      events: ROUTE_GUARD_TEST_EVENTS,
      input: ROUTE_GUARD_START,
    });
    expect(report.unreached).toEqual([]);
    expect(report.deadEnds).toEqual([]);
    expect(statesThatCannotReach(report, (s) => s.matches('showing'))).toEqual([]);
    expect(statesThatCannotReach(report, (s) => s.context.redirectTo === '/assessment')).toEqual([]);
  });

  it("the exported model's shortest paths visit every state, and each redirect target", () => {
    const paths = createRouteGuardTestModel().getShortestPaths();
    for (const key of ROUTE_GUARD_STATE_KEYS) {
      expect(
        paths.some((p) => p.steps.some((st) => st.state.matches(key as never))),
        key,
      ).toBe(true);
    }
    for (const to of ['/login', '/onboarding', '/assessment']) {
      expect(
        paths.some((p) => p.steps.some((st) => st.state.context.redirectTo === to)),
        to,
      ).toBe(true);
    }
  });
});
