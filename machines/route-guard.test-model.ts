/**
 * Generated paths through the route guard, for tier-2 tests here and tier-3 UI tests
 * (src/features/shell/RouteGuard.test.tsx: the real guard, with GET /api/me and the eligibility
 * call answered by a fetch stub).
 *
 * Driving a path through the UI (`path.test({ events, states })`):
 * - `xstate.init`: render the protected route at `ROUTE_GUARD_START.path` with auth loading;
 * - `guard.update`: make the fake auth / profile / reading-sessions source report the
 *   event's fields (`auth`, `profile`, `hasReadingSessions`);
 * - `route.change`: navigate to `event.path`;
 * - `xstate.done.actor.checkAssessmentEligibility`: the fake check_assessment_eligibility
 *   answers `event.output` (`{ ok: true, eligible }`, or `{ ok: false }` = an error answer);
 *   `xstate.error.actor.checkAssessmentEligibility`: it throws.
 * States (keys for `states`): `loading` and `checkingEligibility` → the spinner 'Loading...'
 * is shown and the page is not; `redirecting` → the location becomes
 * `snapshot.context.redirectTo`; `showing` → the page's own heading is shown.
 */
import type { ActorLogic, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { GuardProfile } from '#core/auth/route-guard.ts';
import {
  routeGuardMachine,
  type EligibilityAnswer,
  type RouteGuardEvent,
  type RouteGuardInput,
} from './route-guard.machine.ts';
import { restingLeafPaths } from './graph-coverage.ts';

/** A route-guard snapshot. */
export type RouteGuardSnapshot = SnapshotFrom<typeof routeGuardMachine>;

/** Events of the model: app events plus the eligibility call's answers. */
export type RouteGuardTestEvent =
  | RouteGuardEvent
  | { type: 'xstate.done.actor.checkAssessmentEligibility'; output: EligibilityAnswer }
  | { type: 'xstate.error.actor.checkAssessmentEligibility'; error: unknown };

/** Where the generated paths start: /home, everything loading. */
export const ROUTE_GUARD_START: RouteGuardInput = {
  path: '/home',
  auth: { status: 'loading' },
  profile: { status: 'loading' },
  hasReadingSessions: false,
};

const profile = (onboardingCompleted: boolean, assessmentCompleted: boolean): GuardProfile => ({
  onboardingCompleted,
  assessmentCompleted,
});

/** Sample events: each auth, profile and session situation, three paths, each eligibility answer. */
export const ROUTE_GUARD_TEST_EVENTS: readonly RouteGuardTestEvent[] = [
  { type: 'guard.update', auth: { status: 'loading' } },
  { type: 'guard.update', auth: { status: 'signedOut' } },
  { type: 'guard.update', auth: { status: 'signedIn', userId: 'user-1' } },
  { type: 'guard.update', auth: { status: 'signedIn', userId: 'user-2' } },
  { type: 'guard.update', profile: { status: 'loading' } },
  { type: 'guard.update', profile: { status: 'loaded', profile: null } },
  { type: 'guard.update', profile: { status: 'loaded', profile: profile(false, false) } },
  { type: 'guard.update', profile: { status: 'loaded', profile: profile(true, false) } },
  { type: 'guard.update', profile: { status: 'loaded', profile: profile(true, true) } },
  { type: 'guard.update', hasReadingSessions: true },
  { type: 'guard.update', hasReadingSessions: false },
  { type: 'route.change', path: '/home' },
  { type: 'route.change', path: '/onboarding' },
  { type: 'route.change', path: '/assessment' },
  { type: 'xstate.done.actor.checkAssessmentEligibility', output: { ok: true, eligible: true } },
  { type: 'xstate.done.actor.checkAssessmentEligibility', output: { ok: true, eligible: false } },
  { type: 'xstate.done.actor.checkAssessmentEligibility', output: { ok: false } },
  { type: 'xstate.error.actor.checkAssessmentEligibility', error: { message: 'network down' } },
];

/** Every resting state, as keys for `path.test({ states })`. */
export const ROUTE_GUARD_STATE_KEYS: readonly string[] = restingLeafPaths(routeGuardMachine);

/**
 * A test model of the guard.
 *
 * @param input where to start (default {@link ROUTE_GUARD_START})
 */
export function createRouteGuardTestModel(
  input: RouteGuardInput = ROUTE_GUARD_START,
): TestModel<RouteGuardSnapshot, RouteGuardTestEvent, RouteGuardInput> {
  return new TestModel<RouteGuardSnapshot, RouteGuardTestEvent, RouteGuardInput>(
    routeGuardMachine as unknown as ActorLogic<RouteGuardSnapshot, RouteGuardTestEvent, RouteGuardInput>,
    {
      events: ROUTE_GUARD_TEST_EVENTS,
      input,
      serializeState: (s) => JSON.stringify({ value: s.value, context: s.context }),
      stateMatcher: (snapshot, key) => key === '*' || snapshot.matches(key as never),
    },
  );
}
