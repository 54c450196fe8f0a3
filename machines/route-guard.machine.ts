/**
 * The route guard of every protected route (§2.2, §4.2, §7.4, §8), as a statechart: the test
 * oracle of src/features/shell/RouteGuard.tsx.
 *
 * The decision itself is the pure {@link decideRoute} in core/auth/route-guard.ts; this
 * machine feeds it, asks check_assessment_eligibility when (and only when) §4.2 step 4
 * needs the answer, and keeps the answer per user. The app does not run it: RouteGuard computes
 * `decideRoute()` on every render from the `['me']` and eligibility queries (the one truth of who
 * is signed in), and the machine's generated paths are replayed through RouteGuard to check that
 * it behaves as modelled (RouteGuard.test.tsx). To run it, supply with `.provide()`:
 * - actor `checkAssessmentEligibility` (input `{ userId }`, resolves to an
 *   {@link EligibilityAnswer}; rejecting means an unexpected exception);
 * - action `navigate` (params `{ to }`), run on entering `redirecting` (default: nothing;
 *   the app may instead render a redirect from `context.redirectTo`).
 */
import { assign, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import { ERRORS } from '#core/auth/messages.ts';
import {
  decideRoute,
  type EligibilityStatus,
  type GuardAuth,
  type GuardProfileState,
  type GuardRedirect,
  type RouteDecision,
  type RouteGuardInputs,
} from '#core/auth/route-guard.ts';

export { decideRoute } from '#core/auth/route-guard.ts';

/**
 * The answer of check_assessment_eligibility (§7.4 "answer read as an object with
 * eligible"). `ok: false` is an error answer from the server (§8 'Failed to check
 * assessment eligibility').
 */
export type EligibilityAnswer = { readonly ok: true; readonly eligible: boolean } | { readonly ok: false };

/** What the guard is given by the app: everything but eligibility, which it finds out itself. */
export interface RouteGuardInput {
  /** Current pathname. */
  path: string;
  /** Auth state. */
  auth: GuardAuth;
  /** Profile state. */
  profile: GuardProfileState;
  /** Whether the user has at least one reading session. */
  hasReadingSessions: boolean;
}

/** Serialisable context. */
export interface RouteGuardContext extends RouteGuardInput {
  /** Eligibility for {@link RouteGuardContext.eligibilityUserId}. */
  eligibility: EligibilityStatus;
  /** The user the eligibility belongs to; a different user starts again from `pending`. */
  eligibilityUserId: string | null;
  /** §8: the stored eligibility error, or null. */
  error: string | null;
  /** Where `redirecting` sends the user; null otherwise. */
  redirectTo: GuardRedirect | null;
}

/** Events the app sends. */
export type RouteGuardEvent =
  /** Auth, profile or reading-session state changed (any subset). */
  | {
      type: 'guard.update';
      auth?: GuardAuth;
      profile?: GuardProfileState;
      hasReadingSessions?: boolean;
    }
  /** The location changed. */
  | { type: 'route.change'; path: string };

/** The decision inputs held in context. */
export function guardInputs(context: RouteGuardContext): RouteGuardInputs {
  return {
    path: context.path,
    auth: context.auth,
    profile: context.profile,
    hasReadingSessions: context.hasReadingSessions,
    eligibility: context.eligibility,
  };
}

function decide(context: RouteGuardContext): RouteDecision {
  return decideRoute(guardInputs(context));
}

function userIdOf(auth: GuardAuth): string | null {
  return auth.status === 'signedIn' ? auth.userId : null;
}

/**
 * The route-guard statechart (id `routeGuard`).
 *
 * States: `loading` (auth or profile loading: spinner 'Loading...'), `checkingEligibility`
 * (spinner; the eligibility call is in flight), `redirecting` (`context.redirectTo`:
 * /login, /onboarding or /assessment), `showing` (render the page). `evaluating` is
 * transient. Every `guard.update` / `route.change` re-decides, except while checking
 * eligibility for the same user: §4.2 step 1 keeps the spinner until the answer comes.
 *
 * Eligibility is asked once per user; a failed check is stored in `context.error` (§8) and
 * leaves eligibility `unknown`, which shows the page.
 */
export const routeGuardMachine = setup({
  types: {
    context: {} as RouteGuardContext,
    events: {} as RouteGuardEvent,
    input: {} as RouteGuardInput,
  },
  actors: {
    checkAssessmentEligibility: fromPromise<EligibilityAnswer, { userId: string }>(async () => {
      throw new Error("routeGuardMachine: actor 'checkAssessmentEligibility' was not provided");
    }) as PromiseActorLogic<EligibilityAnswer, { userId: string }>,
  },
  actions: {
    /** Navigate to a guard redirect; provided by the app (default: nothing). */
    navigate: (_, _params: { to: GuardRedirect }) => {},
    applyUpdate: assign(({ context, event }) => {
      const next: Partial<RouteGuardInput> =
        event.type === 'route.change'
          ? { path: event.path }
          : {
              ...(event.auth !== undefined && { auth: event.auth }),
              ...(event.profile !== undefined && { profile: event.profile }),
              ...(event.hasReadingSessions !== undefined && { hasReadingSessions: event.hasReadingSessions }),
            };
      const auth = next.auth ?? context.auth;
      const userId = userIdOf(auth);
      // A different user (or none) starts the eligibility question again.
      if (userId !== context.eligibilityUserId) {
        return { ...next, eligibility: 'pending' as const, eligibilityUserId: userId, error: null };
      }
      return next;
    }),
    markChecking: assign({ eligibility: 'checking' }),
    /** Leaving the check without an answer (the user changed) forgets that it was asked. */
    forgetUnfinishedCheck: assign({
      eligibility: ({ context }) => (context.eligibility === 'checking' ? 'pending' : context.eligibility),
    }),
    setEligibility: assign((_, params: { answer: EligibilityAnswer }) =>
      params.answer.ok
        ? {
            eligibility: params.answer.eligible ? ('eligible' as const) : ('notEligible' as const),
            error: null,
          }
        : { eligibility: 'unknown' as const, error: ERRORS.eligibilityFailed },
    ),
    setUnexpectedError: assign({ eligibility: 'unknown', error: ERRORS.unexpected }),
    setRedirect: assign({
      redirectTo: ({ context }) => {
        const d = decide(context);
        return d.kind === 'redirect' ? d.to : null;
      },
    }),
    clearRedirect: assign({ redirectTo: null }),
  },
  guards: {
    isEligibilityNeeded: ({ context }) => {
      const d = decide(context);
      return d.kind === 'loading' && d.reason === 'eligibility' && context.eligibility === 'pending';
    },
    isLoading: ({ context }) => decide(context).kind === 'loading',
    isRedirect: ({ context }) => decide(context).kind === 'redirect',
    isSameUser: ({ context, event }) =>
      event.type !== 'guard.update' ||
      event.auth === undefined ||
      userIdOf(event.auth) === context.eligibilityUserId,
  },
}).createMachine({
  id: 'routeGuard',
  context: ({ input }) => ({
    ...input,
    eligibility: 'pending',
    eligibilityUserId: userIdOf(input.auth),
    error: null,
    redirectTo: null,
  }),
  initial: 'evaluating',
  on: {
    'guard.update': { target: '.evaluating', actions: 'applyUpdate' },
    'route.change': { target: '.evaluating', actions: 'applyUpdate' },
  },
  states: {
    /** Transient: §4.2 in order. */
    evaluating: {
      always: [
        { guard: 'isEligibilityNeeded', target: 'checkingEligibility' },
        { guard: 'isLoading', target: 'loading' },
        { guard: 'isRedirect', target: 'redirecting' },
        { target: 'showing' },
      ],
    },
    /** §4.2 step 1: auth or profile loading; spinner 'Loading...'. */
    loading: {},
    /** §4.2 step 1 (eligibility loading) on the way to step 4. */
    checkingEligibility: {
      entry: 'markChecking',
      exit: 'forgetUnfinishedCheck',
      on: {
        'guard.update': [
          { guard: 'isSameUser', actions: 'applyUpdate' },
          { target: 'evaluating', actions: 'applyUpdate' },
        ],
        'route.change': { actions: 'applyUpdate' },
      },
      invoke: {
        id: 'checkAssessmentEligibility',
        src: 'checkAssessmentEligibility',
        input: ({ context }) => ({ userId: context.eligibilityUserId ?? '' }),
        onDone: {
          target: 'evaluating',
          actions: { type: 'setEligibility', params: ({ event }) => ({ answer: event.output }) },
        },
        onError: { target: 'evaluating', actions: 'setUnexpectedError' },
      },
    },
    /** §4.2 steps 2–4: go to `context.redirectTo`. */
    redirecting: {
      entry: [
        'setRedirect',
        { type: 'navigate', params: ({ context }) => ({ to: context.redirectTo ?? '/login' }) },
      ],
      exit: 'clearRedirect',
    },
    /** §4.2 step 5: show the page. */
    showing: {},
  },
});
