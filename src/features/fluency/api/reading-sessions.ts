/**
 * GET /api/reading-sessions: the reader's sessions, newest first (spec §7.3). A failure is only
 * logged and the list stays empty (spec §8 "Reading sessions fetch fails").
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { call } from '../../../lib/api/http.ts';

/** Query key of the session list; invalidated after a saved session. */
export const READING_SESSIONS_QUERY_KEY = ['reading-sessions'] as const;

/** Fetches the sessions. @throws {ApiError} */
export async function fetchReadingSessions() {
  return (await call(api['reading-sessions'].$get())).sessions;
}

/** Query options of the session list. */
export function getReadingSessionsQueryOptions() {
  return queryOptions({ queryKey: READING_SESSIONS_QUERY_KEY, queryFn: fetchReadingSessions });
}

/** The reader's sessions, newest first. */
export function useReadingSessions() {
  return useQuery(getReadingSessionsQueryOptions());
}
