/**
 * Reading Goals' endpoints (core/api/goals.ts; docs/decisions/0042-reading-goals.md): the user's own goal and
 * their followed readers' goals, and a guardian setting or removing one.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetGoalRequest } from '#core/api/goals.ts';
import { api } from './client.ts';
import { call } from './http.ts';

/** Query key of the goals. */
export const GOALS_QUERY_KEY = ['goals'] as const;

/** GET /api/goals. @throws {ApiError} */
export function fetchGoals() {
  return call(api.goals.$get());
}

/** The user's own goal and, for a guardian, each followed reader's. */
export function useGoals() {
  return useQuery(queryOptions({ queryKey: GOALS_QUERY_KEY, queryFn: fetchGoals }));
}

/** Sets or changes a followed reader's goal (PUT /api/goals/:childId). @throws {ApiError} `not_found`, `invalid_input` */
export function useSetGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ childId, ...request }: SetGoalRequest & { childId: string }) =>
      call(api.goals[':childId'].$put({ param: { childId }, json: request })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: GOALS_QUERY_KEY }),
  });
}

/** Removes a followed reader's goal (DELETE /api/goals/:childId). @throws {ApiError} `not_found` */
export function useRemoveGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (childId: string) => call(api.goals[':childId'].$delete({ param: { childId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: GOALS_QUERY_KEY }),
  });
}
