/**
 * A teacher's class endpoints (core/api/classes.ts; docs/decisions/0046-classes.md): their classes, making,
 * renaming and deleting one, its code, its roster, removing a reader, every reader of every class once, and one
 * reader's report. Anyone who is not a teacher gets 403 `not_a_teacher` from all of them.
 * Routes: server/routes/classes/classes.routes.ts, called through the typed client.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClassCodeInfo,
  ClassDetail,
  ClassList,
  ClassSummary,
  CreateClassRequest,
  UpdateClassRequest,
} from '#core/api/classes.ts';
import { api } from './client.ts';
import { ApiError, call, retryUnlessRefused } from './http.ts';

/** Every query of this file starts with it: invalidating it refreshes every class screen. */
export const CLASSES_QUERY_KEY = ['classes'] as const;
/** Query key of the teacher's classes. */
export const CLASS_LIST_QUERY_KEY = ['classes', 'list'] as const;
/** Query key of every reader in the teacher's classes. */
export const PUPILS_QUERY_KEY = ['classes', 'pupils'] as const;

/** Query key of one class with its roster. */
export function classQueryKey(classId: string) {
  return ['classes', 'class', classId] as const;
}

/** Every reader's report's query key starts with it. */
export const PUPIL_REPORTS_QUERY_KEY = ['classes', 'report'] as const;

/** Query key of one reader's report. */
export function pupilReportQueryKey(studentId: string) {
  return [...PUPIL_REPORTS_QUERY_KEY, studentId] as const;
}

/** Whether `error` is the API's refusal of someone who is not a teacher (403 `not_a_teacher`). */
export function isNotATeacher(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'not_a_teacher';
}

/** Whether `error` is a 404: the class or reader is not (or no longer) one of this teacher's. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * How often a class page asks again while its class has a live code: a teacher with the code on the board sees
 * readers join (and a reader who left go) without reloading.
 */
export const LIVE_CLASS_REFETCH_MS = 10_000;

/**
 * Freshness of every class query. Never fresh (not the app's 5 minutes, app/query-client.ts), and asked again
 * when the tab comes back: a reader who leaves a class takes their data out of the teacher's view at once
 * (ADR 0046), so a roster row or report is never shown from an old cache without asking the server.
 */
const ALWAYS_ASK = { staleTime: 0, refetchOnWindowFocus: true } as const;

/** GET /api/classes: the teacher's classes, oldest first. @throws {ApiError} `not_a_teacher` */
export function fetchClasses(): Promise<ClassList> {
  return call(api.classes.$get());
}

/** GET /api/classes/:classId: one class and its readers. @throws {ApiError} `not_found`, `not_a_teacher` */
export function fetchClass(classId: string): Promise<ClassDetail> {
  return call(api.classes[':classId'].$get({ param: { classId } }));
}

/** GET /api/classes/pupils: every reader of every class, once, with their classes. @throws {ApiError} */
export function fetchPupils() {
  return call(api.classes.pupils.$get());
}

/**
 * GET /api/classes/pupils/:studentId/report: a reader's report (ADR 0041's) and the teacher's classes they are
 * in. @throws {ApiError} `not_found` for a reader in none of them
 */
export function fetchPupilReport(studentId: string) {
  return call(api.classes.pupils[':studentId'].report.$get({ param: { studentId } }));
}

/** Options of the queries below: `enabled` false while the viewer is not known to be a teacher. */
export interface ClassQueryOptions {
  enabled?: boolean;
}

/** The teacher's classes, with reader counts and live codes. */
export function useClasses({ enabled = true }: ClassQueryOptions = {}) {
  return useQuery(
    queryOptions({
      queryKey: CLASS_LIST_QUERY_KEY,
      queryFn: fetchClasses,
      enabled,
      retry: retryUnlessRefused,
      ...ALWAYS_ASK,
    }),
  );
}

/**
 * One of the teacher's classes with its roster; a 404 means it is not theirs (or was deleted). Asked again every
 * {@link LIVE_CLASS_REFETCH_MS} while the class has a live code and the tab is visible.
 */
