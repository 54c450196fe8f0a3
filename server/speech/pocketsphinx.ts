/**
 * Offline recognition with pocketsphinx (Debian `pocketsphinx` + `pocketsphinx-en-us`).
 *
 * The reading is decoded as one utterance by `pocketsphinx_batch` (not cut at pauses, see
 * docs/decisions/0003-speech-recognition.md) against a passage grammar (grammar.ts) and a
 * dictionary holding only the words that grammar can emit: passage words (CMU dictionary,
 * else flite's `t2p`), distractors and phone-loop garbage words. Word times come from the CTM
 * output. The decoder runs as a child process under a CPU-time and memory `ulimit` and a
 * wall-clock timeout that kills its process group.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HeardWord, PassageWord } from '#core/text/normalize.ts';
import { passageVocabulary } from '#core/text/normalize.ts';
import { SpeechError } from '#server/speech/errors.ts';
import {
  buildPassageGrammar,
  LOOKAHEAD_WORDS,
  RESCUE_STOP_PROBABILITIES,
  withLookahead,
  withStopProbability,
  type GrammarProbabilities,
} from '#server/speech/grammar.ts';
import {
  DEFAULT_CMUDICT,
  DEFAULT_WORD_FREQUENCIES,
  letterToSound,
  loadWordLogProbabilities,
  loadLexicon,
  type Lexicon,
} from '#server/speech/lexicon.ts';
import {
  UNCLEAR,
  type KeptFirstPass,
  type RecogniseInput,
  type Recogniser,
  type SegmentPassMemo,
} from '#server/speech/recogniser.ts';
import type { PcmAudio } from '#server/speech/wav.ts';
import { alignReading } from '#core/fluency/align.ts';
import { normaliseHeard } from '#core/text/normalize.ts';
import {
  applyVerification,
  buildVerificationBatch,
  collectEvidence,
  DEFAULT_FUNCTION_WORD_MARGIN,
  DEFAULT_KEEP_MARGIN,
  features,
  parseHypseg,
  planVerification,
  type VerifyEvidence,
} from '#server/speech/verify.ts';
import { CMU_PHONES, FUNCTION_WORDS } from '#server/speech/lexicon.ts';
import {
  applyOmissionChecks,
  buildOmissionBatch,
  omissionCost,
  planOmissionChecks,
} from '#server/speech/omission-check.ts';
import { looksLost, RESCUE_BEAM_ARGS } from '#server/speech/lost-path.ts';
import { applySkipChecks, buildSkipBatch, planSkipChecks, skipGain } from '#server/speech/skip-check.ts';
import {
  applyNearMiss,
  buildNearMissBatch,
  collectNearMiss,
  judgeNearMiss,
  parseHypsegWords,
  type NearMissEvidence,
  type NearMissThresholds,
} from '#server/speech/near-miss.ts';
import {
  DEFAULT_UNHEARD_SPEECH,
  frameLevels,
  dropSilentWords,
  keptWhenSilent,
  levelQuantile,
  unheardSpeech,
  type UnheardSpeechOptions,
} from '#server/speech/unheard-speech.ts';
import {
  buildGopBatch,
  closestWord,
  DEFAULT_GOP_THRESHOLDS,
  fitsAsPrinted,
  judgeGop,
  LOOP_SUFFIX,
  parseHypsegSegments,
  parsePhoneHypseg,
  phonesAsText,
  wordGop,
  type GopCandidate,
  type GopThresholds,
  type HypsegSegment,
  type WordGop,
} from '#server/speech/gop.ts';
import { absorbedInsertions, type AbsorbedInsertion } from '#server/speech/absorbed-insertions.ts';
import { loopHearsOther, phoneLoopVote } from '#server/speech/phone-vote.ts';
import type {
  HeardInsertion,
  HeardSelfCorrection,
  Nominations,
  Nominator,
} from '#server/speech/reading-moonshine.ts';
import {
  cepstralMean,
  DEFAULT_OWN_VOWEL_MIN_TOKENS,
  DEFAULT_OWN_VOWEL_THRESHOLDS,
  applyOwnVowelFits,
  judgeOwnVowelFits,
  judgeOwnVowels,
  ownVowelEvidence,
  readSphinxCepstra,
  VOWEL_PHONES,
  vowelVector,
  type OwnVowelEvidence,
  type OwnVowelThresholds,
  type OwnVowelWord,
} from '#server/speech/own-vowels.ts';

export const DEFAULT_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us/en-us';
const GARBAGE_PREFIX = 'ph_';
/**
 * Phones of the garbage loop: one or two per broad class (vowels front/central/back, r-coloured;
 * fricatives, stops, nasals, liquids). The loop runs at every passage position, so each phone
 * costs decoding time; this set of 14 decodes ~30 % faster than all 39 CMU phones with the same
 * benchmark accuracy, while 8 phones missed more insertions.
 */
export const GARBAGE_PHONES = [
  'AA',
  'AH',
  'IY',
  'UW',
  'ER',
  'EH',
  'S',
  'F',
  'T',
  'K',
  'M',
  'N',
  'L',
  'R',
] as const;

export interface PocketsphinxOptions {
  /** Acoustic model directory. */
  modelDir?: string;
  /** CMU-format dictionary. */
  dictionaryPath?: string;
  /** Sphinx binary trie LM whose unigram frequencies choose distractors (`''`: spelling only). */
  wordFrequenciesPath?: string;
  /** Rarest distractor offered, log10 unigram probability. */
  minDistractorLogProbability?: number;
  /** Decoder binary. */
  binary?: string;
  /** Wall-clock limit: `timeoutBaseMs + timeoutPerAudioSecondMs × seconds`. */
  timeoutBaseMs?: number;
  timeoutPerAudioSecondMs?: number;
  /** Virtual memory limit for the decoder, kilobytes (ulimit -v). */
  memoryLimitKb?: number;
  /** Distractors per passage word. */
  distractorsPerWord?: number;
  /**
   * More distractors, by passage token, offered besides the dictionary's neighbours (experiment of
   * the eleventh round: Moonshine's word for a passage word as a candidate; default none).
   */
  extraDistractors?: Readonly<Record<string, readonly string[]>>;
  /**
   * Words said between passage words, by the grammar position they are said at (`GrammarOptions.insertions`): the
   * recogniser gives Moonshine's insertions here (`moonshineInsertions`).
   */
  extraInsertions?: ReadonlyMap<number, readonly string[]>;
  /**
   * `false` leaves Moonshine's insertions out of the first pass's grammar (docs/scoring.md, thirty-first round): by
   * default each word Moonshine heard said between two words it heard as printed, or after the last word, function
   * words too, is a word of the grammar at that place (`insertionPlaces`), so the decoder need not explain it with a
   * re-reading or the phone loop. It does nothing without a nominator.
   */
  moonshineInsertions?: boolean;
  /**
   * Called before the first pass with the reading: more candidates for this reading, by passage token, added
   * to `extraDistractors` (the app's Moonshine nominator, reading-moonshine.ts). A nominated word stands as a
   * substitution only when the second pass checked it (`unverifiedNominations`). A nominator that fails adds
   * nothing (the reading is scored by pocketsphinx alone).
   */
  nominate?: Nominator;
  /**
   * `false` leaves out Moonshine's doubt (`moonshineDoubts`): a substitution the second pass did not confirm,
   * where the nominator's transcript has the word and both neighbours as printed, is scored as read and marked
   * unsure. On by default (it does nothing without a nominator).
   */
  moonshineDoubts?: boolean;
  /**
   * Per-frame margin a substitution the second pass kept needs to stand against Moonshine's doubt
   * (`moonshineDoubts`): one kept by less, where Moonshine heard the word as printed, is doubted too. Default
   * `DEFAULT_FUNCTION_WORD_MARGIN` (12), the bar the second pass sets for function words (docs/scoring.md,
   * thirty-second round); 0 doubts only the substitutions the second pass did not confirm (before that round).
   */
  moonshineDoubtMargin?: number;
  /**
   * `false` leaves out Moonshine's agreement with the free phones (`loopHearsOther`, docs/scoring.md fourteenth
   * round): a word heard as read, scored by the GOP pass, becomes a substitution when the nominator's transcript has
   * one other common word there (`Nominations.heardOtherwise`) and the GOP pass's free phone loop heard that word's
   * differing sound and not the printed word's; and a first-pass substitution that is the very word Moonshine heard
   * there is not taken back because GOP finds the printed word fitting (`fitsAsPrinted`). On by default (it does
   * nothing without a nominator or the GOP pass).
   */
  moonshineAgrees?: boolean;
  /**
   * `false` leaves out absorbed insertions (`absorbedInsertions`, docs/scoring.md twenty-eighth round): a
   * substitution beside a word Moonshine heard inserted between two words it heard as printed, whose first-pass word
   * sounds nearer to the printed and inserted words together (or to the inserted word) than to the printed word, is
   * scored as read and marked unsure, and the inserted word is listed. It does nothing without a nominator.
   */
  absorbedInsertions?: boolean;
  /** Use the phone-loop garbage path. */
  garbage?: boolean;
  /** Phones of the garbage loop (default `GARBAGE_PHONES`; `CMU_PHONES` for all 39). */
  garbagePhones?: readonly string[];
  /** Grammar transition probabilities. */
  probabilities?: Partial<GrammarProbabilities>;
  /** Language weight (-lw), default 8 (chosen on the benchmark: docs/scoring.md). */
  languageWeight?: number;
  /** Extra decoder arguments, e.g. `['-beam', '1e-60']`. */
  extraArgs?: string[];
  /**
   * The beams of the decode again of a first pass that looks lost (lost-path.ts; default `RESCUE_BEAM_ARGS`);
   * `false`: no such decode.
   */
  rescueBeams?: readonly string[] | false;
  /**
   * Experimental (docs/scoring.md, issue 16, twenty-fourth round; off by default): the first pass decoded in
   * segments cut in pauses, as a first pass made while the child reads would be: each segment at least
   * `minSegmentSeconds` long (the last one too), cut in the middle of a run of at least `minPauseSeconds` of frames
   * `belowLoudDb` (default 25) under the reading's loud frames; the first segment against the passage grammar, each
   * later one against it entered at the place the segments before it reached (`withLookahead`). With
   * `RecogniseInput.segmentPasses` (twenty-fifth round) each segment's grammar holds Moonshine's nominations only for
   * the words it can reach, and segments already decoded while the child read (`decodeAhead`) are taken.
   */
  splitFirstPass?: { minSegmentSeconds: number; minPauseSeconds: number; belowLoudDb?: number };
  /** Called for each segment of a first pass made in segments: its warp, index, and whether it was decoded earlier (benchmark, tests). */
  onSegment?: (warp: number, index: number, fromMemo: boolean) => void;
  /** Called after the wider decode of a chosen first pass that looked lost: its warp, and whether its path was taken (benchmark). */
  onRescue?: (warp: number, taken: boolean) => void;
  /** Called with the absorbed insertions found (`absorbedInsertions`), when there are any (benchmark). */
  onAbsorbedInsertions?: (found: AbsorbedInsertion[]) => void;
  /** Second pass (verify.ts): re-score each word against its competitors (default on). */
  verify?: boolean | VerifyOptions;
  /**
   * Frequency-warp search for voices far from the acoustic model's adult voices (children above
   * all; see `WarpOptions`): default on; `false` decodes without warping.
   */
  warp?: boolean | WarpOptions;
  /** How a warp factor is applied (default `DEFAULT_WARP_TYPE`; see `warpArgs`). */
  warpType?: WarpType;
  /** Add ±1 LSB of noise before the features (`-dither yes`, fixed seed), in every pass. */
  dither?: boolean;
  /** Goodness-of-pronunciation pass (gop.ts) over the words heard as read (default on). */
  gop?: boolean | GopOptions;
  /** Near-miss check (near-miss.ts) of content words heard as read against their one-phone neighbours. */
  nearMiss?: boolean | NearMissOptions;
  /**
   * Report sound between heard words that no word covers as `[unclear]` (an insertion;
   * unheard-speech.ts): default on; `false` leaves such stretches out.
   */
  unheardSpeech?: boolean | Partial<UnheardSpeechOptions>;
  /**
   * Content words heard over (near) silence are dropped (`dropSilentWords`, on by default; `false` turns it
   * off, `belowPeakDb` moves its threshold from `DEFAULT_SILENT_WORD_DB`).
   */
  silentWords?: false | { belowPeakDb?: number };
  /**
   * Per-omission decode (omission-check.ts): an omitted word that fits its stretch about as well
   * as its absence becomes "check this word". Off unless given (`{ maxCost }`).
   */
  omissionCheck?: false | OmissionCheckOptions;
  /**
   * Skip check (skip-check.ts): a short word heard as read whose stretch, with its heard neighbours, fits
   * better without it than with it is scored as an omission. Off unless given (`{ minGain, maxFrames }`).
   */
  skipCheck?: false | SkipCheckOptions;
  /**
   * Own-vowel check (own-vowels.ts): each vowel of a content word heard as read is compared with
   * the reader's own other vowels in the reading (default on; `false` leaves it out).
   */
  ownVowels?: boolean | OwnVowelOptions;
  /** Feature extraction binary of the own-vowel check (sphinxbase-utils). */
  featureBinary?: string;
}

/** Own-vowel check settings (own-vowels.ts). */
export interface OwnVowelOptions {
  /** Decision thresholds (default `DEFAULT_OWN_VOWEL_THRESHOLDS`). */
  thresholds?: Partial<OwnVowelThresholds>;
  /** Fewest tokens of a vowel for its template (default `DEFAULT_OWN_VOWEL_MIN_TOKENS`). */
  minTokens?: number;
  /** Called with the evidence of each reading (for tuning and tests). */
  onEvidence?: (evidence: OwnVowelEvidence[], heard: HeardWord[]) => void;
}

/** Per-omission decode settings. */
export interface OmissionCheckOptions {
  /** Largest score lost per frame by forcing the word in for it to be given back as unsure. */
  maxCost: number;
  /** Called with each check's cost (for tuning). */
  onCosts?: (costs: { word: string; index: number; cost: number | undefined }[]) => void;
}

/** Skip check settings (skip-check.ts). */
export interface SkipCheckOptions {
  /** Smallest acoustic score per frame of the stretch that the path without the word must win by. */
  minGain: number;
  /** Longest word checked, 10 ms frames as the first pass heard it. */
  maxFrames: number;
  /** Check function words only (`FUNCTION_WORDS`). */
  functionWordsOnly?: boolean;
  /** Called with each check's evidence (for tuning). */
  onGains?: (
    gains: { word: string; index: number; frames: number; stretch: number; gain: number | undefined }[],
  ) => void;
}

