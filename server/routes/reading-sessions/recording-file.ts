/**
 * Serving a kept recording (issue #14 item 11; ADR 0007, ADR 0048): the reader's own on
 * GET /api/reading-sessions/:id/audio, and an assigned reading's to its teacher on
 * GET /api/assignments/:assignmentId/readings/:readingId/audio. The caller decides who may hear it; this reads the
 * file, and only under DATA_DIR; a teacher gets one word's clip at a time (ADR 0048), never the whole recording.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Context } from 'hono';
import { encodeWav } from '#core/audio/wav.ts';
import { wordClip } from '#core/audio/word-clip.ts';
import { apiError } from '../../http/errors.ts';
import { parseWav } from '../../speech/wav.ts';

/** The message of 404 `audio_not_found`. */
export const RECORDING_GONE = 'This recording is no longer kept.';

/**
 * The recording at `audioPath` (relative to `dataDir`) as `audio/wav` with `Cache-Control: no-store`: a child's
 * voice is never kept by the browser or anything between, so deleting it on the server leaves no copy behind.
 * 404 `audio_not_found` when `audioPath` is null, points outside `dataDir`, or the file is gone.
 */
export async function sendRecording(
  c: Context,
  dataDir: string,
  audioPath: string | null,
): Promise<Response> {
  const bytes = await readRecording(dataDir, audioPath);
  if (!bytes) return apiError(c, 404, 'audio_not_found', RECORDING_GONE);
  return c.body(bytes, 200, WAV_HEADERS);
}

const WAV_HEADERS = { 'content-type': 'audio/wav', 'cache-control': 'no-store' } as const;

/** The kept file's bytes, or null when there is none, it lies outside `dataDir`, or it cannot be read. */
async function readRecording(
  dataDir: string,
  audioPath: string | null,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!audioPath) return null;
  const root = resolve(dataDir);
  const path = resolve(root, audioPath);
  if (!path.startsWith(root + '/')) return null;
  try {
    return new Uint8Array(await readFile(path));
  } catch {
    return null;
  }
}

/**
 * One word of a kept recording as its own WAV (the recording's rate and channels), from `start` to `end` seconds
 * with the 0.12 s either side the players add (voice/wav.ts `wordClip`), so that a teacher who listens to a word
 * hears that word and not what else the room heard (ADR 0048).
 * @returns null when the word has no timing or the file is not a WAV the upload would have taken
 */
export function recordingClip(
  bytes: Uint8Array,
  start: number | null,
  end: number | null,
): Uint8Array | null {
  let audio;
  try {
    audio = parseWav(bytes);
  } catch {
    return null;
  }
  const clip = wordClip(start, end, audio.durationSeconds);
  if (!clip) return null;
  const frame = (seconds: number) => Math.round(seconds * audio.sampleRate) * audio.channels;
  const samples = audio.samples.slice(frame(clip.offset), frame(clip.offset + clip.length));
  return samples.length === 0 ? null : encodeWav(samples, audio.sampleRate, audio.channels);
}

/**
 * The clip of one word (`start`–`end` seconds) of the recording at `audioPath`, as {@link sendRecording} sends a
 * whole one. 404 `audio_not_found` when the recording is not kept (as {@link sendRecording}) or the word has no
 * audio in it.
 */
export async function sendRecordingClip(
  c: Context,
  dataDir: string,
  audioPath: string | null,
  start: number | null,
  end: number | null,
): Promise<Response> {
  const bytes = await readRecording(dataDir, audioPath);
  if (!bytes) return apiError(c, 404, 'audio_not_found', RECORDING_GONE);
  const clip = recordingClip(bytes, start, end);
  if (!clip) return apiError(c, 404, 'audio_not_found', NO_WORD_AUDIO);
  return c.body(new Uint8Array(clip), 200, WAV_HEADERS);
}

/** The message of 404 `audio_not_found` for a word that has no audio (skipped, not reached, or not in the reading). */
export const NO_WORD_AUDIO = 'There is no recording of that word.';
