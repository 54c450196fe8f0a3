/**
 * GET /api/reading-sessions/:id/audio: the reader's own recording (WAV) while it is kept (30 days);
 * 404 `audio_not_found` afterwards. Fetched once per results screen for "Listen to a word".
 */
import { createWordPlayer } from '#voice/word-player.ts';
import { fetchRecordingAudio } from '../../../lib/api/recording-audio.ts';
import type { WordAudio } from '../../../lib/reading/ListenToWord.tsx';

/** The audio URL of a session. */
export function readingSessionAudioPath(sessionId: string): string {
  return `/api/reading-sessions/${encodeURIComponent(sessionId)}/audio`;
}

/**
 * Fetches the recording's bytes.
 * @throws {ApiError} 404 when no longer kept; status 0 on a network failure
 */
export function fetchReadingSessionAudio(sessionId: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  return fetchRecordingAudio(readingSessionAudioPath(sessionId), signal);
}

/** The reader's own recordings: GET /api/reading-sessions/:id/audio, played with Web Audio. */
export const browserWordAudio: WordAudio = {
  fetchAudio: (id) => fetchReadingSessionAudio(id),
  createPlayer: createWordPlayer,
};
