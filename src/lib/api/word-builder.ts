/**
 * The word builder's endpoints (core/api/word-builder.ts): the words built so far, and a word built in the
 * game. A word may complete Word Practice (paid at once) or earn Word Architect, so it refreshes the
 * challenges, the ledger, the achievements and the header's token count.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WordBuilderProgress, WordBuiltRequest } from '#core/api/word-builder.ts';
import { api } from './client.ts';
import { call } from './http.ts';
import { refreshAfterGameFind } from './rewards.ts';

/** Query key of the reader's words. */
export const WORD_BUILDER_QUERY_KEY = ['word-builder'] as const;

/** GET /api/word-builder. @throws {ApiError} */
export function fetchWordBuilderProgress() {
  return call(api['word-builder'].$get());
}

/** The words the reader has built today, and how many in all. */
export function useWordBuilderProgress() {
  return useQuery(queryOptions({ queryKey: WORD_BUILDER_QUERY_KEY, queryFn: fetchWordBuilderProgress }));
}

/** POST /api/word-builder/built. @throws {ApiError} `invalid_input`, `unauthenticated` */
export function postWordBuilt(request: WordBuiltRequest) {
  return call(api['word-builder'].built.$post({ json: request }));
}

/**
 * A word built in the game. The answer's progress goes into the cache at once (the count changes with it);
 * a word that counted refreshes today's challenges and the rewards (Word Architect's progress), and its
 * answer's balance goes into the header.
 */
export function useWordBuilt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postWordBuilt,
    onSuccess: (answer) => {
      queryClient.setQueryData<WordBuilderProgress>(WORD_BUILDER_QUERY_KEY, answer.progress);
      return refreshAfterGameFind(queryClient, answer);
    },
  });
}
