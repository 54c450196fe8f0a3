/**
 * A teacher's reading assignments (core/api/assignments.ts; docs/decisions/0047-assignments.md): their assignments
 * in every class, one assignment with each reader's work, setting one for a class and deleting one; and the reading
 * record of one reader's reading of it, with its recording (docs/decisions/0048-reading-record.md). Anyone who is
 * not a teacher gets 403 `not_a_teacher`.
 * Routes: server/routes/assignments/assignments.routes.ts, called through the typed client.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AssignmentReadingSchema,
  type AssignmentDetail,
  type AssignmentList,
  type AssignmentReading,
  type AssignmentResponse,
  type CreateAssignmentRequest,
} from '#core/api/assignments.ts';
import { CLASS_LIST_QUERY_KEY, CLASSES_QUERY_KEY } from './classes.ts';
import { api } from './client.ts';
import { ApiError, call, retryUnlessRefused } from './http.ts';
import { fetchRecordingAudio } from './recording-audio.ts';

/**
 * Every assignment query starts with it. Under the classes' key ({@link CLASSES_QUERY_KEY}): a class renamed or
 * deleted, which invalidates every class query, refreshes the assignments too (their class names, and a deleted
 * class's assignments are gone with it).
 */
export const ASSIGNMENTS_QUERY_KEY = [...CLASSES_QUERY_KEY, 'assignments'] as const;
/** Query key of the teacher's assignments. */
export const ASSIGNMENT_LIST_QUERY_KEY = [...ASSIGNMENTS_QUERY_KEY, 'list'] as const;

/** Query key of one assignment with its results. */
export function assignmentQueryKey(assignmentId: string) {
  return [...ASSIGNMENTS_QUERY_KEY, 'detail', assignmentId] as const;
}

/** Query key of one reading record. */
export function assignmentReadingQueryKey(assignmentId: string, readingId: string) {
  return [...ASSIGNMENTS_QUERY_KEY, 'reading', assignmentId, readingId] as const;
}

/**
 * Never fresh, and asked again when the tab comes back, as every class query (src/lib/api/classes.ts): a reader who
 * leaves a class takes their work out of the teacher's view at once (ADR 0046, 0047), and a reading just saved
 * should show.
 */
const ALWAYS_ASK = { staleTime: 0, refetchOnWindowFocus: true } as const;

/** GET /api/assignments: the teacher's assignments, newest first. @throws {ApiError} `not_a_teacher` */
export function fetchAssignments(): Promise<AssignmentList> {
  return call(api.assignments.$get());
}

/**
 * GET /api/assignments/:assignmentId: one assignment and every reader now in its class.
 * @throws {ApiError} `not_found`
 */
export function fetchAssignment(assignmentId: string): Promise<AssignmentDetail> {
  return call(api.assignments[':assignmentId'].$get({ param: { assignmentId } }));
}

/**
 * GET /api/assignments/:assignmentId/readings/:readingId: the reading record of one reader's reading of an
 * assignment's story, checked against its schema (a result saved before `unsure` existed reads as sure).
 * @throws {ApiError} 404 `reading_not_found` (not the teacher's to open: another teacher's assignment, a reader who
 *   left, a reading deleted, …), 403 `not_a_teacher`, `bad_answer` for an answer of another shape
 */
export async function fetchAssignmentReading(
  assignmentId: string,
  readingId: string,
): Promise<AssignmentReading> {
  const body: unknown = await call(
    api.assignments[':assignmentId'].readings[':readingId'].$get({ param: { assignmentId, readingId } }),
  );
  const parsed = AssignmentReadingSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(200, 'bad_answer', 'The server answered something unexpected.');
  return parsed.data;
}

/** The path of one word's clip of a reading record's recording. */
export function assignmentReadingAudioPath(
  assignmentId: string,
  readingId: string,
  wordIndex: number,
): string {
  return `/api/assignments/${encodeURIComponent(assignmentId)}/readings/${encodeURIComponent(readingId)}/audio?word=${wordIndex}`;
}

/**
 * GET /api/assignments/:assignmentId/readings/:readingId/audio?word={index}: one word of the reader's recording of a
 * reading the teacher may open (audio/wav, never cached), cut on the server, for "Listen to a word" (ADR 0048).
 * @throws {ApiError} 404 `audio_not_found` when no longer kept (30 days, or deleted by the reader), not the teacher's
 *   to hear, or a word without audio; status 0 on a network failure
 */
export function fetchAssignmentReadingWord(
  assignmentId: string,
  readingId: string,
  wordIndex: number,
): Promise<ArrayBuffer> {
  return fetchRecordingAudio(assignmentReadingAudioPath(assignmentId, readingId, wordIndex));
}

