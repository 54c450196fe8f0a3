/** GET /api/speech/voices: the speech providers this server can use and their voices (issue 10). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpeechVoicesResponse } from '#core/api/speech.ts';
import { api } from './client.ts';
import { call } from './http.ts';

/** GET /api/speech/voices. @throws {ApiError} */
export function fetchSpeechVoices(): Promise<SpeechVoicesResponse> {
  return call(api.speech.voices.$get());
}

/** Query options: the server's providers change only with its settings, so they never go stale. */
export function getSpeechVoicesQueryOptions() {
  return queryOptions({
    queryKey: ['speech', 'voices'] as const,
    queryFn: fetchSpeechVoices,
    staleTime: Infinity,
  });
}

/** The server's speech providers and voices. */
export function useSpeechVoices() {
  return useQuery(getSpeechVoicesQueryOptions());
}
