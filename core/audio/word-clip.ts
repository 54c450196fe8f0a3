/**
 * The span of a recording to play for one word, shared by the browser's word player (voice/word-player.ts) and the
 * server, which cuts a teacher's word clips (ADR 0048). Pure, and apart from core/audio/wav.ts so that the word
 * player does not load the WAV encoder.
 */

/**
 * The part of a recording to play for one word: the word's own span with a little padding either
 * side (recogniser timings are cut close), kept inside the audio.
 * @param start word onset, seconds
 * @param end word end, seconds
 * @param duration audio length, seconds
 * @param padding seconds added each side (default 0.12)
 * @returns offset and length in seconds, or null when the word has no timing
 */
export function wordClip(
  start: number | null,
  end: number | null,
  duration: number,
  padding = 0.12,
): { offset: number; length: number } | null {
  if (start === null || end === null || !(end > start)) return null;
  const offset = Math.max(0, start - padding);
  const stop = Math.min(duration > 0 ? duration : end + padding, end + padding);
  return stop > offset ? { offset, length: stop - offset } : null;
}