/** GOP pass settings. */
export interface GopOptions {
  /** Decision thresholds (default `DEFAULT_GOP_THRESHOLDS`). */
  thresholds?: Partial<GopThresholds>;
  /** Share of the eligible words scored, worst first-pass score first (default `DEFAULT_GOP_FRACTION`; 1: all). */
  fraction?: number;
  /** Fewest phones of a word scored (default `DEFAULT_GOP_MIN_PHONES`). */
  minPhones?: number;
  /** Fewest phones of a first-pass substitution scored (default `DEFAULT_GOP_MIN_PHONES_SUBSTITUTED`). */
  minPhonesSubstituted?: number;
  /** Called with the GOP of each scored word (for tuning and tests). */
  onScores?: (scores: GopScore[], heard: HeardWord[]) => void;
  /**
   * The phone loop's vote on a one-sound substitution (phone-vote.ts): default on; `false` leaves
   * it out.
   */
  phoneVote?: boolean;
}

/** Near-miss check settings (near-miss.ts). */
export interface NearMissOptions {
  /** Decision margins (default `DEFAULT_NEAR_MISS_THRESHOLDS`). */
  thresholds?: Partial<NearMissThresholds>;
  /** Most neighbours offered per word, commonest first (default all). */
  maxNeighbours?: number;
  /** Fewest phones of a word checked (default `DEFAULT_NEAR_MISS_MIN_PHONES`). */
  minPhones?: number;
  /** Share of the eligible words checked, worst first-pass score first (default `DEFAULT_NEAR_MISS_FRACTION`; 1: all). */
  fraction?: number;
  /** Called with the evidence of each reading (for tuning and tests). */
  onEvidence?: (evidence: NearMissEvidence[], heard: HeardWord[]) => void;
}

/**
 * Near-miss margins, per frame of the word. First chosen on the tuning voices (docs/scoring.md, 26 Nov: the
 * largest margin of a correctly read word was 9.75, the real misreadings found scored 13.1 and 18.9) as 12 for
 * both. The pipeline has changed since (piecewise-linear warps up to 1.9, more passes), and on session 17's synthesis (212 readings, adult and child-like) every word at 12 or more was read correctly
 * (margins 14.8–17.3: house → "how'd", barn → "barred" twice, little → "it'll"), two of them false errors on
 * clean readings. So a margin from 12 is only "check this word" (scored as read, shown to a teacher), and a
 * substitution needs 18 (docs/scoring.md, seventeenth round).
 */
export const DEFAULT_NEAR_MISS_THRESHOLDS: NearMissThresholds = { substitution: 18, unsure: 12 };
/** Words of fewer phones are not checked. */
export const DEFAULT_NEAR_MISS_MIN_PHONES = 3;
/**
 * Share of the eligible words checked (the GOP pass's screen, `DEFAULT_GOP_FRACTION`): checking
 * every content word cost about a fifth of the whole pipeline's CPU time.
 */
export const DEFAULT_NEAR_MISS_FRACTION = 0.1;

/** Share of the eligible words the GOP pass scores (see `gopReading`; chosen on the benchmark). */
export const DEFAULT_GOP_FRACTION = 0.1;
/** Words of fewer phones are not scored (too short for a stable GOP). */
export const DEFAULT_GOP_MIN_PHONES = 3;
/**
 * First-pass substitutions of fewer phones are not scored. Two, not three: a two-phone word's
 * substitution ("each" heard as "teach") is then scored too, so `fitsAsPrinted` can contradict it
 * (on the tuning voices: false errors on clean readings 1 → 0, F1 unchanged; docs/scoring.md).
 */
export const DEFAULT_GOP_MIN_PHONES_SUBSTITUTED = 2;

/** The GOP of one passage word heard as read. */
export interface GopScore {
  /** Passage word index. */
  index: number;
  /** Its canonical token. */
  expected: string;
  /** Index in the heard words. */
  heardIndex: number;
  /** First-pass acoustic score per frame (the pre-screen). */
  screen: number;
  gop: WordGop;
}

/**
 * Vocal tract length normalisation by a warp search. A child's shorter vocal tract puts every
 * formant higher than in the adult speech the en-us model was trained on; scaling the frequency
 * axis of the filter bank (pocketsphinx `-warp_type piecewise_linear`, see `warpArgs`) maps it
 * back. The factor is chosen by maximum likelihood, as in VTLN (Lee & Rose 1998, "A frequency
 * warping approach to speaker normalization"): the first pass runs at each factor (two at a time)
 * and the factor whose best path scores highest is kept, if it beats no warp by `minGain`.
 */
export interface WarpOptions {
  /** Factors of the first round (1, no warp, is always among them). */
  factors?: readonly number[];
  /** When a factor other than 1 wins the first round, its neighbours this far apart are tried too (0: none). */
  refineStep?: number;
  /** Largest factor the refinement climbs to (default `DEFAULT_WARP_MAX_FACTOR`). */
  maxFactor?: number;
  /** Smallest relative rise of the path score over no warp for a factor to be taken. */
  minGain?: number;
  /** Called with the factor chosen and the scores seen (for the benchmark and tests). */
  onChoice?: (choice: WarpChoice) => void;
  /**
   * A factor chosen earlier (the follow-along socket's search while the child read, reading-warps.ts): the
   * first pass decodes once, at this factor, and no search runs (`factors`, `refineStep` and `minGain` are
   * ignored).
   */
  fixed?: number;
  /**
   * The factor this reader's earlier readings chose (reader-warps.ts; VTLN estimates a speaker's factor once and
   * keeps it, Lee & Rose 1998): the first round decodes at no warp and at this factor only, and when it beats no
   * warp by `minGain` the climb starts from it (one round fewer than from `factors` for a child whose factor
   * is near the seed). Otherwise (the voice is not the one the factor was chosen for, or this factor's pass
   * found no path) the usual search goes on from there, skipping the factors already decoded. Ignored when it
   * is 1 or `fixed` is given.
   */
  seed?: number;
  /**
   * With `seed`: take a winning seed without climbing (two first passes in all). Measured and not the default:
   * a reading whose best factor is a neighbour of the seed can lose its path at the seed (docs/scoring.md,
   * fifteenth round).
   */
  seedOnly?: boolean;
}

/** The outcome of a warp search: the factor used and each tried factor's path score. */
export interface WarpChoice {
  warp: number;
  scores: { warp: number; score: number }[];
  /** With `WarpOptions.seed` (not 1): whether the seed beat no warp, so the search started from it. */
  seeded?: boolean;
}

/**
 * First-round factors: no warp, and one in the upper middle of children's range. Children's
 * formants sit about 15–40 % above adults' (Lee, Potamianos & Narayanan 1999, "Acoustics of
 * children's speech"); the refinement (`DEFAULT_WARP_REFINE_STEP`) then reaches 1.3 and 1.6, and
 * 1.15 when 1.3 wins. Starting at 1.45 rather than 1.3 gives the same accuracy on the benchmark's
 * child-like voices in two rounds instead of three (0.063 s per second of audio instead of 0.089).
 */
export const DEFAULT_WARP_FACTORS: readonly number[] = [1, 1.45];
/** Step of the rounds that refine around a winning factor. */
export const DEFAULT_WARP_REFINE_STEP = 0.15;
/**
 * Largest factor tried: formants 90 % above the model's adult voices. It was 1.6 until every
 * child-like reading of the tuning voices chose 1.6, the edge of the grid (a warp search whose
 * winner sits on the edge has not found its optimum); with 1.9 the child-like slt readings'
 * false errors on clean readings fell from 28 to 13 (docs/scoring.md, issue 16, third round).
 * The climb's three refining rounds reach 1.9 from 1.45 at most.
 */
export const DEFAULT_WARP_MAX_FACTOR = 1.9;
/** Relative path-score gain needed to take a warp (chosen on the benchmark: docs/scoring.md). */
export const DEFAULT_WARP_MIN_GAIN = 0.01;

/** File-name suffix of a decode at a warp factor (`''` for none). */
const warpTag = (warp: number): string => (warp === 1 ? '' : `-w${String(warp).replace('.', '_')}`);
/** How a warp factor is applied (see `warpArgs`). */
export type WarpType = 'inverse_linear' | 'piecewise_linear';
/**
 * Piecewise linear since 26 Nov 2026 (was inverse_linear, which only respaces the filters and
 * whose best factor for the child-like slt readings sat at the top of the grid): on the tuning
 * voices, adult slt F1 0.830 → 0.867 and WCPM error 1.61 → 1.04; child-like (normal pace) false
 * errors on clean readings 6 → 3, F1 0.809 → 0.803 (docs/scoring.md).
 */
export const DEFAULT_WARP_TYPE: WarpType = 'piecewise_linear';
/** Where the piecewise-linear warp stops being linear, Hz (as the command recogniser's). */
const PIECEWISE_CUTOFF_HZ = 5000;
/**
 * pocketsphinx arguments for a warp factor: `inverse_linear` is sphinxbase's f / warp (which
 * keeps the filter bank's edges and changes only the spacing of its filters); `piecewise_linear`
 * moves the filters up by `warp` below 5 kHz (slope 1/warp) and bends back to meet Nyquist, as
 * the command recogniser does (command-decoder.ts `commandWarpArgs`, ADR 0015).
 */
export const warpArgs = (warp: number, type: WarpType = DEFAULT_WARP_TYPE): string[] =>
  warp === 1
    ? []
    : type === 'inverse_linear'
      ? ['-warp_type', 'inverse_linear', '-warp_params', String(warp)]
      : ['-warp_type', 'piecewise_linear', '-warp_params', `${(1 / warp).toFixed(4)} ${PIECEWISE_CUTOFF_HZ}`];

/**
 * Runs a first pass at each warp factor (see `WarpOptions`), two at a time, and keeps the one
 * whose best path scores highest, if it beats no warp by `minGain` (relative). When a factor
 * other than 1 wins, its untried neighbours `refineStep` either side (above 1, up to
 * `maxFactor`) are tried next, while the winner moves: an adult's voice costs one round of two
 * decodes, a child's two or three. With `fixed`, one decode at that factor and no search.
 * @param firstPass decodes at a factor: the words heard and the best path's total score.
 * @returns the factor and its words; factor 1 when no other gains or scores are missing.
 */
/**
 * The factors {@link chooseWarp} decodes first, whatever the scores: the fixed factor alone; else no warp and the
 * seed (not 1); else no warp and the first-round factors (`DEFAULT_WARP_FACTORS`).
 */
export function firstWarpRound(options: WarpOptions): number[] {
  if (options.fixed !== undefined) return [options.fixed];
  const seed = options.seed !== undefined && options.seed !== 1 ? options.seed : undefined;
  return seed !== undefined
    ? [1, seed]
    : [1, ...(options.factors ?? DEFAULT_WARP_FACTORS).filter((f) => f !== 1)];
}

export async function chooseWarp<T extends { heard: HeardWord[]; score?: number }>(
  firstPass: (warp: number) => Promise<T>,
  options: WarpOptions = {},
): Promise<T & { warp: number }> {
  if (options.fixed !== undefined) {
    const warp = options.fixed;
    const only = { ...(await firstPass(warp)), warp };
    options.onChoice?.({ warp, scores: only.score === undefined ? [] : [{ warp, score: only.score }] });
    return only;
  }
  const minGain = options.minGain ?? DEFAULT_WARP_MIN_GAIN;
  const step = options.refineStep ?? DEFAULT_WARP_REFINE_STEP;
  const maxFactor = options.maxFactor ?? DEFAULT_WARP_MAX_FACTOR;
  const results: (T & { warp: number })[] = [];
  const tryAll = async (all: readonly number[]): Promise<void> => {
    const tried = new Set(results.map((r) => r.warp));
    const factors = all.filter((f) => !tried.has(f));
    for (let k = 0; k < factors.length; k += 2)
      results.push(
        ...(await Promise.all(
          factors.slice(k, k + 2).map(async (warp) => ({ ...(await firstPass(warp)), warp })),
        )),
      );
  };
  const pick = (): T & { warp: number } => {
    const plain = results[0] as T & { warp: number };
    let best = plain;
    for (const r of results.slice(1)) {
      if (r.score === undefined || plain.score === undefined || best.score === undefined) continue;
      const gain = (r.score - plain.score) / Math.abs(plain.score);
      if (gain >= minGain && r.score > best.score) best = r;
    }
    return best;
  };
  const scores = () =>
    results.flatMap((r) => (r.score === undefined ? [] : [{ warp: r.warp, score: r.score }]));
  const seed = options.seed !== undefined && options.seed !== 1 ? options.seed : undefined;
  let best: (T & { warp: number }) | undefined;
  if (seed !== undefined) {
    await tryAll(firstWarpRound(options));
    best = pick();
    if (best.warp === seed && options.seedOnly) {
      options.onChoice?.({ warp: seed, scores: scores(), seeded: true });
      return best;
    }
  }
  const seeded = seed !== undefined && best?.warp === seed;
  if (!seeded) {
    await tryAll(firstWarpRound({ ...options, seed: undefined }));
    best = pick();
  }
  if (!best) throw new Error('unreachable: the first round always decodes at no warp');
  // Climb: try the winner's untried neighbours while the winner moves (at most a few rounds).
  const round = (f: number): number => Math.round(f * 1000) / 1000;
  for (let rounds = 0; best.warp !== 1 && step > 0 && rounds < 3; rounds++) {
    const tried = new Set(results.map((r) => r.warp));
    const around = [round(best.warp - step), round(best.warp + step)].filter(
      (f) => f > 1 && f <= maxFactor && !tried.has(f),
    );
    if (around.length === 0) break;
    await tryAll(around);
    const next = pick();
    if (next.warp === best.warp) break;
    best = next;
  }
  options.onChoice?.({
    warp: best.warp,
    scores: scores(),
    ...(seed !== undefined ? { seeded } : {}),
  });
  return best;
}

/** Second-pass settings. */
export interface VerifyOptions {
  /** Called with the evidence of each reading (for tuning and tests). */
  onEvidence?: (evidence: VerifyEvidence[], heard: HeardWord[]) => void;
  /**
   * Also score a free phone loop (evidence only, default off: its scores were not comparable
   * with the words' and it triples the second pass's time).
   */
  phoneLoop?: boolean;
  /** Extra decoder arguments for the second pass. */
  extraArgs?: string[];
  /** See `applyVerification` (default `DEFAULT_KEEP_MARGIN`). */
  keepMargin?: number;
  /** See `VerifyBands` (default `DEFAULT_FUNCTION_WORD_MARGIN`). */
  functionWordMargin?: number;
  /** See `VerifyBands` (default `DEFAULT_UNSURE_MARGIN`). */
  unsureMargin?: number;
}

