/**
 * The route guard's decision for a protected route, in the order of §4.2. Pure; the
 * route-guard machine (machines/route-guard.machine.ts) calls it on every change.
 */

/** §4.2 redirect targets. */
export type GuardRedirect = '/login' | '/onboarding' | '/assessment';

/** What the auth context knows about the user. */
export type GuardAuth =
  | { readonly status: 'loading' }
  | { readonly status: 'signedOut' }
  | { readonly status: 'signedIn'; readonly userId: string };

/** The two profile flags the guard reads (§3 profiles). */
export interface GuardProfile {
  /** profiles.onboarding_completed */
  readonly onboardingCompleted: boolean;
  /** profiles.assessment_completed */
  readonly assessmentCompleted: boolean;
}

/** The profile query's state: loading, or loaded (null when the user has no profile row). */
export type GuardProfileState =
  { readonly status: 'loading' } | { readonly status: 'loaded'; readonly profile: GuardProfile | null };

/**
 * What is known of check_assessment_eligibility (§7.4) for the current user:
 * - `pending`: not asked yet;
 * - `checking`: the call is in flight (counts as loading, §4.2 step 1);
 * - `eligible` / `notEligible`: the answer's `eligible` flag;
 * - `unknown`: the call failed (§8 "Eligibility is treated as unknown"), which never redirects.
 */
export type EligibilityStatus = 'pending' | 'checking' | 'eligible' | 'notEligible' | 'unknown';

/** Everything the guard decides on. */
export interface RouteGuardInputs {
  /** Current pathname, e.g. '/home'. */
  readonly path: string;
  /** Auth state. */
  readonly auth: GuardAuth;
  /** Profile state. */
  readonly profile: GuardProfileState;
  /** Whether the user has at least one reading_sessions row. */
  readonly hasReadingSessions: boolean;
  /** Assessment eligibility for the current user. */
  readonly eligibility: EligibilityStatus;
}

/** Why the guard is showing the spinner. `eligibility` includes "must ask first" (`pending`). */
export type LoadingReason = 'auth' | 'profile' | 'eligibility';

/** The guard's verdict. */
export type RouteDecision =
  | { readonly kind: 'loading'; readonly reason: LoadingReason }
  | { readonly kind: 'redirect'; readonly to: GuardRedirect }
  | { readonly kind: 'show' };

/** Paths the guard uses (§2.2). */
export const GUARD_PATHS = {
  login: '/login',
  onboarding: '/onboarding',
  assessment: '/assessment',
} as const;

/**
 * Whether §4.2 step 4's conditions other than eligibility hold: onboarding completed,
 * assessment not completed, no reading sessions, and the path is not /assessment. Only then
 * does the eligibility answer matter, so only then is it fetched.
 */
export function isAssessmentCandidate(inputs: Omit<RouteGuardInputs, 'eligibility'>): boolean {
  if (inputs.auth.status !== 'signedIn' || inputs.profile.status !== 'loaded') return false;
  const profile = inputs.profile.profile;
  return (
    profile !== null &&
    profile.onboardingCompleted &&
    !profile.assessmentCompleted &&
    !inputs.hasReadingSessions &&
    inputs.path !== GUARD_PATHS.assessment
  );
}

/**
 * The §4.2 decision, first match wins:
 * 1. auth, profile or eligibility loading → loading (spinner 'Loading...');
 * 2. no user → redirect /login;
 * 3. profile exists, onboarding not completed, path ≠ /onboarding → redirect /onboarding;
 * 4. onboarding completed, assessment not completed, no reading sessions, path ≠ /assessment,
 *    and eligible → redirect /assessment (eligibility not yet asked → loading, reason
 *    'eligibility', so the caller asks);
 * 5. otherwise show.
 *
 * The profile only counts as loading once there is a user (a signed-out visitor has no
 * profile query to wait for).
 *
 * @param inputs current auth, profile, sessions, eligibility and path
 */
export function decideRoute(inputs: RouteGuardInputs): RouteDecision {
  const { auth, profile, eligibility, path } = inputs;
  if (auth.status === 'loading') return { kind: 'loading', reason: 'auth' };
  if (auth.status === 'signedIn' && profile.status === 'loading')
    return { kind: 'loading', reason: 'profile' };
  if (eligibility === 'checking') return { kind: 'loading', reason: 'eligibility' };
  if (auth.status === 'signedOut') return { kind: 'redirect', to: GUARD_PATHS.login };
  const row = profile.status === 'loaded' ? profile.profile : null;
  if (row !== null && !row.onboardingCompleted && path !== GUARD_PATHS.onboarding) {
    return { kind: 'redirect', to: GUARD_PATHS.onboarding };
  }
  if (isAssessmentCandidate(inputs)) {
    if (eligibility === 'pending') return { kind: 'loading', reason: 'eligibility' };
    if (eligibility === 'eligible') return { kind: 'redirect', to: GUARD_PATHS.assessment };
  }
  return { kind: 'show' };
}
