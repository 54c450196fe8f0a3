/**
 * "Not now" on the Reading Assessment: POST /api/assessment/defer puts the assessment off for a day
 * (docs/decisions/0038-reading-assessment.md), so the route guard (spec §4.2 step 4) stops sending the
 * reader to it until then. The answer goes straight into the guard's eligibility cache, so the next
 * page opens without asking the server again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EligibilityResponse } from '#core/api/account.ts';
import { api } from './client.ts';
import { call } from './http.ts';
import { getAssessmentEligibilityQueryOptions } from './assessment-eligibility.ts';

/** POST /api/assessment/defer. @throws {ApiError} `assessment_completed` (409), `unauthenticated` */
export function postDeferAssessment() {
  return call(api.assessment.defer.$post());
}

/**
 * Puts the signed-in reader's assessment off.
 * @param userId the signed-in user's id (the eligibility cache is kept per user)
 */
export function useDeferAssessment(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDeferAssessment,
    onSuccess: () => {
      queryClient.setQueryData<EligibilityResponse>(getAssessmentEligibilityQueryOptions(userId).queryKey, {
        eligible: false,
        reason: 'deferred',
      });
    },
  });
}
