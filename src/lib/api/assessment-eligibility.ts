/**
 * GET /api/assessment-eligibility (spec §7.4 check_assessment_eligibility), read by the route
 * guard when §4.2 step 4 could apply. The server alone decides whether the assessment exists
 * (docs/decisions/0008): until it does, it answers "not eligible".
 */
import { queryOptions } from '@tanstack/react-query';
import type { EligibilityResponse } from '#core/api/account.ts';
import { api } from './client.ts';
import { call } from './http.ts';

/** Fetches eligibility for the signed-in user. @throws {ApiError} on failure */
export async function fetchAssessmentEligibility(): Promise<EligibilityResponse> {
  return call(api['assessment-eligibility'].$get());
}

/**
 * How long a "put off" answer (`reason: 'deferred'`, "Not now" on the Reading Assessment) is trusted before it
 * is asked again: a classroom tablet left open overnight is asked again the next day without a reload, at
 * most this long after the 24 hours of "Not now" end (ADR 0038).
 */
export const DEFERRED_ELIGIBILITY_STALE_MS = 60 * 60 * 1000;

/**
 * Query options, keyed per user so a different account asks again. Asked once per user and
 * page load (not retried: a failure counts as "unknown", spec §8), and never stale, except a "put off"
 * answer, which goes stale after {@link DEFERRED_ELIGIBILITY_STALE_MS} so the guard asks again when the
 * page is next used (window focus, a new screen).
 */
export function getAssessmentEligibilityQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['assessment-eligibility', userId],
    queryFn: fetchAssessmentEligibility,
    retry: false,
    staleTime: (query) =>
      query.state.data?.reason === 'deferred' ? DEFERRED_ELIGIBILITY_STALE_MS : Number.POSITIVE_INFINITY,
  });
}
