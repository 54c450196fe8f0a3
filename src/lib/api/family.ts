/**
 * The family links' endpoints (core/api/family.ts; docs/decisions/0041-family-links.md): a reader's code for a
 * grown-up, a guardian entering it, the links both ways, removing one, and a followed reader's report.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Family, RedeemLinkCodeRequest } from '#core/api/family.ts';
import { api } from './client.ts';
import { GOALS_QUERY_KEY } from './goals.ts';
import { ApiError, call } from './http.ts';

/** Query key of the signed-in user's links. */
export const FAMILY_QUERY_KEY = ['family'] as const;

/** Query key of a followed reader's report. */
export function childReportQueryKey(childId: string) {
  return ['family', 'report', childId] as const;
}

/** GET /api/family. @throws {ApiError} */
export function fetchFamily() {
  return call(api.family.$get());
}

/** The signed-in user's links: the readers they follow, the grown-ups who follow them, the code's expiry. */
export function useFamily() {
  return useQuery(queryOptions({ queryKey: FAMILY_QUERY_KEY, queryFn: fetchFamily }));
}

/**
 * A new code for a grown-up (POST /api/family/code); the code is in the answer only, so the caller keeps it
 * to show. @throws {ApiError} `not_a_reader`
 */
export function useMakeLinkCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.family.code.$post()),
    // Not retried: a second code would replace the first one shown.
    retry: false,
    onSuccess: (answer) =>
      queryClient.setQueryData<Family>(FAMILY_QUERY_KEY, (old) =>
        old ? { ...old, codeExpiresAt: answer.expiresAt } : old,
      ),
  });
}

/**
 * A guardian enters a reader's code (POST /api/family/links); the links are refreshed.
 * @throws {ApiError} `link_code_invalid`, `not_a_guardian`, `too_many_links`, `rate_limited`, `invalid_input`
 */
export function useRedeemLinkCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RedeemLinkCodeRequest) => call(api.family.links.$post({ json: request })),
    // Not retried: every try counts against the guardian's 10 (a retry would spend two on one typo), and a
    // retry after a lost answer would find the code used and say it does not work. The list is refreshed
    // either way, so a link made behind a lost answer still shows.
    retry: false,
    // A new link is a new card on Reading Goals.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: FAMILY_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: GOALS_QUERY_KEY }),
      ]),
  });
}

/**
 * Removes a link, from either side (DELETE /api/family/links/:linkId): the reader on Profile, the guardian on
 * Progress Reports. The goals are refreshed too: the guardian's card goes, and a goal that guardian set goes with
 * the link (ADR 0042), on the reader's Home and /goals. @throws {ApiError} `not_found`
 */
export function useRemoveLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => call(api.family.links[':linkId'].$delete({ param: { linkId } })),
    retry: false,
    onSuccess: (_answer, linkId) => {
      const removed = queryClient
        .getQueryData<Family>(FAMILY_QUERY_KEY)
        ?.children.find((c) => c.linkId === linkId);
      if (removed) queryClient.removeQueries({ queryKey: childReportQueryKey(removed.userId) });
      queryClient.setQueryData<Family>(FAMILY_QUERY_KEY, (old) =>
        old
          ? {
              ...old,
              children: old.children.filter((c) => c.linkId !== linkId),
              guardians: old.guardians.filter((g) => g.linkId !== linkId),
            }
          : old,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: FAMILY_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: GOALS_QUERY_KEY }),
      ]);
    },
  });
}

/**
 * Query options of a followed reader's report (GET /api/family/children/:childId/report), for `useQueries` over
 * several readers (Progress Reports' guidance). @throws {ApiError} `not_found`
 */
export function childReportQuery(childId: string) {
  return queryOptions({
    queryKey: childReportQueryKey(childId),
    queryFn: () => call(api.family.children[':childId'].report.$get({ param: { childId } })),
  });
}

/** A followed reader's report (GET /api/family/children/:childId/report). @throws {ApiError} `not_found` */
export function useChildReport(childId: string) {
  return useQuery(childReportQuery(childId));
}

/**
 * Whether a followed reader's report was refused because the reader no longer shares it (`not_found`: they stopped
 * sharing, or deleted their account, since the list was loaded; ADR 0041). When so, the list of readers followed and
 * the goals (which went with the link, ADR 0042) are fetched again, once. Used by every guardian's report of a
 * followed reader (Progress Reports, Enhanced Reports), which then say so.
 * @param error - the report query's error, or null
 */
export function useStoppedSharing(error: unknown): boolean {
  const queryClient = useQueryClient();
  const stopped = error instanceof ApiError && error.code === 'not_found';
  useEffect(() => {
    if (!stopped) return;
    // The list only (`exact`): not the reports under ['family', …], whose refetch would make this one pending, then
    // refused again, and ask again (a loop whenever another part of the page also watches the report).
    void queryClient.invalidateQueries({ queryKey: FAMILY_QUERY_KEY, exact: true });
    void queryClient.invalidateQueries({ queryKey: GOALS_QUERY_KEY });
  }, [stopped, queryClient]);
  return stopped;
}