export function useClassDetail(classId: string, { enabled = true }: ClassQueryOptions = {}) {
  return useQuery(
    queryOptions({
      queryKey: classQueryKey(classId),
      queryFn: () => fetchClass(classId),
      enabled,
      retry: retryUnlessRefused,
      ...ALWAYS_ASK,
      refetchInterval: (query) =>
        query.state.status === 'success' && query.state.data?.class.code ? LIVE_CLASS_REFETCH_MS : false,
      refetchIntervalInBackground: false,
    }),
  );
}

/** Every reader in the teacher's classes, once, with their classes. */
export function usePupils({ enabled = true }: ClassQueryOptions = {}) {
  return useQuery(
    queryOptions({
      queryKey: PUPILS_QUERY_KEY,
      queryFn: fetchPupils,
      enabled,
      retry: retryUnlessRefused,
      ...ALWAYS_ASK,
    }),
  );
}

/**
 * One reader's report; a 404 means the reader is in none of the teacher's classes. Not kept once no page shows
 * it (gcTime 0): a report is never shown again from the cache, where it would stay on screen while being asked
 * for again after the reader left.
 */
export function usePupilReport(studentId: string, { enabled = true }: ClassQueryOptions = {}) {
  return useQuery(
    queryOptions({
      queryKey: pupilReportQueryKey(studentId),
      queryFn: () => fetchPupilReport(studentId),
      enabled,
      retry: retryUnlessRefused,
      ...ALWAYS_ASK,
      gcTime: 0,
    }),
  );
}

/** The class in the cached list and the cached class page changed by `change`. */
function patchClassEverywhere(
  queryClient: ReturnType<typeof useQueryClient>,
  classId: string,
  change: (old: ClassSummary) => ClassSummary,
) {
  queryClient.setQueryData<ClassList>(CLASS_LIST_QUERY_KEY, (old) =>
    old ? { classes: old.classes.map((c) => (c.id === classId ? change(c) : c)) } : old,
  );
  queryClient.setQueryData<ClassDetail>(classQueryKey(classId), (old) =>
    old ? { ...old, class: change(old.class) } : old,
  );
}

/** The class, the list and every reader asked for again (after a change, or a change that failed). */
function refreshClassScreens(queryClient: ReturnType<typeof useQueryClient>, classId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: classQueryKey(classId) }),
    queryClient.invalidateQueries({ queryKey: CLASS_LIST_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: PUPILS_QUERY_KEY }),
  ]);
}

/**
 * After a change of a class failed: what the screens show may be out of date (a class deleted in another tab, a
 * reader who left), so it is asked for again rather than failing the same way on the next press. A 404 means the
 * class is gone: its page's query is dropped (the page goes to Class Management, not into a 404), the list and
 * Student Progress refresh.
 */
function refreshAfterFailure(
  queryClient: ReturnType<typeof useQueryClient>,
  classId: string,
  error: unknown,
) {
  if (isNotFound(error)) {
    queryClient.removeQueries({ queryKey: classQueryKey(classId) });
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: CLASS_LIST_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: PUPILS_QUERY_KEY }),
    ]);
  }
  return refreshClassScreens(queryClient, classId);
}

/**
 * Makes a class (POST /api/classes); it is added to the list at once.
 * @throws {ApiError} `too_many_classes`, `invalid_input`, `not_a_teacher`
 */
export function useCreateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateClassRequest) => call(api.classes.$post({ json: request })),
    // Not retried: a retry after a lost answer would make the class twice.
    retry: false,
    onSuccess: ({ class: made }) => {
      queryClient.setQueryData<ClassList>(CLASS_LIST_QUERY_KEY, (old) =>
        old && !old.classes.some((c) => c.id === made.id) ? { classes: [...old.classes, made] } : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLASS_LIST_QUERY_KEY }),
  });
}

/**
 * Renames a class or changes its grade (PATCH /api/classes/:classId). Every class screen is refreshed: the
 * name shows on the list, the class page, Student Progress and each reader's report; after a failure, the class,
 * the list and Student Progress are asked for again. @throws {ApiError} `not_found`, `invalid_input`
 */
