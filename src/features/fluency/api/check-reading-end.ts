/**
 * POST /api/fluency/score (server/routes/fluency): scores the recording so far without saving it, to
 * tell whether the reader has reached the last word (issue 17, item 1: a reading ends at the last
 * word, at Stop or at the time limit; a pause alone never ends it). Called only during a pause once
 * the reader could have read the whole story, at most one at a time.
 */
import { FluencyResultSchema } from '#core/fluency/result.schema.ts';
import { hasReachedTheEnd } from '#core/fluency-session/end-of-reading.ts';

/**
 * Whether the recording so far reaches the end of the story.
 * @param audio WAV of the recording so far
 * @param storyId the story being read
 * @param signal aborts the request (the recording ended meanwhile)
 * @returns true when the scorer heard the reader reach the last word; false on any refusal (a
 *   rate limit, a server error): the reading then simply goes on
 */
export async function checkReadingEnd(audio: Blob, storyId: string, signal?: AbortSignal): Promise<boolean> {
  const form = new FormData();
  form.append('audio', audio, 'reading-so-far.wav');
  form.append('storyId', storyId);
  // only how far the reader got: the server leaves out Moonshine's nominations (full scoring is for the save)
  form.append('purpose', 'reading_end');
  try {
    const response = await fetch('/api/fluency/score', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) return false;
    const parsed = FluencyResultSchema.safeParse(await response.json());
    return parsed.success && hasReachedTheEnd(parsed.data);
  } catch {
    return false;
  }
}
