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
import * as wavefileModule from 'wavefile';
import { speakableTokens } from '#core/api/stories.ts';
import { encodeWav } from '#core/audio/wav.ts';
import { isPhone, type Phone } from '#core/sound-it-out/phones.ts';
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

/**
 * flite's duration_stretch for a phone alone (Sound It Out, docs/decisions/0043-sound-it-out.md): 1.5 draws
 * out a continuous sound ("mmm", "sss") so a child hears it, while a stop ("k", "t") stays a short burst, as a
 * teacher says it.
 */
export const PHONE_DURATION_STRETCH = 1.5;

/**
 * Peak every phone is scaled to, dBFS. flite says an unvoiced consonant alone some 25–30 dB below a vowel
 * (`pau k pau`: peak 890 of 32 767 against `ae`'s 20 443, measured 29 Nov 2026), so a child would hear "…a…"
 * but hardly "k"; −3 dBFS leaves headroom for the resampling of the browser's player.
 */
export const PHONE_PEAK_DBFS = -3;
/**
 * A sample counts as the silence of flite's `pau` (which pads each side by 0.18–0.40 s) below this share of
 * the phone's own peak (−34 dB), so the faint start of a quiet "f" is kept, or below
 * {@link PHONE_NOISE_FLOOR}: flite's pau is not digital silence but a hiss of up to ~80 (−52 dBFS), which
 * is as loud as 9 % of a "k" (peak 890).
 */
const PHONE_SILENCE_SHARE = 0.02;
/** Sample value (of 32 767) under which flite's pau hiss lies, measured on `pau k pau`, `pau f pau`. */
const PHONE_NOISE_FLOOR = 100;
/**
 * Silence kept on each side, seconds: enough for the player not to clip the onset, so the pause between
 * two sounds is the page's SOUND_GAP_MS (core/sound-it-out/game.ts), not flite's padding.
 */
export const PHONE_MARGIN_SECONDS = 0.02;

const wavefileLib = wavefileModule as unknown as Record<string, unknown>;
const { WaveFile } = (
  'WaveFile' in wavefileLib ? wavefileLib : wavefileLib['default']
) as typeof wavefileModule;

/**
 * A phone's PCM made fit to be played in a row: flite's leading and trailing silence cut to
 * {@link PHONE_MARGIN_SECONDS}, and the peak scaled to {@link PHONE_PEAK_DBFS}.
 * @param samples 16-bit mono PCM
 * @param sampleRate samples per second
 * @returns new samples (silence, or hiss only, is left as it is: nothing to scale)
 */
export function shapePhone(samples: Int16Array, sampleRate: number): Int16Array {
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  if (peak <= PHONE_NOISE_FLOOR) return samples.slice();
  const floor = Math.max(peak * PHONE_SILENCE_SHARE, PHONE_NOISE_FLOOR);
  let first = 0;
  while (first < samples.length && Math.abs(samples[first]!) < floor) first += 1;
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last]!) < floor) last -= 1;
  const margin = Math.round(PHONE_MARGIN_SECONDS * sampleRate);
  const kept = samples.subarray(Math.max(0, first - margin), Math.min(samples.length, last + 1 + margin));
  const gain = (32_767 * 10 ** (PHONE_PEAK_DBFS / 20)) / peak;
  return Int16Array.from(kept, (s) => Math.max(-32_768, Math.min(32_767, Math.round(s * gain))));
}

/** flite's WAV bytes of one phone, shaped by {@link shapePhone}; another WAV than 16-bit mono is left as it is. */
function shapePhoneWav(wav: Uint8Array): Uint8Array {
  const file = new WaveFile(wav);
  const format = file.fmt as { numChannels: number; sampleRate: number };
  if (format.numChannels !== 1 || file.bitDepth !== '16') return wav;
  const samples = file.getSamples(false, Int16Array) as unknown as Int16Array;
  return encodeWav(shapePhone(samples, format.sampleRate), format.sampleRate);
}

/** Makes the audio of one phone: 16 kHz WAV bytes and their length in seconds. */
export type PhoneSynthesiser = (phone: Phone) => Promise<{ audio: Uint8Array; duration: number }>;

/**
 * One phone said alone by flite's `slt` voice, between two short pauses (`flite -p "pau k pau"`), then
 * trimmed and made as loud as every other phone ({@link shapePhone}). The phone is checked against the closed
 * list again here, and passed as an argument, never through a shell.
 * @param options.flite the flite binary (default `flite` on PATH)
 * @param options.tempDir where flite writes its WAV before it is read (default the OS temp folder)
 * @throws RangeError for a value off core/sound-it-out/phones.ts PHONES; any error of flite
 */
export function createFlitePhoneSynthesiser(
  options: { flite?: string; tempDir?: string } = {},
): PhoneSynthesiser {
  const flite = options.flite ?? 'flite';
  const tempDir = options.tempDir ?? tmpdir();
  return async (phone) => {
    if (!isPhone(phone)) throw new RangeError(`Not a phone: ${String(phone)}`);
    const temp = join(tempDir, `sparky-phone-${randomUUID()}.wav`);
    try {
      await run(
        flite,
        [
          '-voice',
          'slt',
          '--setf',
          `duration_stretch=${PHONE_DURATION_STRETCH}`,
          '-p',
          `pau ${phone} pau`,
          '-o',
          temp,
        ],
        { timeout: FLITE_TIMEOUT_MS },
      );
      const audio = shapePhoneWav(new Uint8Array(await readFile(temp)));
      return { audio, duration: wavSeconds(audio) };
    } finally {
      await rm(temp, { force: true });
    }
  };
}
