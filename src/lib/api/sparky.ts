/**
 * Sparky's chat endpoint (core/api/sparky.ts): `POST /api/sparky/chat`, asked only for questions the
 * offline script does not understand. No retry: a failed answer falls back to the offline one at once
 * (src/features/sparky/use-sparky-chat.ts), so a child never waits twice.
 */
import { useMutation } from '@tanstack/react-query';
import type { SparkyChatRequest } from '#core/api/sparky.ts';
import { api } from './client.ts';
import { call } from './http.ts';

/** POST /api/sparky/chat. @throws {ApiError} `text_too_long`, `rate_limited`, `network_error`, … */
export function askSparky(request: SparkyChatRequest) {
  return call(api.sparky.chat.$post({ json: request }));
}

/** Asking Sparky's language model (or his offline answer when the server has none). */
export function useAskSparky() {
  return useMutation({ mutationFn: askSparky, retry: false });
}
