/**
 * The streaming tracker (issue 12): audio comes in small chunks while a child reads; the tracker
 * decodes the window since the last sure word (stream-decoder.ts) and lets the follower
 * (core/tutor/follow.ts) turn each decode into `word`, `hesitation` and `help` events. When the
 * reader stops, the words it is sure of are scored by the scorer's own alignment and metrics
 * (core/fluency/score-reading.ts), so a provisional result is ready at once; the uploaded WAV's
 * full scoring (warp search, second pass, GOP) stays the result that is saved.
 *
 * Used by the follow CLI (scripts/follow.ts), `npm run bench:follow` and the WebSocket route.
 */
import { Follower, type FollowEvent, type FollowSettings } from '#core/tutor/follow.ts';
import { tokenisePassage } from '#core/text/normalize.ts';
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { scoreReading } from '#core/fluency/score-reading.ts';
import { SpeechError } from '#server/speech/errors.ts';
import { MAX_PASSAGE_WORDS } from '#server/speech/score-audio.ts';
import {
  createStreamDecoder,
  type DecodedWindow,
  type StreamDecoder,
  type StreamDecoderOptions,
} from '#server/speech/stream-decoder.ts';
import { MAX_AUDIO_SECONDS, TARGET_SAMPLE_RATE } from '#server/speech/wav.ts';

/** Quietest word taken as speech: −50 dBFS (16-bit full scale 32768). */
const MIN_SPEECH_RMS = 32768 * 10 ** (-50 / 20);
/** A word 30 dB under the loudest word so far is taken as noise. */
const QUIET_RATIO = 10 ** (-30 / 20);
/** Speech is at least 12 dB over the room's noise floor (the quietest 100 ms so far). */
const NOISE_MARGIN = 10 ** (12 / 20);
/** Frames of 10 ms in a row over the speech level that make a sound (a click is not one). */
const SOUND_FRAMES = 3;
/**
 * A window this long, seconds, whose head the decoder still reads as nothing skips to the
 * decoder's first sound (the behaviour before energy-based silence; a bound on window length).
 */
const MAX_UNDECODED_SECONDS = 6;

/** New decoders a reading may start after its decoder process died (then the error stands). */
export const MAX_DECODER_RESTARTS = 2;

const lastOf = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b);

/** The engine named in a streamed (provisional) result. */
export const STREAM_ENGINE = 'pocketsphinx-stream';

export interface FollowStreamOptions {
  /** The passage as printed. */
  passageText: string;
  settings?: Partial<FollowSettings>;
  decoder?: StreamDecoderOptions;
  /** A decoder to use instead of starting pocketsphinx (tests). */
  createDecoder?: (passage: ReturnType<typeof tokenisePassage>) => Promise<StreamDecoder>;
}

/** One reader's stream. Not safe for overlapping `step` calls: the caller awaits each. */
export interface FollowStream {
  /** Appends 16 kHz mono PCM. @throws SpeechError `audio_too_long` past `MAX_AUDIO_SECONDS`. */
  push(samples: Int16Array): void;
  /** Audio received so far, seconds. */
  readonly fedSeconds: number;
  /** The audio received so far (16 kHz mono; a view: later pushes never change it). */
  samples(): Int16Array;
  /** Decodes the window up to the audio received so far; resolves with the events it brings. */
  step(): Promise<FollowEvent[]>;
  /**
   * The reader stopped: decodes the rest, scores the words heard.
   * @returns the last events and the provisional result (engine `pocketsphinx-stream`).
   */
  finish(): Promise<{ events: FollowEvent[]; result: FluencyResult }>;
  /** Stops the decoder (idempotent). */
  close(): Promise<void>;
  /** CPU seconds the decoder process has used (0 when unknown). */
  decoderCpuSeconds(): number;
  /** Decoders started in place of one that died, so far (at most `MAX_DECODER_RESTARTS`). */
  readonly decoderRestarts: number;
}

/**
 * Starts a stream for one reading.
 * @throws SpeechError `passage_empty` / `passage_too_long` (as the scorer), `recogniser_unavailable`.
 */
