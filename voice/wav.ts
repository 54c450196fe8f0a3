/**
 * WAV encoding of captured microphone audio: 16-bit PCM, mono, little-endian, the canonical 44-byte
 * RIFF header (docs/decisions/0007-recording-upload.md). Pure, so it runs in Node tests.
 */

/** Size of the canonical PCM WAV header, bytes. */
export const WAV_HEADER_BYTES = 44;

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

/**
 * Encodes PCM chunks as one WAV file.
 * @param chunks 16-bit samples, mono, in order
 * @param sampleRate samples per second (16 000 from the capture context)
 * @returns the file's bytes: 44-byte header then the samples
 */
export function encodeWav(chunks: readonly Int16Array[], sampleRate: number): Uint8Array {
  const sampleCount = chunks.reduce((n, c) => n + c.length, 0);
  const dataBytes = sampleCount * 2;
  const bytes = new Uint8Array(WAV_HEADER_BYTES + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  let offset = WAV_HEADER_BYTES;
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++, offset += 2) view.setInt16(offset, chunk[i] ?? 0, true);
  }
  return bytes;
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