/**
 * POST /api/classes/:classId/assignments → 201.
 * @throws {ApiError} `too_many_assignments`, `invalid_input`, `not_found`, `story_not_found`, `rate_limited`
 */
export function createAssignment({
  classId,
  ...request
}: CreateAssignmentRequest & { classId: string }): Promise<AssignmentResponse> {
  return call(api.classes[':classId'].assignments.$post({ param: { classId }, json: request }));
}

/** DELETE /api/assignments/:assignmentId → 204. @throws {ApiError} `not_found` */
export async function deleteAssignment(assignmentId: string): Promise<void> {
  await call(api.assignments[':assignmentId'].$delete({ param: { assignmentId } }));
}

/** Options of the queries below: `enabled` false while the viewer is not known to be a teacher. */
export interface AssignmentQueryOptions {
  enabled?: boolean;
}

/** The teacher's assignments in every class, newest first, each with how many readers have read it. */
export function useAssignments({ enabled = true }: AssignmentQueryOptions = {}) {
  return useQuery(
    queryOptions({
      queryKey: ASSIGNMENT_LIST_QUERY_KEY,
      queryFn: fetchAssignments,
      enabled,
      retry: retryUnlessRefused,
      ...ALWAYS_ASK,
    }),
  );
}

/**
 * One assignment with each reader's work; a 404 means it is not the teacher's (or was deleted). Not kept once no
 * page shows it (gcTime 0), as a reader's report: readers' work is never shown again from the cache.
 */
export function useAssignment(assignmentId: string, { enabled = true }: AssignmentQueryOptions = {}) {
  return useQuery(
    queryOptions({
      queryKey: assignmentQueryKey(assignmentId),
      queryFn: () => fetchAssignment(assignmentId),
      enabled,
      retry: retryUnlessRefused,
      ...ALWAYS_ASK,
      gcTime: 0,
    }),
  );
}

/**
 * One reading record (ADR 0048); a 404 means it is not the teacher's to open. Never fresh, and not kept once no page
 * shows it (gcTime 0), as an assignment's results: a reader who left the class, or deleted the reading, takes it out
 * of the teacher's view at once.
 */
export function useAssignmentReading(
  assignmentId: string,
  readingId: string,
  { enabled = true }: AssignmentQueryOptions = {},
) {
  return useQuery(
    queryOptions({
      queryKey: assignmentReadingQueryKey(assignmentId, readingId),
      queryFn: () => fetchAssignmentReading(assignmentId, readingId),
      enabled,
      retry: retryUnlessRefused,
      ...ALWAYS_ASK,
      gcTime: 0,
    }),
  );
}

/**
 * Sets an assignment (POST /api/classes/:classId/assignments); it is put first in the cached list at once, and the
 * list is asked for again; a 404 `not_found` (the class is gone) refreshes the teacher's classes. Not retried: a retry after a lost answer would set it twice.
 */
export function useCreateAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssignment,
    retry: false,
    onSuccess: ({ assignment }) => {
      queryClient.setQueryData<AssignmentList>(ASSIGNMENT_LIST_QUERY_KEY, (old) =>
        old && !old.assignments.some((a) => a.id === assignment.id)
          ? { assignments: [assignment, ...old.assignments] }
          : old,
      );
    },
    onError: (error) =>
      // The class is gone (deleted in another tab): the class list is asked for again, so it leaves the choices.
      error instanceof ApiError && error.code === 'not_found'
        ? queryClient.invalidateQueries({ queryKey: CLASS_LIST_QUERY_KEY })
        : undefined,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ASSIGNMENT_LIST_QUERY_KEY }),
  });
}

/**
 * Deletes an assignment (DELETE /api/assignments/:assignmentId → 204; the readers' readings stay). Its query is
 * dropped (not refetched into a 404) and it leaves the cached list; the list is asked for again. A 404 (deleted
 * in another tab) does the same, so the list does not keep it.
 */
export function useDeleteAssignment() {
  const queryClient = useQueryClient();
  const forget = (assignmentId: string) => {
    queryClient.removeQueries({ queryKey: assignmentQueryKey(assignmentId) });
    queryClient.setQueryData<AssignmentList>(ASSIGNMENT_LIST_QUERY_KEY, (old) =>
      old ? { assignments: old.assignments.filter((a) => a.id !== assignmentId) } : old,
    );
    return queryClient.invalidateQueries({ queryKey: ASSIGNMENT_LIST_QUERY_KEY });
  };
  return useMutation({
    mutationFn: deleteAssignment,
    retry: false,
    onSuccess: (_answer, assignmentId) => forget(assignmentId),
    onError: (error, assignmentId) => {
      if (error instanceof ApiError && error.status === 404) return forget(assignmentId);
      return queryClient.invalidateQueries({ queryKey: ASSIGNMENTS_QUERY_KEY });
    },
  });
}
