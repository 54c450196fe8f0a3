/**
 * Tier 3 for the route guard (house style, Machines): paths generated from
 * machines/route-guard.machine.ts are replayed through the real <RouteGuard> with GET /api/me and
 * GET /api/assessment-eligibility answered by a fetch stub, and after every step the screen must
 * show what the machine says (spec §4.2, §8). The component does not run the machine: it computes
 * `decideRoute()` from the two queries, so the machine is an independent oracle of its behaviour.
 *
 * Two adaptations of machines/route-guard.test-model.ts, both about what the page can express:
 * - The page learns auth, profile and reading sessions together from one /api/me answer, so the
 *   sample events are whole /api/me states (signed out, or a user with a given profile), not the
 *   model's separate `guard.update` fields.
 * - The app follows a redirect: once at /onboarding or /assessment, the guard sees that path. The
 *   model here does the same (a redirect inside the guarded area is followed by `route.change`),
 *   and a redirect to /login, which leaves the guarded area, ends the path.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActorLogic, ActorScope } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { MeResponse } from '#core/api/account.ts';
import { LOADING_MESSAGE } from '#core/auth/messages.ts';
import type { GuardProfile } from '#core/auth/route-guard.ts';
import { routeGuardMachine, type RouteGuardInput } from '#machines/route-guard.machine.ts';
import {
  ROUTE_GUARD_START,
  type RouteGuardSnapshot,
  type RouteGuardTestEvent,
} from '#machines/route-guard.test-model.ts';
import { TestProviders } from '../../test/providers.tsx';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { RouteGuard } from './RouteGuard.tsx';

// ---------------------------------------------------------------------------------------------
// The fake server

interface Deferred {
  resolve: (response: Response) => void;
  reject: (error: unknown) => void;
}

/** What /api/me answers next: a user, or null for signed out (401). */
let currentMe: MeResponse | null = null;
/** The first /api/me request waits here until the path's first update (auth loading until then). */
let heldMe: Deferred[] = [];
let holdMe = true;
/** /api/assessment-eligibility requests waiting for the path's answer. */
let eligibilityRequests: Deferred[] = [];

function meAnswer(): Response {
  return currentMe
    ? jsonResponse(currentMe)
    : jsonResponse({ error: { code: 'unauthenticated', message: 'Auth session missing!' } }, 401);
}

function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const url = String(input);
  if (url.endsWith('/api/me')) {
    if (holdMe) return new Promise((resolve, reject) => heldMe.push({ resolve, reject }));
    return Promise.resolve(meAnswer());
  }
  if (url.endsWith('/api/assessment-eligibility')) {
    return new Promise((resolve, reject) => eligibilityRequests.push({ resolve, reject }));
  }
  return Promise.resolve(jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404));
}

// ---------------------------------------------------------------------------------------------
// The model as the page can express it

const USER_1 = 'user-1';
const USER_2 = 'user-2';
const profile = (onboardingCompleted: boolean, assessmentCompleted: boolean): GuardProfile => ({
  onboardingCompleted,
  assessmentCompleted,
});

/** One /api/me answer as the guard's `guard.update`. */
function meUpdate(
  userId: string,
  row: GuardProfile | null,
  hasReadingSessions: boolean,
): RouteGuardTestEvent {
  return {
    type: 'guard.update',
    auth: { status: 'signedIn', userId },
    profile: { status: 'loaded', profile: row },
    hasReadingSessions,
  };
}

const SIGNED_OUT: RouteGuardTestEvent = {
  type: 'guard.update',
  auth: { status: 'signedOut' },
  profile: { status: 'loading' },
  hasReadingSessions: false,
};

/** Sample events: every /api/me situation of §4.2, the three paths, each eligibility answer. */
const UI_EVENTS: readonly RouteGuardTestEvent[] = [
  SIGNED_OUT,
  meUpdate(USER_1, null, false),
  meUpdate(USER_1, profile(false, false), false),
  meUpdate(USER_1, profile(true, false), false),
  meUpdate(USER_1, profile(true, false), true),
  meUpdate(USER_1, profile(true, true), false),
  meUpdate(USER_2, profile(true, false), false),
  { type: 'route.change', path: '/home' },
  { type: 'route.change', path: '/onboarding' },
  { type: 'route.change', path: '/assessment' },
  { type: 'xstate.done.actor.checkAssessmentEligibility', output: { ok: true, eligible: true } },
  { type: 'xstate.done.actor.checkAssessmentEligibility', output: { ok: true, eligible: false } },
  { type: 'xstate.done.actor.checkAssessmentEligibility', output: { ok: false } },
  { type: 'xstate.error.actor.checkAssessmentEligibility', error: { message: 'network down' } },
];

