/**
 * GET /api/scoring-queue/:key: where the reader's uploaded reading is while the server scores it
 * (server/jobs/scoring-queue.ts): waiting in line (its place and a rough wait) or being scored (an
 * estimate of progress). Asked every second while the page waits; `null` once the reading is neither
 * waiting nor running (the answer is on its way) or for a key the server does not know.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { ApiError, call } from '../../../lib/api/http.ts';

/** Query key of one reading's place in the scoring queue. */
export const scoringQueueQueryKey = (key: string) => ['scoring-queue', key] as const;

/** Fetches where the reading is; null when it is not queued (404 `not_queued`). @throws {ApiError} */
export async function fetchScoringStatus(key: string) {
  try {
    return await call(api['scoring-queue'][':key'].$get({ param: { key } }));
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_queued') return null;
    throw error;
  }
}

/** Query options: polled every second while enabled. */
export function getScoringStatusQueryOptions(key: string) {
  return queryOptions({
    queryKey: scoringQueueQueryKey(key),
    queryFn: () => fetchScoringStatus(key),
    enabled: key !== '',
    refetchInterval: 1000,
    retry: false,
  });
}

/** Where the reading with this idempotency key is (idle while `key` is empty). */
export function useScoringStatus(key: string | null) {
  return useQuery(getScoringStatusQueryOptions(key ?? ''));
}
