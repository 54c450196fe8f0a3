/**
 * Enhanced Reports' endpoints (core/api/enhanced-reports.ts; docs/decisions/0053-enhanced-reports.md): the signed-in
 * reader's own report, and a followed reader's for a guardian, over a period.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EnhancedPeriod } from '#core/api/enhanced-reports.ts';
import { api } from './client.ts';
import { call } from './http.ts';

/**
 * Query key of every Enhanced Reports entry: one prefix, invalidated whole when a reading is saved
 * (features/fluency/use-fluency-session.ts) or deleted (features/fluency/api/delete-reading-session.ts).
 */
export const ENHANCED_REPORTS_QUERY_KEY = ['enhanced-reports'] as const;

/** Query key of a report: the user's own (`childId` null) or a followed reader's, for a period. */
export function enhancedReportQueryKey(childId: string | null, period: EnhancedPeriod) {
  return [...ENHANCED_REPORTS_QUERY_KEY, childId ?? 'own', period] as const;
}

/** GET /api/reports/enhanced?period=. @throws {ApiError} */
export function fetchOwnEnhancedReport(period: EnhancedPeriod) {
  return call(api.reports.enhanced.$get({ query: { period } }));
}

/** GET /api/family/children/:childId/enhanced-report?period= (the id encoded by `api`). @throws {ApiError} `not_found` */
export function fetchChildEnhancedReport(childId: string, period: EnhancedPeriod) {
  return call(
    api.family.children[':childId']['enhanced-report'].$get({ param: { childId }, query: { period } }),
  );
}

/** The signed-in user's own report for `period`; asked only when `enabled` (a reader's account). */
export function useOwnEnhancedReport(period: EnhancedPeriod, options: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: enhancedReportQueryKey(null, period),
      queryFn: () => fetchOwnEnhancedReport(period),
      enabled: options.enabled ?? true,
    }),
  );
}

/** A followed reader's report for `period`. @throws {ApiError} `not_found` once the reader is no longer followed */
export function useChildEnhancedReport(childId: string, period: EnhancedPeriod) {
  return useQuery(
    queryOptions({
      queryKey: enhancedReportQueryKey(childId, period),
      queryFn: () => fetchChildEnhancedReport(childId, period),
    }),
  );
}
