/**
 * WAV input: strict parsing of RIFF/WAVE PCM 16-bit (any rate, mono or stereo), the refusals
 * the issue asks for, and conversion to the recogniser's 16 kHz mono.
 *
 * Everything here is synchronous, bounded by the input size, and never waits on anything, so a
 * bad file cannot hang the server.
 */
import { SpeechError } from '#server/speech/errors.ts';

/** Limits from issue 4: 10 MB and 180 s. */
export const MAX_AUDIO_BYTES = 10 * 1024 * 1024;
export const MAX_AUDIO_SECONDS = 180;
/** Shorter than this cannot hold a word. */
export const MIN_AUDIO_SECONDS = 0.2;
/** The recogniser's sample rate (pocketsphinx en-us model). */
export const TARGET_SAMPLE_RATE = 16000;

/** Decoded PCM audio, samples interleaved when `channels` is 2. */
export interface PcmAudio {
  sampleRate: number;
  channels: number;
  samples: Int16Array;
  /** Seconds. */
  durationSeconds: number;
}

const ACCEPTED_RATES = { min: 8000, max: 96000 };
const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

function ascii(buf: Uint8Array, at: number, len: number): string {
  return String.fromCharCode(...buf.subarray(at, at + len));
}

/** Short description of what the bytes look like, for a clearer refusal. */
function sniff(buf: Uint8Array): string {
  const head = ascii(buf, 0, 4);
  if (head === 'OggS') return 'Ogg';
  if (head === 'fLaC') return 'FLAC';
  if (head === 'ID3\u0003' || head.startsWith('ID3') || (buf[0] === 0xff && ((buf[1] ?? 0) & 0xe0) === 0xe0))
    return 'MP3';
  if (buf[0] === 0x1a && buf[1] === 0x45 && buf[2] === 0xdf && buf[3] === 0xa3) return 'WebM/Matroska';
  if (ascii(buf, 4, 4) === 'ftyp') return 'MP4/M4A';
  if (head === 'FORM') return 'AIFF';
  return 'not audio';
}

/**
 * Parses and validates a WAV file.
 * @param bytes the whole file.
 * @returns PCM samples and format.
 * @throws SpeechError `audio_empty` (0 bytes), `audio_too_large` (> 10 MB), `audio_not_wav`
 *   (another container or not audio), `audio_unsupported_format` (not PCM 16-bit mono/stereo
 *   8–96 kHz), `audio_corrupt` (sizes in the header disagree with the file: forged or truncated),
 *   `audio_too_long` (> 180 s), `audio_too_short` (< 0.2 s), `audio_silent` (no signal).
 */
