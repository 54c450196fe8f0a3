/**
 * Sound It Out's endpoints (core/api/sound-it-out.ts): the words sounded out so far, and a word sounded out
 * in the game. Nothing else moves with it (no token, challenge or achievement: ADR 0043), so only its own
 * query is refreshed.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SoundItOutProgress, WordSoundedRequest } from '#core/api/sound-it-out.ts';
import { api } from './client.ts';
import { call } from './http.ts';

/** Query key of the reader's words sounded out. */
export const SOUND_IT_OUT_QUERY_KEY = ['sound-it-out'] as const;

/** GET /api/sound-it-out. @throws {ApiError} `unauthenticated` */
export function fetchSoundItOutProgress() {
  return call(api['sound-it-out'].$get());
}

/** The query of the words sounded out today, and how many in all. */
export function getSoundItOutQueryOptions() {
  return queryOptions({ queryKey: SOUND_IT_OUT_QUERY_KEY, queryFn: fetchSoundItOutProgress });
}

/** The words the reader has sounded out today, and how many in all. */
export function useSoundItOutProgress() {
  return useQuery(getSoundItOutQueryOptions());
}

/** POST /api/sound-it-out/sounded. @throws {ApiError} `invalid_input`, `unauthenticated`, `rate_limited` */
export function postWordSounded(request: WordSoundedRequest) {
  return call(api['sound-it-out'].sounded.$post({ json: request }));
}

/** A word sounded out in the game; the answer's progress goes into the cache at once. */
export function useWordSounded() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postWordSounded,
    onSuccess: (answer) => {
      queryClient.setQueryData<SoundItOutProgress>(SOUND_IT_OUT_QUERY_KEY, answer.progress);
    },
  });
}
