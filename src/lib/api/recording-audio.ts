/**
 * A reader's recording (audio/wav), for "Listen to a word": the reader's own (GET /api/reading-sessions/:id/audio)
 * and, on a teacher's reading record, a reading the teacher asked for (GET
 * /api/assignments/:assignmentId/readings/:readingId/audio; docs/decisions/0048-reading-record.md). Both answer 404
 * `audio_not_found` once the recording is no longer kept (30 days, or deleted by the reader). Not JSON, so fetched
 * here rather than through the typed client.
 */
import { ApiError, apiErrorOf } from './http.ts';

/**
 * Fetches a recording's bytes from `path` (same origin, with the session cookie).
 * @throws {ApiError} 404 when no longer kept; status 0 on a network failure
 */
export async function fetchRecordingAudio(path: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', signal: signal ?? null });
  } catch (cause) {
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error');
  }
  if (!response.ok) {
    throw apiErrorOf(response.status, response.statusText, await response.json().catch(() => null));
  }
  return response.arrayBuffer();
}
