/**
 * A reader's class endpoints (core/api/classes.ts; docs/decisions/0046-classes.md): the reader's classes, which
 * class a code belongs to, joining it, and leaving a class; and the reader's assignments in those classes
 * (core/api/assignments.ts; docs/decisions/0047-assignments.md). Anyone who is not a reader (student or other) gets
 * 403 `not_a_reader` from all of them. Routes: server/routes/classes/classes.routes.ts (/api/classroom), called
 * through the typed client.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReaderAssignmentList } from '#core/api/assignments.ts';
import type { Classroom, ClassCodeRequest, JoinedClassResponse } from '#core/api/classes.ts';
import { api } from './client.ts';
import { ApiError, call, retryUnlessRefused } from './http.ts';

/** Query key of the signed-in reader's classes. */
export const CLASSROOM_QUERY_KEY = ['classroom'] as const;

/**
 * Query key of the signed-in reader's assignments. Under {@link CLASSROOM_QUERY_KEY}: joining or leaving a class,
 * which invalidates the classroom's key, asks for the assignments again too (a new class's assignments show, and a
 * class left takes its assignments with it: ADR 0047).
 */
export const MY_ASSIGNMENTS_QUERY_KEY = [...CLASSROOM_QUERY_KEY, 'assignments'] as const;

/** Whether `error` is the API's refusal of an account that is not a reader's (403 `not_a_reader`). */
export function isNotAReader(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'not_a_reader';
}

/** GET /api/classroom: the reader's classes, oldest joined first. @throws {ApiError} `not_a_reader` */
export function fetchClassroom(): Promise<Classroom> {
  return call(api.classroom.$get());
}

/**
 * GET /api/classroom/assignments: the reader's assignments in every class they are in, not done first (by due day,
 * no day last, then oldest set first), then done (newest set first). @throws {ApiError} `not_a_reader`
 */
export function fetchMyAssignments(): Promise<ReaderAssignmentList> {
  return call(api.classroom.assignments.$get());
}

/** Options of {@link useClassroom}: `enabled` false while the viewer is not known to be a reader. */
export interface ClassroomQueryOptions {
  enabled?: boolean;
}

/** The signed-in reader's classes, each with its grade and its teacher's name. */
export function useClassroom({ enabled = true }: ClassroomQueryOptions = {}) {
  return useQuery(
    queryOptions({
      queryKey: CLASSROOM_QUERY_KEY,
      queryFn: fetchClassroom,
      enabled,
      retry: retryUnlessRefused,
    }),
  );
}

/**
 * The signed-in reader's assignments, in the server's order, each with whether the reader has read it since it was
 * set. Never fresh (staleTime 0), and asked again when the tab comes back: a reading saved on Reading Practice shows
 * as done as soon as My Classroom is opened again.
 */
export function useMyAssignments({ enabled = true }: ClassroomQueryOptions = {}) {
  return useQuery(
    queryOptions({
      queryKey: MY_ASSIGNMENTS_QUERY_KEY,
      queryFn: fetchMyAssignments,
      enabled,
      retry: retryUnlessRefused,
      staleTime: 0,
      refetchOnWindowFocus: true,
    }),
  );
}

/**
 * Which class a code belongs to (POST /api/classroom/preview → 200 `{ class }`, joinedAt set when the reader is in
 * it already), so the reader hears the class and the teacher before joining. Changes nothing, but counts as a try.
 * @throws {ApiError} `class_code_invalid`, `rate_limited` (details `{ retryAfterSeconds }`), `not_a_reader`,
 *   `invalid_input`
 */
export function usePreviewClass() {
  return useMutation({
    mutationFn: (request: ClassCodeRequest): Promise<JoinedClassResponse> =>
      call(api.classroom.preview.$post({ json: request })),
    // Not retried: every look-up is one of the reader's 10 tries in 15 minutes (ADR 0046).
    retry: false,
  });
}

/**
 * Joins the class of a code (POST /api/classroom/join → 201 joined, 200 in it already); the class is added to the
 * list at once and the list refreshed either way, so a class joined behind a lost answer still shows; the
 * assignments are asked for again with it (their key is under the classroom's), so the new class's show.
 * @throws {ApiError} `class_code_invalid`, `class_full`, `too_many_classes`, `rate_limited` (details
 *   `{ retryAfterSeconds }`), `not_a_reader`, `invalid_input`
 */
export function useJoinClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ClassCodeRequest): Promise<JoinedClassResponse> =>
      call(api.classroom.join.$post({ json: request })),
    // Not retried: a retry spends another try, and a join is only sure once the list says so.
    retry: false,
    onSuccess: ({ class: joined }) =>
      queryClient.setQueryData<Classroom>(CLASSROOM_QUERY_KEY, (old) =>
        old && !old.classes.some((c) => c.id === joined.id) ? { classes: [...old.classes, joined] } : old,
      ),
    // The classroom's key and every key under it: the classes and the assignments.
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLASSROOM_QUERY_KEY }),
  });
}

/**
 * Leaves a class (DELETE /api/classroom/:classId → 204): the teacher no longer sees this reader's reading. The
 * class and its assignments go from the lists at once, and both lists are asked for again (the assignments' key is
 * under the classroom's). @throws {ApiError} `not_found` when the reader is not in it (any more)
 */
export function useLeaveClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (classId: string) => call(api.classroom[':classId'].$delete({ param: { classId } })),
    retry: false,
    onSuccess: (_answer, classId) => {
      queryClient.setQueryData<Classroom>(CLASSROOM_QUERY_KEY, (old) =>
        old ? { classes: old.classes.filter((c) => c.id !== classId) } : old,
      );
      queryClient.setQueryData<ReaderAssignmentList>(MY_ASSIGNMENTS_QUERY_KEY, (old) =>
        old ? { assignments: old.assignments.filter((a) => a.classId !== classId) } : old,
      );
    },
    // The classroom's key and every key under it: the classes and the assignments.
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLASSROOM_QUERY_KEY }),
  });
}
