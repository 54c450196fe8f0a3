/**
 * The alphabet screen's endpoints (core/api/alphabet.ts): the letters found so far, and a letter found
 * in the game. A find may complete Letter Learning (paid at once) or the alphabet (Alphabet Master), so
 * it refreshes the challenges, the ledger, the achievements and the header's token count.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlphabetProgress, LetterFoundRequest } from '#core/api/alphabet.ts';
import { api } from './client.ts';
import { call } from './http.ts';
import { refreshAfterGameFind } from './rewards.ts';

/** Query key of the reader's letters. */
export const ALPHABET_QUERY_KEY = ['alphabet'] as const;

/** GET /api/alphabet. @throws {ApiError} */
export function fetchAlphabetProgress() {
  return call(api.alphabet.$get());
}

/** The letters the reader has found, ever and today. */
export function useAlphabetProgress() {
  return useQuery(queryOptions({ queryKey: ALPHABET_QUERY_KEY, queryFn: fetchAlphabetProgress }));
}

/** POST /api/alphabet/found. @throws {ApiError} `invalid_input`, `unauthenticated` */
export function postLetterFound(request: LetterFoundRequest) {
  return call(api.alphabet.found.$post({ json: request }));
}

/**
 * A letter found in the game. The answer's progress goes into the cache at once (the grid's marks and
 * the count change with it); a find that counted refreshes today's challenges, and one that paid
 * tokens or earned an achievement refreshes the ledger, the achievements and the header's balance.
 */
export function useLetterFound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLetterFound,
    onSuccess: (answer) => {
      queryClient.setQueryData<AlphabetProgress>(ALPHABET_QUERY_KEY, answer.progress);
      return refreshAfterGameFind(queryClient, answer);
    },
  });
}
