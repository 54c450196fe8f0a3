/**
 * Second pass of the pocketsphinx recogniser: word verification by acoustic likelihood ratios.
 *
 * The first pass (a passage grammar with strong priors, see grammar.ts) decides each word in one
 * search, where a prior that silences a sound-alike confusion also hides a real misreading. The
 * second pass looks at each passage word again, on the stretch of audio the first pass gave it
 * (with its heard neighbours as context), and forces that stretch through small grammars:
 * `left · passage word · right`, `left · distractor · right` for each distractor, and
 * `left · free phone loop · right`. Their acoustic scores give per-frame log-likelihood ratios
 * (passage word against its best competitor, and against unconstrained phones: a "goodness of
 * pronunciation"), which are then judged against the reader's own typical ratios (the median over
 * the reading), so a voice that always sounds a little "off" to the model is not penalised word
 * by word. All the utterances run in one `pocketsphinx_batch` call (`-ctl` frame ranges and
 * `-fsgctl`, one grammar per utterance).
 */
import type { HeardWord, PassageWord } from '#core/text/normalize.ts';
import { UNCLEAR } from '#server/speech/recogniser.ts';

/** A passage word to verify, with the stretch of audio and the words heard around it. */
export interface VerifyCandidate {
  /** Passage word index. */
  index: number;
  /** Index in the first-pass heard words of the word judged. */
  heardIndex: number;
  /** The passage word's canonical token. */
  expected: string;
  /** What the first pass heard there (`[unclear]` for garbage). */
  heard: string;
  /** Competing words (distractors, and the heard word when it is one). */
  alternatives: string[];
  /** Heard neighbours used as context (real words only). */
  left?: string;
  right?: string;
  /** Segment, 10 ms frames from the start of the audio (end exclusive). */
  startFrame: number;
  endFrame: number;
  /** Frames of the judged word itself in the first pass (≥ 1). */
  wordFrames: number;
}

/** Acoustic evidence for one candidate (scores in pocketsphinx's scaled log units). */
export interface VerifyEvidence {
  candidate: VerifyCandidate;
  /** Acoustic score with the passage word. */
  expected: number;
  /** Best competing word and its acoustic score (undefined without alternatives). */
  bestAlternative?: { word: string; score: number };
  /** Acoustic score with the free phone loop. */
  phoneLoop?: number;
}

/** Per-frame ratios derived from the evidence. */
export interface VerifyFeatures {
  /** (best alternative − passage word) per frame of the word: > 0 when a competitor fits better. */
  alternativeMargin: number;
  /** (phone loop − passage word) per frame: how far the word is from the best phone string. */
  phoneLoopMargin: number;
}

/**
 * Frames at 100 per second.
 * @param seconds time in seconds.
 * @returns the frame index (rounded).
 */
export const toFrame = (seconds: number): number => Math.round(seconds * 100);

/**
 * Chooses the words to verify: every single-token passage word the first pass heard as that word
 * or as a substitution, with its heard neighbours as context.
 * @param passage the passage words.
 * @param heard first-pass words in time order (pocketsphinx tokens, `[unclear]` for garbage).
 * @param assignment for each passage word, the index in `heard` of the word judged for it, or -1.
 * @param alternativesFor competing words for a passage token.
 * @param totalFrames audio length in frames (segments are clipped to it).
 * @returns candidates in passage order.
 */
export function planVerification(
  passage: readonly PassageWord[],
  heard: readonly HeardWord[],
  assignment: readonly number[],
  alternativesFor: (token: string) => readonly string[],
  totalFrames: number,
): VerifyCandidate[] {
  const out: VerifyCandidate[] = [];
  const maxContextGap = 0.6;
  const pad = 0.15;
  passage.forEach((w, i) => {
    const h = assignment[i] ?? -1;
    const word = heard[h];
    const form = w.spoken[0];
    if (h < 0 || !word || !form || form.length !== 1 || w.spoken.length !== 1) return;
    const expected = form[0] as string;
    const alternatives = alternativesFor(expected).filter((a) => a !== expected);
    if (word.word !== expected && word.word !== UNCLEAR && !alternatives.includes(word.word))
      alternatives.push(word.word);
    const prev = heard[h - 1];
    const next = heard[h + 1];
    const useLeft = prev && prev.word !== UNCLEAR && word.start - prev.end <= maxContextGap;
    const useRight = next && next.word !== UNCLEAR && next.start - word.end <= maxContextGap;
    const start = useLeft ? prev.start : Math.max(prev?.end ?? 0, word.start - pad);
    const end = useRight ? next.end : Math.min(next?.start ?? Infinity, word.end + pad);
    const startFrame = Math.max(0, toFrame(start));
    const endFrame = Math.min(totalFrames, toFrame(end));
    if (endFrame - startFrame < 5) return;
    out.push({
      index: i,
      heardIndex: h,
      expected,
      heard: word.word,
      alternatives,
      ...(useLeft ? { left: prev.word } : {}),
      ...(useRight ? { right: next.word } : {}),
      startFrame,
      endFrame,
      wordFrames: Math.max(1, toFrame(word.end) - toFrame(word.start)),
    });
  });
  return out;
}

