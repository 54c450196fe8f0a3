import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { MeResponse } from '#core/api/account.ts';
import { LOADING_MESSAGE } from '#core/auth/messages.ts';
import {
  decideRoute,
  isAssessmentCandidate,
  type EligibilityStatus,
  type GuardAuth,
  type GuardProfileState,
  type RouteGuardInputs,
} from '#core/auth/route-guard.ts';
import { getAssessmentEligibilityQueryOptions } from '../../lib/api/assessment-eligibility.ts';
import { useMe } from '../../lib/api/me.ts';
import { ErrorScreen } from '../../ui/ErrorScreen.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';

/** Props of {@link RouteGuard}. */
export interface RouteGuardProps {
  /** What to show once allowed; defaults to the route's `<Outlet />`. */
  children?: ReactNode;
}

/** What the guard reads from one GET /api/me state (spec §4.2 auth, profile, reading sessions). */
export function guardInputsFromMe(
  me: { isPending: boolean; isError: boolean; data: MeResponse | null | undefined },
  path: string,
): Omit<RouteGuardInputs, 'eligibility'> {
  const auth: GuardAuth = me.isPending
    ? { status: 'loading' }
    : me.data
      ? { status: 'signedIn', userId: me.data.user.id }
      : me.isError
        ? { status: 'loading' }
        : { status: 'signedOut' };
  const profile: GuardProfileState = me.data
    ? {
        status: 'loaded',
        profile: me.data.profile
          ? {
              onboardingCompleted: me.data.profile.onboarding_completed,
              assessmentCompleted: me.data.profile.assessment_completed,
            }
          : null,
      }
    : { status: 'loading' };
  return { path, auth, profile, hasReadingSessions: me.data?.hasReadingSessions ?? false };
}

/**
 * The route guard of every protected route (spec §2.2, §4.2): spinner 'Loading...' while auth,
 * profile or eligibility load → /login without a user → /onboarding until onboarding is completed
 * → /assessment when eligible → the page.
 *
 * The decision is the pure {@link decideRoute} (core/auth/route-guard.ts), computed on every
 * render from the server's truth: GET /api/me (`['me']`) for the user, profile and reading
 * sessions, and GET /api/assessment-eligibility, asked (once per user) only when §4.2 step 4
 * could apply. Nothing is copied into a machine, so the verdict always belongs to the current
 * path and user. Whether the assessment screen exists is the server's to say (docs/decisions/0008):
 * until it does, the server answers "not eligible". machines/route-guard.machine.ts models the
 * same behaviour; RouteGuard.test.tsx replays its generated paths through this component.
 *
 * A failed GET /api/me (other than "signed out") shows the error screen with 'Try Again'; a failed
 * eligibility check counts as unknown and shows the page (§8).
 */
export function RouteGuard({ children }: RouteGuardProps) {
  const me = useMe();
  const { pathname } = useLocation();
  const inputs = guardInputsFromMe(me, pathname);
  const userId = inputs.auth.status === 'signedIn' ? inputs.auth.userId : '';
  const eligibility = useQuery({
    ...getAssessmentEligibilityQueryOptions(userId),
    enabled: isAssessmentCandidate(inputs),
  });
  const decision = decideRoute({ ...inputs, eligibility: eligibilityStatus(eligibility) });

  if (me.isError && !me.data) {
    return (
      <main id="main" tabIndex={-1}>
        <ErrorScreen error={me.error} onRetry={() => void me.refetch()} />
      </main>
    );
  }
  if (decision.kind === 'loading') {
    return (
      <main id="main" tabIndex={-1} className="guard-loading">
        <LoadingIndicator message={LOADING_MESSAGE} size="page" />
      </main>
    );
  }
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children ?? <Outlet />}</>;
}

/**
 * The eligibility query as §4.2 sees it: an answer (`eligible` / `notEligible`), a failure
 * (`unknown`, §8: never redirects), in flight without an answer (`checking`: the spinner), or not
 * asked (`pending`).
 */
function eligibilityStatus(query: {
  data: { eligible: boolean } | undefined;
  isError: boolean;
  isFetching: boolean;
}): EligibilityStatus {
  if (query.data) return query.data.eligible ? 'eligible' : 'notEligible';
  if (query.isError) return 'unknown';
  return query.isFetching ? 'checking' : 'pending';
}