export async function createFollowStream(options: FollowStreamOptions): Promise<FollowStream> {
  const passage = tokenisePassage(options.passageText);
  if (passage.length === 0) throw new SpeechError('passage_empty', 'The passage has no words to read.');
  if (passage.length > MAX_PASSAGE_WORDS)
    throw new SpeechError(
      'passage_too_long',
      `The passage has ${passage.length} words; the limit is ${MAX_PASSAGE_WORDS}.`,
    );
  const follower = new Follower(passage, options.settings);
  const start = (): Promise<StreamDecoder> =>
    options.createDecoder ? options.createDecoder(passage) : createStreamDecoder(passage, options.decoder);
  let decoder = await start();
  let restarts = 0;
  let closing = false;
  /** CPU seconds of decoders that crashed and were replaced. */
  let retiredCpu = 0;
  /** The decoder's CPU seconds after its last answered window. */
  let lastCpu = 0;
  /**
   * Decodes one window; when the decoder process dies (`recogniser_failed`: pocketsphinx_batch
   * has exited 255 on long passages after hundreds of windows, cause not found), starts a new
   * one and decodes the window again, at most `MAX_DECODER_RESTARTS` times per reading.
   */
  const decodeSafely = async (
    samples: Int16Array,
    state: number,
    lookahead: number | undefined,
  ): Promise<DecodedWindow> => {
    for (;;) {
      try {
        const decoded = await decoder.decode(samples, state, lookahead);
        // read now: a process that dies takes its /proc figures with it
        lastCpu = decoder.cpuSeconds?.() ?? 0;
        return decoded;
      } catch (err) {
        if (closing || restarts >= MAX_DECODER_RESTARTS) throw err;
        if (!(err instanceof SpeechError) || err.code !== 'recogniser_failed') throw err;
        restarts++;
        retiredCpu += lastCpu;
        lastCpu = 0;
        await decoder.close();
        decoder = await start();
      }
    }
  };
  const limit = MAX_AUDIO_SECONDS * TARGET_SAMPLE_RATE;
  let audio = new Int16Array(TARGET_SAMPLE_RATE * 8);
  let length = 0;

  const decodeWindow = async (): Promise<{
    decoded: DecodedWindow;
    start: number;
    offset: number;
    now: number;
  }> => {
    const { time, state, lookahead } = follower.anchor;
    // Context: the window starts at the last sure word when it is the passage word before the
    // place, and the grammar one word earlier, so the window's first new word has acoustic context.
    const last = follower.heard.at(-1);
    const context =
      last !== undefined &&
      state > 0 &&
      Math.abs(last.end - time) < 0.005 &&
      time - last.start <= 1 &&
      (passage[state - 1]?.spoken.some((f) => f.length === 1 && f[0] === last.word.replace(/\(\d+\)$/, '')) ??
        false);
    const begin = context ? last.start : time;
    const from = Math.min(length, Math.max(0, Math.round(begin * TARGET_SAMPLE_RATE)));
    const now = length / TARGET_SAMPLE_RATE;
    const decoded = await decodeSafely(audio.subarray(from, length), context ? state - 1 : state, lookahead);
    return { decoded, start: time, offset: from / TARGET_SAMPLE_RATE, now };
  };
  let loudest = 0;
  /** RMS of the audio between two times, seconds. */
  const rms = (from: number, to: number): number => {
    const a = Math.max(0, Math.round(from * TARGET_SAMPLE_RATE));
    const b = Math.min(length, Math.round(to * TARGET_SAMPLE_RATE));
    let sum = 0;
    for (let k = a; k < b; k++) sum += (audio[k] ?? 0) ** 2;
    return b > a ? Math.sqrt(sum / (b - a)) : 0;
  };
  /** Quietest 100 ms block so far (the room's noise floor), RMS; Infinity before the first. */
  let floor = Infinity;
  let floorScanned = 0;
  const speechLevel = (): number => {
    const block = TARGET_SAMPLE_RATE / 10;
    for (; floorScanned + block <= length; floorScanned += block)
      floor = Math.min(
        floor,
        rms(floorScanned / TARGET_SAMPLE_RATE, (floorScanned + block) / TARGET_SAMPLE_RATE),
      );
    return Math.max(MIN_SPEECH_RMS, loudest * QUIET_RATIO, Number.isFinite(floor) ? floor * NOISE_MARGIN : 0);
  };
  /**
   * Where sound starts and ends between two times, by energy: the first and last run of
   * `SOUND_FRAMES` 10 ms frames above the speech level; null for silence only. The decoder's own
   * words cannot say this: when it finds nothing in a window (a word cut at the window's end, the
   * grammar at the wrong place), the audio is still speech and must be decoded again, not skipped.
   */
  const soundSpan = (from: number, to: number): { first: number; last: number } | null => {
    const level = speechLevel();
    const frame = TARGET_SAMPLE_RATE / 100;
    const a = Math.max(0, Math.round(from * 100));
    const b = Math.floor(Math.min(length / frame, to * 100));
    let first: number | null = null;
    let last: number | null = null;
    let run = 0;
    for (let k = a; k < b; k++) {
      run = rms(k / 100, (k + 1) / 100) >= level ? run + 1 : 0;
      if (run >= SOUND_FRAMES) {
        first ??= (k - SOUND_FRAMES + 1) / 100;
        last = (k + 1) / 100;
      }
    }
    return first === null || last === null ? null : { first, last };
  };
  /**
   * The decode in reading time, without "words" too quiet to be speech: the decoder always
   * matches something, and a fricative fits background hiss ("she" in a silent pause). A word
   * below −50 dBFS, 30 dB under the loudest word so far, or under the noise floor's margin, is
   * taken as silence. The span of sound is measured on the audio (`soundSpan`), except in a window
   * grown past `MAX_UNDECODED_SECONDS` with nothing decoded: there the decoder's sounds decide,
   * so a noisy room cannot grow a window without end.
   */
  const absolute = (d: DecodedWindow, start: number, now: number, offset = start) => {
    const level = speechLevel();
    const words = d.words
      .map((w) => ({ ...w, start: w.start + offset, end: w.end + offset }))
      // the context word (before the anchor) is sure already
      .filter((w) => (w.start + w.end) / 2 >= start)
      .map((w) => ({ ...w, start: Math.max(w.start, start) }))
      .filter((w) => {
        const r = rms(w.start, w.end);
        if (r < level) return false;
        loudest = Math.max(loudest, r);
        return true;
      });
    const span = soundSpan(start, now);
    const stuck = now - start > MAX_UNDECODED_SECONDS;
    return {
      windowStart: start,
      now,
      words,
      firstSound: stuck ? (words[0]?.start ?? null) : (span?.first ?? null),
      lastSound: lastOf(span?.last ?? null, words[words.length - 1]?.end ?? null),
    };
  };

  return {
    push(samples) {
      if (length + samples.length > limit)
        throw new SpeechError('audio_too_long', `A reading may last at most ${MAX_AUDIO_SECONDS} s.`);
      if (length + samples.length > audio.length) {
        const grown = new Int16Array(Math.min(limit, Math.max(audio.length * 2, length + samples.length)));
        grown.set(audio.subarray(0, length));
        audio = grown;
      }
      audio.set(samples, length);
      length += samples.length;
    },
    get fedSeconds() {
      return length / TARGET_SAMPLE_RATE;
    },
    samples: () => audio.subarray(0, length),
    async step() {
      const { decoded, start, offset, now } = await decodeWindow();
      return follower.update(absolute(decoded, start, now, offset));
    },
    async finish() {
      const { decoded, start, offset, now } = await decodeWindow();
      const events = follower.finish(absolute(decoded, start, now, offset));
      const result = scoreReading(options.passageText, follower.heard, {
        engine: STREAM_ENGINE,
        durationSeconds: now,
      });
      return { events, result };
    },
    close: () => {
      closing = true;
      return decoder.close();
    },
    get decoderRestarts() {
      return restarts;
    },
    decoderCpuSeconds: () => retiredCpu + Math.max(lastCpu, decoder.cpuSeconds?.() ?? 0),
  };
}