const isAtLogin = (s: RouteGuardSnapshot) => s.matches('redirecting') && s.context.redirectTo === '/login';

/** routeGuardMachine, plus what the app does on a redirect (see the file comment). */
const followingRedirects: ActorLogic<RouteGuardSnapshot, RouteGuardTestEvent, RouteGuardInput> = {
  transition: (snapshot, event, scope) => {
    if (isAtLogin(snapshot)) return snapshot;
    const machineScope = scope as unknown as ActorScope<RouteGuardSnapshot, never>;
    let next = routeGuardMachine.transition(snapshot, event as never, machineScope as never);
    for (let hops = 0; hops < 3 && next.matches('redirecting') && !isAtLogin(next); hops += 1) {
      next = routeGuardMachine.transition(
        next,
        { type: 'route.change', path: next.context.redirectTo ?? '/home' },
        machineScope as never,
      );
    }
    return next;
  },
  getInitialSnapshot: (scope, input) => routeGuardMachine.getInitialSnapshot(scope as never, input),
  getPersistedSnapshot: (snapshot) => routeGuardMachine.getPersistedSnapshot(snapshot) as never,
};

/** What a person can tell apart, plus what decides the next steps. */
function serialize(s: RouteGuardSnapshot): string {
  const {
    path,
    auth,
    profile: p,
    hasReadingSessions,
    eligibility,
    eligibilityUserId,
    error,
    redirectTo,
  } = s.context;
  return JSON.stringify({
    value: s.value,
    path,
    auth,
    p,
    hasReadingSessions,
    eligibility,
    eligibilityUserId,
    error,
    redirectTo,
  });
}

const model = new TestModel<RouteGuardSnapshot, RouteGuardTestEvent, RouteGuardInput>(followingRedirects, {
  events: UI_EVENTS,
  input: ROUTE_GUARD_START,
  serializeState: serialize,
  stateMatcher: (snapshot, key) => key === '*' || snapshot.matches(key as never),
});

/** Shortest paths to every distinct state, without those that are a prefix of another. */
function generatedPaths() {
  const paths = model.getShortestPaths();
  const key = (path: (typeof paths)[number]) => path.steps.map((s) => JSON.stringify(s.event)).join('|');
  const keys = paths.map(key);
  return paths.filter((_, i) => !keys.some((other, j) => j !== i && other.startsWith(`${keys[i]}|`)));
}

// ---------------------------------------------------------------------------------------------
// The page

function meOf(event: Extract<RouteGuardTestEvent, { type: 'guard.update' }>): MeResponse | null {
  if (event.auth?.status !== 'signedIn') return null;
  const row = event.profile?.status === 'loaded' ? event.profile.profile : null;
  return meFixture({
    id: event.auth.userId,
    profile: row
      ? { onboarding_completed: row.onboardingCompleted, assessment_completed: row.assessmentCompleted }
      : null,
    hasReadingSessions: event.hasReadingSessions ?? false,
  });
}

const PAGES = ['/home', '/onboarding', '/assessment'] as const;

function renderGuard(path: string = ROUTE_GUARD_START.path) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/login', element: <h1>Sign in page</h1> },
      {
        element: <RouteGuard />,
        children: PAGES.map((page) => ({ path: page, element: <h1>Page {page}</h1> })),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, queryClient };
}

