/**
 * flite, the offline provider (CMU Flite from Debian): the default voice and the chain's last resort.
 * It makes a WAV of the text, and word timings come from flite's own phone times
 * (server/speech/tts-align.ts, docs/decisions/0006-story-library-and-read-to-me.md). Nothing goes over
 * the network. Runs are limited to {@link FLITE_CONCURRENCY} at a time (2 cores on the reference machine).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { speakableTokens } from '#core/api/stories.ts';
import { alignTokens, parsePhones, parseSegmentDurations, parseUtterancePhones } from './tts-align.ts';
import { wavSeconds, type SpeechSynthesiser } from './tts-provider.ts';

const run = promisify(execFile);

/**
 * flite's duration_stretch at speed 1: 1 is flite's own pace; 1.1 is a natural reading pace for young
 * listeners (flite's default runs a little quick for them), far from the 1.6 used for slow test readings.
 * A speed `s` uses `1.1 / s`.
 */
export const TTS_DURATION_STRETCH = 1.1;
/** Longest time one flite run may take, in milliseconds. */
const FLITE_TIMEOUT_MS = 20_000;
/** Parallel flite runs when asking for the phones of single words. */
const WORD_CONCURRENCY = 4;
/** Texts synthesised at the same time by flite (CPU bound). */
export const FLITE_CONCURRENCY = 2;

/** duration_stretch for a speed (rounded to 3 decimals, so it is stable in cache keys). */
export function fliteStretch(speed: number): number {
  return Math.round((TTS_DURATION_STRETCH / speed) * 1000) / 1000;
}

/**
 * Builds the flite provider.
 * @param options.flite the flite binary (default `flite` on PATH)
 * @param options.tempDir where flite writes its WAV before it is read (default the OS temp folder)
 */
export function createFliteProvider(options: { flite?: string; tempDir?: string } = {}): SpeechSynthesiser {
  const flite = options.flite ?? 'flite';
  const tempDir = options.tempDir ?? tmpdir();
  const wordPhones = new Map<string, string[]>();

  async function fliteRun(voice: string, args: string[], signal?: AbortSignal): Promise<string> {
    const { stdout } = await run(flite, ['-voice', voice, ...args], {
      timeout: FLITE_TIMEOUT_MS,
      maxBuffer: 4 * 1024 * 1024,
      ...(signal && { signal }),
    });
    return stdout;
  }

  /** Phones of one token spoken alone by a voice, remembered for the life of the process (bounded). */
  async function phonesOf(voice: string, token: string): Promise<string[]> {
    const memoKey = `${voice}|${token.toLowerCase()}`;
    const known = wordPhones.get(memoKey);
    if (known) return known;
    const phones = parsePhones(await fliteRun(voice, ['-ps', '-t', token, '-o', 'none']));
    if (wordPhones.size > 20_000) wordPhones.clear();
    wordPhones.set(memoKey, phones);
    return phones;
  }

  /**
   * Learns the phones of the tokens not yet known in one flite run: each token as a sentence of its own
   * ("cat. sat. "), whose phones come back between pauses. Against a run per word (what remains for any token
   * this does not settle) it spares one process per word: spawning flite from the server cost more CPU than
   * flite's own work (28 Nov 2026: 19 s of the server's main thread in three e2e journeys). The phones are
   * the same as a word's own run (all of the first 400 words of the library compared); when the groups do not
   * match the tokens one to one (flite reads "Mr. 42." as one sentence), or the run fails, nothing is learnt.
   */
  async function learnPhones(voice: string, tokens: string[]): Promise<void> {
    const unknown = [...new Set(tokens.filter((t) => !wordPhones.has(`${voice}|${t.toLowerCase()}`)))];
    if (unknown.length < 2) return;
    let groups: string[][];
    try {
      groups = parseUtterancePhones(await fliteRun(voice, ['-ps', '-t', unknown.join('. '), '-o', 'none']));
    } catch {
      return;
    }
    if (groups.length !== unknown.length) return;
    if (wordPhones.size + unknown.length > 20_000) wordPhones.clear();
    unknown.forEach((token, index) => wordPhones.set(`${voice}|${token.toLowerCase()}`, groups[index]!));
  }

  async function allPhones(voice: string, tokens: string[]): Promise<string[][]> {
    await learnPhones(voice, tokens);
    const result: string[][] = new Array(tokens.length);
    let next = 0;
    const worker = async () => {
      while (next < tokens.length) {
        const index = next++;
        result[index] = await phonesOf(voice, tokens[index]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(WORD_CONCURRENCY, tokens.length) }, worker));
    return result;
  }

  return {
    name: 'flite',
    async synthesise({ text, voice, speed, signal }) {
      const tokens = speakableTokens(text);
      const temp = join(tempDir, `sparky-flite-${randomUUID()}.wav`);
      try {
        const segments = parseSegmentDurations(
          await fliteRun(
            voice,
            ['--setf', `duration_stretch=${fliteStretch(speed)}`, '-psdur', '-t', text, '-o', temp],
            signal,
          ),
        );
        const timings = alignTokens(segments, await allPhones(voice, tokens));
        const audio = new Uint8Array(await readFile(temp));
        const duration = wavSeconds(audio);
        return {
          audio,
          format: 'wav',
          duration,
          timing: 'exact',
          words: tokens.map((token, index) => ({
            index,
            text: token,
            start: Math.min(timings[index]!.start, duration),
            end: Math.min(timings[index]!.end, duration),
          })),
        };
      } finally {
        await rm(temp, { force: true });
      }
    },
  };
}
