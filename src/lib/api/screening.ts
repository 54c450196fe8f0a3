/**
 * The Reading Screening's endpoints (core/api/screening.ts; docs/decisions/0049-reading-screening.md): the reader's
 * screening state, starting or resuming a screening, the complete screenings (Screening History) and deleting one.
 * Each passage's reading is uploaded with the reading sessions' own upload (`screeningId`,
 * src/features/fluency/api/save-reading-session.ts). Anyone who is not a reader gets 403 `not_a_reader`.
 *
 * Routes: server/routes/screening/screening.routes.ts, called through the typed client; every answer is also checked
 * against its schema (a changed server fails here with `bad_answer`, not in a component).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ScreeningListSchema,
  ScreeningResponseSchema,
  ScreeningStateSchema,
  type Screening,
  type ScreeningList,
  type ScreeningState,
} from '#core/api/screening.ts';
import { api } from './client.ts';
import { ApiError, call, retryUnlessRefused } from './http.ts';

/** Every screening query starts with it: invalidating it refreshes the screening page and the history. */
export const SCREENING_QUERY_KEY = ['screening'] as const;
/** Query key of the reader's screening state (GET /api/screening). */
export const SCREENING_STATE_QUERY_KEY = [...SCREENING_QUERY_KEY, 'state'] as const;
/** Query key of the reader's complete screenings (GET /api/screenings). */
export const SCREENING_LIST_QUERY_KEY = [...SCREENING_QUERY_KEY, 'list'] as const;

/** Whether `error` is the API's refusal of someone who is not a reader (403 `not_a_reader`). */
export function isNotAReader(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'not_a_reader';
}

/**
 * Never fresh, and asked again when the tab comes back (as the class data, src/lib/api/classes.ts): a reading saved
 * in another tab moves the screening on, and a screening deleted there leaves the history.
 */
const ALWAYS_ASK = { staleTime: 0, refetchOnWindowFocus: true } as const;

/** A success body checked against `schema`; a shape mismatch is thrown as `bad_answer`. */
async function checked<T extends z.ZodType>(schema: T, answer: Promise<unknown>): Promise<z.infer<T>> {
  const parsed = schema.safeParse(await answer);
  if (!parsed.success) throw new ApiError(200, 'bad_answer', 'The server answered something unexpected.');
  return parsed.data;
}

/**
 * GET /api/screening: whether the reader may take the screening (`refusal`), the unfinished one to go on with, and
 * the last complete one. @throws {ApiError} 403 `not_a_reader`
 */
export function fetchScreeningState(): Promise<ScreeningState> {
  return checked(ScreeningStateSchema, call(api.screening.$get()));
}

/**
 * POST /api/screenings: a new screening (201), or the unfinished one started less than 2 hours ago (200).
 * @throws {ApiError} 409 `screening_not_available` (`details.reason` `pre_reader`, `no_grade` or `too_early` (grade
 *   1 in the fall), or `no_passages` for a library without stories of the grade), 403 `not_a_reader`, 429
 *   `rate_limited`
 */
export async function startScreening(): Promise<Screening> {
  const { screening } = await checked(ScreeningResponseSchema, call(api.screenings.$post({ json: {} })));
  return screening;
}

/** GET /api/screenings: the reader's complete screenings, newest first. @throws {ApiError} 403 `not_a_reader` */
export function fetchScreenings(): Promise<ScreeningList> {
  return checked(ScreeningListSchema, call(api.screenings.$get()));
}

/**
 * DELETE /api/screenings/:screeningId → 204. Its readings stay the reader's.
 * @throws {ApiError} 404 `not_found` (not the reader's, or already deleted)
 */
export async function deleteScreening(screeningId: string): Promise<void> {
  await call(api.screenings[':screeningId'].$delete({ param: { screeningId } }));
}

/** Options of the queries below. */
export interface ScreeningQueryOptions {
  enabled?: boolean;
}

/** The signed-in reader's screening state. */
export function useScreeningState({ enabled = true }: ScreeningQueryOptions = {}) {
  return useQuery(
    queryOptions({
      queryKey: SCREENING_STATE_QUERY_KEY,
      queryFn: fetchScreeningState,
      enabled,
      retry: retryUnlessRefused,
      ...ALWAYS_ASK,
    }),
  );
}

/** The signed-in reader's complete screenings, newest first (Screening History). */
export function useScreenings({ enabled = true }: ScreeningQueryOptions = {}) {
  return useQuery(
    queryOptions({
      queryKey: SCREENING_LIST_QUERY_KEY,
      queryFn: fetchScreenings,
      enabled,
      retry: retryUnlessRefused,
      ...ALWAYS_ASK,
    }),
  );
}

/** Every screening query asked for again (after a reading of a screening, a start or a delete). */
export function refreshScreenings(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: SCREENING_QUERY_KEY });
}

/** Starts (or resumes) a screening; the state is asked for again afterwards. */
export function useStartScreening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startScreening,
    retry: retryUnlessRefused,
    onSettled: () => refreshScreenings(queryClient),
  });
}

/**
 * Deletes a screening: it leaves the cached history at once, and every screening query is asked for again. A 404
 * (already deleted, in another tab) is not a failure: it is gone, as asked.
 */
export function useDeleteScreening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (screeningId: string) => {
      try {
        await deleteScreening(screeningId);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    onSuccess: (_, screeningId) => {
      queryClient.setQueryData<ScreeningList>(SCREENING_LIST_QUERY_KEY, (old) =>
        old ? { screenings: old.screenings.filter((s) => s.id !== screeningId) } : old,
      );
    },
    onSettled: () => refreshScreenings(queryClient),
  });
}