export function parseWav(bytes: Uint8Array): PcmAudio {
  if (bytes.length === 0) throw new SpeechError('audio_empty', 'The audio file is empty.');
  if (bytes.length > MAX_AUDIO_BYTES) {
    throw new SpeechError(
      'audio_too_large',
      `The audio file is larger than ${MAX_AUDIO_BYTES / 1024 / 1024} MB.`,
    );
  }
  if (bytes.length < 12 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WAVE') {
    const kind = bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' ? 'RIFF but not WAVE' : sniff(bytes);
    throw new SpeechError('audio_not_wav', `Expected a WAV file (PCM 16-bit); this looks like ${kind}.`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffSize = view.getUint32(4, true);
  if (riffSize + 8 > bytes.length + 1 || riffSize < 4) {
    throw new SpeechError(
      'audio_corrupt',
      `The WAV header says ${riffSize + 8} bytes but the file has ${bytes.length}.`,
    );
  }

  let fmt:
    | { format: number; channels: number; rate: number; byteRate: number; blockAlign: number; bits: number }
    | undefined;
  let data: { at: number; size: number } | undefined;
  let at = 12;
  const end = Math.min(bytes.length, riffSize + 8);
  while (at + 8 <= end) {
    const id = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (body + size > end) {
      throw new SpeechError(
        'audio_corrupt',
        `The WAV chunk "${id}" claims ${size} bytes past the end of the file.`,
      );
    }
    if (id === 'fmt ') {
      if (size < 16) throw new SpeechError('audio_corrupt', 'The WAV format chunk is too short.');
      let format = view.getUint16(body, true);
      if (format === WAVE_FORMAT_EXTENSIBLE && size >= 40) format = view.getUint16(body + 24, true);
      fmt = {
        format,
        channels: view.getUint16(body + 2, true),
        rate: view.getUint32(body + 4, true),
        byteRate: view.getUint32(body + 8, true),
        blockAlign: view.getUint16(body + 12, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      data = { at: body, size };
      break;
    }
    at = body + size + (size % 2);
  }
  if (!fmt) throw new SpeechError('audio_corrupt', 'The WAV file has no format chunk.');
  if (!data) throw new SpeechError('audio_corrupt', 'The WAV file has no data chunk.');
  if (fmt.format !== WAVE_FORMAT_PCM) {
    throw new SpeechError(
      'audio_unsupported_format',
      `Only PCM WAV is supported (format code ${fmt.format}).`,
    );
  }
  if (fmt.bits !== 16)
    throw new SpeechError('audio_unsupported_format', `Only 16-bit WAV is supported (got ${fmt.bits}-bit).`);
  if (fmt.channels !== 1 && fmt.channels !== 2) {
    throw new SpeechError(
      'audio_unsupported_format',
      `Only mono or stereo WAV is supported (got ${fmt.channels} channels).`,
    );
  }
  if (fmt.rate < ACCEPTED_RATES.min || fmt.rate > ACCEPTED_RATES.max) {
    throw new SpeechError('audio_unsupported_format', `Sample rate ${fmt.rate} Hz is outside 8000–96000 Hz.`);
  }
  if (fmt.blockAlign !== fmt.channels * 2 || fmt.byteRate !== fmt.rate * fmt.blockAlign) {
    throw new SpeechError('audio_corrupt', 'The WAV header is inconsistent (block align or byte rate).');
  }
  if (data.size % fmt.blockAlign !== 0) {
    throw new SpeechError('audio_corrupt', 'The WAV data size is not a whole number of samples.');
  }

  const frames = data.size / fmt.blockAlign;
  const durationSeconds = frames / fmt.rate;
  if (frames === 0) throw new SpeechError('audio_empty', 'The WAV file holds no samples.');
  if (durationSeconds > MAX_AUDIO_SECONDS) {
    throw new SpeechError(
      'audio_too_long',
      `The recording is ${durationSeconds.toFixed(1)} s; the limit is ${MAX_AUDIO_SECONDS} s.`,
    );
  }
  if (durationSeconds < MIN_AUDIO_SECONDS) {
    throw new SpeechError(
      'audio_too_short',
      `The recording is ${durationSeconds.toFixed(2)} s, too short to hold a word.`,
    );
  }
  const samples = new Int16Array(frames * fmt.channels);
  for (let k = 0; k < samples.length; k++) samples[k] = view.getInt16(data.at + k * 2, true);
  const audio: PcmAudio = { sampleRate: fmt.rate, channels: fmt.channels, samples, durationSeconds };
  assertNotSilent(audio);
  return audio;
}

/**
 * Refuses audio with no usable signal: peak below −50 dBFS or RMS below −65 dBFS
 * (a quiet but real recording of speech sits far above both).
 * @throws SpeechError `audio_silent`.
 */
export function assertNotSilent(audio: PcmAudio): void {
  let peak = 0;
  let sumSq = 0;
  for (const s of audio.samples) {
    const a = Math.abs(s);
    if (a > peak) peak = a;
    sumSq += s * s;
  }
  const rms = Math.sqrt(sumSq / Math.max(1, audio.samples.length));
  if (peak < 32768 * 10 ** (-50 / 20) || rms < 32768 * 10 ** (-65 / 20)) {
    throw new SpeechError('audio_silent', 'The recording is silent: no voice was captured.');
  }
}

/** Averages stereo to mono. */
function toMono(audio: PcmAudio): Float32Array {
  const frames = audio.samples.length / audio.channels;
  const out = new Float32Array(frames);
  if (audio.channels === 1) {
    for (let k = 0; k < frames; k++) out[k] = audio.samples[k] ?? 0;
  } else {
    for (let k = 0; k < frames; k++)
      out[k] = ((audio.samples[2 * k] ?? 0) + (audio.samples[2 * k + 1] ?? 0)) / 2;
  }
  return out;
}

/**
 * Converts to 16 kHz mono with a Hann-windowed sinc resampler (low-pass at 0.9 × the lower
 * Nyquist frequency, 8 zero crossings each side, kernel tabulated at 1/512-sample steps),
 * enough for speech recognition and linear in the input length.
 * @returns new audio at 16 kHz, 1 channel.
 */
export function toRecogniserFormat(audio: PcmAudio): PcmAudio {
  const mono = toMono(audio);
  const inRate = audio.sampleRate;
  const outRate = TARGET_SAMPLE_RATE;
  let out: Float32Array;
  if (inRate === outRate) {
    out = mono;
  } else {
    const ratio = outRate / inRate;
    const cutoff = 0.9 * Math.min(1, ratio); // relative to the input Nyquist
    const zeros = 8;
    const half = Math.ceil(zeros / cutoff);
    const steps = 512;
    const table = new Float32Array(half * steps + 2);
    for (let t = 0; t < table.length; t++) {
      const x = t / steps;
      const arg = Math.PI * x * cutoff;
      const sinc = x === 0 ? 1 : Math.sin(arg) / arg;
      table[t] = x > half ? 0 : sinc * (0.5 + 0.5 * Math.cos((Math.PI * x) / half)) * cutoff;
    }
    const outLen = Math.floor(mono.length * ratio);
    out = new Float32Array(outLen);
    for (let n = 0; n < outLen; n++) {
      const centre = n / ratio;
      const first = Math.max(0, Math.ceil(centre - half));
      const last = Math.min(mono.length - 1, Math.floor(centre + half));
      let acc = 0;
      for (let k = first; k <= last; k++)
        acc += (mono[k] ?? 0) * (table[Math.round(Math.abs(k - centre) * steps)] ?? 0);
      out[n] = acc;
    }
  }
  const samples = new Int16Array(out.length);
  for (let k = 0; k < out.length; k++)
    samples[k] = Math.max(-32768, Math.min(32767, Math.round(out[k] ?? 0)));
  return { sampleRate: outRate, channels: 1, samples, durationSeconds: samples.length / outRate };
}

/**
 * Builds a PCM 16-bit WAV file (used by tests, the benchmark and the OpenAI upload).
 * @param samples interleaved samples.
 */
export function encodeWav(samples: Int16Array, sampleRate: number, channels = 1): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(44 + samples.length * 2));
  const view = new DataView(bytes.buffer);
  const write = (at: number, s: string): void => {
    for (let k = 0; k < s.length; k++) bytes[at + k] = s.charCodeAt(k);
  };
  write(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  write(8, 'WAVE');
  write(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, WAVE_FORMAT_PCM, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, 16, true);
  write(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let k = 0; k < samples.length; k++) view.setInt16(44 + k * 2, samples[k] ?? 0, true);
  return bytes;
}
