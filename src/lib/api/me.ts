/**
 * GET /api/me: the signed-in user, profile, roles and whether reading sessions exist (spec §4.2,
 * §6). With the server's session cookie behind it, the single source of "who is signed in" for the
 * route guard, the session keeper, the shell and the pages: nothing copies it elsewhere.
 * A 401 is not an error here: it means signed out, and resolves to `null`.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MeResponse } from '#core/api/account.ts';
import { api } from './client.ts';
import { call, isUnauthenticated } from './http.ts';

/** Query key of the current user. Invalidate it after sign-in, sign-out and profile changes. */
export const ME_QUERY_KEY = ['me'] as const;

/**
 * Fetches the current user; `null` when signed out (HTTP 401 'Auth session missing!').
 *
 * @throws {ApiError} for other failures (network, 5xx)
 */
export async function fetchMe(): Promise<MeResponse | null> {
  try {
    return await call(api.me.$get());
  } catch (error) {
    if (isUnauthenticated(error)) return null;
    throw error;
  }
}

/** Query options of the current user. Retries only non-401 failures (the fetcher turns 401 into null). */
export function getMeQueryOptions() {
  return queryOptions({ queryKey: ME_QUERY_KEY, queryFn: fetchMe });
}

/** The current user (`data === null` when signed out). */
export function useMe() {
  return useQuery(getMeQueryOptions());
}

/**
 * Forgets the signed-in user on this page: the `['me']` entry becomes null (signed out) and every
 * other cached query (the user's own data) is dropped. Called after Sign Out and when the session
 * keeper finds the server's session gone (§4.3 "the session is removed"); the route guard then
 * sends the reader to /login.
 *
 * @param queryClient the app's query client
 */
export function forgetSignedInUser(queryClient: QueryClient): void {
  if (queryClient.getQueryData(ME_QUERY_KEY) === null) return;
  queryClient.setQueryData(ME_QUERY_KEY, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
}
