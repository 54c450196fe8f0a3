/**
 * Helpers for captured microphone audio: floats to 16-bit PCM, durations, a word's clip. The WAV
 * file itself is written by core/audio/wav.ts (`encodeWav`). Pure, so they run in Node tests.
 */

/**
 * Converts Web Audio floats (−1…1) to 16-bit PCM, clamping out-of-range values. Negative values
 * scale by 32768 and positive by 32767 so both ends map exactly.
 * @param samples floats
 */
export function floatToInt16(samples: ArrayLike<number>): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out[i] = s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff);
  }
  return out;
}

/** Length of `sampleCount` samples at `sampleRate`, seconds. */
export function pcmSeconds(sampleCount: number, sampleRate: number): number {
  return sampleRate > 0 ? sampleCount / sampleRate : 0;
}

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
