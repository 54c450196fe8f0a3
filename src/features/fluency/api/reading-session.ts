/**
 * GET /api/reading-sessions/:id: one of the reader's own readings with its per-word result, to open a
 * past reading again from the progress (docs/decisions/0036-reopen-a-past-reading.md). 404
 * `session_not_found` for an unknown, deleted or another user's id alike.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { ApiError, call } from '../../../lib/api/http.ts';

/** Query key of one session; the list's key is its prefix, so refreshing the list refreshes it too. */
export const readingSessionQueryKey = (id: string) => ['reading-sessions', id] as const;

/**
 * Fetches one session.
 * @param id the session's id (any string: a malformed one is answered 404 by the server)
 * @returns `{ session, result }`; `result` is null for a reading saved without a per-word result
 * @throws {ApiError} 404 `session_not_found`; status 0 on a network failure
 */
export async function fetchReadingSession(id: string) {
  return call(api['reading-sessions'][':id'].$get({ param: { id } }));
}

/** Query options of one session. A 404 is final: it is not retried. */
export function getReadingSessionQueryOptions(id: string) {
  return queryOptions({
    queryKey: readingSessionQueryKey(id),
    queryFn: () => fetchReadingSession(id),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}

/** One of the reader's readings, with its per-word result. */
export function useReadingSession(id: string) {
  return useQuery(getReadingSessionQueryOptions(id));
}
