/**
 * The Roles screen's endpoints (docs/decisions/0054-roles-screen.md): finding people by name or e-mail
 * (GET /api/roles/people, owners and admins, 20 a page) and giving or taking a role (POST /api/roles, spec §7.5).
 * After a change the people found are read again, and so is `['me']` when the change was one's own (spec §4.10:
 * "Roles are refreshed when the changed user is oneself"; the menu may change with them).
 */
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PeoplePage, RoleChangeRequest } from '#core/api/account.ts';
import { api } from '../../../lib/api/client.ts';
import { ApiError, call } from '../../../lib/api/http.ts';
import { ME_QUERY_KEY } from '../../../lib/api/me.ts';

/** Query keys of people searches: every search, and one text's pages. */
export const peopleKeys = {
  all: ['roles', 'people'] as const,
  search: (q: string) => ['roles', 'people', q] as const,
};

/** A refusal (4xx) is the answer, not a hiccup: it is never retried. A network or server failure is, a little. */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * One page of the people whose name or e-mail holds `q` (GET /api/roles/people).
 * @throws {ApiError} 403 `forbidden` (not an owner or admin), 422 `invalid_input`
 */
export function fetchPeople(q: string, cursor: string | null): Promise<PeoplePage> {
  return call(api.roles.people.$get({ query: { q, ...(cursor ? { cursor } : {}) } }));
}

/** Query options of a people search, page after page. */
export function getPeopleQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: peopleKeys.search(q),
    queryFn: ({ pageParam }) => fetchPeople(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: (failures, error) => !isRefusal(error) && failures < 3,
  });
}

/** The people found for `q`; nothing is asked while `q` is null (no search yet). */
export function usePeople(q: string | null) {
  return useInfiniteQuery({ ...getPeopleQueryOptions(q ?? ''), enabled: q !== null });
}

/**
 * Gives or takes a role (POST /api/roles). On success the searches are read again and, when `userId` is the
 * signed-in user's own, `['me']` too.
 * @param selfId the signed-in user's id
 * @throws {ApiError} 403 `forbidden`, 404 `user_not_found`, 409 `last_owner`
 */
export function useChangeRole(selfId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RoleChangeRequest) => call(api.roles.$post({ json: request })),
    retry: (failures, error) => !isRefusal(error) && failures < 1,
    onSuccess: (_answer, request) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
        request.userId === selfId ? queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }) : null,
      ]),
  });
}