export function useUpdateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ classId, ...request }: UpdateClassRequest & { classId: string }) =>
      call(api.classes[':classId'].$patch({ param: { classId }, json: request })),
    // Sending the same change twice is harmless; a refusal (404, 422) is not sent again.
    retry: retryUnlessRefused,
    onSuccess: ({ class: changed }) => {
      patchClassEverywhere(queryClient, changed.id, () => changed);
      return queryClient.invalidateQueries({ queryKey: CLASSES_QUERY_KEY });
    },
    onError: (error, { classId }) => refreshAfterFailure(queryClient, classId, error),
  });
}

/**
 * Deletes a class (DELETE /api/classes/:classId → 204): its readers leave it, their readings stay theirs.
 * Its page's query and the cached reports are dropped (not refetched into a 404, nor shown from the cache: a
 * reader may now be in none of the teacher's classes); the list and Student Progress refresh.
 * @throws {ApiError} `not_found`
 */
export function useDeleteClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (classId: string) => call(api.classes[':classId'].$delete({ param: { classId } })),
    retry: false,
    onSuccess: (_answer, classId) => {
      queryClient.removeQueries({ queryKey: classQueryKey(classId) });
      // Its readers may now be in none of the teacher's classes: no report of theirs is shown from the cache.
      queryClient.removeQueries({ queryKey: PUPIL_REPORTS_QUERY_KEY });
      queryClient.setQueryData<ClassList>(CLASS_LIST_QUERY_KEY, (old) =>
        old ? { classes: old.classes.filter((c) => c.id !== classId) } : old,
      );
      return queryClient.invalidateQueries({ queryKey: CLASSES_QUERY_KEY });
    },
    onError: (error, classId) => refreshAfterFailure(queryClient, classId, error),
  });
}

/**
 * Makes a new class code (POST /api/classes/:classId/code → 201); the class's earlier code stops working.
 * @throws {ApiError} `not_found`
 */
export function useMakeClassCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (classId: string) => call(api.classes[':classId'].code.$post({ param: { classId } })),
    // Not retried: a second code would replace the one just shown.
    retry: false,
    onSuccess: (code: ClassCodeInfo, classId) => {
      patchClassEverywhere(queryClient, classId, (old) => ({ ...old, code }));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: CLASS_LIST_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: classQueryKey(classId) }),
      ]);
    },
    onError: (error, classId) => refreshAfterFailure(queryClient, classId, error),
  });
}

/** Turns joining off (DELETE /api/classes/:classId/code → 204): the class's code stops working. */
export function useTurnOffClassCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (classId: string) => call(api.classes[':classId'].code.$delete({ param: { classId } })),
    // Turning joining off twice is harmless; a refusal (404) is not sent again.
    retry: retryUnlessRefused,
    onSuccess: (_answer, classId) => {
      patchClassEverywhere(queryClient, classId, (old) => ({ ...old, code: null }));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: CLASS_LIST_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: classQueryKey(classId) }),
      ]);
    },
    onError: (error, classId) => refreshAfterFailure(queryClient, classId, error),
  });
}

/**
 * Removes a reader from a class (DELETE /api/classes/:classId/pupils/:studentId → 204). The roster, the reader
 * counts and Student Progress refresh; the reader's cached report is dropped, never shown again from the cache
 * (they may be in none of the teacher's classes now). A 404 (the reader already left, or the class is gone)
 * refreshes the same screens, so the row goes rather than failing again.
 * @throws {ApiError} `not_found`
 */
export function useRemovePupil() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ classId, studentId }: { classId: string; studentId: string }) =>
      call(api.classes[':classId'].pupils[':studentId'].$delete({ param: { classId, studentId } })),
    retry: false,
    onSuccess: (_answer, { classId, studentId }) => {
      queryClient.setQueryData<ClassDetail>(classQueryKey(classId), (old) =>
        old
          ? {
              class: { ...old.class, pupilCount: Math.max(0, old.class.pupilCount - 1) },
              pupils: old.pupils.filter((p) => p.userId !== studentId),
            }
          : old,
      );
      queryClient.removeQueries({ queryKey: pupilReportQueryKey(studentId) });
      return refreshClassScreens(queryClient, classId);
    },
    onError: (_error, { classId, studentId }) => {
      queryClient.removeQueries({ queryKey: pupilReportQueryKey(studentId) });
      return refreshClassScreens(queryClient, classId);
    },
  });
}
