/**
 * Alignment of recognised words to passage words, and per-word miscue marking following the
 * DIBELS 8 oral reading fluency (ORF) scoring rules:
 * - a word read as printed is `correct`; a word read wrongly then corrected within 3 s is a
 *   `self_correction` and counts as correct;
 * - a different word said in its place is a `substitution`; a skipped word an `omission`;
 * - words after the last word the reader reached are `not_reached` (neither correct nor errors);
 * - insertions (words said that are not in the passage) and repetitions are listed apart and
 *   are not errors;
 * - a hesitation longer than 3 s before a word is flagged (the caller decides whether it counts).
 *
 * The alignment is a dynamic programme (weighted edit distance) whose insertion cost knows about
 * repetitions (a heard word that repeats one of the last few passage words is cheap) and about
 * attempts (a heard word that looks like the next passage word is cheaper than an unrelated
 * insertion), so "the big red bark … red barn" scores as a self-correction, not a substitution
 * plus an insertion. Pure: shared by the browser and the server.
 */
import type { HeardToken, PassageWord } from '#core/text/normalize.ts';
import { isAttemptAt } from '#core/text/similarity.ts';

/** Per-word result status (DIBELS 8 ORF terms). */
export type WordStatus = 'correct' | 'substitution' | 'omission' | 'self_correction' | 'not_reached';

/** One passage word after scoring; times in seconds from the start of the audio. */
export interface ScoredWord {
  index: number;
  /** The word as printed in the passage. */
  text: string;
  status: WordStatus;
  /** What was heard for this word (attempts and final reading, space-separated), or null. */
  heard: string | null;
  start: number | null;
  end: number | null;
  /** True when the reader paused more than the hesitation threshold (3 s) before the word. */
  hesitation: boolean;
  /**
   * The recogniser is unsure of this word either way ("check this word"): it is scored as heard
   * (usually read correctly), and a teacher may listen again. Never an error on its own.
   */
  unsure: boolean;
}

/** A heard word that is not in the passage; `afterIndex` is -1 before the first word. */
export interface Insertion {
  afterIndex: number;
  heard: string;
  start: number;
  end: number;
}

/** A passage word said again (re-reading); `index` is the passage word repeated. */
export interface Repetition {
  index: number;
  start: number;
  end: number;
}

export interface Alignment {
  words: ScoredWord[];
  insertions: Insertion[];
  repetitions: Repetition[];
}

export interface AlignOptions {
  /** Pause before a word that counts as a hesitation, seconds. DIBELS 8: 3 s. */
  hesitationSeconds?: number;
  /** Longest gap between an attempt and its correction for a self-correction, seconds. DIBELS 8: 3 s. */
  selfCorrectionSeconds?: number;
  /** How many preceding passage words a repeated word is looked up in. */
  repetitionWindow?: number;
}

/** DIBELS 8 ORF: hesitation and self-correction windows are both 3 seconds. */
export const HESITATION_SECONDS = 3;
export const SELF_CORRECTION_SECONDS = 3;

// Edit costs. Only their order matters: match < repetition < attempt < similar substitution
// < substitution = omission = insertion, and attempt + match < substitution + repetition so an
// attempt followed by the right word is preferred over a substitution followed by a repeat.
const COST_SUBSTITUTION = 1;
const COST_SIMILAR_SUBSTITUTION = 0.9;
const COST_OMISSION = 1;
const COST_INSERTION = 1;
const COST_ATTEMPT = 0.6;
const COST_REPETITION = 0.3;
const COST_TRAILING_INSERTIONS = 0.5;
// A heard word that is the next passage word, paired as a substitution of this one, costs a
// little more: on a tie, "… [the] broken [unclear] glass" is an omission of "the", "broken"
// read and an unclear insertion, not two substitutions shifted by one word.
const COST_SHIFTED_SUBSTITUTION = 0.05;

const OP_NONE = 0;
const OP_MATCH = 1;
const OP_SUB = 2;
const OP_OMIT = 3;
const OP_INS = 4;

function matchLength(word: PassageWord, heard: readonly HeardToken[], j: number): number {
  let best = 0;
  for (const form of word.spoken) {
    if (form.length <= best || j + form.length > heard.length) continue;
    if (form.every((t, k) => heard[j + k]?.word === t)) best = form.length;
  }
  return best;
}

function isSimilar(token: string, word: PassageWord): boolean {
  return word.spoken.some((f) => f.some((t) => isAttemptAt(token, t)));
}

function containsToken(word: PassageWord, token: string): boolean {
  return word.spoken.some((f) => f.includes(token));
}