let sharedLexicon: { key: string; lexicon: Lexicon } | undefined;
const t2pCache = new Map<string, string>();

/** The lexicon, loaded once per dictionary and settings and shared by every decoder (scoring and commands). */
export function lexiconFor(path: string, frequenciesPath: string, minLogProbability: number): Lexicon {
  const key = `${path}\n${frequenciesPath}\n${minLogProbability}`;
  if (sharedLexicon?.key !== key) {
    const logProbabilities = frequenciesPath ? loadWordLogProbabilities(frequenciesPath) : undefined;
    sharedLexicon = {
      key,
      lexicon: loadLexicon(path, {
        ...(logProbabilities ? { logProbabilities } : {}),
        minLogProbability,
      }),
    };
  }
  return sharedLexicon.lexicon;
}

/** Runs a command under ulimits with a wall-clock timeout; resolves with stderr on exit 0. */
export function runLimited(
  cmd: string,
  args: string[],
  opts: { timeoutMs: number; memoryKb: number; cpuSeconds: number; signal?: AbortSignal; nice?: number },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const nice = opts.nice ? `nice -n ${Math.round(opts.nice)} ` : '';
    const child = spawn(
      'bash',
      [
        '-c',
        `ulimit -v ${opts.memoryKb} && ulimit -t ${opts.cpuSeconds} && exec ${nice}"$0" "$@"`,
        cmd,
        ...args,
      ],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
        detached: true,
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 20_000) stderr += d.toString();
    });
    const kill = (): void => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => {
      kill();
      reject(
        new SpeechError(
          'recogniser_timeout',
          `Speech recognition took longer than ${Math.round(opts.timeoutMs / 1000)} s.`,
        ),
      );
    }, opts.timeoutMs);
    const onAbort = (): void => {
      kill();
      reject(new SpeechError('recogniser_failed', 'Speech recognition was cancelled.'));
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(
        new SpeechError('recogniser_unavailable', `Cannot start ${cmd}: ${err.message}`, { cause: err }),
      );
    });
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (code === 0) resolve();
      else if (code === 127)
        reject(
          new SpeechError(
            'recogniser_unavailable',
            `${cmd} is not installed (apt-get install pocketsphinx pocketsphinx-en-us).`,
          ),
        );
      else
        reject(
          new SpeechError(
            'recogniser_failed',
            `${cmd} failed (${sig ?? `exit ${String(code)}`}): ${
              stderr
                .split('\n')
                .filter((l) => /ERROR|FATAL/.test(l))
                .slice(-3)
                .join(' ') || stderr.slice(-300)
            }`,
          ),
        );
    });
  });
}

/**
 * Parses pocketsphinx CTM output (`utt channel start duration word [confidence]`).
 * Drops silences and noise, strips alternate-pronunciation markers, merges runs of garbage
 * phones into one `[unclear]` word.
 * @returns words in time order, seconds.
 */
