/**
 * GET /api/reading-stats: chart of the last 10 sessions, averages, recent progress, per-story
 * performance and streak (spec §9 reading statistics, §3, §4.6). Shared: Reading Practice shows them, and
 * My Learning Path counts the readings and says the latest (docs/decisions/0052-my-learning-path.md).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { call } from './http.ts';

/** Query key of the statistics; invalidated after a saved session. */
export const READING_STATS_QUERY_KEY = ['reading-stats'] as const;

/** Fetches the statistics. @throws {ApiError} */
export function fetchReadingStats() {
  return call(api['reading-stats'].$get());
}

/** Query options of the statistics. */
export function getReadingStatsQueryOptions() {
  return queryOptions({ queryKey: READING_STATS_QUERY_KEY, queryFn: fetchReadingStats });
}

/** The reader's statistics. */
export function useReadingStats() {
  return useQuery(getReadingStatsQueryOptions());
}
