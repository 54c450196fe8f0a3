/**
 * Read-to-me speech on this machine: flite (CMU, voice slt) makes a WAV of the text, and word timings
 * come from flite's own phone times (server/speech/tts-align.ts). Nothing goes over the network.
 * Results are cached in DATA_DIR/speech-cache by a hash of voice, pace and text, bounded in entries
 * (least recently used go first).
 */
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { speakableTokens, type SpokenWord } from '#core/api/stories.ts';
import { alignTokens, parsePhones, parseSegmentDurations } from './tts-align.ts';

const run = promisify(execFile);

/** flite's US English female voice; clear and well recognised (see stack gotchas). */
export const TTS_VOICE = 'slt';
/**
 * flite's duration_stretch: 1 is flite's own pace; 1.1 is a natural reading pace for young listeners
 * (flite's default runs a little quick for them), far from the 1.6 used for slow test readings.
 */
export const TTS_DURATION_STRETCH = 1.1;
/** Most cached texts kept; each is a WAV (about 32 kB per second) and a small JSON file. */
export const TTS_CACHE_MAX_ENTRIES = 400;
/** Longest time one flite run may take, in milliseconds. */
const FLITE_TIMEOUT_MS = 20_000;
/** Parallel flite runs when asking for the phones of single words. */
const WORD_CONCURRENCY = 4;
/** Texts synthesised at the same time; more wait their turn, so a burst of requests cannot fork a
 * flite per word per request without bound (2 cores on the reference machine). */
const SYNTHESIS_CONCURRENCY = 2;

/** A synthesised text: the WAV's cache key, its length in seconds, and word timings. */
export interface SynthesisResult {
  key: string;
  duration: number;
  voice: string;
  words: SpokenWord[];
}

/** The synthesiser: `speak` makes (or finds) the speech of a text; `audioPath` finds its WAV. */
export interface TextToSpeech {
  speak(text: string): Promise<SynthesisResult>;
  /** The WAV file of a key returned by `speak`, or null when unknown or evicted. */
  audioPath(key: string): Promise<string | null>;
}

/** Thrown when flite is missing or fails; the route answers 503. */
export class TtsUnavailableError extends Error {
  override name = 'TtsUnavailableError';
}

/**
 * Length of a PCM WAV in seconds, from its header (flite writes the canonical 44-byte header:
 * channels at byte 22, sample rate at 24, bits per sample at 34, data after byte 44).
 */
export function wavDuration(wav: Uint8Array): number {
  if (wav.length < 44) return 0;
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const channels = view.getUint16(22, true);
  const sampleRate = view.getUint32(24, true);
  const bits = view.getUint16(34, true);
  const bytesPerSecond = sampleRate * channels * (bits / 8);
  if (!bytesPerSecond) return 0;
  return Math.round(((wav.length - 44) / bytesPerSecond) * 1000) / 1000;
}

const KEY_PATTERN = /^[0-9a-f]{64}$/;

/** Whether a string has the shape of a cache key (a hex SHA-256), so it is safe in a file path. */
export function isSpeechKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Whitespace collapsed and control characters removed: the text flite gets and the key is made of. */
export function normaliseSpeechText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * Build the flite synthesiser with its cache.
 * @param options.cacheDir folder for cached WAV and JSON files (created when missing)
 * @param options.maxEntries most texts kept (default {@link TTS_CACHE_MAX_ENTRIES})
 * @param options.flite the flite binary (default `flite` on PATH)
 */
