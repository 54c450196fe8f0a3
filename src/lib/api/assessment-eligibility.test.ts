import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EligibilityResponse } from '#core/api/account.ts';
import {
  DEFERRED_ELIGIBILITY_STALE_MS,
  getAssessmentEligibilityQueryOptions,
} from './assessment-eligibility.ts';

afterEach(() => vi.useRealTimers());

/** Whether the guard's cached answer is stale after `ms`, for an answer set as "Not now" sets it. */
function staleAfter(answer: EligibilityResponse, ms: number): boolean {
  vi.useFakeTimers({ now: new Date('2026-11-29T18:00:00Z') });
  const client = new QueryClient();
  const options = getAssessmentEligibilityQueryOptions('user-1');
  client.setQueryData(options.queryKey, answer);
  vi.setSystemTime(Date.now() + ms);
  // An observer made then, as a screen opened then makes one (a result is worked out when it is made).
  // Not subscribed, so nothing is fetched (an observer with `enabled: false` never counts as stale).
  const observer = new QueryObserver(client, options);
  return observer.getCurrentResult().isStale;
}

describe('the route guard’s eligibility answer (spec §4.2 step 4)', () => {
  it('is kept for the page load, except "put off", which is asked again after an hour (a tablet left open)', () => {
    expect(staleAfter({ eligible: true, reason: 'eligible' }, 48 * 3_600_000)).toBe(false);
    expect(staleAfter({ eligible: false, reason: 'not_a_reader' }, 48 * 3_600_000)).toBe(false);
    expect(staleAfter({ eligible: false, reason: 'deferred' }, DEFERRED_ELIGIBILITY_STALE_MS - 1000)).toBe(
      false,
    );
    expect(staleAfter({ eligible: false, reason: 'deferred' }, DEFERRED_ELIGIBILITY_STALE_MS + 1000)).toBe(
      true,
    );
  });
});
