/**
 * Serving a kept recording (issue #14 item 11; ADR 0007, ADR 0048): the reader's own on
 * GET /api/reading-sessions/:id/audio, and an assigned reading's to its teacher on
 * GET /api/assignments/:assignmentId/readings/:readingId/audio. The caller decides who may hear it; this reads the
 * file, and only under DATA_DIR.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Context } from 'hono';
import { apiError } from '../../http/errors.ts';

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
  if (!audioPath) return apiError(c, 404, 'audio_not_found', RECORDING_GONE);
  const root = resolve(dataDir);
  const path = resolve(root, audioPath);
  if (!path.startsWith(root + '/')) return apiError(c, 404, 'audio_not_found', RECORDING_GONE);
  try {
    const bytes = await readFile(path);
    return c.body(new Uint8Array(bytes), 200, { 'content-type': 'audio/wav', 'cache-control': 'no-store' });
  } catch {
    return apiError(c, 404, 'audio_not_found', RECORDING_GONE);
  }
}