export function createFliteTts(options: {
  cacheDir: string;
  maxEntries?: number;
  flite?: string;
}): TextToSpeech {
  const { cacheDir } = options;
  const maxEntries = options.maxEntries ?? TTS_CACHE_MAX_ENTRIES;
  const flite = options.flite ?? 'flite';
  const inFlight = new Map<string, Promise<SynthesisResult>>();
  const wordPhones = new Map<string, string[]>();
  let running = 0;
  const waiting: (() => void)[] = [];
  async function withSlot<T>(work: () => Promise<T>): Promise<T> {
    // A finished job hands its slot straight to the next waiter, so the count never overshoots.
    if (running >= SYNTHESIS_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  mkdirSync(cacheDir, { recursive: true });

  async function fliteRun(args: string[]): Promise<string> {
    try {
      const { stdout } = await run(flite, ['-voice', TTS_VOICE, ...args], {
        timeout: FLITE_TIMEOUT_MS,
        maxBuffer: 4 * 1024 * 1024,
      });
      return stdout;
    } catch (error) {
      throw new TtsUnavailableError(
        `Speech could not be made (flite: ${error instanceof Error ? error.message : String(error)}).`,
      );
    }
  }

  /** Phones of one token spoken alone, remembered for the life of the process (bounded). */
  async function phonesOf(token: string): Promise<string[]> {
    const memoKey = token.toLowerCase();
    const known = wordPhones.get(memoKey);
    if (known) return known;
    const phones = parsePhones(await fliteRun(['-ps', '-t', token, '-o', 'none']));
    if (wordPhones.size > 20_000) wordPhones.clear();
    wordPhones.set(memoKey, phones);
    return phones;
  }

  async function allPhones(tokens: string[]): Promise<string[][]> {
    const result: string[][] = new Array(tokens.length);
    let next = 0;
    const worker = async () => {
      while (next < tokens.length) {
        const index = next++;
        result[index] = await phonesOf(tokens[index]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(WORD_CONCURRENCY, tokens.length) }, worker));
    return result;
  }

  async function prune() {
    const entries = readdirSync(cacheDir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({ key: name.slice(0, -5), time: statSync(join(cacheDir, name)).mtimeMs }))
      .sort((a, b) => b.time - a.time);
    for (const old of entries.slice(maxEntries)) {
      await rm(join(cacheDir, `${old.key}.json`), { force: true });
      await rm(join(cacheDir, `${old.key}.wav`), { force: true });
    }
  }

  async function synthesise(key: string, text: string): Promise<SynthesisResult> {
    const tokens = speakableTokens(text);
    const temp = join(cacheDir, `${key}.${randomUUID()}.tmp.wav`);
    try {
      const segments = parseSegmentDurations(
        await fliteRun([
          '--setf',
          `duration_stretch=${TTS_DURATION_STRETCH}`,
          '-psdur',
          '-t',
          text,
          '-o',
          temp,
        ]),
      );
      const timings = alignTokens(segments, await allPhones(tokens));
      const duration = wavDuration(await readFile(temp));
      const result: SynthesisResult = {
        key,
        duration,
        voice: `flite ${TTS_VOICE}`,
        words: tokens.map((token, index) => ({
          index,
          text: token,
          start: Math.min(timings[index]!.start, duration),
          end: Math.min(timings[index]!.end, duration),
        })),
      };
      await rename(temp, join(cacheDir, `${key}.wav`));
      await writeFile(join(cacheDir, `${key}.json`), JSON.stringify(result));
      await prune();
      return result;
    } finally {
      await rm(temp, { force: true });
    }
  }

  return {
    async speak(rawText) {
      const text = normaliseSpeechText(rawText);
      const key = createHash('sha256').update(`${TTS_VOICE}|${TTS_DURATION_STRETCH}|${text}`).digest('hex');
      const jsonPath = join(cacheDir, `${key}.json`);
      try {
        const cached = JSON.parse(await readFile(jsonPath, 'utf8')) as SynthesisResult;
        const now = new Date();
        await utimes(jsonPath, now, now).catch(() => undefined);
        return cached;
      } catch {
        // Not cached (or unreadable): make it, once even when asked twice at the same time.
      }
      const pending = inFlight.get(key);
      if (pending) return pending;
      const job = withSlot(() => synthesise(key, text)).finally(() => inFlight.delete(key));
      inFlight.set(key, job);
      return job;
    },
    async audioPath(key) {
      if (!isSpeechKey(key)) return null;
      const path = join(cacheDir, `${key}.wav`);
      try {
        await stat(path);
        return path;
      } catch {
        return null;
      }
    },
  };
}
