/**
 * A class's figures for its teacher (core/api/class-analytics.ts; docs/decisions/0050-class-analytics-and-reports.md),
 * read by Class Analytics and Student Reports: the class's assignments in a period with the class's figures on each,
 * every reader now in the class with their latest counted reading of each, and the words most often read wrong.
 * Route: server/routes/class-analytics/class-analytics.routes.ts, called through the typed client.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassAnalytics, ClassAnalyticsQuery, ClassScreenings } from '#core/api/class-analytics.ts';
import { CLASSES_QUERY_KEY } from './classes.ts';
import { api } from './client.ts';
import { call, retryUnlessRefused } from './http.ts';

/**
 * Query key of one class's figures for a period. Under the classes' key: a class renamed or deleted, a reader
 * removed, or an assignment set or deleted (which invalidate every class query) refresh it.
 */
export function classAnalyticsQueryKey(classId: string, period: ClassAnalyticsQuery = {}) {
  return [...CLASSES_QUERY_KEY, 'analytics', classId, period.from ?? null, period.to ?? null] as const;
}

/**
 * GET /api/classes/:classId/analytics: one of the teacher's classes' figures, for the assignments set from `from` to
 * `to` (UTC days, both included; every assignment when neither is given).
 * @throws {ApiError} 404 `not_found` (not the teacher's class), 403 `not_a_teacher`, 422 `invalid_input` (a bad period)
 */
export function fetchClassAnalytics(
  classId: string,
  period: ClassAnalyticsQuery = {},
): Promise<ClassAnalytics> {
  const query: { from?: string; to?: string } = {};
  if (period.from !== undefined) query.from = period.from;
  if (period.to !== undefined) query.to = period.to;
  return call(api.classes[':classId'].analytics.$get({ param: { classId }, query }));
}

/**
 * One class's figures for a period. Never fresh and asked again when the tab comes back, as every class query
 * (a reader who leaves takes their work out of the teacher's view at once, ADR 0046); not kept once no page shows
 * it (gcTime 0): readers' work is never shown again from the cache.
 * @param classId - empty while no class is chosen (nothing is asked)
 */
export function useClassAnalytics(
  classId: string,
  period: ClassAnalyticsQuery = {},
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery(
    queryOptions({
      queryKey: classAnalyticsQueryKey(classId, period),
      queryFn: () => fetchClassAnalytics(classId, period),
      enabled: enabled && classId !== '',
      retry: retryUnlessRefused,
      staleTime: 0,
      gcTime: 0,
      refetchOnWindowFocus: true,
    }),
  );
}

/** Query key of one class's Reading Screenings. Under the classes' key, as {@link classAnalyticsQueryKey}. */
export function classScreeningsQueryKey(classId: string) {
  return [...CLASSES_QUERY_KEY, 'screenings', classId] as const;
}

/**
 * GET /api/classes/:classId/screenings: every reader now in one of the teacher's classes with their complete Reading
 * Screenings finished since they joined it, newest first (ADR 0050).
 * @throws {ApiError} 404 `not_found` (not the teacher's class), 403 `not_a_teacher`
 */
export function fetchClassScreenings(classId: string): Promise<ClassScreenings> {
  return call(api.classes[':classId'].screenings.$get({ param: { classId }, query: {} }));
}

/** One class's Reading Screenings; the same freshness and cache rules as {@link useClassAnalytics}. */
export function useClassScreenings(classId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: classScreeningsQueryKey(classId),
      queryFn: () => fetchClassScreenings(classId),
      enabled: enabled && classId !== '',
      retry: retryUnlessRefused,
      staleTime: 0,
      gcTime: 0,
      refetchOnWindowFocus: true,
    }),
  );
}
