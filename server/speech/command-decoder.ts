/**
 * Spoken commands recognised offline with pocketsphinx (issue 11; docs/decisions/0015-spoken-commands.md).
 *
 * One utterance (≤ 8 s) is decoded twice in one `pocketsphinx_batch` run: against the command
 * grammar (command-grammar.ts: the active commands, carrier words, and the refusal paths: a phone
 * loop for anything else, a second command, words after the command) and against a free phone
 * loop. A command is accepted only when
 * 1. the grammar's best path is exactly one command (not the garbage loop, not two commands), and
 * 2. its acoustic fit per frame of speech is close enough to the free phone loop's, the best any
 *    phone sequence could do (a log-likelihood ratio; Rose & Paul 1990, Rahim et al. 1997 use the
 *    same kind of "filler/anti-model" normalisation for keyword verification).
 * Children's voices: the same run is made at frequency warps 1 (none) and {@link DEFAULT_COMMAND_WARP}
 * on two processes at once; of the warps that accept a command, the one whose command beats its own
 * free loop by most answers ({@link chooseWarpVerdict}; a likelihood ratio within each warp, since raw
 * scores of different warps are not on one scale).
 * Loud, clipped audio (shouting) is answered as not understood before any decoding.
 * When the grammar's path is other words, or a command too weak to take, a second opinion may still
 * take a command (command-moonshine.ts: Moonshine tiny searching the screen's own commands; the
 * server and the CLI pass it as {@link CommandRecogniserOptions.secondOpinion}).
 *
 * Shared helpers come from the scoring recogniser (pocketsphinx.ts: the process runner with its
 * limits, the dictionary and its letter-to-sound fallback) and wav.ts.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CMU_PHONES,
  DEFAULT_CMUDICT,
  DEFAULT_WORD_FREQUENCIES,
  loadWordLogProbabilities,
} from '#server/speech/lexicon.ts';
import { DEFAULT_MODEL_DIR, dictionaryLines, lexiconFor, runLimited } from '#server/speech/pocketsphinx.ts';
import { SpeechError } from '#server/speech/errors.ts';
import { startWarmBatch, wordsOf, type WarmBatch } from '#server/speech/warm-batch.ts';
import type { PcmAudio } from '#server/speech/wav.ts';
import { transcriptDisputes, type CommandSecondOpinion } from '#server/speech/command-moonshine.ts';
import {
  NO_COMMAND,
  phraseTokens,
  POLITE_WORD,
  type VoiceAnswer,
  type VoiceCommand,
} from '#core/voice/command.ts';
import {
  buildCommandGrammar,
  buildGarbageGrammar,
  GARBAGE_PREFIX,
  isDoublePath,
  matchPath,
  type CommandGrammarProbabilities,
  type GrammarEntry,
} from '#server/speech/command-grammar.ts';

/**
 * The warp tried beside 1: formants 45 % above an adult's, the upper middle of children's range
 * (15–40 % and more, Lee, Potamianos & Narayanan 1999), applied as a piecewise-linear warp (see
 * {@link commandWarpArgs}); chosen on the tuning half of `npm run bench:commands` over 1.22
 * (docs/decisions/0015-spoken-commands.md).
 */
export const DEFAULT_COMMAND_WARP = 1.45;
/** The warps every command is decoded at (see {@link DEFAULT_COMMAND_WARP}). */
export const DEFAULT_COMMAND_WARPS: readonly number[] = [1, DEFAULT_COMMAND_WARP];
/**
 * Smallest accepted margin: the command path's total score minus the garbage loop's (decoded alone,
 * without the prior that tilts the grammar towards commands), per frame of speech, in pocketsphinx's
 * log units (base 1.0001). 0 means the command must fit at least as well as "anything else" would
 * with no handicap; chosen on `npm run bench:commands` (docs/decisions/0015-spoken-commands.md).
 */
export const DEFAULT_MIN_MARGIN = 0;
/**
 * Share of samples at full scale above which a recording counts as shouted (clipped): the words are
 * distorted and a wrong command is likelier than a right one, so it is not decoded.
 */
export const MAX_CLIPPED_SHARE = 0.01;

/**
 * Words of the garbage loop beside the phones: the commonest words of spoken English (unigrams of
 * pocketsphinx-en-us's `en-us.lm.bin`), less any word of an active command. Ordinary talk is then
 * matched as ordinary words rather than forced onto a command, while a command's own words can only
 * be matched by the command.
 */
export const DEFAULT_COMMON_WORDS = 200;