export function parseCtm(ctm: string): HeardWord[] {
  const out: HeardWord[] = [];
  let lastWasGarbage = false;
  for (const line of ctm.split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (parts.length < 5) continue;
    const start = Number(parts[2]);
    const dur = Number(parts[3]);
    const raw = (parts[4] ?? '').replace(/\(\d+\)$/, '');
    if (!Number.isFinite(start) || !Number.isFinite(dur)) continue;
    if (/^(<.*>|\[.*\]|\+\+.*\+\+|\+.*\+)$/.test(raw)) continue;
    const end = Math.round((start + dur) * 1000) / 1000;
    if (raw.startsWith(GARBAGE_PREFIX)) {
      const prev = out[out.length - 1];
      if (lastWasGarbage && prev) prev.end = end;
      else out.push({ word: UNCLEAR, start, end });
      lastWasGarbage = true;
      continue;
    }
    lastWasGarbage = false;
    out.push({ word: raw, start, end });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Dictionary lines (`word PHONES`, alternates as `word(2)`) for the given words. */
export async function dictionaryLines(words: Iterable<string>, lexicon: Lexicon): Promise<string[]> {
  const dictLines: string[] = [];
  for (const w of [...words].sort()) {
    if (w.startsWith(GARBAGE_PREFIX)) {
      dictLines.push(`${w} ${w.slice(GARBAGE_PREFIX.length).toUpperCase()}`);
      continue;
    }
    let prons = lexicon.pronunciations(w);
    if (prons.length === 0) {
      let guess = t2pCache.get(w);
      if (!guess) {
        try {
          guess = await letterToSound(w);
          t2pCache.set(w, guess);
        } catch {
          guess = undefined;
        }
      }
      prons = guess ? [guess] : [];
    }
    prons.forEach((p, k) => dictLines.push(`${k === 0 ? w : `${w}(${k + 1})`} ${p}`));
  }
  return dictLines;
}

interface VerifyInput {
  dir: string;
  /** Suffix that keeps this run's files apart from another warp's. */
  tag: string;
  heard: HeardWord[];
  passage: readonly PassageWord[];
  lexicon: Lexicon;
  distractors: ReadonlyMap<string, string[]>;
  /** See `PreparedPassage.nominated`. */
  nominated: ReadonlyMap<string, ReadonlySet<string>>;
  totalFrames: number;
  verifyOptions: VerifyOptions;
  run: (args: string[]) => Promise<void>;
}

/**
 * Second pass (verify.ts): re-scores the first pass's words and returns the corrected words, and the start
 * times of the substitutions it checked against a competitor and kept, each with the competitor's per-frame
 * margin over the printed word (`confirmed`, for `moonshineDoubts`).
 */
async function verifyReading(
  input: VerifyInput,
): Promise<{ words: HeardWord[]; confirmed: Map<number, number> }> {
  const { dir, heard, passage } = input;
  const alignment = alignReading(passage, normaliseHeard(heard));
  const byStart = new Map<number, number>();
  heard.forEach((h, k) => byStart.set(h.start, k));
  // Only words the first pass marks as substitutions: a second look at words it heard as read
  // does not separate real misreadings from sound-alike readings (docs/decisions/0003).
  const assignment = alignment.words.map((w) =>
    w.status === 'substitution' && w.start !== null ? (byStart.get(w.start) ?? -1) : -1,
  );
  const candidates = planVerification(
    passage,
    heard,
    assignment,
    (t) => input.distractors.get(t) ?? [],
    input.totalFrames,
  );
  if (candidates.length === 0)
    return {
      words: unverifiedNominations(heard, passage, assignment, [], input.nominated),
      confirmed: new Map(),
    };
  const loop = input.verifyOptions.phoneLoop
    ? CMU_PHONES.map((p) => `${GARBAGE_PREFIX}${p.toLowerCase()}`)
    : [];
  const batch = buildVerificationBatch(candidates, loop);
  const dict = await dictionaryLines(batch.words, input.lexicon);
  const { tag } = input;
  const vdir = join(dir, `v${tag}`);
  await mkdir(vdir);
  await Promise.all([
    writeFile(join(dir, `verify${tag}.dict`), `${dict.join('\n')}\n`),
    writeFile(join(dir, `verify${tag}.ctl`), batch.ctl),
    writeFile(join(dir, `verify${tag}.fsgctl`), batch.fsgctl),
    ...[...batch.grammars].map(([name, text]) => writeFile(join(vdir, `${name}.fsg`), text)),
  ]);
  await input.run([
    '-dict',
    join(dir, `verify${tag}.dict`),
    '-ctl',
    join(dir, `verify${tag}.ctl`),
    '-fsgctl',
    join(dir, `verify${tag}.fsgctl`),
    '-fsgdir',
    vdir,
    '-fsgext',
    '.fsg',
    '-hypseg',
    join(dir, `verify${tag}.hypseg`),
    '-logfn',
    join(dir, `verify${tag}.log`),
    ...(input.verifyOptions.extraArgs ?? []),
  ]);
  const hypseg = await readFile(join(dir, `verify${tag}.hypseg`), 'utf8').catch(() => '');
  const evidence = collectEvidence(candidates, parseHypseg(hypseg));
  input.verifyOptions.onEvidence?.(evidence, heard);
  const verified = applyVerification(heard, evidence, input.verifyOptions.keepMargin ?? DEFAULT_KEEP_MARGIN, {
    functionWords: FUNCTION_WORDS,
    ...(input.verifyOptions.functionWordMargin !== undefined
      ? { functionWordMargin: input.verifyOptions.functionWordMargin }
      : {}),
    ...(input.verifyOptions.unsureMargin !== undefined
      ? { unsureMargin: input.verifyOptions.unsureMargin }
      : {}),
  });
  const words = unverifiedNominations(verified, passage, assignment, evidence, input.nominated);
  const confirmed = new Map<number, number>();
  for (const e of evidence) {
    const k = e.candidate.heardIndex;
    if (e.bestAlternative && words[k] && words[k].word === heard[k]?.word) {
      confirmed.set(words[k].start, features(e).alternativeMargin);
    }
  }
  return { words, confirmed };
}

/**
 * A nominated word the first pass heard just before the very word it was nominated for, and not as that word's
 * substitution ("to *hire* howl around": Moonshine's "hire" for howl taken as an attempt), is joined to that word:
 * the word then starts where the nominated word started and its first-pass score is the sum of both. Without this,
 * the later passes judged the printed word on the second half of its sound alone and one clean reading got a false
 * error (docs/scoring.md, twelfth round). Dictionary distractors are not touched.
 * @param heard the first pass's words.
 * @param segments the first pass's word segments (frames), as `-hypseg` gives them.
 * @param passage the passage words.
 * @param nominated by passage token, the nominated words (`PreparedPassage.nominated`).
 * @returns new words and segments (the inputs unchanged when nothing is joined).
 */
export function joinNominatedAttempts(
  heard: readonly HeardWord[],
  segments: readonly HypsegSegment[],
  passage: readonly PassageWord[],
  nominated: ReadonlyMap<string, ReadonlySet<string>>,
): { heard: HeardWord[]; segments: HypsegSegment[] } {
  if (nominated.size === 0) return { heard: [...heard], segments: [...segments] };
  const alignment = alignReading(passage, normaliseHeard(heard));
  const byStart = new Map<number, number>();
  heard.forEach((h, k) => byStart.set(h.start, k));
  // heard words the alignment gives to a passage word (the passage's own "on" before "Gull" is no attempt at it)
  const aligned = new Set(alignment.words.flatMap((w) => (w.start === null ? [] : [w.start])));
  const join = new Set<number>();
  for (const w of alignment.words) {
    if (w.start === null || (w.status !== 'correct' && w.status !== 'self_correction')) continue;
    const k = byStart.get(w.start);
    const token = passage[w.index]?.spoken[0]?.[0];
    const before = k !== undefined ? heard[k - 1] : undefined;
    if (k === undefined || !token || !before || aligned.has(before.start)) continue;
    if (!nominated.get(token)?.has(before.word)) continue;
    if (heard[k]?.word === token) join.add(k - 1);
  }
  if (join.size === 0) return { heard: [...heard], segments: [...segments] };
  const frame = (t: number) => Math.max(0, Math.round(t * 100));
  const outHeard: HeardWord[] = [];
  heard.forEach((h, k) => {
    if (join.has(k)) return;
    outHeard.push(join.has(k - 1) ? { ...h, start: heard[k - 1]!.start } : { ...h });
  });
  // each joined word's segment starts at its attempt's and scores both (the screens key segments by start frame)
  const outSegments = segments.map((seg) => ({ ...seg }));
  for (const k of join) {
    const a = outSegments.findIndex((seg) => seg.start === frame(heard[k]!.start));
    const b = outSegments.findIndex((seg) => seg.start === frame(heard[k + 1]!.start));
    if (a < 0 || b < 0) continue;
    outSegments[b] = {
      ...outSegments[b]!,
      start: outSegments[a]!.start,
      score: outSegments[a]!.score + outSegments[b]!.score,
    };
    outSegments.splice(a, 1);
  }
  return { heard: outHeard, segments: outSegments };
}

/**
 * A first-pass substitution by a nominated word (`PreparedPassage.nominated`: a candidate from outside
 * the dictionary's neighbours, such as Moonshine's word) that the second pass did not check (no plan for
 * it, or no score for any competitor) is taken as read and marked unsure: a nominated word is never the
 * only evidence of an error (docs/scoring.md, twelfth round).
 * @param words the words after the second pass (same indices as the first pass's).
 * @param passage the passage words.
 * @param assignment per passage word, the first-pass index of its substitution, or -1.
 * @param evidence the second pass's evidence.
 * @param nominated by passage token, the nominated words.
 * @returns the words, with unchecked nominations taken back.
 */
export function unverifiedNominations(
  words: readonly HeardWord[],
  passage: readonly PassageWord[],
  assignment: readonly number[],
  evidence: readonly VerifyEvidence[],
  nominated: ReadonlyMap<string, ReadonlySet<string>>,
): HeardWord[] {
  if (nominated.size === 0) return [...words];
  const out = words.map((w) => ({ ...w }));
  assignment.forEach((h, i) => {
    const token = passage[i]?.spoken[0]?.[0];
    const word = out[h];
    if (h < 0 || !token || !word || !nominated.get(token)?.has(word.word)) return;
    if (evidence.some((e) => e.candidate.index === i && e.bestAlternative)) return;
    word.word = token;
    word.unsure = true;
  });
  return out;
}

/**
 * Per-omission decode (omission-check.ts) of the first pass's omissions.
 * @returns the checks and the utterance scores (applied after the other passes).
 */
async function omissionReading(
  input: Omit<VerifyInput, 'distractors' | 'nominated' | 'verifyOptions'> & { options: OmissionCheckOptions },
): Promise<{ checks: ReturnType<typeof planOmissionChecks>; scores: Map<string, number> }> {
  const { dir, heard, passage, tag } = input;
  const alignment = alignReading(passage, normaliseHeard(heard));
  const checks = planOmissionChecks(passage, heard, alignment.words, input.totalFrames);
  if (checks.length === 0) return { checks, scores: new Map() };
  const batch = buildOmissionBatch(checks);
  const dict = await dictionaryLines(batch.words, input.lexicon);
  const odir = join(dir, `o${tag}`);
  await mkdir(odir);
  await Promise.all([
    writeFile(join(dir, `omit${tag}.dict`), `${dict.join('\n')}\n`),
    writeFile(join(dir, `omit${tag}.ctl`), batch.ctl),
    writeFile(join(dir, `omit${tag}.fsgctl`), batch.fsgctl),
    ...[...batch.grammars].map(([name, text]) => writeFile(join(odir, `${name}.fsg`), text)),
  ]);
  await input.run([
    '-dict',
    join(dir, `omit${tag}.dict`),
    '-ctl',
    join(dir, `omit${tag}.ctl`),
    '-fsgctl',
    join(dir, `omit${tag}.fsgctl`),
    '-fsgdir',
    odir,
    '-fsgext',
    '.fsg',
    '-hypseg',
    join(dir, `omit${tag}.hypseg`),
    '-logfn',
    join(dir, `omit${tag}.log`),
  ]);
  const scores = parseHypseg(await readFile(join(dir, `omit${tag}.hypseg`), 'utf8').catch(() => ''));
  input.options.onCosts?.(
    checks.map((c) => ({ word: c.word, index: c.index, cost: omissionCost(c, scores) })),
  );
  return { checks, scores };
}

/**
 * Skip check (skip-check.ts) of the short words the first pass heard as read.
 * @returns the checks and the utterance scores (applied after the other passes).
 */
async function skipReading(
  input: Omit<VerifyInput, 'distractors' | 'nominated' | 'verifyOptions'> & { options: SkipCheckOptions },
): Promise<{ checks: ReturnType<typeof planSkipChecks>; scores: Map<string, number> }> {
  const { dir, heard, passage, tag, options } = input;
  const alignment = alignReading(passage, normaliseHeard(heard));
  const checks = planSkipChecks(
    passage,
    heard,
    alignment.words,
    input.totalFrames,
    options.maxFrames,
    options.functionWordsOnly ? (w) => FUNCTION_WORDS.has(w) : undefined,
  );
  if (checks.length === 0) return { checks, scores: new Map() };
  const batch = buildSkipBatch(checks);
  const dict = await dictionaryLines(batch.words, input.lexicon);
  const sdir = join(dir, `s${tag}`);
  await mkdir(sdir);
  await Promise.all([
    writeFile(join(dir, `skip${tag}.dict`), `${dict.join('\n')}\n`),
    writeFile(join(dir, `skip${tag}.ctl`), batch.ctl),
    writeFile(join(dir, `skip${tag}.fsgctl`), batch.fsgctl),
    ...[...batch.grammars].map(([name, text]) => writeFile(join(sdir, `${name}.fsg`), text)),
  ]);
  await input.run([
    '-dict',
    join(dir, `skip${tag}.dict`),
    '-ctl',
    join(dir, `skip${tag}.ctl`),
    '-fsgctl',
    join(dir, `skip${tag}.fsgctl`),
    '-fsgdir',
    sdir,
    '-fsgext',
    '.fsg',
    '-hypseg',
    join(dir, `skip${tag}.hypseg`),
    '-logfn',
    join(dir, `skip${tag}.log`),
  ]);
  const scores = parseHypseg(await readFile(join(dir, `skip${tag}.hypseg`), 'utf8').catch(() => ''));
  options.onGains?.(
    checks.map((c) => ({
      word: c.word,
      index: c.index,
      frames: c.wordFrames,
      stretch: c.endFrame - c.startFrame,
      gain: skipGain(c, scores),
    })),
  );
  return { checks, scores };
}

/**
 * Near-miss check (near-miss.ts) of the content words the first pass heard as read: each word's
 * stretch is decoded as printed and as its one-phone neighbours side by side.
 * @returns verdicts by index in `heard` (words judged read are absent).
 */
async function nearMissReading(
  input: Omit<VerifyInput, 'distractors' | 'nominated' | 'verifyOptions'> & {
    options: NearMissOptions;
    /** The first pass's word segments (`-hypseg`), for the screen. */
    segments: readonly HypsegSegment[];
  },
): Promise<ReturnType<typeof judgeNearMiss>> {
  const { dir, heard, passage, tag, options } = input;
  const alignment = alignReading(passage, normaliseHeard(heard));
  const byStart = new Map<number, number>();
  heard.forEach((h, k) => byStart.set(h.start, k));
  const minPhones = options.minPhones ?? DEFAULT_NEAR_MISS_MIN_PHONES;
  const assignment = alignment.words.map((w) => {
    const form = passage[w.index]?.spoken[0];
    const token = form?.length === 1 ? (form[0] as string) : undefined;
    if (w.status !== 'correct' || w.start === null || !token || FUNCTION_WORDS.has(token)) return -1;
    const prons = input.lexicon.pronunciations(token);
    if (prons.length === 0 || Math.min(...prons.map((p) => p.split(' ').length)) < minPhones) return -1;
    return byStart.get(w.start) ?? -1;
  });
  // The same cheap screen as the GOP pass: only the share of the words whose first-pass acoustic
  // score per frame is lowest (every misreading this check found on the tuning voices was there).
  const firstPassScore = new Map<number, number>();
  for (const seg of input.segments) firstPassScore.set(seg.start, seg.score / (seg.end - seg.start));
  const screen = (k: number): number => {
    const h = heard[k] as HeardWord;
    return firstPassScore.get(Math.max(0, Math.round(h.start * 100))) ?? -Infinity;
  };
  const eligible = assignment.filter((k) => k >= 0);
  const keep = new Set(
    [...eligible]
      .sort((x, y) => screen(x) - screen(y))
      .slice(0, Math.ceil(eligible.length * (options.fraction ?? DEFAULT_NEAR_MISS_FRACTION))),
  );
  const candidates = planVerification(
    passage,
    heard,
    assignment.map((k) => (keep.has(k) ? k : -1)),
    (t) => input.lexicon.nearWords(t).slice(0, options.maxNeighbours ?? Infinity),
    input.totalFrames,
  );
  const batch = buildNearMissBatch(candidates);
  if (batch.grammars.size === 0) return new Map();
  const dict = await dictionaryLines(batch.words, input.lexicon);
  const ndir = join(dir, `n${tag}`);
  await mkdir(ndir);
  await Promise.all([
    writeFile(join(dir, `near${tag}.dict`), `${dict.join('\n')}\n`),
    writeFile(join(dir, `near${tag}.ctl`), batch.ctl),
    writeFile(join(dir, `near${tag}.fsgctl`), batch.fsgctl),
    ...[...batch.grammars].map(([name, text]) => writeFile(join(ndir, `${name}.fsg`), text)),
  ]);
  await input.run([
    '-dict',
    join(dir, `near${tag}.dict`),
    '-ctl',
    join(dir, `near${tag}.ctl`),
    '-fsgctl',
    join(dir, `near${tag}.fsgctl`),
    '-fsgdir',
    ndir,
    '-fsgext',
    '.fsg',
    '-hypseg',
    join(dir, `near${tag}.hypseg`),
    '-logfn',
    join(dir, `near${tag}.log`),
  ]);
  const hypseg = await readFile(join(dir, `near${tag}.hypseg`), 'utf8').catch(() => '');
  const evidence = collectNearMiss(candidates, parseHypsegWords(hypseg));
  options.onEvidence?.(evidence, heard);
  return judgeNearMiss(evidence, { ...DEFAULT_NEAR_MISS_THRESHOLDS, ...options.thresholds });
}

interface OwnVowelInput {
  dir: string;
  tag: string;
  heard: HeardWord[];
  passage: readonly PassageWord[];
  lexicon: Lexicon;
  totalFrames: number;
  options: OwnVowelOptions;
  /** Runs pocketsphinx_batch (at the reading's warp) with these arguments. */
  run: (args: string[]) => Promise<void>;
  /** The reading's cepstra at the same warp (`readSphinxCepstra`), one per 10 ms frame. */
  cepstra: () => Promise<Float32Array[]>;
}

/**
 * Own-vowel check (own-vowels.ts) of the content words the alignment scored as read: one forced
 * phone alignment of every such word on its own frames (the GOP pass's forced batch, without the
 * phone loop), the reading's cepstra, then each word's vowels against the reader's other vowels.
 * @returns verdicts by index in `heard` (words judged read are absent).
 */
async function ownVowelReading(input: OwnVowelInput): Promise<{
  verdicts: ReturnType<typeof judgeOwnVowels>;
  fits: ReturnType<typeof judgeOwnVowelFits>;
}> {
  const none = { verdicts: new Map(), fits: new Map() };
  const { dir, heard, passage, tag, options } = input;
  const alignment = alignReading(passage, normaliseHeard(heard));
  const byStart = new Map<number, number>();
  heard.forEach((h, k) => byStart.set(h.start, k));
  type Candidate = GopCandidate & { heardIndex: number; index: number; expected: string; template: boolean };
  const candidates: Candidate[] = [];
  for (const w of alignment.words) {
    const form = passage[w.index]?.spoken[0];
    // a first-pass substitution is tested too (the second pass may take it back as read), but
    // only words heard as read make the templates
    if (
      (w.status !== 'correct' && w.status !== 'substitution') ||
      w.start === null ||
      !form ||
      form.length !== 1
    )
      continue;
    const expected = form[0] as string;
    const heardIndex = byStart.get(w.start) ?? -1;
    const h = heard[heardIndex];
    if (!h || FUNCTION_WORDS.has(expected)) continue;
    const pronunciations = input.lexicon.pronunciations(expected).map((p) => p.split(' '));
    const startFrame = Math.max(0, Math.round(h.start * 100));
    const endFrame = Math.min(input.totalFrames, Math.round(h.end * 100));
    if (pronunciations.length === 0 || endFrame - startFrame < 3) continue;
    if (!pronunciations.some((p) => p.some((x) => VOWEL_PHONES.has(x)))) continue;
    candidates.push({
      id: `v${heardIndex}`,
      heardIndex,
      index: w.index,
      expected,
      pronunciations,
      startFrame,
      endFrame,
      template: w.status === 'correct',
    });
  }
  if (candidates.length === 0) return none;
  const batch = buildGopBatch(candidates);
  const vdir = join(dir, `own${tag}`);
  await mkdir(vdir);
  await Promise.all([
    writeFile(join(dir, `own${tag}.dict`), `${batch.dictionary.join('\n')}\n`),
    writeFile(join(dir, `own${tag}.ctl`), batch.ctl),
    writeFile(join(dir, `own${tag}.fsgctl`), batch.fsgctl),
    ...[...batch.grammars].map(([name, text]) => writeFile(join(vdir, `${name}.fsg`), text)),
  ]);
  const [, frames] = await Promise.all([
    input.run([
      '-dict',
      join(dir, `own${tag}.dict`),
      '-ctl',
      join(dir, `own${tag}.ctl`),
      '-fsgctl',
      join(dir, `own${tag}.fsgctl`),
      '-fsgdir',
      vdir,
      '-fsgext',
      '.fsg',
      '-hypseg',
      join(dir, `own${tag}.hypseg`),
      '-logfn',
      join(dir, `own${tag}.log`),
    ]),
    // Without sphinx_fe (sphinxbase-utils, which scripts/setup.sh installs) the check is left out
    // rather than failing the reading: every other pass still scores it.
    input.cepstra().catch((err: unknown) => {
      if (err instanceof SpeechError && err.code === 'recogniser_unavailable') return undefined;
      throw err;
    }),
  ]);
  if (!frames) return none;
  const segments = parsePhoneHypseg(
    await readFile(join(dir, `own${tag}.hypseg`), 'utf8').catch(() => ''),
    batch.offsets,
  );
  const mean = cepstralMean(frames);
  const words: OwnVowelWord[] = [];
  for (const c of candidates) {
    const phones = (segments.get(c.id) ?? []).filter((p) => p.phone !== 'SIL');
    if (phones.length === 0) continue;
    words.push({
      heardIndex: c.heardIndex,
      index: c.index,
      expected: c.expected,
      template: c.template,
      ...(c.template
        ? {}
        : {
            heard: {
              word: heard[c.heardIndex]?.word ?? '',
              pronunciations: input.lexicon.pronunciations(heard[c.heardIndex]?.word ?? ''),
            },
          }),
      phones: phones.map((p) => {
        const vector = VOWEL_PHONES.has(p.phone) ? vowelVector(frames, p.start, p.end, mean) : undefined;
        return vector ? { phone: p.phone, vector } : { phone: p.phone };
      }),
      near: input.lexicon.nearWords(c.expected).map((w) => [w, input.lexicon.pronunciations(w)] as const),
    });
  }
  const evidence = ownVowelEvidence(words, options.minTokens ?? DEFAULT_OWN_VOWEL_MIN_TOKENS);
  options.onEvidence?.(evidence, heard);
  const thresholds = { ...DEFAULT_OWN_VOWEL_THRESHOLDS, ...options.thresholds };
  return { verdicts: judgeOwnVowels(evidence, thresholds), fits: judgeOwnVowelFits(evidence, thresholds) };
}

interface GopInput {
  dir: string;
  tag: string;
  heard: HeardWord[];
  /** The first pass's word segments (`-hypseg`), for choosing which words to score. */
  segments: readonly HypsegSegment[];
  passage: readonly PassageWord[];
  lexicon: Lexicon;
  totalFrames: number;
  options: GopOptions;
  run: (args: string[]) => Promise<void>;
  /** By passage word index, the other word Moonshine heard there (`moonshineAgrees`). */
  otherwise?: ReadonlyMap<number, string>;
}

/**
 * GOP pass (gop.ts) over words the first pass heard as read: content words (not
 * `FUNCTION_WORDS`) of at least `minPhones` phones, the `fraction` of them whose first-pass
 * acoustic score per frame is lowest (the cheap pre-screen keeps the pass within the time
 * budget: scoring every word costs ~0.05 s of CPU per second of audio). A word whose GOP says
 * `misread` becomes a substitution: the closest common word to the phones heard, else the
 * phones (`/k-ow-t/`); `unsure` marks it for a teacher to check. First-pass substitutions are
 * scored too (the second pass may take them as read; `combineEvidence` joins both verdicts).
 * @returns verdicts by index in `heard` (words judged read are absent).
 */
async function gopReading(input: GopInput): Promise<Map<number, GopVerdict>> {
  const { dir, heard, passage, tag, options } = input;
  const alignment = alignReading(passage, normaliseHeard(heard));
  const byStart = new Map<number, number>();
  heard.forEach((h, k) => byStart.set(h.start, k));
  const firstPassScore = new Map<number, number>();
  for (const seg of input.segments) firstPassScore.set(seg.start, seg.score / (seg.end - seg.start));
  type Candidate = GopCandidate & { index: number; expected: string; heardIndex: number; screen: number };
  let candidates: Candidate[] = [];
  for (const w of alignment.words) {
    const pw = passage[w.index];
    const form = pw?.spoken[0];
    const substituted = w.status === 'substitution';
    if (
      (w.status !== 'correct' && !substituted) ||
      w.start === null ||
      !form ||
      form.length !== 1 ||
      pw.spoken.length !== 1
    )
      continue;
    const heardIndex = byStart.get(w.start) ?? -1;
    const h = heard[heardIndex];
    const expected = form[0] as string;
    if (!h || FUNCTION_WORDS.has(expected)) continue;
    let prons = input.lexicon.pronunciations(expected);
    if (prons.length === 0) {
      const guess = t2pCache.get(expected);
      prons = guess ? [guess] : [];
    }
    const pronunciations = prons.map((p) => p.split(' '));
    const startFrame = Math.max(0, Math.round(h.start * 100));
    const endFrame = Math.min(input.totalFrames, Math.round(h.end * 100));
    if (
      pronunciations.length === 0 ||
      Math.min(...pronunciations.map((p) => p.length)) <
        (substituted
          ? (options.minPhonesSubstituted ?? DEFAULT_GOP_MIN_PHONES_SUBSTITUTED)
          : (options.minPhones ?? DEFAULT_GOP_MIN_PHONES)) ||
      endFrame - startFrame < 3
    )
      continue;
    candidates.push({
      id: `g${w.index}`,
      index: w.index,
      expected,
      heardIndex,
      pronunciations,
      startFrame,
      endFrame,
      // first-pass substitutions are always scored (the second pass may take them as read)
      screen: substituted ? -Infinity : (firstPassScore.get(startFrame) ?? -Infinity),
    });
  }
  const fraction = options.fraction ?? DEFAULT_GOP_FRACTION;
  if (fraction < 1)
    candidates = [...candidates]
      .sort((a, b) => a.screen - b.screen)
      .slice(0, Math.ceil(candidates.length * fraction))
      .sort((a, b) => a.index - b.index);
  if (candidates.length === 0) return new Map();
  const batch = buildGopBatch(candidates, CMU_PHONES);
  const gdir = join(dir, `g${tag}`);
  await mkdir(gdir);
  await Promise.all([
    writeFile(join(dir, `gop${tag}.dict`), `${batch.dictionary.join('\n')}\n`),
    writeFile(join(dir, `gop${tag}.ctl`), batch.ctl),
    writeFile(join(dir, `gop${tag}.fsgctl`), batch.fsgctl),
    ...[...batch.grammars].map(([name, text]) => writeFile(join(gdir, `${name}.fsg`), text)),
  ]);
  // Forced phones and the free phone loop in one search type, every senone computed, so that
  // both are normalised alike (allphone scores were not comparable: docs/scoring.md).
  await input.run([
    '-dict',
    join(dir, `gop${tag}.dict`),
    '-ctl',
    join(dir, `gop${tag}.ctl`),
    '-fsgctl',
    join(dir, `gop${tag}.fsgctl`),
    '-fsgdir',
    gdir,
    '-fsgext',
    '.fsg',
    '-compallsen',
    'yes',
    '-hypseg',
    join(dir, `gop${tag}.hypseg`),
    '-logfn',
    join(dir, `gop${tag}.log`),
  ]);
  const segs = parsePhoneHypseg(
    await readFile(join(dir, `gop${tag}.hypseg`), 'utf8').catch(() => ''),
    batch.offsets,
  );
  const scores: GopScore[] = [];
  const verdicts = new Map<number, GopVerdict>();
  const thresholds = { ...DEFAULT_GOP_THRESHOLDS, ...options.thresholds };
  for (const c of candidates) {
    const f = segs.get(c.id);
    const l = segs.get(`${c.id}${LOOP_SUFFIX}`);
    const gop = f && l ? wordGop(f, l) : undefined;
    if (!gop) continue;
    scores.push({ index: c.index, expected: c.expected, heardIndex: c.heardIndex, screen: c.screen, gop });
    const verdict = judgeGop(gop, thresholds);
    const heardWord = heard[c.heardIndex]?.word;
    if (
      verdict !== 'misread' &&
      options.phoneVote !== false &&
      heardWord &&
      heardWord !== c.expected &&
      heardWord !== UNCLEAR &&
      phoneLoopVote(
        c.pronunciations,
        input.lexicon.pronunciations(heardWord).map((p) => p.split(' ')),
        gop.heard,
      ) === 'printed'
    ) {
      // a first-pass substitution one sound away whose differing sound the free phones heard as
      // printed: the recognisers disagree on the one sound that makes it (phone-vote.ts)
      verdicts.set(c.heardIndex, { verdict: 'fits', expected: c.expected, said: c.expected });
      continue;
    }
    const other = input.otherwise?.get(c.index);
    if (
      verdict !== 'misread' &&
      other !== undefined &&
      (heardWord === c.expected || heardWord === other) &&
      loopHearsOther(
        c.pronunciations,
        input.lexicon.pronunciations(other).map((p) => p.split(' ')),
        gop.heard,
      )
    ) {
      // two recognisers that know nothing of each other heard the same other word, one sound away (walk →
      // "work"): Moonshine's transcript, and the free phones on the word's own frames. A first-pass substitution
      // with that word which the second pass took back is restored, as GOP's `misread` restores one (green →
      // "grain": first pass, Moonshine and the free phones against the second pass's 0.6 per frame)
      verdicts.set(c.heardIndex, { verdict: 'misread', expected: c.expected, said: other });
      continue;
    }
    if (verdict === 'read') {
      // a first-pass substitution whose printed word fits as well as the free phones: doubtful, unless Moonshine
      // heard the same word there (repaired → "prepared": pocketsphinx's passes and Moonshine agree)
      if (heardWord !== c.expected && heardWord !== other && fitsAsPrinted(gop, thresholds))
        verdicts.set(c.heardIndex, { verdict: 'fits', expected: c.expected, said: c.expected });
      continue;
    }
    const said =
      heardWord && heardWord !== c.expected && heardWord !== UNCLEAR
        ? heardWord
        : (closestWord(
            gop.heard,
            input.lexicon.commonPronunciations(),
            Math.max(1, Math.floor(gop.heard.length / 4)),
            new Set([c.expected]),
          ) ?? phonesAsText(gop.heard.length > 0 ? gop.heard : ['?']));
    verdicts.set(c.heardIndex, { verdict, expected: c.expected, said });
  }
  options.onScores?.(scores, heard);
  return verdicts;
}

/**
 * Moonshine's doubt (docs/scoring.md, thirteenth and thirty-second rounds): a substitution that the second pass
 * did not confirm (it was never checked against a competitor, or the second pass took it back and the GOP pass
 * made it an error again), or confirmed by a per-frame margin under `confirmMargin`, where Moonshine heard the
 * passage word, and the words on both sides of it, exactly as printed, is scored as read and marked unsure
 * ("check this word"). Two recognisers that looked at the word disagree with the one that made the error, and a
 * child is never told a word was wrong on doubtful evidence. A substitution made by the near-miss or own-vowel
 * checks (`protectedStarts`) is left alone: they look for exactly the one-sound misreadings that Moonshine,
 * trained to hear words in context, hears as printed (field → "filled", run → "ran").
 * @param words the heard words after the other passes.
 * @param passage the passage words.
 * @param asPrinted passage word indices Moonshine heard as printed (`Nominations.asPrinted`).
 * @param confirmed start times of substitutions the second pass checked and kept, each with its per-frame margin
 *   (the best competitor's score over the printed word's, per frame: `features(e).alternativeMargin`).
 * @param protectedStarts start times of substitutions made by the near-miss or own-vowel checks.
 * @param confirmMargin per-frame margin from which a confirmed substitution stands (0: any confirmed one).
 * @returns the words, with such substitutions taken back.
 */
export function moonshineDoubts(
  words: readonly HeardWord[],
  passage: readonly PassageWord[],
  asPrinted: readonly number[],
  confirmed: ReadonlyMap<number, number>,
  protectedStarts: ReadonlySet<number> = new Set(),
  confirmMargin = 0,
): HeardWord[] {
  if (asPrinted.length === 0) return [...words];
  const out = words.map((w) => ({ ...w }));
  const byStart = new Map<number, number>();
  out.forEach((h, k) => byStart.set(h.start, k));
  const alignment = alignReading(passage, normaliseHeard(out));
  for (const i of asPrinted) {
    const w = alignment.words[i];
    const form = passage[i]?.spoken[0];
    if (w?.status !== 'substitution' || w.start === null || form?.length !== 1) continue;
    const k = byStart.get(w.start);
    const word = k === undefined ? undefined : out[k];
    if (!word || protectedStarts.has(word.start)) continue;
    const margin = confirmed.get(word.start);
    if (margin !== undefined && margin >= confirmMargin) continue;
    word.word = form[0]!;
    word.unsure = true;
  }
  return out;
}

/** What the GOP pass says of a heard word (see `gopReading`). */
interface GopVerdict {
  /**
   * `fits`: the printed word fits as well as the free phones (`fitsAsPrinted`), or the free phones
   * heard the printed word's sound where a one-sound substitution differs (`phoneLoopVote`).
   */
  verdict: 'unsure' | 'misread' | 'fits';
  expected: string;
  /** What the reader said: the first pass's word, the closest word to the phones, or the phones. */
  said: string;
}

/**
 * Combines the second pass and GOP (a word is a substitution when either finds strong evidence):
 * a word the second pass leaves as read becomes a substitution when its GOP says misread, and
 * is marked unsure when its GOP is in the unsure band. A substitution the second pass kept
 * whose printed word GOP finds fitting the audio (`fits`) is scored as read and marked unsure:
 * the two disagree, and a child is never told a word was wrong on doubtful evidence.
 */
export function combineEvidence(
  verified: readonly HeardWord[],
  verdicts: ReadonlyMap<number, GopVerdict>,
): HeardWord[] {
  return verified.map((v, k) => {
    const g = verdicts.get(k);
    if (g?.verdict === 'fits')
      return v.word === g.expected ? v : { word: g.expected, start: v.start, end: v.end, unsure: true };
    if (!g || v.word !== g.expected) return v;
    if (g.verdict === 'misread') return { word: g.said, start: v.start, end: v.end };
    return { ...v, unsure: true };
  });
}

/** What decoding a passage needs: see `preparePassage`. */
export interface PreparedPassage {
  lexicon: Lexicon;
  /** Distractors per passage token (the scorer's, ADR 0003). */
  distractors: Map<string, string[]>;
  /** Phone-loop garbage words (empty when `garbage` is false). */
  garbageWords: string[];
  /** Dictionary lines for every word the passage grammar can emit. */
  dictLines: string[];
  /** Words the dictionary has a pronunciation for. */
  known: Set<string>;
  /** The whole passage's grammar (FSG text), words without a pronunciation left out. */
  fsg: string;
  /**
   * By passage token, the distractors that came only from `extraDistractors` (not the dictionary's
   * neighbours): a first-pass substitution with one of them stands only when the second pass checked it.
   */
  nominated: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * Builds what decoding a passage needs, the same for the scorer and the streaming tracker
 * (server/speech/stream-decoder.ts): the lexicon, distractors, garbage words, the grammar and a
 * dictionary of only the words it can emit (CMU dictionary, else flite's `t2p`).
 * @throws SpeechError `recogniser_unavailable` when the dictionary cannot be read.
 */
export async function preparePassage(
  passage: readonly PassageWord[],
  options: PocketsphinxOptions = {},
): Promise<PreparedPassage> {
  const dictionaryPath = options.dictionaryPath ?? DEFAULT_CMUDICT;
  let lexicon: Lexicon;
  try {
    lexicon = lexiconFor(
      dictionaryPath,
      options.wordFrequenciesPath ?? DEFAULT_WORD_FREQUENCIES,
      options.minDistractorLogProbability ?? -6,
    );
  } catch (err) {
    throw new SpeechError(
      'recogniser_unavailable',
      `Cannot read the pronunciation dictionary ${dictionaryPath}.`,
      { cause: err },
    );
  }
  const vocab = passageVocabulary(passage);
  const vocabSet = new Set(vocab);
  const distractors = new Map<string, string[]>();
  const nominated = new Map<string, Set<string>>();
  for (const t of vocab) {
    const own = lexicon.neighbours(t, options.distractorsPerWord ?? 4, vocabSet);
    // own keys only: a passage word such as "constructor" must not find Object.prototype's
    const given =
      options.extraDistractors && Object.hasOwn(options.extraDistractors, t)
        ? options.extraDistractors[t]
        : undefined;
    const extra = (given ?? []).filter((w) => w !== t && !own.includes(w));
    distractors.set(t, extra.length > 0 ? [...new Set([...own, ...extra])] : own);
    if (extra.length > 0) nominated.set(t, new Set(extra));
  }
  const garbageWords =
    options.garbage === false
      ? []
      : (options.garbagePhones ?? GARBAGE_PHONES).map((p) => `${GARBAGE_PREFIX}${p.toLowerCase()}`);
  const grammar = buildPassageGrammar(passage, {
    distractors,
    garbageWords,
    probabilities: options.probabilities ?? {},
    ...(options.extraInsertions ? { insertions: options.extraInsertions } : {}),
  });

  const dictLines = await dictionaryLines(grammar.words, lexicon);
  const known = new Set(dictLines.map((l) => (l.split(' ')[0] ?? '').replace(/\(\d+\)$/, '')));
  const fsg = keepKnownWords(grammar.fsg, known);
  return { lexicon, distractors, garbageWords, dictLines, known, fsg, nominated };
}

/**
 * Keeps only the grammar transitions whose word has a pronunciation (a word with none at all
 * would make the decoder refuse the grammar).
 */
export function keepKnownWords(fsgText: string, known: ReadonlySet<string>): string {
  return fsgText
    .split('\n')
    .filter((l) => {
      const m = /^TRANSITION \d+ \d+ \S+ (\S+)$/.exec(l);
      return !m || known.has(m[1] as string);
    })
    .join('\n');
}

/**
 * Creates the pocketsphinx recogniser.
 * @param options paths, limits and grammar tuning; defaults suit the Debian packages.
 */
/** Front-end settings of `feat.params` that `sphinx_fe` takes (the model's own filter bank). */
const FRONT_END_KEYS = new Set([
  'lowerf',
  'upperf',
  'nfilt',
  'transform',
  'lifter',
  'wlen',
  'nfft',
  'ncep',
  'alpha',
  'frate',
]);
const frontEnd = new Map<string, Promise<string[]>>();

/**
 * The model's front-end arguments for `sphinx_fe` (from its `feat.params`), so that the own-vowel
 * check's cepstra are the ones the acoustic model was trained on; none when the file is missing.
 */
export function frontEndArgs(modelDir: string): Promise<string[]> {
  let args = frontEnd.get(modelDir);
  if (!args) {
    args = readFile(join(modelDir, 'feat.params'), 'utf8').then(
      (text) =>
        text.split('\n').flatMap((line) => {
          const [key, value] = line.trim().split(/\s+/);
          return key?.startsWith('-') && value !== undefined && FRONT_END_KEYS.has(key.slice(1))
            ? [key, value]
            : [];
        }),
      () => [],
    );
    frontEnd.set(modelDir, args);
  }
  return args;
}

/**
 * Moonshine's self-corrections where the scorer has the word as read (docs/scoring.md, twelfth round): the attempts
 * go in before the word, at its start and without length, so that the alignment makes it a self-correction (which
 * counts as correct, DIBELS 8: no score changes, a teacher sees the attempt). One that would change any other word's
 * status, or not make a self-correction, is left out.
 * @param heard the scorer's final words.
 * @param passage the passage words.
 * @param selfCorrections Moonshine's (`selfCorrectionsFrom`).
 * @returns the words with the attempts added.
 */
export function addSelfCorrections(
  heard: readonly HeardWord[],
  passage: readonly PassageWord[],
  selfCorrections: readonly HeardSelfCorrection[],
): HeardWord[] {
  let words = [...heard];
  for (const sc of selfCorrections) {
    const before = alignReading(passage, normaliseHeard(words)).words;
    const w = before[sc.index];
    if (w?.status !== 'correct' || w.start === null) continue;
    const k = words.findIndex((h) => h.start === w.start);
    if (k < 0) continue;
    const at = words[k]!.start;
    const tried = [
      ...words.slice(0, k),
      ...sc.attempts.map((word) => ({ word, start: at, end: at })),
      ...words.slice(k),
    ];
    const after = alignReading(passage, normaliseHeard(tried)).words;
    const same = after.every((a, i) =>
      i === sc.index ? a.status === 'self_correction' : a.status === before[i]?.status,
    );
    if (same) words = tried;
  }
  return words;
}

/**
 * Moonshine's insertions where the scorer lists none between the same two passage words, both of which it heard
 * (docs/scoring.md, twelfth round): the word goes in between them, at Moonshine's estimated time kept inside the gap.
 * An insertion is not an error (DIBELS 8): no score changes; a teacher sees the word said. One that would change any
 * word's status or hesitation, or not be listed as an insertion there, is left out.
 * Where the scorer lists one insertion there already, an insertion in `named` gives it Moonshine's word instead (the
 * absorbed insertions, docs/scoring.md thirtieth round: the first pass, which has no path for a word the passage
 * lacks, heard the added "even" as the passage word "been"), on the same conditions.
 * @param heard the scorer's final words.
 * @param passage the passage words.
 * @param insertions Moonshine's (`insertionsFrom`).
 * @param named those of `insertions` whose word names the scorer's own insertion at that place.
 * @returns the words with the insertions added.
 */
export function addInsertions(
  heard: readonly HeardWord[],
  passage: readonly PassageWord[],
  insertions: readonly HeardInsertion[],
  named: ReadonlySet<HeardInsertion> = new Set(),
): HeardWord[] {
  let words = [...heard];
  const unchanged = (before: ReturnType<typeof alignReading>, after: ReturnType<typeof alignReading>) =>
    after.words.every(
      (a, i) => a.status === before.words[i]?.status && a.hesitation === before.words[i]?.hesitation,
    );
  for (const x of insertions) {
    const before = alignReading(passage, normaliseHeard(words));
    const there = before.insertions.filter((y) => y.afterIndex === x.afterIndex);
    if (there.length === 1 && named.has(x) && there[0]!.heard !== x.word) {
      const k = words.findIndex(
        (h) => h.start === there[0]!.start && h.word.toLowerCase() === there[0]!.heard,
      );
      if (k < 0) continue;
      const tried = words.map((h, j) => (j === k ? { ...h, word: x.word } : h));
      const after = alignReading(passage, normaliseHeard(tried));
      if (
        unchanged(before, after) &&
        after.insertions.some((y) => y.afterIndex === x.afterIndex && y.heard === x.word)
      )
        words = tried;
      continue;
    }
    if (there.length > 0) continue;
    const left = before.words[x.afterIndex];
    const right = before.words[x.afterIndex + 1];
    if (left?.end == null || right?.start == null || right.start < left.end) continue;
    const k = words.findIndex((h) => h.start === right.start);
    if (k < 0) continue;
    const start = Math.min(Math.max(x.start, left.end), right.start);
    const end = Math.max(start, Math.min(x.end, right.start));
    const tried = [...words.slice(0, k), { word: x.word, start, end }, ...words.slice(k)];
    const after = alignReading(passage, normaliseHeard(tried));
    if (
      unchanged(before, after) &&
      after.insertions.some((y) => y.afterIndex === x.afterIndex && y.heard === x.word)
    )
      words = tried;
  }
  return words;
}

/**
 * The insertions of Moonshine's that the first pass's grammar offers (`moonshineInsertions`): function words too
 * (`Nominations.insertionsBeside`; "press *the* pound key"), since the decoder hears one only where the audio fits it
 * (docs/scoring.md, thirty-first round); the content words alone (`insertions`) from a nominator without them.
 */
function grammarInsertions(nominations: Nominations): readonly HeardInsertion[] {
  return nominations.insertionsBeside ?? nominations.insertions ?? [];
}

/**
 * Moonshine's insertions as grammar places (`GrammarOptions.insertions`): each word at the position after the passage
 * word it follows, no word twice at one place. A word that begins with the letter the next passage word begins with
 * is left out: it is most often an attempt at that word ("clean… climb", "ran… run"), a self-correction that the
 * grammar's distractors and re-reading already hear as one (docs/scoring.md, thirty-first round).
 * @param insertions Moonshine's (`insertionsFrom`).
 * @param passage the passage words.
 * @returns words by position.
 */
export function insertionPlaces(
  insertions: readonly HeardInsertion[],
  passage: readonly PassageWord[],
): Map<number, string[]> {
  const places = new Map<number, string[]>();
  for (const x of insertions) {
    const next = passage[x.afterIndex + 1]?.spoken[0]?.[0];
    if (next !== undefined && next[0] === x.word[0]) continue;
    const words = places.get(x.afterIndex + 1) ?? [];
    if (!words.includes(x.word)) words.push(x.word);
    places.set(x.afterIndex + 1, words);
  }
  return places;
}

/**
 * Joins two candidate lists by passage token (no word twice).
 * @returns a new record.
 */
export function mergeCandidates(
  a: Readonly<Record<string, readonly string[]>> = {},
  b: Readonly<Record<string, readonly string[]>> = {},
): Record<string, string[]> {
  const out: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const [token, words] of [...Object.entries(a), ...Object.entries(b)])
    out[token] = [...new Set([...(out[token] ?? []), ...words])];
  return out;
}

/** What `readingDecoder` needs: the reading's files are in `dir` (reading.raw, passage.dict, passage.fsg, ctl). */
interface ReadingDecoderInput {
  binary: string;
  modelDir: string;
  dir: string;
  /** The passage grammar (passage.fsg's text), for the rescue decodes of a partial reading. */
  fsg: string;
  options: PocketsphinxOptions;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Niceness of the decoder processes (the follow-along socket's background warp search). */
  nice?: number;
  /** The passage words: a first pass that looks lost in them is decoded again with wider beams (lost-path.ts). */
  passage: readonly PassageWord[];
  /** The reading's samples (reading.raw), for a first pass made in segments (`splitFirstPass`). */
  samples?: Int16Array;
  /** Segments decoded earlier (`RecogniseInput.segmentPasses`): taken when their key matches, and kept. */
  memo?: SegmentPassMemo;
  /**
   * The passage grammar with Moonshine's nominations only for the tokens of passage words `from` to `to` (not
   * included): a segment's grammar, so that a nomination heard later in the reading does not change the grammar
   * of a segment decoded before it was heard (`Recogniser.decodeAhead`). Without it, every segment takes `fsg`.
   */
  grammarFor?: (from: number, to: number) => Promise<string>;
}

/**
 * Words a second of reading can reach at most, for the window of passage words whose nominations a segment's
 * grammar holds (`ReadingDecoderInput.grammarFor`): 5, above a fast adult's 3.5–4 (210–240 WCPM).
 */
const SEGMENT_WORDS_PER_SECOND = 5;

/** A decoded segment of a first pass made in segments, times from the segment's start (seconds, frames). */
type SegmentPass = { heard: HeardWord[]; score?: number; segments: HypsegSegment[] };

/** Niceness of the decodes made while the child reads (`Recogniser.decodeAhead`): the scorings waited for go first. */
const AHEAD_NICE = 10;

/** How long before the speech after a pause a segmented first pass cuts, 10 ms frames (see `pauseCuts`). */
const CUT_BEFORE_SPEECH_FRAMES = 5;

/**
 * Where a first pass made in segments cuts the reading (`PocketsphinxOptions.splitFirstPass`): in each run of at
 * least `minPauseSeconds` of 10 ms frames `belowLoudDb` under the loud frames of the reading before them (95th
 * percentile of the whole seconds before the frame's second; none in the first second), at its middle or 50 ms
 * before the speech after it, whichever is later, when the segment before the cut and the audio after it are both
 * at least `minSegmentSeconds` long.
 *
 * Causal: the cuts of audio that begins with these samples begin with these cuts (a pause is judged only by the
 * audio before it, and a cut needs only `minSegmentSeconds` after it), so segments cut while the child reads are
 * the segments the whole reading is cut into (`Recogniser.decodeAhead`).
 * @param samples 16 kHz mono PCM.
 * @returns sample indexes, ascending (none: decode whole).
 */
export function pauseCuts(
  samples: Int16Array,
  options: { minSegmentSeconds: number; minPauseSeconds: number; belowLoudDb?: number },
): number[] {
  const levels = frameLevels(samples, 16000);
  const below = options.belowLoudDb ?? 25;
  const minSegment = Math.round(options.minSegmentSeconds * 100);
  const minPause = Math.round(options.minPauseSeconds * 100);
  const cuts: number[] = [];
  let last = 0;
  let run = -1;
  let quiet = -Infinity;
  // the levels so far in 0.1 dB bins (the quantile to 0.1 dB, without sorting the reading every second)
  const bins = new Uint32Array(LEVEL_BINS);
  for (let f = 0; f < levels.length; f++) {
    if (f > 0 && f % 100 === 0) {
      for (let g = f - 100; g < f; g++) (bins[levelBin(levels[g] as number)] as number)++;
      quiet = binnedQuantile(bins, f, 0.95) - below;
    }
    if ((levels[f] as number) < quiet) {
      if (run < 0) run = f;
      continue;
    }
    if (run >= 0 && f - run >= minPause) {
      // near the pause's end, not its middle: a segment that begins with silence too short for the decoder's
      // silence (its insertion penalty) gives that silence to its first word
      const mid = Math.max(Math.floor((run + f) / 2), f - CUT_BEFORE_SPEECH_FRAMES);
      if (mid - last >= minSegment && levels.length - mid >= minSegment) {
        cuts.push(mid * 160);
        last = mid;
      }
    }
    run = -1;
  }
  return cuts;
}

/** 0.1 dB bins of frame levels from −130 dB to +10 dB (`frameLevels` gives −120 dB for digital silence). */
const LEVEL_BINS = 1400;
const levelBin = (db: number): number => Math.min(LEVEL_BINS - 1, Math.max(0, Math.floor((db + 130) * 10)));

/**
 * The `q` quantile of `count` frame levels kept in {@link levelBin} bins, as `levelQuantile` sorts them (the value
 * at index ⌊q·count⌋), to the bin's lower edge.
 */
function binnedQuantile(bins: Uint32Array, count: number, q: number): number {
  const rank = Math.min(count - 1, Math.floor(q * count));
  let seen = 0;
  for (let b = 0; b < bins.length; b++) {
    seen += bins[b] as number;
    if (seen > rank) return b / 10 - 130;
  }
  return 10;
}

/** Passage words the heard words reach (the index after the last word not `not_reached`). */
function placeReached(passage: readonly PassageWord[], heard: readonly HeardWord[]): number {
  const words = alignReading(passage, normaliseHeard(heard)).words;
  for (let i = words.length - 1; i >= 0; i--) if (words[i]?.status !== 'not_reached') return i + 1;
  return 0;
}

/** A first pass's outcome: the words, the path's score, its segments and the grammar file it was decoded with. */
type FirstPass = { heard: HeardWord[]; score?: number; segments: HypsegSegment[]; fsgFile: string };

/**
 * How far under the reading's loud frames (95th percentile of its 10 ms levels, dB) every frame after a kept first
 * pass's samples must stay for the pass to be used again. Further under than a word the scorer keeps
 * (`DEFAULT_SILENT_WORD_DB`, 18 dB): a murmur after the check is decoded, not assumed away.
 */
export const SILENT_TAIL_DB = 30;

/**
 * The end-of-reading check's first pass, when the upload may use it instead of decoding again (docs/scoring.md,
 * issue 16, twentieth round): made at the warp the upload decodes at, with the same grammar and dictionary, on
 * samples the upload begins with, and nothing but silence after them (every frame {@link SILENT_TAIL_DB} under the
 * reading's loud frames). The check's pass is then the upload's pass less the silence after the reading.
 * @param kept what the check kept (`RecogniseInput.knownFirstPass`).
 * @returns the pass and its warp, or undefined.
 */
export function reusableFirstPass(
  kept: KeptFirstPass | undefined,
  warp: number,
  grammarKey: string,
  samples: Int16Array,
): (FirstPass & { warp: number }) | undefined {
  if (!kept || kept.warp !== warp || kept.grammarKey !== grammarKey || !silentAfter(samples, kept.length))
    return undefined;
  return { ...(kept.pass as FirstPass), warp };
}

/**
 * Whether 16 kHz `samples` hold nothing but silence after their first `length`: every 10 ms frame from there on
 * {@link SILENT_TAIL_DB} or more under the reading's loud frames (95th percentile of the frame levels). False when
 * `length` is past the end.
 */
export function silentAfter(samples: Int16Array, length: number): boolean {
  if (length > samples.length) return false;
  const levels = frameLevels(samples, 16000);
  const quiet = levelQuantile(levels, 0.95) - SILENT_TAIL_DB;
  for (let f = Math.floor(length / 160); f < levels.length; f++)
    if ((levels[f] as number) >= quiet) return false;
  return true;
}

/**
 * The nominations an end-of-reading check kept with its first pass, when the upload's samples begin with the
 * checked ones and only silence follows them: Moonshine would hear the same words, so the upload takes them instead
 * of transcribing again, and its grammar is the check's (its first pass can then be the check's too).
 * @param kept what the check kept (`RecogniseInput.knownFirstPass`).
 * @returns the nominations, or undefined.
 */
export function reusableNominations(
  kept: KeptFirstPass | undefined,
  samples: Int16Array,
): Nominations | undefined {
  if (!kept?.nominations || !silentAfter(samples, kept.length)) return undefined;
  return kept.nominations as Nominations;
}

/**
 * The decoder of one reading: `run` (pocketsphinx_batch on the reading with these arguments) and `firstPass`
 * (the passage grammar's decode at one frequency warp, 1 = none: the words heard and the path's score).
 * @returns the two functions.
 */
function readingDecoder({
  binary,
  modelDir,
  dir,
  fsg,
  options,
  timeoutMs,
  signal,
  nice,
  passage,
  samples,
  memo,
  grammarFor,
}: ReadingDecoderInput) {
  /** Runs pocketsphinx_batch on the reading (16 kHz raw in `dir`) with these arguments. */
  const run = (args: string[]): Promise<void> =>
    runLimited(
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
        String(options.languageWeight ?? 8),
        ...(options.dither ? ['-dither', 'yes', '-seed', '1'] : []),
        ...args,
      ],
      {
        timeoutMs,
        memoryKb: options.memoryLimitKb ?? 1_000_000,
        cpuSeconds: Math.ceil(timeoutMs / 1000),
        ...(signal ? { signal } : {}),
        ...(nice ? { nice } : {}),
      },
    );
  /** The decode's arguments: the grammar file, the output files' tag, and any other arguments. */
  const decode = (warp: number, fsgFile: string, out: string, more: readonly string[] = [], ctl = 'ctl') =>
    run([
      '-dict',
      join(dir, 'passage.dict'),
      '-fsg',
      join(dir, fsgFile),
      '-ctl',
      join(dir, ctl),
      '-ctm',
      join(dir, `out${out}.ctm`),
      '-hypseg',
      join(dir, `out${out}.hypseg`),
      '-logfn',
      join(dir, `log${out}.txt`),
      ...warpArgs(warp, options.warpType),
      ...(options.extraArgs ?? []),
      ...more,
    ]);
  /** The words, path score and segments a decode wrote. */
  const read = async (
    out: string,
    utterance = 'reading',
  ): Promise<{ heard: HeardWord[]; score?: number; segments: HypsegSegment[] }> => {
    const [ctm, hypseg] = await Promise.all([
      readFile(join(dir, `out${out}.ctm`), 'utf8').catch(() => ''),
      readFile(join(dir, `out${out}.hypseg`), 'utf8').catch(() => ''),
    ]);
    const score = parseHypseg(hypseg, 'total').get(utterance);
    return {
      heard: parseCtm(ctm),
      segments: parseHypsegSegments(hypseg).get(utterance) ?? [],
      ...(score !== undefined ? { score } : {}),
    };
  };
  /**
   * First pass at one frequency warp (1 = none): the words heard, the path's score, and the grammar file it was
   * decoded with (`passage.fsg`, or the rescue grammar of a partial reading).
   */
  const split = options.splitFirstPass;
  const cuts = split && samples ? pauseCuts(samples, split) : [];
  /** Segment files written (once, for every warp). */
  const written = new Set<number>();
  /** What a segment's decode depends on besides its samples, grammar and warp (the memo's key). */
  const settings = JSON.stringify([
    modelDir,
    options.languageWeight ?? 8,
    options.dither ?? false,
    options.warpType ?? null,
    options.extraArgs ?? [],
  ]);
  /**
   * The first pass made in segments cut at `cuts` (`PocketsphinxOptions.splitFirstPass`); `ahead`: only the
   * segments before the last cut, into the memo (`Recogniser.decodeAhead`: the audio after it is still growing).
   */
  const segmentedPass = async (warp: number, ahead = false): Promise<FirstPass> => {
    const tag = warpTag(warp);
    const bounds = ahead ? [0, ...cuts] : [0, ...cuts, samples!.length];
    const heard: HeardWord[] = [];
    const segments: HypsegSegment[] = [];
    let score: number | undefined = 0;
    let place = 0;
    for (let k = 0; k + 1 < bounds.length; k++) {
      const from = bounds[k] as number;
      const to = bounds[k + 1] as number;
      const id = `segment${k}`;
      const part = samples!.subarray(from, to);
      // the nominations of the words the segment can reach: back a word, the lookahead, and its seconds' words
      const base = grammarFor
        ? await grammarFor(
            Math.max(0, place - 1),
            place + LOOKAHEAD_WORDS + 1 + Math.ceil(((to - from) / 16000) * SEGMENT_WORDS_PER_SECOND),
          )
        : fsg;
      let grammar = k === 0 ? base : withLookahead(base, place, passage.length);
      const key = memo
        ? createHash('sha256')
            .update(settings)
            .update(`\0${warp}\0${grammar}\0`)
            .update(new Uint8Array(part.buffer, part.byteOffset, part.byteLength))
            .digest('hex')
        : '';
      let pass = memo?.get(key) as SegmentPass | undefined;
      if (!pass) {
        if (!written.has(k)) {
          await Promise.all([
            writeFile(join(dir, `${id}.raw`), Buffer.from(part.buffer, part.byteOffset, part.byteLength)),
            writeFile(join(dir, `ctl-${id}`), `${id}\n`),
          ]);
          written.add(k);
        }
        const fsgFile = `${id}${tag}.fsg`;
        const out = `${tag}-${id}`;
        await writeFile(join(dir, fsgFile), grammar);
        await decode(warp, fsgFile, out, [], `ctl-${id}`);
        pass = await read(out, id);
        for (const stop of RESCUE_STOP_PROBABILITIES) {
          if (pass.heard.length > 0) break;
          const log = await readFile(join(dir, `log${out}.txt`), 'utf8').catch(() => '');
          if (!log.includes('does not match the grammar')) break;
          grammar = withStopProbability(grammar, stop);
          await writeFile(join(dir, fsgFile), grammar);
          await decode(warp, fsgFile, out, [], `ctl-${id}`);
          pass = await read(out, id);
        }
        memo?.put(key, pass);
        options.onSegment?.(warp, k, false);
      } else options.onSegment?.(warp, k, true);
      const seconds = from / 16000;
      const frames = from / 160;
      heard.push(...pass.heard.map((h) => ({ ...h, start: h.start + seconds, end: h.end + seconds })));
      segments.push(...pass.segments.map((g) => ({ ...g, start: g.start + frames, end: g.end + frames })));
      score = pass.score === undefined || score === undefined ? undefined : score + pass.score;
      place = Math.max(place, placeReached(passage, heard));
    }
    return { heard, ...(score !== undefined ? { score } : {}), segments, fsgFile: 'passage.fsg' };
  };
  const firstPass = async (
    warp: number,
  ): Promise<{ heard: HeardWord[]; score?: number; segments: HypsegSegment[]; fsgFile: string }> => {
    if (cuts.length > 0) return segmentedPass(warp);
    const tag = warpTag(warp);
    let fsgFile = 'passage.fsg';
    await decode(warp, fsgFile, tag);
    let pass = await read(tag);
    // A partial reading whose best path never reached the final state decodes to nothing:
    // decode again with stopping made likelier (grammar.ts RESCUE_STOP_PROBABILITIES).
    for (const stop of RESCUE_STOP_PROBABILITIES) {
      if (pass.heard.length > 0) break;
      const log = await readFile(join(dir, `log${tag}.txt`), 'utf8').catch(() => '');
      if (!log.includes('does not match the grammar')) break;
      fsgFile = `passage-stop${tag}.fsg`;
      await writeFile(join(dir, fsgFile), withStopProbability(fsg, stop));
      await decode(warp, fsgFile, tag);
      pass = await read(tag);
    }
    return { ...pass, fsgFile };
  };
  /**
   * The chosen first pass, or, when it looks lost (lost-path.ts), the same grammar's decode with wider beams when
   * that path scores higher (the same model: the narrow search missed it). Only the chosen warp's pass is
   * rescued: a lost pass at a factor the search does not take (an adult voice at 1.45) is not worth a decode.
   */
  const rescue = async <
    T extends { heard: HeardWord[]; score?: number; segments: HypsegSegment[]; fsgFile: string },
  >(
    warp: number,
    pass: T,
  ): Promise<T> => {
    if (options.rescueBeams === false || pass.heard.length === 0 || !looksLost(pass.heard, passage))
      return pass;
    const out = `${warpTag(warp)}-wide`;
    try {
      await decode(warp, pass.fsgFile, out, options.rescueBeams ?? RESCUE_BEAM_ARGS);
    } catch (error) {
      // the wider search ran out of time or memory: the first pass stands (an abort still ends the scoring)
      if (signal?.aborted) throw error;
      options.onRescue?.(warp, false);
      return pass;
    }
    const wide = await read(out);
    const taken =
      wide.score !== undefined &&
      wide.heard.length > 0 &&
      (pass.score === undefined || wide.score > pass.score);
    options.onRescue?.(warp, taken);
    return taken ? { ...pass, ...wide } : pass;
  };
  return { run, firstPass, rescue, segmentedPass, cuts };
}

export function createPocketsphinxRecogniser(options: PocketsphinxOptions = {}): Recogniser {
  const modelDir = options.modelDir ?? DEFAULT_MODEL_DIR;
  const binary = options.binary ?? 'pocketsphinx_batch';
  const none: Nominations = { candidates: {}, selfCorrections: [] };
  /** The warp search's settings (`PocketsphinxOptions.warp`). */
  const searchedWarps = (): WarpOptions =>
    options.warp === false
      ? { factors: [1] }
      : options.warp === undefined || options.warp === true
        ? {}
        : options.warp;
  /**
   * The passage prepared with these nominations, and the reading's files (reading.raw, passage.dict, passage.fsg,
   * ctl) in a new temporary folder, `dir`, which the caller removes.
   */
  const prepareReading = async (
    audio: PcmAudio,
    passage: readonly PassageWord[],
    nominations: Nominations,
  ) => {
    const insertions = options.moonshineInsertions === false ? [] : grammarInsertions(nominations);
    const prepared = await preparePassage(passage, {
      ...options,
      ...(Object.keys(nominations.candidates).length > 0
        ? { extraDistractors: mergeCandidates(options.extraDistractors, nominations.candidates) }
        : {}),
      ...(insertions.length > 0 ? { extraInsertions: insertionPlaces(insertions, passage) } : {}),
    });
    const dir = await mkdtemp(join(tmpdir(), 'sparky-ps-'));
    try {
      const raw = Buffer.from(audio.samples.buffer, audio.samples.byteOffset, audio.samples.byteLength);
      await Promise.all([
        writeFile(join(dir, 'reading.raw'), raw),
        writeFile(join(dir, 'passage.dict'), `${prepared.dictLines.join('\n')}\n`),
        writeFile(join(dir, 'passage.fsg'), prepared.fsg),
        writeFile(join(dir, 'ctl'), 'reading\n'),
      ]);
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    return { ...prepared, dir };
  };
  /**
   * `ReadingDecoderInput.grammarFor` of a reading with these nominations: the passage grammar with the
   * nominations of the tokens in a window of passage words (the same grammar for the same tokens' nominations).
   */
  const windowGrammars = (passage: readonly PassageWord[], nominations: Nominations) => {
    const made = new Map<string, Promise<string>>();
    const places =
      options.moonshineInsertions === false
        ? new Map<number, string[]>()
        : insertionPlaces(grammarInsertions(nominations), passage);
    return (from: number, to: number): Promise<string> => {
      const tokens = new Set(passage.slice(from, to).flatMap((w) => w.spoken.flat()));
      const candidates: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
      for (const [token, words] of Object.entries(nominations.candidates))
        if (tokens.has(token)) candidates[token] = [...words];
      // Moonshine's insertions at the window's places (its words' boundaries)
      const inserted = [...places].filter(([at]) => at >= from && at <= to).sort(([a], [b]) => a - b);
      const key = JSON.stringify([
        Object.entries(candidates).sort(([a], [b]) => a.localeCompare(b)),
        inserted,
      ]);
      let grammar = made.get(key);
      if (!grammar) {
        grammar = preparePassage(passage, {
          ...options,
          extraDistractors: mergeCandidates(options.extraDistractors, candidates),
          ...(inserted.length > 0 ? { extraInsertions: new Map(inserted) } : {}),
        }).then((p) => p.fsg);
        made.set(key, grammar);
      }
      return grammar;
    };
  };
  /** Time limit of one reading's decodes, ms. */
  const timeoutFor = (audio: PcmAudio) =>
    (options.timeoutBaseMs ?? 10_000) + (options.timeoutPerAudioSecondMs ?? 500) * audio.durationSeconds;

  return {
    name: 'pocketsphinx',
    async decodeAhead({ audio, passage, signal, knownChunks, readerWarp, segmentPasses }) {
      const split = options.splitFirstPass;
      if (!split || audio.sampleRate !== 16000 || audio.channels !== 1) return;
      const last = pauseCuts(audio.samples, split).at(-1);
      if (last === undefined) return;
      // Moonshine's nominations in the audio before the last cut (a segment's grammar holds only those of the words
      // it can reach), from the chunks the socket transcribed where it did. Nominating on the reading so far instead
      // took 7 more segments of 214 on adult kal16 for 30 % more of Moonshine's CPU (twenty-fifth round).
      const before = audio.samples.subarray(0, last);
      const nominations =
        options.nominate && knownChunks
          ? await options
              .nominate(
                { ...audio, samples: before, durationSeconds: before.length / 16000 },
                passage,
                signal,
                knownChunks,
              )
              .catch(() => none)
          : none;
      if (signal?.aborted) return;
      const { fsg, dir } = await prepareReading(audio, passage, nominations);
      try {
        const { segmentedPass } = readingDecoder({
          binary,
          modelDir,
          dir,
          fsg,
          options,
          timeoutMs: timeoutFor(audio),
          passage,
          samples: audio.samples,
          memo: segmentPasses,
          grammarFor: windowGrammars(passage, nominations),
          nice: AHEAD_NICE,
          ...(signal ? { signal } : {}),
        });
        const seed = options.warp === false ? undefined : readerWarp?.seed;
        const factors = firstWarpRound(seed !== undefined ? { ...searchedWarps(), seed } : searchedWarps());
        // as the search's first round: two factors at once
        await Promise.all(factors.map((warp) => segmentedPass(warp, true)));
      } catch {
        // best effort: what was not decoded now is decoded by the check or the upload
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async recognise({
      audio,
      passage,
      signal,
      purpose = 'score',
      knownChunks,
      knownWarp,
      readerWarp,
      warpChosen,
      knownFirstPass,
      segmentPasses,
    }: RecogniseInput): Promise<HeardWord[]> {
      if (audio.sampleRate !== 16000 || audio.channels !== 1)
        throw new Error('pocketsphinx needs 16 kHz mono audio');
      // the end-of-reading check's first pass (and nominations) on the samples this upload begins with
      const checked = purpose === 'score' ? knownFirstPass?.(audio.samples) : undefined;
      // Moonshine's nominations: the check's when only silence follows what it checked; else transcribed (from the
      // chunks the socket transcribed while the child read, where it did). The check nominates only when it is given
      // such chunks (the scoring service gives them only for a followed reading): it then transcribes the chunks the
      // socket has not done yet, usually the last, so that its grammar is the upload's.
      const nominations =
        (checked && reusableNominations(checked, audio.samples)) ??
        (options.nominate && (purpose === 'score' || knownChunks)
          ? await options.nominate(audio, passage, signal, knownChunks).catch(() => none)
          : none);
      const { lexicon, distractors, dictLines, fsg, nominated, dir } = await prepareReading(
        audio,
        passage,
        nominations,
      );
      try {
        const timeoutMs = timeoutFor(audio);
        const { run, firstPass, rescue } = readingDecoder({
          binary,
          modelDir,
          dir,
          fsg,
          options,
          timeoutMs,
          passage,
          samples: audio.samples,
          ...(signal ? { signal } : {}),
          ...(segmentPasses ? { memo: segmentPasses, grammarFor: windowGrammars(passage, nominations) } : {}),
        });
        const searched = searchedWarps();
        // a factor chosen while the child read (reading-warps.ts) on these very samples: one decode, no search
        const early =
          options.warp === false ? undefined : await knownWarp?.(audio.samples)?.catch(() => null);
        // else the reader's warp from their earlier readings seeds the search (reader-warps.ts)
        const seed = options.warp === false ? undefined : readerWarp?.seed;
        const warpOptions: WarpOptions =
          typeof early === 'number'
            ? { ...searched, fixed: early }
            : seed !== undefined
              ? { ...searched, seed }
              : searched;
        // the grammar and dictionary this first pass decodes with: a kept first pass is used only with the same
        const grammarKey = createHash('sha256')
          .update(fsg)
          .update('\0')
          .update(dictLines.join('\n'))
          .digest('hex');
        // the end-of-reading check's first pass at this very warp, when nothing was said after it
        const kept =
          purpose === 'score' && typeof early === 'number'
            ? reusableFirstPass(checked, early, grammarKey, audio.samples)
            : undefined;
        let tried = 0;
        let handOn = false;
        const chosen = kept
          ? (kept as FirstPass & { warp: number })
          : await chooseWarp(
              (factor) => {
                tried++;
                return firstPass(factor);
              },
              {
                ...warpOptions,
                onChoice: (choice) => {
                  searched.onChoice?.(choice);
                  if (options.warp !== false && choice.scores.some((s) => s.warp === choice.warp)) {
                    readerWarp?.keep?.(choice.warp);
                    // A search's own choice (not the early factor given), made with every factor's score, is handed
                    // on (the end-of-reading check's). Audio cut mid-word can leave a factor without a path, and a
                    // choice without it is no choice (as createPocketsphinxWarpSearch's).
                    if (typeof early !== 'number' && choice.scores.length === tried) handOn = true;
                  }
                },
              },
            );
        const { warp } = chosen;
        if (kept) {
          searched.onChoice?.({
            warp,
            scores: kept.score === undefined ? [] : [{ warp, score: kept.score }],
          });
          if (options.warp !== false) readerWarp?.keep?.(warp);
        }
        // a kept pass was rescued (or not) when it was made
        const found = kept ?? (await rescue(warp, chosen));
        if (handOn)
          warpChosen?.(warp, audio.samples, {
            warp,
            length: audio.samples.length,
            grammarKey,
            pass: found,
            ...(nominations !== none ? { nominations } : {}),
          });
        const { heard, segments } = joinNominatedAttempts(found.heard, found.segments, passage, nominated);
        if (purpose === 'reading_end') {
          // how far the reader got: the first pass's path, less the content words it put over silence (a pause
          // mid-story must not read as the rest of the story); the later passes change verdicts, not the reach
          return options.silentWords === false
            ? heard
            : dropSilentWords(
                heard,
                frameLevels(audio.samples, audio.sampleRate),
                keptWhenSilent(passage, FUNCTION_WORDS),
                options.silentWords?.belowPeakDb,
              );
        }
        const totalFrames = Math.floor(audio.durationSeconds * 100);
        const verifyOptions =
          options.verify === false
            ? undefined
            : options.verify === true || !options.verify
              ? {}
              : options.verify;
        const gopOptions =
          options.gop === false ? undefined : options.gop === true || !options.gop ? {} : options.gop;
        // The second pass (first-pass substitutions) and the GOP pass (words heard as read) look at
        // different words: they run at once, one per core.
        const nearMissOptions =
          options.nearMiss === false
            ? undefined
            : options.nearMiss === true || !options.nearMiss
              ? {}
              : options.nearMiss;
        const omissionOptions = options.omissionCheck || undefined;
        const skipOptions = options.skipCheck || undefined;
        const ownVowelOptions =
          options.ownVowels === false
            ? undefined
            : options.ownVowels === true || !options.ownVowels
              ? {}
              : options.ownVowels;
        const limits = {
          timeoutMs,
          memoryKb: options.memoryLimitKb ?? 1_000_000,
          cpuSeconds: Math.ceil(timeoutMs / 1000),
          ...(signal ? { signal } : {}),
        };
        const [verified, verdicts, nearMisses, omissions, ownVowels, skips] = await Promise.all([
          verifyOptions
            ? verifyReading({
                dir,
                tag: warpTag(warp),
                heard,
                passage,
                lexicon,
                distractors,
                nominated,
                totalFrames,
                verifyOptions: {
                  ...verifyOptions,
                  extraArgs: [...warpArgs(warp, options.warpType), ...(verifyOptions.extraArgs ?? [])],
                },
                run,
              })
            : { words: heard, confirmed: new Map<number, number>() },
          gopOptions
            ? gopReading({
                dir,
                tag: warpTag(warp),
                heard,
                segments,
                passage,
                lexicon,
                totalFrames,
                options: gopOptions,
                run: (args) => run([...warpArgs(warp, options.warpType), ...args]),
                ...(options.moonshineAgrees !== false && nominations.heardOtherwise
                  ? { otherwise: new Map(nominations.heardOtherwise.map((h) => [h.index, h.word])) }
                  : {}),
              })
            : new Map<number, GopVerdict>(),
          nearMissOptions
            ? nearMissReading({
                dir,
                tag: warpTag(warp),
                heard,
                passage,
                lexicon,
                totalFrames,
                options: nearMissOptions,
                segments,
                run: (args) => run([...warpArgs(warp, options.warpType), ...args]),
              })
            : new Map(),
          omissionOptions
            ? omissionReading({
                dir,
                tag: warpTag(warp),
                heard,
                passage,
                lexicon,
                totalFrames,
                options: omissionOptions,
                run: (args) => run([...warpArgs(warp, options.warpType), ...args]),
              })
            : undefined,
          ownVowelOptions
            ? ownVowelReading({
                dir,
                tag: warpTag(warp),
                heard,
                passage,
                lexicon,
                totalFrames,
                options: ownVowelOptions,
                run: (args) => run([...warpArgs(warp, options.warpType), ...args]),
                cepstra: async () => {
                  const out = join(dir, `reading${warpTag(warp)}.mfc`);
                  await runLimited(
                    options.featureBinary ?? 'sphinx_fe',
                    [
                      '-i',
                      join(dir, 'reading.raw'),
                      '-o',
                      out,
                      '-raw',
                      'yes',
                      '-input_endian',
                      'little',
                      '-samprate',
                      '16000',
                      '-remove_silence',
                      'no',
                      ...(await frontEndArgs(modelDir)),
                      ...(options.dither ? ['-dither', 'yes', '-seed', '1'] : []),
                      ...warpArgs(warp, options.warpType),
                    ],
                    limits,
                  );
                  return readSphinxCepstra(await readFile(out));
                },
              })
            : undefined,
          skipOptions
            ? skipReading({
                dir,
                tag: warpTag(warp),
                heard,
                passage,
                lexicon,
                totalFrames,
                options: skipOptions,
                run: (args) => run([...warpArgs(warp, options.warpType), ...args]),
              })
            : undefined,
        ]);
        const fromSecondPass = combineEvidence(verified.words, verdicts);
        let combined = applyNearMiss(
          applyNearMiss(fromSecondPass, nearMisses),
          ownVowels?.verdicts ?? new Map(),
        );
        if (ownVowels) combined = applyOwnVowelFits(combined, ownVowels.fits);
        const madeByNearMiss = new Set(
          combined.filter((w, k) => w.word !== fromSecondPass[k]?.word).map((w) => w.start),
        );
        let absorbed: HeardInsertion[] = [];
        if (options.absorbedInsertions !== false && nominations.insertionsBeside?.length) {
          const found = absorbedInsertions(
            combined,
            passage,
            nominations.insertionsBeside,
            (w) => lexicon.pronunciations(w).map((p) => p.split(' ')),
            madeByNearMiss,
          );
          combined = found.words;
          absorbed = found.found.map((f) => f.insertion);
          if (found.found.length > 0) options.onAbsorbedInsertions?.(found.found);
        }
        // Moonshine's doubt after the absorbed insertions: a word that an inserted word explains is taken back
        // by that rule, which also lists the inserted word (docs/scoring.md, thirty-second round).
        if (options.moonshineDoubts !== false && nominations.asPrinted) {
          combined = moonshineDoubts(
            combined,
            passage,
            nominations.asPrinted,
            verified.confirmed,
            madeByNearMiss,
            options.moonshineDoubtMargin ?? DEFAULT_FUNCTION_WORD_MARGIN,
          );
        }
        if (omissions && omissionOptions && omissions.checks.length > 0) {
          // Only words still omitted after the other passes, between the same two heard words.
          const now = alignReading(passage, normaliseHeard(combined));
          const still = omissions.checks.filter((c) => {
            const l = heard[c.heardIndex];
            const k = l ? combined.findIndex((h) => h.start === l.start && h.end === l.end) : -1;
            return (
              now.words[c.index]?.status === 'omission' &&
              k >= 0 &&
              combined[k + 1]?.start === heard[c.heardIndex + 1]?.start
            );
          });
          combined = applyOmissionChecks(
            combined,
            still.map((c) => ({
              ...c,
              heardIndex: combined.findIndex((h) => h.start === heard[c.heardIndex]?.start),
            })),
            omissions.scores,
            omissionOptions.maxCost,
          );
        }
        if (skips && skipOptions && skips.checks.length > 0)
          combined = applySkipChecks(combined, heard, skips.checks, skips.scores, skipOptions.minGain);
        const levels = frameLevels(audio.samples, audio.sampleRate);
        if (options.silentWords !== false)
          combined = dropSilentWords(
            combined,
            levels,
            keptWhenSilent(passage, FUNCTION_WORDS),
            options.silentWords?.belowPeakDb,
          );
        const final =
          options.unheardSpeech === false
            ? combined
            : unheardSpeech(combined, levels, {
                ...DEFAULT_UNHEARD_SPEECH,
                ...(typeof options.unheardSpeech === 'object' ? options.unheardSpeech : {}),
              });
        return addInsertions(
          addSelfCorrections(final, passage, nominations.selfCorrections),
          passage,
          [...(nominations.insertions ?? []), ...absorbed].sort((a, b) => a.start - b.start),
          new Set(absorbed),
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Chooses a reading's frequency warp on (a prefix of) its audio: `createPocketsphinxWarpSearch`. */
export type WarpSearch = (input: {
  /** 16 kHz mono. */
  audio: PcmAudio;
  passage: readonly PassageWord[];
  signal?: AbortSignal;
}) => Promise<number>;

/**
 * The recogniser's frequency-warp search alone (`chooseWarp` over first passes with the passage grammar, no
 * nominations, no later pass), for the follow-along socket to choose a reading's warp while the child reads
 * (reading-warps.ts, docs/scoring.md fourteenth round). The upload's scorer then decodes once at that factor
 * (`RecogniseInput.knownWarp`).
 * @param options the recogniser's options (its `warp` search settings, binary, model, limits).
 * @param nice niceness of its decoder processes (default 10: the streaming tracker keeps its share of the cores).
 * @returns the search; it resolves with the factor (1 when no warp gains), and rejects as the recogniser does, and
 *   when any factor's first pass found no path (a choice made without every score).
 */
export function createPocketsphinxWarpSearch(options: PocketsphinxOptions = {}, nice = 10): WarpSearch {
  const modelDir = options.modelDir ?? DEFAULT_MODEL_DIR;
  const binary = options.binary ?? 'pocketsphinx_batch';
  return async ({ audio, passage, signal }) => {
    if (audio.sampleRate !== 16000 || audio.channels !== 1)
      throw new Error('pocketsphinx needs 16 kHz mono audio');
    if (options.warp === false) return 1;
    const { dictLines, fsg } = await preparePassage(passage, options);
    const dir = await mkdtemp(join(tmpdir(), 'sparky-warp-'));
    try {
      const raw = Buffer.from(audio.samples.buffer, audio.samples.byteOffset, audio.samples.byteLength);
      await Promise.all([
        writeFile(join(dir, 'reading.raw'), raw),
        writeFile(join(dir, 'passage.dict'), `${dictLines.join('\n')}\n`),
        writeFile(join(dir, 'passage.fsg'), fsg),
        writeFile(join(dir, 'ctl'), 'reading\n'),
      ]);
      const timeoutMs =
        (options.timeoutBaseMs ?? 10_000) + (options.timeoutPerAudioSecondMs ?? 500) * audio.durationSeconds;
      const { firstPass } = readingDecoder({
        binary,
        modelDir,
        dir,
        fsg,
        options,
        timeoutMs,
        passage,
        nice,
        ...(signal ? { signal } : {}),
      });
      const { fixed: _fixed, ...search } = options.warp === true ? {} : (options.warp ?? {});
      let scored: WarpChoice['scores'] = [];
      let tried = 0;
      const counted = (warp: number) => {
        tried++;
        return firstPass(warp);
      };
      const best = await chooseWarp(counted, {
        ...search,
        onChoice: (c) => {
          scored = c.scores;
          search.onChoice?.(c);
        },
      });
      // Cut mid-reading, a first pass can find no path through the grammar; a choice made while any factor tried
      // found none is no choice (the upload searches): taking 1, or the best other warp, there cost much accuracy
      // (docs/scoring.md, fourteenth round).
      if (scored.length < tried)
        throw new SpeechError('recogniser_failed', 'The warp search found no path on the audio so far.');
      return best.warp;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