/** Index of the passage word (within the window before `consumed`) that `token` repeats, or -1. */
function repeatedIndex(
  passage: readonly PassageWord[],
  consumed: number,
  token: string,
  window: number,
): number {
  for (let k = consumed - 1; k >= Math.max(0, consumed - window); k--) {
    const w = passage[k];
    if (w && containsToken(w, token)) return k;
  }
  return -1;
}

/**
 * Which of the words heard between two passage words are a re-reading: a run of earlier passage
 * words in order (each the same word as the one before it or the next) that reaches the word
 * read last (`afterIndex`), as in "the big dog … big dog". An earlier word said on its own out of
 * place ("in a *the* desert", "run *can* I") is not re-reading the text: it is an insertion. The
 * decoder's echo path hears many inserted words as such words (docs/scoring.md, seventh round).
 * @param pending the words heard between two passage words, in time order, each with the passage
 *   word it repeats (`repeats`, −1 for none) and the last passage word read before it (`afterIndex`).
 * @returns the pending entries that are repetitions.
 */
export function rereadTokens<T extends { repeats: number; afterIndex: number }>(
  pending: readonly T[],
): Set<T> {
  const out = new Set<T>();
  let run: T[] = [];
  const close = (): void => {
    const last = run[run.length - 1];
    if (last && last.repeats === last.afterIndex) for (const p of run) out.add(p);
    run = [];
  };
  for (const p of pending) {
    const prev = run[run.length - 1];
    if (p.repeats < 0) {
      close();
      continue;
    }
    if (prev && p.repeats !== prev.repeats && p.repeats !== prev.repeats + 1) close();
    run.push(p);
  }
  close();
  return out;
}

/**
 * Aligns heard tokens to passage words and marks each passage word.
 * @param passage printed words from `tokenisePassage`.
 * @param heard normalised tokens from `normaliseHeard`, in time order (seconds).
 * @param options thresholds; defaults follow the DIBELS 8 ORF scoring rules (3 s).
 * @returns words in passage order, plus insertions and repetitions in time order.
 *   Never throws; an empty `heard` marks every word `not_reached`.
 */
