/**
 * Helpers for captured microphone audio: floats to 16-bit PCM, durations, a word's clip (from core). The WAV
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

/** A word's clip: core/audio/word-clip.ts, shared with the server, which cuts a teacher's word clips (ADR 0048). */
export { wordClip } from '#core/audio/word-clip.ts';