/** What one `pocketsphinx_batch` run of the second pass needs. */
export interface VerificationBatch {
  /** `-ctl` lines: `reading START END UTTID`. */
  ctl: string;
  /** `-fsgctl` lines (grammar names, one per utterance, same order). */
  fsgctl: string;
  /** Grammar files by name (without extension). */
  grammars: Map<string, string>;
  /** Every word the grammars use (needs a pronunciation). */
  words: Set<string>;
}

export function linearFsg(name: string, parts: readonly (string | readonly string[])[]): string {
  // each part is a word, or a phone loop (list of phone words, one or more of them)
  const lines: string[] = [];
  let state = 0;
  for (const part of parts) {
    if (typeof part === 'string') {
      lines.push(`TRANSITION ${state} ${state + 1} 1.0 ${part}`);
      state++;
    } else {
      const p = (1 / part.length).toPrecision(6);
      for (const ph of part) {
        lines.push(`TRANSITION ${state} ${state + 1} ${p} ${ph}`);
        lines.push(`TRANSITION ${state + 1} ${state + 1} ${(0.5 / part.length).toPrecision(6)} ${ph}`);
      }
      state++;
    }
  }
  return [
    `FSG_BEGIN ${name}`,
    `NUM_STATES ${state + 1}`,
    'START_STATE 0',
    `FINAL_STATE ${state}`,
    ...lines,
    'FSG_END',
    '',
  ].join('\n');
}

/**
 * Builds the second-pass utterances: per candidate, the passage word, each alternative and
 * (when `phoneLoop` is given) a free phone loop, each between the heard neighbours.
 * Utterance ids: `v{index}_e` (expected), `v{index}_a{k}` (alternative k), `v{index}_p`.
 * @param candidates from `planVerification`.
 * @param phoneLoop phone words (e.g. `ph_aa`) for the loop; empty for none.
 */
export function buildVerificationBatch(
  candidates: readonly VerifyCandidate[],
  phoneLoop: readonly string[],
): VerificationBatch {
  const ctl: string[] = [];
  const fsgctl: string[] = [];
  const grammars = new Map<string, string>();
  const words = new Set<string>();
  for (const c of candidates) {
    const add = (id: string, middle: string | readonly string[]): void => {
      const parts = [...(c.left ? [c.left] : []), middle, ...(c.right ? [c.right] : [])];
      for (const p of parts) for (const w of typeof p === 'string' ? [p] : p) words.add(w);
      grammars.set(id, linearFsg(id, parts));
      ctl.push(`reading ${c.startFrame} ${c.endFrame} ${id}`);
      fsgctl.push(id);
    };
    add(`v${c.index}_e`, c.expected);
    c.alternatives.forEach((a, k) => add(`v${c.index}_a${k}`, a));
    if (phoneLoop.length > 0) add(`v${c.index}_p`, phoneLoop);
  }
  return { ctl: `${ctl.join('\n')}\n`, fsgctl: `${fsgctl.join('\n')}\n`, grammars, words };
}

/**
 * Parses pocketsphinx `-hypseg` output (`UTTID S scale T total A acoustic L language …`).
 * @param which the acoustic score (default) or the path's total (acoustic + weighted language).
 * @returns utterance id → score; utterances with no hypothesis are absent.
 */
export function parseHypseg(text: string, which: 'acoustic' | 'total' = 'acoustic'): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const parts = line.trim().split(/\s+/);
    // UTTID S s T t A a L l, then (start ascr lscr word)… end: no word means no hypothesis
    if (parts.length < 13 || parts[1] !== 'S' || parts[5] !== 'A') continue;
    const value = Number(parts[which === 'acoustic' ? 6 : 4]);
    if (parts[0] && Number.isFinite(value)) out.set(parts[0], value);
  }
  return out;
}