/** The screen matches the machine's state. */
async function expectScreen(state: RouteGuardSnapshot, router: ReturnType<typeof renderGuard>['router']) {
  if (state.matches('loading') || state.matches('checkingEligibility')) {
    await waitFor(() =>
      expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent(LOADING_MESSAGE),
    );
    expect(screen.queryByRole('heading', { name: /^Page / })).not.toBeInTheDocument();
    if (state.matches('checkingEligibility')) expect(eligibilityRequests.length).toBeGreaterThan(0);
    return;
  }
  if (state.matches('redirecting')) {
    expect(state.context.redirectTo).toBe('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    return;
  }
  // showing
  await waitFor(() => expect(router.state.location.pathname).toBe(state.context.path));
  expect(await screen.findByRole('heading', { name: `Page ${state.context.path}` })).toBeInTheDocument();
  expect(screen.queryByText(LOADING_MESSAGE)).not.toBeInTheDocument();
}

beforeEach(() => {
  currentMe = null;
  heldMe = [];
  holdMe = true;
  eligibilityRequests = [];
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const paths = generatedPaths();

describe('RouteGuard drives the generated route-guard paths (spec §4.2, §8)', () => {
  it('the generated paths reach every resting state of the guard', () => {
    for (const key of ['loading', 'checkingEligibility', 'redirecting', 'showing']) {
      expect(
        paths.some((path) => path.steps.some((step) => step.state.matches(key as never))),
        key,
      ).toBe(true);
    }
    for (const to of ['/onboarding', '/assessment']) {
      expect(paths.some((path) => path.steps.some((step) => step.state.context.path === to))).toBe(true);
    }
  });

  for (const path of paths) {
    it(path.description, async () => {
      let view: ReturnType<typeof renderGuard> | null = null;
      // `xstate.init` (the first step of every path) is not in the event union, hence the loose type.
      const events: Record<string, (step: { event: RouteGuardTestEvent }) => void | Promise<void>> = {
        'xstate.init': () => {
          view = renderGuard();
        },
        'guard.update': async ({ event }) => {
          currentMe = meOf(event as Extract<RouteGuardTestEvent, { type: 'guard.update' }>);
          if (holdMe) {
            holdMe = false;
            await act(async () => heldMe.splice(0).forEach((request) => request.resolve(meAnswer())));
          } else {
            await act(() => view!.queryClient.refetchQueries({ queryKey: ['me'] }));
          }
        },
        'route.change': async ({ event }) => {
          await act(() => view!.router.navigate(event.type === 'route.change' ? event.path : ''));
        },
        'xstate.done.actor.checkAssessmentEligibility': async ({ event }) => {
          const { output } = event as Extract<
            RouteGuardTestEvent,
            { type: 'xstate.done.actor.checkAssessmentEligibility' }
          >;
          const response = output.ok
            ? jsonResponse({
                eligible: output.eligible,
                reason: output.eligible ? 'new reader' : 'has readings',
              })
            : jsonResponse({ error: { code: 'internal', message: 'Failed' } }, 500);
          await act(async () =>
            eligibilityRequests.splice(0).forEach((request) => request.resolve(response.clone())),
          );
        },
        'xstate.error.actor.checkAssessmentEligibility': async () => {
          await act(async () =>
            eligibilityRequests
              .splice(0)
              .forEach((request) => request.reject(new TypeError('Failed to fetch'))),
          );
        },
      };
      await path.test({
        events: events as never,
        states: {
          '*': (state) => expectScreen(state, view!.router),
        },
      });
    });
  }
});

describe('RouteGuard (spec §4.2, §8): cases outside the model', () => {
  it('asks for eligibility once per user, not on every navigation', async () => {
    holdMe = false;
    currentMe = meFixture({ profile: { onboarding_completed: true, assessment_completed: false } });
    const { router } = renderGuard('/home');
    await waitFor(() => expect(eligibilityRequests).toHaveLength(1));
    await act(async () =>
      eligibilityRequests.splice(0).forEach((r) => r.resolve(jsonResponse({ eligible: false, reason: 'x' }))),
    );
    expect(await screen.findByRole('heading', { name: 'Page /home' })).toBeInTheDocument();
    await act(() => router.navigate('/onboarding'));
    await act(() => router.navigate('/home'));
    expect(await screen.findByRole('heading', { name: 'Page /home' })).toBeInTheDocument();
    expect(eligibilityRequests).toHaveLength(0);
    expect(
      vi.mocked(fetch).mock.calls.filter(([url]) => String(url).endsWith('/assessment-eligibility')),
    ).toHaveLength(1);
  });

  it('a failed /api/me (not 401) shows the error screen, and Try Again asks again', async () => {
    holdMe = false;
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).endsWith('/api/me') && fail)
          return jsonResponse({ error: { code: 'internal', message: 'Database down' } }, 503);
        return fakeFetch(input);
      }),
    );
    currentMe = meFixture({ profile: { onboarding_completed: true, assessment_completed: true } });
    renderGuard('/home');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page /home' })).not.toBeInTheDocument();
    fail = false;
    await act(async () => screen.getByRole('button', { name: 'Try Again' }).click());
    expect(await screen.findByRole('heading', { name: 'Page /home' })).toBeInTheDocument();
  });

  it('the server alone says whether the assessment exists: its "not available" answer shows the page (ADR 0008)', async () => {
    holdMe = false;
    currentMe = meFixture({ profile: { onboarding_completed: true, assessment_completed: false } });
    const { router } = renderGuard('/home');
    await waitFor(() => expect(eligibilityRequests).toHaveLength(1));
    await act(async () =>
      eligibilityRequests
        .splice(0)
        .forEach((r) => r.resolve(jsonResponse({ eligible: false, reason: 'assessment_not_available' }))),
    );
    expect(await screen.findByRole('heading', { name: 'Page /home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });
});
