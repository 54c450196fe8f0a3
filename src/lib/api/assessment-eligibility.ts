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
 * Query options, keyed per user so a different account asks again. Asked once per user and
 * page load (never stale, not retried: a failure counts as "unknown", spec §8).
 */
export function getAssessmentEligibilityQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['assessment-eligibility', userId],
    queryFn: fetchAssessmentEligibility,
    retry: false,
    staleTime: Infinity,
  });
}
