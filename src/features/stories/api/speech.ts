/**
 * GET /api/speech?text=…: read-to-me audio made on the server (flite, offline) and the time of each
 * word in it, for highlighting. Texts are at most SPEECH_MAX_CHARS characters; the reader splits a
 * story into pieces (read-aloud.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpeechResponse } from '#core/api/speech.ts';
import { api } from '../../../lib/api/client.ts';
import { call } from '../../../lib/api/http.ts';

/** Fetches the speech of a text. @throws {ApiError} 413 `text_too_long`, 503 `speech_unavailable` */
export function fetchSpeech(text: string): Promise<SpeechResponse> {
  return call(api.speech.$get({ query: { text } }));
}

/** Query options of a text's speech: the same text always sounds the same, so it never goes stale. */
export function getSpeechQueryOptions(text: string) {
  return queryOptions({
    queryKey: ['speech', text] as const,
    queryFn: () => fetchSpeech(text),
    staleTime: Infinity,
    retry: 1,
  });
}

/** The speech of a text (disabled while `text` is empty). */
export function useSpeech(text: string) {
  return useQuery({ ...getSpeechQueryOptions(text), enabled: text.trim().length > 0 });
}