/**
 * Collects each candidate's scores from the parsed hypseg.
 * @returns evidence for the candidates whose passage-word utterance was decoded.
 */
export function collectEvidence(
  candidates: readonly VerifyCandidate[],
  scores: ReadonlyMap<string, number>,
): VerifyEvidence[] {
  const out: VerifyEvidence[] = [];
  for (const c of candidates) {
    const expected = scores.get(`v${c.index}_e`);
    if (expected === undefined) continue;
    let best: { word: string; score: number } | undefined;
    c.alternatives.forEach((word, k) => {
      const s = scores.get(`v${c.index}_a${k}`);
      if (s !== undefined && (!best || s > best.score)) best = { word, score: s };
    });
    const phoneLoop = scores.get(`v${c.index}_p`);
    out.push({
      candidate: c,
      expected,
      ...(best ? { bestAlternative: best } : {}),
      ...(phoneLoop !== undefined ? { phoneLoop } : {}),
    });
  }
  return out;
}

/**
 * Per-frame margins of one candidate (see `VerifyFeatures`).
 * @param e evidence from `collectEvidence`.
 */
export function features(e: VerifyEvidence): VerifyFeatures {
  const f = e.candidate.wordFrames;
  return {
    alternativeMargin: e.bestAlternative ? (e.bestAlternative.score - e.expected) / f : -Infinity,
    phoneLoopMargin: e.phoneLoop !== undefined ? (e.phoneLoop - e.expected) / f : 0,
  };
}

/**
 * Smallest per-frame margin (best competitor over the passage word, `alternativeMargin`) for
 * which a first-pass substitution is kept; below it the word is taken as read. Chosen on the
 * benchmark's tuning voices (docs/scoring.md).
 */
export const DEFAULT_KEEP_MARGIN = 1.5;

/**
 * Function words need this margin (per frame) for a substitution to stand: a lower error prior
 * for the short, reduced words the recogniser hears least reliably ("I" heard as "my", "it" as
 * "it's"). Chosen on the tuning voices (docs/scoring.md).
 */
export const DEFAULT_FUNCTION_WORD_MARGIN = 12;
/**
 * A word taken as read with a competitor margin at or above this (but below the keep margin) is
 * marked unsure ("check this word"): the competitor fits about as well as the passage word.
 */
export const DEFAULT_UNSURE_MARGIN = 0;

/** Confidence bands of the second pass. */
export interface VerifyBands {
  /** Words that need `functionWordMargin` instead of the keep margin. */
  functionWords?: ReadonlySet<string>;
  functionWordMargin?: number;
  /** Lower edge of the unsure band (see `DEFAULT_UNSURE_MARGIN`). */
  unsureMargin?: number;
}

/**
 * Applies the second pass: a word the first pass heard as a substitution, for which no competitor
 * fits the audio clearly better than the passage word (margin below `keepMargin`, or below the
 * function-word margin for a function word), is taken as read (the heard word becomes the passage
 * word, same times); when the competitor still fitted about as well (margin ≥ the unsure margin)
 * it is marked `unsure` for a teacher to check.
 * @param heard first-pass words (not modified).
 * @param evidence from `collectEvidence`.
 * @param keepMargin per-frame margin threshold.
 * @param bands function-word margin and unsure band.
 * @returns the corrected words.
 */
export function applyVerification(
  heard: readonly HeardWord[],
  evidence: readonly VerifyEvidence[],
  keepMargin: number,
  bands: VerifyBands = {},
): HeardWord[] {
  const out = heard.map((h) => ({ ...h }));
  const functionWordMargin = bands.functionWordMargin ?? DEFAULT_FUNCTION_WORD_MARGIN;
  const unsureMargin = bands.unsureMargin ?? DEFAULT_UNSURE_MARGIN;
  for (const e of evidence) {
    const c = e.candidate;
    const word = out[c.heardIndex];
    // no competitor scored: no evidence against the first pass
    if (!word || word.word === c.expected || !e.bestAlternative) continue;
    const margin = features(e).alternativeMargin;
    const keep = bands.functionWords?.has(c.expected) ? Math.max(keepMargin, functionWordMargin) : keepMargin;
    if (margin >= keep) continue;
    word.word = c.expected;
    if (margin >= unsureMargin) word.unsure = true;
  }
  return out;
}
