/**
 * ITU-T G.722 (wideband, 64 kbit/s) to 16 kHz PCM, for the benchmark's second real-speech set (the Asterisk
 * prompts ship as `.g722` files: scripts/bench/ivr-speech.ts). The decoder is spandsp's (Debian `libspandsp2`,
 * a telephony DSP library), called through the koffi FFI: neither sox nor any npm package decodes G.722, and
 * ffmpeg would bring about 90 Debian packages for this one codec. Used by the benchmark only, never by the app.
 */
import koffi from 'koffi';

/** The shared library of Debian's `libspandsp2`. */
export const SPANDSP_LIBRARY = 'libspandsp.so.2';

/** G.722 at 64 kbit/s: 8000 bytes a second, each byte one sample pair (low and high sub-band) of 16 kHz audio. */
const BITS_PER_SECOND = 64000;

interface Spandsp {
  init: (state: null, rate: number, options: number) => unknown;
  decode: (state: unknown, amp: Int16Array, data: Uint8Array, length: number) => number;
  free: (state: unknown) => number;
  encoderInit: (state: null, rate: number, options: number) => unknown;
  encode: (state: unknown, data: Uint8Array, amp: Int16Array, length: number) => number;
  encoderFree: (state: unknown) => number;
}

let spandsp: Spandsp | undefined;

function load(): Spandsp {
  if (spandsp) return spandsp;
  const lib = koffi.load(SPANDSP_LIBRARY);
  spandsp = {
    init: lib.func('void *g722_decode_init(void *s, int rate, int options)') as Spandsp['init'],
    decode: lib.func(
      'int g722_decode(void *s, _Out_ int16_t *amp, const uint8_t *g722_data, int len)',
    ) as Spandsp['decode'],
    free: lib.func('int g722_decode_free(void *s)') as Spandsp['free'],
    encoderInit: lib.func('void *g722_encode_init(void *s, int rate, int options)') as Spandsp['encoderInit'],
    encode: lib.func(
      'int g722_encode(void *s, _Out_ uint8_t *g722_data, const int16_t *amp, int len)',
    ) as Spandsp['encode'],
    encoderFree: lib.func('int g722_encode_free(void *s)') as Spandsp['encoderFree'],
  };
  return spandsp;
}

/**
 * Decodes a raw G.722 stream (no header, 64 kbit/s, unpacked: one byte per 16 kHz sample pair).
 * @param data the file's bytes
 * @returns 16 kHz mono 16-bit samples, two per input byte
 * @throws Error when `libspandsp.so.2` cannot be loaded (apt-get install -y libspandsp2) or the decoder fails
 */
export function decodeG722(data: Uint8Array): Int16Array {
  const { init, decode, free } = load();
  const state = init(null, BITS_PER_SECOND, 0);
  if (!state) throw new Error('g722: the decoder could not be made');
  try {
    const samples = new Int16Array(data.length * 2);
    const count = decode(state, samples, data, data.length);
    if (count < 0) throw new Error('g722: the stream could not be decoded');
    return samples.subarray(0, count);
  } finally {
    free(state);
  }
}

/**
 * Encodes 16 kHz mono samples as G.722 at 64 kbit/s (for the decoder's tests: a round trip).
 * @returns one byte per two samples (an odd last sample is dropped)
 * @throws Error as `decodeG722`
 */
export function encodeG722(samples: Int16Array): Uint8Array {
  const { encoderInit, encode, encoderFree } = load();
  const state = encoderInit(null, BITS_PER_SECOND, 0);
  if (!state) throw new Error('g722: the encoder could not be made');
  try {
    const data = new Uint8Array(Math.floor(samples.length / 2));
    const count = encode(state, data, samples, data.length * 2);
    if (count < 0) throw new Error('g722: the samples could not be encoded');
    return data.subarray(0, count);
  } finally {
    encoderFree(state);
  }
}
