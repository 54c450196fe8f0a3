/**
 * GET /api/reading-sessions/:id/audio: the reader's own recording (WAV) while it is kept (30 days);
 * 404 `audio_not_found` afterwards. Fetched once per results screen for "Listen to a word".
 */
import { ApiError, apiErrorOf } from '../../../lib/api/http.ts';

/** The audio URL of a session. */
export function readingSessionAudioPath(sessionId: string): string {
  return `/api/reading-sessions/${encodeURIComponent(sessionId)}/audio`;
}

/**
 * Fetches the recording's bytes.
 * @throws {ApiError} 404 when no longer kept; status 0 on a network failure
 */
export async function fetchReadingSessionAudio(
  sessionId: string,
  signal?: AbortSignal,
): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetch(readingSessionAudioPath(sessionId), {
      credentials: 'same-origin',
      signal: signal ?? null,
    });
  } catch (cause) {
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error');
  }
  if (!response.ok) {
    throw apiErrorOf(response.status, response.statusText, await response.json().catch(() => null));
  }
  return response.arrayBuffer();
}