export function alignReading(
  passage: readonly PassageWord[],
  heard: readonly HeardToken[],
  options: AlignOptions = {},
): Alignment {
  const hesitationSeconds = options.hesitationSeconds ?? HESITATION_SECONDS;
  const selfCorrectionSeconds = options.selfCorrectionSeconds ?? SELF_CORRECTION_SECONDS;
  const window = options.repetitionWindow ?? 6;
  const n = passage.length;
  const m = heard.length;
  const W = m + 1;
  const cost = new Float64Array((n + 1) * W).fill(Infinity);
  const op = new Uint8Array((n + 1) * W);
  const len = new Uint8Array((n + 1) * W);
  cost[0] = 0;

  const relax = (i: number, j: number, c: number, o: number, l: number): void => {
    const k = i * W + j;
    // strict improvement, with a tiny tolerance so earlier (preferred) ops win ties
    if (c < (cost[k] ?? Infinity) - 1e-9) {
      cost[k] = c;
      op[k] = o;
      len[k] = l;
    }
  };

  // Insertion costs depend on (consumed words, token) only: precompute per cell lazily.
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      const here = cost[i * W + j] ?? Infinity;
      if (here === Infinity) continue;
      const word = passage[i];
      const token = heard[j];
      if (word && token) {
        const l = matchLength(word, heard, j);
        if (l > 0) relax(i + 1, j + l, here, OP_MATCH, l);
        const next = passage[i + 1];
        const shifted = next !== undefined && matchLength(next, heard, j) > 0;
        // An attempt is cheap only when the word follows it (a self-correction): an attempt followed by
        // another word in the word's place pays as an insertion, so "might even" heard as "mighty been"
        // is "mighty" for "might" and an inserted "been", not an attempt and "been" for "might".
        const prev = heard[j - 1];
        const attemptBefore =
          op[i * W + j] === OP_INS &&
          prev !== undefined &&
          isSimilar(prev.word, word) &&
          repeatedIndex(passage, i, prev.word, window) < 0;
        relax(
          i + 1,
          j + 1,
          here +
            (isSimilar(token.word, word) ? COST_SIMILAR_SUBSTITUTION : COST_SUBSTITUTION) +
            (shifted ? COST_SHIFTED_SUBSTITUTION : 0) +
            (attemptBefore ? COST_INSERTION - COST_ATTEMPT : 0),
          OP_SUB,
          1,
        );
      }
      if (word) relax(i + 1, j, here + COST_OMISSION, OP_OMIT, 0);
      if (token) {
        let c = COST_INSERTION;
        if (repeatedIndex(passage, i, token.word, window) >= 0) c = COST_REPETITION;
        else if (word && isSimilar(token.word, word)) c = COST_ATTEMPT;
        relax(i, j + 1, here + c, OP_INS, 1);
      }
    }
  }

  // Words after the last one reached are not_reached at no cost (DIBELS 8: not scored).
  // On a tie the reader is taken to have reached further ("… red house" at the end is a
  // substitution for "barn", not an insertion after "red").
  let reached = 0;
  let best = Infinity;
  // A reading that ends in extra words before the passage ends pays a little more, so a last
  // word misread ("… on the mat" for "hat") is a substitution, not an attempt left hanging.
  for (let i = 0; i <= n; i++) {
    const trailing = i < n && op[i * W + m] === OP_INS ? COST_TRAILING_INSERTIONS : 0;
    const c = (cost[i * W + m] ?? Infinity) + trailing;
    if (c <= best + 1e-9) {
      best = c;
      reached = i;
    }
  }

  // Backtrace into forward-ordered steps.
  type Step = { op: number; i: number; j: number; l: number };
  const steps: Step[] = [];
  for (let i = reached, j = m; i > 0 || j > 0;) {
    const k = i * W + j;
    const o = op[k] ?? OP_NONE;
    const l = len[k] ?? 0;
    if (o === OP_MATCH) {
      i -= 1;
      j -= l;
    } else if (o === OP_SUB) {
      i -= 1;
      j -= 1;
    } else if (o === OP_OMIT) {
      i -= 1;
    } else if (o === OP_INS) {
      j -= 1;
    } else break;
    steps.push({ op: o, i, j, l });
  }
  steps.reverse();

  const words: ScoredWord[] = passage.map((w) => ({
    index: w.index,
    text: w.text,
    status: 'not_reached',
    heard: null,
    start: null,
    end: null,
    hesitation: false,
    unsure: false,
  }));
  const insertions: Insertion[] = [];
  const repetitions: Repetition[] = [];
  type Pending = { token: HeardToken; j: number; afterIndex: number; repeats: number };
  let pending: Pending[] = [];

  const flush = (): void => {
    const rereads = rereadTokens(pending);
    for (const p of pending) {
      if (rereads.has(p)) repetitions.push({ index: p.repeats, start: p.token.start, end: p.token.end });
      else
        insertions.push({
          afterIndex: p.afterIndex,
          heard: p.token.word,
          start: p.token.start,
          end: p.token.end,
        });
    }
    pending = [];
  };

  const hesitationBefore = (j: number): boolean => {
    const prev = heard[j - 1];
    const cur = heard[j];
    return prev !== undefined && cur !== undefined && cur.start - prev.end > hesitationSeconds;
  };

  for (const s of steps) {
    const pw = passage[s.i];
    const scored = words[s.i];
    if (s.op === OP_INS) {
      const token = heard[s.j];
      if (token)
        pending.push({
          token,
          j: s.j,
          afterIndex: s.i - 1,
          repeats: repeatedIndex(passage, s.i, token.word, window),
        });
      continue;
    }
    if (!pw || !scored) continue;
    if (s.op === OP_OMIT) {
      scored.status = 'omission';
      flush();
      continue;
    }
    const tokens = heard.slice(s.j, s.j + s.l);
    const first = tokens[0];
    const last = tokens[tokens.length - 1];
    if (!first || !last) continue;
    if (s.op === OP_MATCH) {
      const attempts = pending.filter(
        (p) =>
          p.repeats < 0 && isSimilar(p.token.word, pw) && first.start - p.token.end <= selfCorrectionSeconds,
      );
      pending = pending.filter((p) => !attempts.includes(p));
      const firstAttempt = attempts[0];
      scored.status = firstAttempt ? 'self_correction' : 'correct';
      scored.heard = [...attempts.map((a) => a.token.word), ...tokens.map((t) => t.word)].join(' ');
      scored.start = firstAttempt ? firstAttempt.token.start : first.start;
      scored.end = last.end;
      scored.hesitation = hesitationBefore(firstAttempt ? firstAttempt.j : s.j);
      scored.unsure = tokens.some((t) => t.unsure === true);
    } else {
      scored.status = 'substitution';
      scored.heard = first.word;
      scored.start = first.start;
      scored.end = first.end;
      scored.hesitation = hesitationBefore(s.j);
      scored.unsure = first.unsure === true;
    }
    flush();
  }
  flush();
  insertions.sort((a, b) => a.start - b.start);
  repetitions.sort((a, b) => a.start - b.start);
  return { words, insertions, repetitions };
}
