/**
 * The one WAV encoder (issue #15): 16-bit PCM, little-endian, the canonical 44-byte RIFF header
 * (docs/decisions/0007-recording-upload.md), written by the `wavefile` library. Used by the browser's
 * recorder (voice/microphone-capture.ts), the OpenAI upload (server/speech/openai.ts), tests and
 * benchmarks. Reading WAV files from users is server/speech/wav.ts's `parseWav`, which validates first.
 */
import * as wavefileModule from 'wavefile';

/** Size of the canonical PCM WAV header this encoder writes, bytes. */
export const WAV_HEADER_BYTES = 44;

/**
 * `wavefile` is one CommonJS bundle for Node (whose ESM import exposes it as `default`) and an ES
 * module with named exports for Vite: take the class from whichever this runtime gave us.
 */
const lib = wavefileModule as unknown as Record<string, unknown>;
const { WaveFile } = ('WaveFile' in lib ? lib : lib['default']) as typeof wavefileModule;

/**
 * Encodes 16-bit PCM samples as one WAV file.
 * @param samples interleaved samples when `channels` is 2; or the chunks of a recording, in order
 * @param sampleRate samples per second per channel (16 000 from the browser's capture context)
 * @param channels 1 (default) or 2
 * @returns the file's bytes: the 44-byte header, then the samples little-endian
 * @throws Error from wavefile for a channel count or sample rate it cannot write
 */
export function encodeWav(
  samples: Int16Array | readonly Int16Array[],
  sampleRate: number,
  channels = 1,
): Uint8Array<ArrayBuffer> {
  const pcm = samples instanceof Int16Array ? samples : concat(samples);
  const wav = new WaveFile();
  wav.fromScratch(channels, sampleRate, '16', pcm);
  const bytes = wav.toBuffer();
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}

function concat(chunks: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
