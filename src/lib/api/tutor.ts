/**
 * The tutor after reading's endpoint (core/api/tutor.ts): GET /api/tutor/plan. A saved reading
 * changes the plan: `invalidateAfterReading` (rewards.ts) marks it stale.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { call } from './http.ts';

/** Query key. */
export const TUTOR_PLAN_QUERY_KEY = ['tutor-plan'] as const;

/** GET /api/tutor/plan. @throws {ApiError} */
export function fetchTutorPlan() {
  return call(api.tutor.plan.$get({ query: {} }));
}
/** Query options of the reader's tutor plan. */
export function getTutorPlanQueryOptions() {
  return queryOptions({ queryKey: TUTOR_PLAN_QUERY_KEY, queryFn: fetchTutorPlan, retry: 1 });
}
/** The reader's tutor plan. */
export function useTutorPlan() {
  return useQuery(getTutorPlanQueryOptions());
}

/** POST /api/tutor/chat: Sparky's answer through OpenAI (only when the plan says `chat`). @throws {ApiError} */
export function askTutor(message: string) {
  return call(api.tutor.chat.$post({ json: { message } }));
}
/** Asks the tutor's chat. */
export function useAskTutor() {
  return useMutation({ mutationFn: askTutor });
}