let common: string[] | undefined;
/** The `count` commonest words (letters and apostrophes only), commonest first. */
export function commonWords(count: number): string[] {
  common ??= [...loadWordLogProbabilities(DEFAULT_WORD_FREQUENCIES)]
    .filter(([w]) => /^[a-z]+(?:'[a-z]+)?$/.test(w))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 2000)
    .map(([w]) => w);
  return common.slice(0, count);
}

/** How a warp factor is applied (see {@link commandWarpArgs}). */
export type CommandWarpType = 'inverse_linear' | 'piecewise_linear';

/**
 * pocketsphinx arguments that decode at a warp factor `warp` (1: none).
 * - `'piecewise_linear'`: vocal tract length normalisation proper: a voice whose formants sit
 *   `warp` times higher than an adult's is heard by filters moved up by `warp` below
 *   `cutoffHz` (sphinxbase `fe_warp_piecewise_linear`, slope 1/`warp`; above the cutoff the
 *   warp bends back to meet the Nyquist frequency).
 * - `'inverse_linear'`: sphinxbase's `f / warp`. sphinxbase maps the filter bank's lowest and highest
 *   edges (`-lowerf`, `-upperf`) through the warp and back, so with a warp that is linear over the
 *   whole band the filters keep spanning the same hertz: only the spacing between them changes (the
 *   mel curve's knee moves from 700 Hz to 700·warp). It does not move the filters up to a child's
 *   formants.
 */
export function commandWarpArgs(
  warp: number,
  type: CommandWarpType = 'piecewise_linear',
  cutoffHz = DEFAULT_WARP_CUTOFF_HZ,
): string[] {
  if (warp === 1) return [];
  return type === 'inverse_linear'
    ? ['-warp_type', 'inverse_linear', '-warp_params', String(warp)]
    : ['-warp_type', 'piecewise_linear', '-warp_params', `${(1 / warp).toFixed(4)} ${cutoffHz}`];
}

/**
 * The decoder's silence probability (`-silprob`; pocketsphinx's default is 0.005): how cheaply a pause
 * may be inserted between two words of either grammar (the command grammar and the free loop alike).
 * 0.1 since 26 Nov 2026: on the whole bench's tuning set it answers one command more than 0.005, with
 * no false activation, wrong command or double added (docs/decisions/0015-spoken-commands.md, sixth
 * round).
 */
export const DEFAULT_SILENCE_PROBABILITY = 0.1;

/**
 * The tuning arguments both decodes get: `-silprob` ({@link DEFAULT_SILENCE_PROBABILITY} unless
 * given), then `extra`; a `-silprob` in `extra` replaces the default rather than repeating it.
 */
export function commandDecoderArgs(
  extra: readonly string[] = [],
  silenceProbability = DEFAULT_SILENCE_PROBABILITY,
): string[] {
  return [...(extra.includes('-silprob') ? [] : ['-silprob', String(silenceProbability)]), ...extra];
}

/** Where the piecewise-linear warp stops being linear, Hz (see {@link commandWarpArgs}). */
export const DEFAULT_WARP_CUTOFF_HZ = 5000;

/** How the answer is taken from the warps' decodes (see {@link chooseWarpVerdict}). */
export type WarpChoice = 'best' | 'any' | 'margin';

/**
 * The default {@link WarpChoice}: `'margin'`, since 26 Nov 2026 (it was `'best'`). On the whole
 * bench's tuning set it answers 90/99 commands right against 89/99, with 0/80 false activations
 * either way (docs/decisions/0015-spoken-commands.md, fourth round).
 */
export const DEFAULT_WARP_CHOICE: WarpChoice = 'margin';

/** One warp's verdict as {@link chooseWarpVerdict} sees it. */
export interface WarpVerdict {
  /** The command this warp accepts (its path is one command and passes the margins), or null. */
  target: string | null;
  /** Command path minus free loop per speech frame (null when the path is not one command). */
  margin: number | null;
  /** Total score of the command grammar's best path (null: no path). */
  total: number | null;
  /** Whether both decodes (grammar and free loop) found a path. */
  complete: boolean;
}

/**
 * The warp whose verdict is the answer.
 * - `'best'`: the warp at which the command grammar's best path scores best (maximum likelihood,
 *   as VTLN), among the warps whose two decodes both found a path (a warp whose free loop was
 *   pruned away cannot check its command).
 * - `'margin'`: of the warps that accept a command, the one whose command beats its own warp's free
 *   loop by most; `'best'` when none accepts. Raw scores of different warps are not on one scale
 *   (a warp that fits a voice badly fits the free loop badly too, and a warp that fits it well can
 *   prefer the garbage words), so the likelihood ratio within each warp is compared instead.
 * - `'any'`: as `'margin'`, but only when every accepting warp accepts the same command.
 */
export function chooseWarpVerdict<V extends WarpVerdict>(verdicts: readonly V[], choice: WarpChoice): V {
  const accepted = verdicts.filter((v) => v.target !== null);
  const agree = new Set(accepted.map((v) => v.target)).size <= 1;
  if (accepted.length > 0 && (choice === 'margin' || (choice === 'any' && agree)))
    return accepted.reduce((a, b) => ((b.margin ?? -Infinity) > (a.margin ?? -Infinity) ? b : a));
  const complete = verdicts.filter((v) => v.complete);
  return (complete.length ? complete : verdicts).reduce((a, b) =>
    (b.total ?? -Infinity) > (a.total ?? -Infinity) ? b : a,
  );
}

/** Settings of {@link createCommandRecogniser}. */
export interface CommandRecogniserOptions {
  modelDir?: string;
  dictionaryPath?: string;
  binary?: string;
  /** Warps tried at once (default {@link DEFAULT_COMMAND_WARPS}; `[1]` for none). */
  warps?: readonly number[];
  /** How a warp is applied (default `'piecewise_linear'`; see {@link commandWarpArgs}). */
  warpType?: CommandWarpType;
  /** Cut-off of the piecewise-linear warp, Hz (default {@link DEFAULT_WARP_CUTOFF_HZ}). */
  warpCutoffHz?: number;
  /** See {@link DEFAULT_MIN_MARGIN}. */
  minMargin?: number;
  /**
   * Smallest margin over the command's own words (see {@link DEFAULT_MIN_COMMAND_MARGIN}); `null`
   * checks only the margin over the whole speech.
   */
  minCommandMargin?: number | null;
  /**
   * Cut the silence before and after the voice down to {@link TRIM_PAD_FRAMES} before decoding
   * (default true; see {@link trimSilence}).
   */
  trimSilence?: boolean;
  /** Quiet kept either side by the trim, 10 ms frames (default {@link TRIM_PAD_FRAMES}). */
  trimPadFrames?: number;
  /**
   * How the warp is chosen (default {@link DEFAULT_WARP_CHOICE}; see {@link chooseWarpVerdict}).
   */
  warpChoice?: WarpChoice;
  /** How many of the commonest English words the garbage loop holds beside the phones (default {@link DEFAULT_COMMON_WORDS}). */
  commonWords?: number;
  /** Grammar priors (command-grammar.ts). */
  probabilities?: Partial<CommandGrammarProbabilities>;
  /** Language weight (-lw). */
  languageWeight?: number;
  /** Silence probability (`-silprob`, default {@link DEFAULT_SILENCE_PROBABILITY}); `-silprob` in {@link extraArgs} wins. */
  silenceProbability?: number;
  /** Further decoder arguments (tuning, e.g. `['-cmn', 'batch']`). */
  extraArgs?: readonly string[];
  /** Wall-clock limit of one decode, ms (default 5 s). */
  timeoutMs?: number;
  /** Virtual memory limit of the decoder, kB. */
  memoryLimitKb?: number;
  /**
   * Keep one decoder process per warp running between commands (warm-batch.ts), so that the model
   * and dictionary load once (default true; the CLI, which decodes one command, passes false).
   */
  warm?: boolean;
  /** Called with what was decoded (benchmark and tests). */
  onDecode?: (detail: CommandDecodeDetail) => void;
  /**
   * Asked when the grammar's path is other words or a command too weak to take (refusals `other`
   * and `weak`; never for clipped audio, nothing heard, or two commands at once heard at any warp,
   * refusal `double`): a command it returns is the answer
   * (command-moonshine.ts). Default none.
   */
  secondOpinion?: CommandSecondOpinion | null;
  /**
   * Start the second opinion together with pocketsphinx, and stop it as soon as pocketsphinx takes a
   * command (default false: on 2 cores, where pocketsphinx's two warps already take both, the third
   * thread slowed every command more than it saved on refused ones; ADR 0015, ninth round).
   */
  secondOpinionAtOnce?: boolean;
  /**
   * Refuse a command taken through a carrier, filler, "the" or "please" when the second opinion's
   * free transcript disputes it (`transcriptDisputes`; refusal `disputed`). Default false: it refused
   * one double on the tuning set ("goals reports" heard as "go to reports") but right commands on the
   * held-out set and on a fresh synthesis, a child-like "show me rewards" among them (ADR 0015, ninth
   * round); a double that does one of its two commands was judged the smaller harm.
   */
  checkCarriers?: boolean;
}

/** What a decode saw, for tuning. */
export interface CommandDecodeDetail {
  /** Words of the grammar's best path. */
  heard: string[];
  warp: number;
  /** Command path minus garbage loop, total score per speech frame (null when no command path). */
  margin: number | null;
  /** The same over the command's own words only (see {@link commandMargin}); null when no command path. */
  commandMargin?: number | null;
  /** 10 ms frames decoded (after {@link trimSilence}). */
  frames?: number;
  /** Why no command was taken, or null when one was. */
  refusal: 'other' | 'nothing' | 'weak' | 'clipped' | 'double' | 'disputed' | null;
  /** Moonshine's free transcript, when asked to check a command taken through a carrier. */
  transcript?: string;
  /**
   * The second opinion, asked after pocketsphinx's refusal `other` or `weak`: the command it took
   * (the answer; `refusal` is then null), or null when it took none. Absent when not asked.
   */
  secondOpinion?: { target: string | null; refused: 'other' | 'weak' };
  /** Which decoders ran: the warm ones, or processes started for this command. */
  decoder?: 'warm' | 'process';
  /** What each warp heard, and its margins (null when its path was not one command). */
  perWarp?: {
    warp: number;
    heard: string[];
    margin: number | null;
    commandMargin?: number | null;
    /** Total scores of the grammar's best path and of the free loop (null when that decode found no path). */
    total?: number | null;
    garbageTotal?: number | null;
    /** The target this warp alone would answer (null: none). */
    accepts?: string | null;
  }[];
}

/** What the recogniser does with one utterance. */
export interface CommandRecogniser {
  /**
   * Recognises one utterance against the active command list.
   * @param audio 16 kHz mono (wav.ts `toRecogniserFormat`)
   * @param commands the active list (at least one with a speakable phrase)
   * @returns the command said, or {@link NO_COMMAND}
   * @throws SpeechError `recogniser_unavailable`, `recogniser_timeout`, `recogniser_failed`
   */
  recognise(audio: PcmAudio, commands: readonly VoiceCommand[], signal?: AbortSignal): Promise<VoiceAnswer>;
  /**
   * Starts the warm decoders now rather than on the first command (server start), knowing every word
   * of `phrases` (the command set, the library's story titles): the first command is then as quick
   * as the rest. Words outside cmudict get their letter-to-sound guesses before the decoders start.
   * Resolves when they are ready; a recogniser without warm decoders resolves at once.
   * @throws nothing: a decoder that cannot start is tried again on the first command
   */
  warm?(phrases: readonly string[]): Promise<void>;
  /** Ends the warm decoders, if any (they also end when the process exits). */
  close?(): Promise<void>;
  /** CPU seconds the warm decoders have used so far (the benchmark's load-independent cost); 0 without. */
  cpuSeconds?(): number;
}

/** One hypothesis segment of `-hypseg` output: a word and its frames and scores. */
export interface Segment {
  word: string;
  start: number;
  end: number;
  acoustic: number;
}

/** Parses `-hypseg` lines: utterance id → acoustic total and the word segments. */
export function parseHypsegLines(
  text: string,
): Map<string, { total: number; acoustic: number; segments: Segment[] }> {
  const out = new Map<string, { total: number; acoustic: number; segments: Segment[] }>();
  for (const line of text.split('\n')) {
    const parts = line.trim().split(/\s+/);
    // UTTID S s T t A a L l, then (start ascr lscr word)… end
    if (parts.length < 13 || parts[1] !== 'S' || parts[5] !== 'A') continue;
    const segments: Segment[] = [];
    for (let k = 9; k + 4 < parts.length; k += 4) {
      const next = Number(parts[k + 4]);
      segments.push({
        start: Number(parts[k]),
        acoustic: Number(parts[k + 1]),
        word: (parts[k + 3] ?? '').replace(/\(\d+\)$/, ''),
        end: Number.isFinite(next) ? next : Number(parts[k]),
      });
    }
    out.set(parts[0] ?? '', { total: Number(parts[4]), acoustic: Number(parts[6]), segments });
  }
  return out;
}

/** Silence and noise fillers of the en-us model (`noisedict`), and the grammar's empty transitions (`(NULL)`). */
const isFiller = (w: string): boolean => /^(<.*>|\[.*\]|\+\+.*\+\+|\(NULL\))$/.test(w);

/** Share of samples at or near full scale. */
/**
 * Share of samples at (or within 0.2 % of) full scale, 0–1: above {@link MAX_CLIPPED_SHARE} the
 * recording is treated as shouted.
 * @param audio 16-bit PCM
 */
export function clippedShare(audio: PcmAudio): number {
  let clipped = 0;
  for (const s of audio.samples) if (s >= 32_700 || s <= -32_700) clipped++;
  return clipped / Math.max(1, audio.samples.length);
}

const round = (x: number, digits = 3): number => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * The confidence of a command the second opinion took: 0.5, the acceptance threshold's, since it was
 * taken at its own threshold after pocketsphinx had refused it.
 */
export const SECOND_OPINION_CONFIDENCE = 0.5;

/** Margin per frame at which confidence reaches ~0.73 (one scale step above the threshold). */
const CONFIDENCE_SCALE = 20;

/**
 * Confidence 0–1 from the margin: 0.5 at the acceptance threshold, towards 1 as the command beats
 * "anything else" by more (a logistic; an ordering for logs and tests, not a probability).
 */
export function confidenceOf(margin: number, minMargin: number): number {
  return round(1 / (1 + Math.exp(-(margin - minMargin) / CONFIDENCE_SCALE)), 2);
}

/**
 * Longest sound after a command that is taken for a breath, a click or the end of the last word
 * rather than more words, 10 ms frames (0.3 s: about one short syllable; a word and the pause before it take longer;
 * "sample stories" read slowly came out as "sample stories thing" on `npm run bench:commands`).
 */
export const MAX_TRAILING_BLIP_FRAMES = 30;

/**
 * Drops the garbage words at the end of a path when together they last at most
 * {@link MAX_TRAILING_BLIP_FRAMES} and the words before end with a command's word; a second command,
 * or more words than a blip, still make the path "other".
 */
export function dropTrailingBlip(segments: readonly Segment[], commandWords: ReadonlySet<string>): Segment[] {
  let cut = segments.length;
  while (cut > 0 && !commandWords.has(segments[cut - 1]!.word) && segments[cut - 1]!.word !== 'please') cut--;
  if (cut === 0 || cut === segments.length) return [...segments];
  const tail = segments.slice(cut).reduce((n, s) => n + Math.max(1, s.end - s.start), 0);
  return tail <= MAX_TRAILING_BLIP_FRAMES ? segments.slice(0, cut) : [...segments];
}

/**
 * Smallest accepted margin over the command's own words, for a path with words before the command
 * (a carrier phrase such as "take me to …" or "I want to …", "the", "um", a leading "please"): the
 * command path's acoustic score over the frames of the command's words minus the free garbage
 * loop's over the same frames, per frame. 0 is the same likelihood-ratio test as {@link DEFAULT_MIN_MARGIN}, applied where the
 * command is: over the whole speech a carrier that was really said fits as well as the garbage
 * loop's own words and dilutes a short remainder that does not fit ("take me to the beach" heard
 * as "take me to the tokens"; ADR 0015's tuning log, third round). A command said alone, or
 * followed by "please", is not checked again (right ones, "AI Tutor", "Student Progress please",
 * fall below 0 on their own words). Not fitted to the benchmark: the principled threshold.
 */
export const DEFAULT_MIN_COMMAND_MARGIN = 0;

/**
 * The command path's acoustic score over `[start, end)` minus the garbage path's over the same
 * frames, per frame. The garbage path's words rarely start and end where the command's do, so each
 * of its segments counts in proportion to its frames inside the range (an even spread of its score
 * over its frames).
 * @param command the segments of the command's own words (10 ms frames, end exclusive)
 * @param garbage every segment of the free garbage loop's path, fillers and silences included
 * @returns score units per frame (log base 1.0001), or null without frames
 */
export function commandMargin(command: readonly Segment[], garbage: readonly Segment[]): number | null {
  if (command.length === 0) return null;
  const start = command[0]!.start;
  const end = command.at(-1)!.end;
  if (!(end > start)) return null;
  const mine = command.reduce((n, s) => n + s.acoustic, 0);
  let theirs = 0;
  for (const g of garbage) {
    const length = Math.max(1, g.end - g.start);
    const overlap = Math.min(end, g.start + length) - Math.max(start, g.start);
    if (overlap > 0) theirs += (g.acoustic * overlap) / length;
  }
  return (mine - theirs) / (end - start);
}

/**
 * 10 ms frames of quiet kept before and after the voice by {@link trimSilence} (0.4 s: with 0.25 s
 * two tuning commands were lost, the decoder's cepstral mean being taken over the whole utterance;
 * ADR 0015's tuning log, third round).
 */
export const TRIM_PAD_FRAMES = 40;

/**
 * Cuts the quiet before and after the voice, keeping {@link TRIM_PAD_FRAMES} of it either side:
 * each frame is decoded twice per warp, so a push-to-talk clip's lead-in and tail cost CPU and add
 * nothing. Voice is a 10 ms frame whose energy is within 35 dB of the loudest frame and 12 dB above
 * the quietest tenth's (the noise floor); a clip with no such frame is returned whole.
 * @param audio 16 kHz mono
 * @returns the same audio, or a view of the voiced part with its pads
 */
export function trimSilence(audio: PcmAudio, pad = TRIM_PAD_FRAMES): PcmAudio {
  const hop = 160;
  const count = Math.floor(audio.samples.length / hop);
  if (count < 2 * pad + 10) return audio;
  const db = new Float64Array(count);
  for (let f = 0; f < count; f++) {
    let sum = 0;
    for (let k = f * hop; k < (f + 1) * hop; k++) sum += audio.samples[k]! * audio.samples[k]!;
    db[f] = 10 * Math.log10(sum / hop + 1);
  }
  const sorted = [...db].sort((a, b) => a - b);
  const floor = sorted[Math.floor(count / 10)]!;
  const threshold = Math.max(floor + 12, sorted[count - 1]! - 35);
  let first = 0;
  while (first < count && db[first]! < threshold) first++;
  let last = count - 1;
  while (last > first && db[last]! < threshold) last--;
  if (first >= count) return audio;
  const from = Math.max(0, first - pad) * hop;
  const to = Math.min(count, last + 1 + pad) * hop;
  if (from === 0 && to >= count * hop) return audio;
  return {
    ...audio,
    samples: audio.samples.subarray(from, to),
    durationSeconds: (to - from) / audio.sampleRate,
  };
}

/** One warp's two decodes of an utterance. */
interface WarpRun {
  warp: number;
  command: ReturnType<typeof parseHypsegLines> extends Map<string, infer V> ? V | undefined : never;
  garbage: ReturnType<typeof parseHypsegLines> extends Map<string, infer V> ? V | undefined : never;
}

/**
 * Creates the command recogniser.
 * @param options paths, limits and tuning; defaults suit Debian's pocketsphinx packages.
 */
export function createCommandRecogniser(options: CommandRecogniserOptions = {}): CommandRecogniser {
  const modelDir = options.modelDir ?? DEFAULT_MODEL_DIR;
  const dictionaryPath = options.dictionaryPath ?? DEFAULT_CMUDICT;
  const binary = options.binary ?? 'pocketsphinx_batch';
  const warps = options.warps ?? DEFAULT_COMMAND_WARPS;
  const warpArgs = (warp: number): string[] => commandWarpArgs(warp, options.warpType, options.warpCutoffHz);
  const minMargin = options.minMargin ?? DEFAULT_MIN_MARGIN;
  const minCommandMargin =
    options.minCommandMargin === undefined ? DEFAULT_MIN_COMMAND_MARGIN : options.minCommandMargin;
  const trim = options.trimSilence ?? true;
  const warpChoice = options.warpChoice ?? DEFAULT_WARP_CHOICE;
  const secondOpinion = options.secondOpinion ?? null;
  const languageWeight = options.languageWeight ?? 8;
  const extraArgs = commandDecoderArgs(options.extraArgs, options.silenceProbability);
  const memoryKb = options.memoryLimitKb ?? 1_000_000;
  const phoneWords = CMU_PHONES.map((p) => `${GARBAGE_PREFIX}${p.toLowerCase()}`);
  const fillerCount = options.commonWords ?? DEFAULT_COMMON_WORDS;
  const report = (detail: CommandDecodeDetail): void => options.onDecode?.(detail);
  const warm = options.warm === false ? null : createWarmPool();

  /**
   * The warm decoders (one per warp), started on first use and restarted with the words they
   * lacked (letter-to-sound guesses for titles and button names outside cmudict).
   */
  function createWarmPool() {
    const extra = new Map<string, string>(); // dictionary line → word
    let current: Promise<WarmBatch[]> | null = null;
    let restarting = false;
    let closing = false;
    let latest: WarmBatch[] = [];
    const start = (): Promise<WarmBatch[]> => {
      const lines = [
        ...phoneWords.map((w) => `${w} ${w.slice(GARBAGE_PREFIX.length).toUpperCase()}`),
        ...extra.keys(),
      ];
      const all = Promise.allSettled(
        warps.map((warp) =>
          startWarmBatch({
            binary,
            modelDir,
            dictionaryPath,
            extraLines: lines,
            extraArgs,
            warpArgs: warpArgs(warp),
            languageWeight,
            memoryKb: Math.max(memoryKb, 1_000_000),
          }),
        ),
      ).then(async (settled) => {
        const ok = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
        const failed = settled.find((s) => s.status === 'rejected');
        if (failed) {
          await Promise.all(ok.map((b) => b.close()));
          throw failed.reason;
        }
        return ok;
      });
      return all;
    };
    return {
      /** The warm decoders, or null when they cannot run (then each command gets a process of its own). */
      async ready(): Promise<WarmBatch[] | null> {
        closing = false;
        if (!current) current = start();
        try {
          const batches = await current;
          latest = batches;
          if (batches.some((b) => b.dead)) {
            current = null;
            await Promise.all(batches.map((b) => b.close()));
            return null;
          }
          return batches;
        } catch {
          current = null;
          return null;
        }
      },
      /** Adds dictionary lines before the decoders first start (no restart), or as {@link learn} once started. */
      prime(lines: readonly string[]) {
        if (current) return this.learn(lines);
        for (const l of lines) if (!extra.has(l)) extra.set(l, l.split(' ')[0] ?? '');
      },
      /** Adds dictionary lines and restarts the decoders with them in the background. */
      learn(lines: readonly string[]) {
        let added = false;
        for (const l of lines)
          if (!extra.has(l)) {
            extra.set(l, l.split(' ')[0] ?? '');
            added = true;
          }
        if (!added || restarting) return;
        restarting = true;
        const next = start();
        void next.then(
          async (batches) => {
            if (closing) {
              await Promise.all(batches.map((b) => b.close()));
              return;
            }
            const old = current;
            current = Promise.resolve(batches);
            restarting = false;
            await old?.then((b) => Promise.all(b.map((x) => x.close()))).catch(() => undefined);
          },
          () => {
            restarting = false;
          },
        );
      },
      /** CPU seconds of the decoders in use. */
      cpuSeconds: () => latest.reduce((n, b) => n + b.cpuSeconds(), 0),
      async close() {
        closing = true;
        const old = current;
        current = null;
        await old?.then((b) => Promise.all(b.map((x) => x.close()))).catch(() => undefined);
      },
    };
  }

  /** Decodes with one process per warp, started for this command only (no warm decoder). */
  async function decodeOnce(
    dictLines: readonly string[],
    fsg: string,
    garbageFsg: string,
    raw: Buffer,
    frames: number,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<WarpRun[]> {
    const dir = await mkdtemp(join(tmpdir(), 'sparky-cmd-'));
    try {
      await Promise.all([
        writeFile(join(dir, 'utt.raw'), raw),
        writeFile(join(dir, 'commands.dict'), `${dictLines.join('\n')}\n`),
        writeFile(join(dir, 'commands.fsg'), fsg),
        writeFile(join(dir, 'garbage.fsg'), garbageFsg),
        writeFile(join(dir, 'ctl'), `utt 0 ${frames} command\nutt 0 ${frames} garbage\n`),
        writeFile(join(dir, 'fsgctl'), 'commands\ngarbage\n'),
      ]);
      const decodeAt = async (warp: number): Promise<WarpRun> => {
        const tag = warp === 1 ? '' : `-w${String(warp).replace('.', '_')}`;
        await runLimited(
          binary,
          [
            '-hmm',
            modelDir,
            '-adcin',
            'yes',
            '-cepdir',
            dir,
            '-cepext',
            '.raw',
            '-remove_silence',
            'no',
            '-lw',
            String(languageWeight),
            '-dict',
            join(dir, 'commands.dict'),
            '-ctl',
            join(dir, 'ctl'),
            '-fsgctl',
            join(dir, 'fsgctl'),
            '-fsgdir',
            dir,
            '-fsgext',
            '.fsg',
            '-hypseg',
            join(dir, `out${tag}.hypseg`),
            '-logfn',
            join(dir, `log${tag}.txt`),
            ...warpArgs(warp),
            ...extraArgs,
          ],
          {
            timeoutMs,
            memoryKb,
            cpuSeconds: Math.ceil(timeoutMs / 1000),
            ...(signal ? { signal } : {}),
          },
        );
        const hyp = parseHypsegLines(await readFile(join(dir, `out${tag}.hypseg`), 'utf8').catch(() => ''));
        return { warp, command: hyp.get('command'), garbage: hyp.get('garbage') };
      };
      return await Promise.all(warps.map(decodeAt));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    async recognise(whole, commands, signal) {
      if (whole.sampleRate !== 16000 || whole.channels !== 1)
        throw new Error('the command recogniser needs 16 kHz mono audio');
      const audio = trim ? trimSilence(whole, options.trimPadFrames) : whole;
      if (clippedShare(audio) > MAX_CLIPPED_SHARE) {
        report({ heard: [], warp: 1, margin: null, refusal: 'clipped' });
        return { ...NO_COMMAND };
      }
      // the second opinion starts now, beside pocketsphinx, and stops if pocketsphinx takes a command
      const spare = new AbortController();
      const spareSignal = signal ? AbortSignal.any([signal, spare.signal]) : spare.signal;
      let early: Promise<VoiceCommand | null> | null = null;
      if (secondOpinion && options.secondOpinionAtOnce === true) {
        early = secondOpinion.hear(whole, commands, spareSignal);
        // an answer nobody waits for (pocketsphinx took the command) must not be an unhandled rejection
        early.catch(() => undefined);
      }
      try {
        return await decide();
      } finally {
        spare.abort();
      }

      async function decide(): Promise<VoiceAnswer> {
        const said = new Set(commands.flatMap((c) => phraseTokens(c.phrase)));
        const garbageWords = [...phoneWords, ...commonWords(fillerCount).filter((w) => !said.has(w))];
        const grammar = buildCommandGrammar(commands, {
          garbageWords,
          ...(options.probabilities ? { probabilities: options.probabilities } : {}),
        });
        let lexicon;
        try {
          // The scorer's defaults, so that both share one loaded dictionary.
          lexicon = lexiconFor(dictionaryPath, DEFAULT_WORD_FREQUENCIES, -6);
        } catch (err) {
          throw new SpeechError(
            'recogniser_unavailable',
            `Cannot read the pronunciation dictionary ${dictionaryPath}.`,
            { cause: err },
          );
        }
        const garbageFsg = buildGarbageGrammar(garbageWords, options.probabilities);
        const timeoutMs = options.timeoutMs ?? 5000;
        // the last whole 10 ms frame (pocketsphinx's -ctl end frame is inclusive)
        const frames = Math.max(1, Math.floor(audio.samples.length / 160) - 1);
        const raw = Buffer.from(audio.samples.buffer, audio.samples.byteOffset, audio.samples.byteLength);

        const commandWords = new Set(grammar.entries.flatMap((e) => e.tokens));
        let runs: WarpRun[] | undefined;
        const batches = warm ? await warm.ready() : null;
        const unknown = batches ? [...grammar.words].filter((w) => !batches.every((b) => b.knows(w))) : [];
        const usedWarm = batches !== null && unknown.length === 0;
        if (batches && unknown.length === 0) {
          runs = await Promise.all(
            batches.map(async (b, k): Promise<WarpRun> => {
              const out = await b.decode(raw, frames, grammar.fsg, garbageFsg, timeoutMs);
              const command = [...parseHypsegLines(out.command ?? '').values()][0];
              const garbage = [...parseHypsegLines(out.garbage ?? '').values()][0];
              return { warp: warps[k] ?? 1, command, garbage };
            }),
          );
        } else {
          const dict = await dictionaryLines(grammar.words, lexicon);
          // Words the warm decoders lack (letter-to-sound guesses): they restart with them for the next command.
          if (warm && unknown.length) {
            const unknownSet = new Set(unknown);
            warm.learn(dict.filter((l) => unknownSet.has(l.split(' ')[0]?.replace(/\(\d+\)$/, '') ?? '')));
          }
          const known = new Set(dict.map((l) => l.split(' ')[0]?.replace(/\(\d+\)$/, '')));
          // A word with no pronunciation would make the decoder refuse the whole grammar.
          const fsg = grammar.fsg
            .split('\n')
            .filter((l) => {
              const m = /^TRANSITION \d+ \d+ \S+ (\S+)$/.exec(l);
              return !m || known.has(m[1]);
            })
            .join('\n');
          runs = await decodeOnce(dict, fsg, garbageFsg, raw, frames, timeoutMs, signal);
        }

        // Each warp's verdict: the words of the grammar's best path, the command they are, and how far
        // the command beat the garbage loop without its prior, per frame of speech.
        const verdicts = runs.map((run) => {
          const segments = dropTrailingBlip(
            (run.command?.segments ?? []).filter((s) => !isFiller(s.word)),
            commandWords,
          );
          const heard = segments.map((s) => s.word);
          const match = matchPath(heard, grammar.entries);
          const speechFrames = segments.reduce((n, s) => n + Math.max(1, s.end - s.start), 0);
          const isCommand = match !== null && match !== 'other';
          const margin = !isCommand
            ? null
            : run.command && run.garbage
              ? (run.command.total - run.garbage.total) / speechFrames
              : -Infinity;
          // the command's own words: the last ones of the path, before a closing "please"
          const own = segments.slice(0, heard.at(-1) === POLITE_WORD ? -1 : undefined);
          const ownStart = isCommand ? own.length - match.tokens.length : 0;
          // words before the command: a carrier, "the", "um" or "please" ("um continue" was heard for "account")
          const carrier = ownStart > 0;
          const ownMargin = !isCommand
            ? null
            : run.garbage
              ? (commandMargin(own.slice(ownStart), run.garbage.segments) ?? -Infinity)
              : -Infinity;
          return { run, heard, match, margin, ownMargin, carrier };
        });
        const passes = (v: (typeof verdicts)[number]): boolean =>
          v.margin !== null &&
          v.margin >= minMargin &&
          (minCommandMargin === null ||
            !v.carrier ||
            (v.ownMargin !== null && v.ownMargin >= minCommandMargin));
        const perWarp = verdicts.map((v) => ({
          warp: v.run.warp,
          heard: v.heard,
          margin: v.margin,
          commandMargin: v.ownMargin === null ? null : round(v.ownMargin, 1),
          total: v.run.command?.total ?? null,
          garbageTotal: v.run.garbage?.total ?? null,
          accepts: v.match !== null && v.match !== 'other' && passes(v) ? v.match.command.target : null,
        }));
        const decoder = usedWarm ? ('warm' as const) : ('process' as const);
        // the warp whose verdict is the answer (chooseWarpVerdict; ADR 0015, third and fourth rounds)
        const accepted = verdicts.filter((v) => v.match !== null && v.match !== 'other' && passes(v));
        const chosen = chooseWarpVerdict(
          verdicts.map((v) => ({
            v,
            target: accepted.includes(v) ? (v.match as GrammarEntry).command.target : null,
            margin: v.margin,
            total: v.run.command?.total ?? null,
            complete: Boolean(v.run.command && v.run.garbage),
          })),
          warpChoice,
        ).v;
        const { heard, match, margin, ownMargin } = chosen;
        const warp = chosen.run.warp;
        const seen = { heard, warp, perWarp, decoder, frames };
        // pocketsphinx refused other words or a weak command: the second opinion may take one
        const askSecondOpinion = async (
          refused: 'other' | 'weak',
          rest: Omit<CommandDecodeDetail, 'refusal' | keyof typeof seen>,
        ): Promise<VoiceAnswer> => {
          // two commands at once, heard at any warp: refused as such, never handed to the second
          // opinion (its search can only answer with one command, and would take the likelier one)
          if (verdicts.some((v) => v.match === 'other' && isDoublePath(v.heard, grammar.entries))) {
            report({ ...seen, ...rest, refusal: 'double' });
            return { ...NO_COMMAND };
          }
          const second = secondOpinion ? await (early ?? secondOpinion.hear(whole, commands, signal)) : null;
          const asked = secondOpinion ? { secondOpinion: { target: second?.target ?? null, refused } } : {};
          report({ ...seen, ...rest, refusal: second ? null : refused, ...asked });
          return second
            ? {
                intent: second.intent,
                target: second.target,
                phrase: second.phrase,
                confidence: SECOND_OPINION_CONFIDENCE,
              }
            : { ...NO_COMMAND };
        };
        if (match === null) {
          report({ ...seen, margin: null, commandMargin: null, refusal: 'nothing' });
          return { ...NO_COMMAND };
        }
        if (match === 'other') return askSecondOpinion('other', { margin: null, commandMargin: null });
        if (margin === null || !passes(chosen))
          return askSecondOpinion('weak', { margin, commandMargin: ownMargin });
        // a command taken through a carrier ("go to …"): the carrier may have swallowed a first
        // command ("goals reports" as "go to reports"), so Moonshine's own words must not dispute it
        if (secondOpinion && options.checkCarriers === true && chosen.carrier) {
          const transcript = await secondOpinion.transcribe(whole, heard.length + 1, signal);
          if (transcript !== null && transcriptDisputes(transcript, heard)) {
            report({ ...seen, margin, commandMargin: ownMargin, refusal: 'disputed', transcript });
            return { ...NO_COMMAND };
          }
        }
        report({ ...seen, margin, commandMargin: ownMargin, refusal: null });
        return {
          intent: match.command.intent,
          target: match.command.target,
          phrase: match.command.phrase,
          confidence: confidenceOf(margin, minMargin),
        };
      }
    },
    async warm(phrases) {
      if (!warm) return;
      commonWords(fillerCount);
      try {
        const lexicon = lexiconFor(dictionaryPath, DEFAULT_WORD_FREQUENCIES, -6);
        const inCmudict = wordsOf(dictionaryPath);
        const unknown = new Set(phrases.flatMap((p) => phraseTokens(p)).filter((w) => !inCmudict.has(w)));
        if (unknown.size > 0) warm.prime(await dictionaryLines(unknown, lexicon));
      } catch {
        // no dictionary: the first command reports it
      }
      await warm.ready();
    },
    close: () => warm?.close() ?? Promise.resolve(),
    cpuSeconds: () => warm?.cpuSeconds() ?? 0,
  };
}
