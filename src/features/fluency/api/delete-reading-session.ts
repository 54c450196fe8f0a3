/**
 * DELETE /api/reading-sessions/:id: the reading, its recording and its activity row (issue #14 item 11).
 * Refreshes the session list, the statistics, the current user (whether they have readings) and Enhanced Reports.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { ENHANCED_REPORTS_QUERY_KEY } from '../../../lib/api/enhanced-reports.ts';
import { call } from '../../../lib/api/http.ts';
import { ME_QUERY_KEY } from '../../../lib/api/me.ts';
import { READING_SESSIONS_QUERY_KEY } from './reading-sessions.ts';
import { READING_STATS_QUERY_KEY } from './reading-stats.ts';

/** Deletes one reading. @throws {ApiError} 404 `session_not_found` */
export async function deleteReadingSession(id: string): Promise<void> {
  await call(api['reading-sessions'][':id'].$delete({ param: { id } }));
}

/** Mutation for {@link deleteReadingSession}. */
export function useDeleteReadingSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReadingSession,
    // The list exactly: the deleted reading's own query (['reading-sessions', id], ADR 0036) is not
    // fetched again, so a past reading being deleted does not flash "This reading is not here" before it
    // closes; once unobserved it leaves the cache as any query does.
    onSettled: () =>
      Promise.all([
        ...[READING_SESSIONS_QUERY_KEY, READING_STATS_QUERY_KEY, ME_QUERY_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey, exact: true }),
        ),
        // Every period of the reader's Enhanced Reports (ADR 0053): the prefix, not one entry.
        queryClient.invalidateQueries({ queryKey: ENHANCED_REPORTS_QUERY_KEY }),
      ]),
  });
}
