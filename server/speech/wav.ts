/**
 * WAV input: strict parsing of RIFF/WAVE PCM 16-bit (any rate, mono or stereo), the refusals
 * the issue asks for, and conversion to the recogniser's 16 kHz mono (by sox). Writing WAV files is
 * core/audio/wav.ts (`wavefile`).
 *
 * `parseWav` stays our own on purpose (docs/decisions/0021-wav-libraries.md): it is the check on
 * untrusted bytes, synchronous and bounded by the input size, so a bad file cannot hang the server;
 * wavefile's reader trusts the sizes a file declares (a 60-byte file whose `cue ` chunk claims four
 * billion points keeps it busy until memory runs out).
 */
import { spawn } from 'node:child_process';
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

/** Longest a conversion may take, ms (a 180 s recording at 96 kHz stereo takes well under 2 s). */
const CONVERSION_TIMEOUT_MS = 60_000;

/**
 * Converts to the recogniser's 16 kHz mono with sox (the Debian package `sox`, which scripts/setup.sh
 * installs): the channels averaged, the rate changed by sox's `rate` effect at its default high
 * quality (a linear-phase band-limited resampler), no dither, so the result is the same on every run.
 * It runs in a child process, so a long recording does not hold the event loop. 16 kHz mono input is
 * returned as it is.
 * @param audio validated audio (from `parseWav`).
 * @param opts.signal cancels the conversion (the child is killed).
 * @returns new audio at 16 kHz, 1 channel.
 * @throws SpeechError `recogniser_unavailable` when sox is not installed, `recogniser_timeout` after
 *   60 s, `recogniser_failed` when sox fails or the conversion is cancelled.
 */
export async function toRecogniserFormat(
  audio: PcmAudio,
  opts: { signal?: AbortSignal } = {},
): Promise<PcmAudio> {
  if (audio.sampleRate === TARGET_SAMPLE_RATE && audio.channels === 1) return audio;
  const raw = (rate: number, channels: number) => [
    ...['-t', 'raw', '-e', 'signed-integer', '-b', '16', '-L'],
    ...['-r', String(rate), '-c', String(channels)],
  ];
  const args = [
    ...['-V1', '-D'],
    ...raw(audio.sampleRate, audio.channels),
    '-',
    ...raw(TARGET_SAMPLE_RATE, 1),
    '-',
  ];
  const input = Buffer.from(audio.samples.buffer, audio.samples.byteOffset, audio.samples.byteLength);
  const output = await runSox(args, input, opts.signal);
  const samples = new Int16Array(output.length >> 1);
  for (let k = 0; k < samples.length; k++) samples[k] = output.readInt16LE(k * 2);
  return {
    sampleRate: TARGET_SAMPLE_RATE,
    channels: 1,
    samples,
    durationSeconds: samples.length / TARGET_SAMPLE_RATE,
  };
}

/** Runs sox with `input` on stdin; resolves with its stdout. */
function runSox(args: string[], input: Buffer, signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new SpeechError('recogniser_failed', 'The audio conversion was cancelled.'));
      return;
    }
    const child = spawn('sox', args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    let settled = false;
    const finish = (err: SpeechError | null, value?: Buffer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (err) {
        child.kill('SIGKILL');
        reject(err);
      } else resolve(value!);
    };
    const timer = setTimeout(
      () => finish(new SpeechError('recogniser_timeout', 'The audio conversion took too long.')),
      CONVERSION_TIMEOUT_MS,
    );
    const onAbort = (): void =>
      finish(new SpeechError('recogniser_failed', 'The audio conversion was cancelled.'));
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 2000) stderr += d.toString();
    });
    // sox gone early (it failed): its exit status tells why, not the broken pipe.
    child.stdin.on('error', () => undefined);
    child.on('error', (err: NodeJS.ErrnoException) =>
      finish(
        new SpeechError(
          err.code === 'ENOENT' ? 'recogniser_unavailable' : 'recogniser_failed',
          err.code === 'ENOENT'
            ? 'sox is not installed (apt-get install sox).'
            : `Cannot start sox: ${err.message}`,
          { cause: err },
        ),
      ),
    );
    child.on('close', (code, sig) => {
      if (code === 0) finish(null, Buffer.concat(out));
      else
        finish(
          new SpeechError(
            'recogniser_failed',
            `The audio conversion failed (${sig ?? `exit ${String(code)}`}): ${stderr.trim().slice(-300)}`,
          ),
        );
    });
    child.stdin.end(input);
  });
}
