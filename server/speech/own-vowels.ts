/**
 * Own-vowel check (issue 16, ninth round; docs/scoring.md): a one-sound misreading that changes a
 * vowel (hat → hot, field → filled, run → ran) is often heard as the printed word by every pass
 * that asks the acoustic model, because the model's adult vowels overlap more than one reader's
 * own vowels do. This check compares each vowel of a content word heard as read with the same
 * reader's other vowels in the same reading: a speaker-dependent reference, as in vowel
 * normalisation (Lobanov 1971) and in reference-based pronunciation checks, built from the
 * reading itself so that no enrolment is needed.
 *
 * For every content word heard as read (and every first-pass substitution, which is tested but
 * does not go into the templates), its expected phones are force-aligned on its own frames
 * (the GOP pass's forced batch, gop.ts). Each vowel's frames give one token: the mean of cepstra
 * c1–c12 over the middle half of the vowel (its edges carry the neighbours' sounds), less the
 * reading's mean (cepstral mean normalisation). Per vowel phone, the template is the mean of that
 * phone's tokens in the reading's other content words (the tested word left out), and distances
 * are Euclidean after dividing each coefficient by the pooled within-vowel standard deviation
 * (also without the tested word). A word's score is the largest, over its vowels and over the
 * vowels that would make it a common word one phone away (`Lexicon.nearWords`: hat → hot, hut),
 * of distance to its own vowel's template − distance to the other vowel's template. A score well
 * above 0 means the reader's vowel sounds like their own other vowel, not the printed one.
 *
 * Only one-vowel changes into real words are looked for (comparing with any other vowel flagged 62
 * correctly read words of the tuning voices at a score of 3); consonant changes are left to the
 * other passes.
 */

import type { HeardWord } from '#core/text/normalize.ts';

/** The CMU vowel phones (pocketsphinx's en-us model writes them without stress marks). */
export const VOWEL_PHONES: ReadonlySet<string> = new Set([
  'AA',
  'AE',
  'AH',
  'AO',
  'AW',
  'AY',
  'EH',
  'ER',
  'EY',
  'IH',
  'IY',
  'OW',
  'OY',
  'UH',
  'UW',
]);

/** Cepstral coefficients used (c1–c12; c0, the energy, says nothing of the vowel's quality). */
const FIRST_COEFFICIENT = 1;
const COEFFICIENTS = 12;

/**
 * Reads a Sphinx feature file (`sphinx_fe -ofmt sphinx`): a 32-bit count of the floats that
 * follow, then the floats, frame by frame; the byte order is whichever makes the count match the
 * file's length.
 * @param ncep coefficients per frame (13 for the en-us model's front end).
 * @returns one array per 10 ms frame.
 * @throws Error when the file is not in that format.
 */
export function readSphinxCepstra(file: Buffer, ncep = 13): Float32Array[] {
  if (file.length < 4) throw new Error('feature file too short');
  const little = file.readInt32LE(0) * 4 + 4 === file.length;
  const count = little ? file.readInt32LE(0) : file.readInt32BE(0);
  if (count * 4 + 4 !== file.length || count % ncep !== 0) throw new Error('not a Sphinx feature file');
  const frames: Float32Array[] = [];
  for (let f = 0; f < count / ncep; f++) {
    const v = new Float32Array(ncep);
    for (let c = 0; c < ncep; c++) {
      const at = 4 + 4 * (f * ncep + c);
      v[c] = little ? file.readFloatLE(at) : file.readFloatBE(at);
    }
    frames.push(v);
  }
  return frames;
}

/** Mean of each coefficient over all frames (the reading's cepstral mean). */
export function cepstralMean(frames: readonly Float32Array[]): number[] {
  const n = frames[0]?.length ?? 0;
  const mean = new Array<number>(n).fill(0);
  for (const v of frames)
    for (let c = 0; c < n; c++) mean[c] = (mean[c] as number) + (v[c] as number) / frames.length;
  return mean;
}

/**
 * One vowel token: mean of c1–c12, less the reading's mean, over the middle half of frames
 * [start, end) (at least one frame).
 * @returns undefined when no frame of the range exists.
 */
export function vowelVector(
  frames: readonly Float32Array[],
  start: number,
  end: number,
  mean: readonly number[],
): number[] | undefined {
  const len = end - start;
  const from = start + Math.floor(len / 4);
  const to = Math.min(frames.length, Math.max(from + 1, end - Math.floor(len / 4)));
  if (len <= 0 || from >= to) return undefined;
  const out = new Array<number>(COEFFICIENTS).fill(0);
  for (let f = from; f < to; f++) {
    const v = frames[f] as Float32Array;
    for (let c = 0; c < COEFFICIENTS; c++)
      out[c] =
        (out[c] as number) +
        ((v[c + FIRST_COEFFICIENT] as number) - (mean[c + FIRST_COEFFICIENT] ?? 0)) / (to - from);
  }
  return out;
}

/** A content word heard as read, with its aligned phones (vowels carry their token). */
export interface OwnVowelWord {
  /** Index in the heard words. */
  heardIndex: number;
  /** Index in the passage. */
  index: number;
  /** The printed word. */
  expected: string;
  /** Its phones as aligned, in order (silences left out); a vowel's `vector` from `vowelVector`. */
  phones: { phone: string; vector?: number[] }[];
  /** Common words one phone away with their pronunciations, commonest first (`Lexicon.nearWords`). */
  near: readonly (readonly [string, readonly string[]])[];
  /**
   * Whether its vowels go into the templates (default true): false for a word the first pass heard
   * as another word, which is tested but may not be the printed word at all.
   */
  template?: boolean;
  /** For a first-pass substitution: the word heard instead, with its pronunciations. */
  heard?: { word: string; pronunciations: readonly string[] };
}

/** The check's finding for one word. */
export interface OwnVowelEvidence {
  heardIndex: number;
  /** Index in the passage. */
  index: number;
  expected: string;
  /** Largest (distance to own vowel − distance to the other vowel); −∞ when nothing could be compared. */
  score: number;
  /** The vowel that scored it, the other vowel, and the word that vowel makes. */
  phone?: string;
  other?: string;
  said?: string;
  /**
   * For a first-pass substitution heard as a word one vowel away (hold heard as "held"): distance to
   * the reader's own vowel of the printed word − distance to their vowel of the heard word. Well
   * below 0, the reader said the printed word's vowel.
   */
  heardScore?: number;
  /** The word the first pass heard (with `heardScore`). */
  heard?: string;
}

/**
 * Fewest tokens of a vowel (besides the tested word's) for it to have a template: with 2, a short
 * story's two "i" words made "hill" a false error (docs/scoring.md, ninth round).
 */
export const DEFAULT_OWN_VOWEL_MIN_TOKENS = 4;

/**
 * Scores every word against the reading's own vowel templates (see the module comment).
 * @param minTokens fewest tokens a template needs, both for the printed vowel and the other one.
 */
export function ownVowelEvidence(
  words: readonly OwnVowelWord[],
  minTokens = DEFAULT_OWN_VOWEL_MIN_TOKENS,
): OwnVowelEvidence[] {
  const tokens = words.flatMap((w) =>
    w.template === false
      ? []
      : w.phones.flatMap((p) => (p.vector ? [{ phone: p.phone, vector: p.vector, word: w.heardIndex }] : [])),
  );
  const byPhone = new Map<string, typeof tokens>();
  for (const t of tokens) byPhone.set(t.phone, [...(byPhone.get(t.phone) ?? []), t]);
  const meanOf = (ts: typeof tokens): number[] => {
    const m = new Array<number>(COEFFICIENTS).fill(0);
    for (const t of ts) t.vector.forEach((x, c) => (m[c] = (m[c] as number) + x / ts.length));
    return m;
  };
  return words.map((w) => {
    // templates and spread without the tested word
    const templates = new Map<string, number[]>();
    const squares = new Array<number>(COEFFICIENTS).fill(0);
    let degrees = 0;
    for (const [phone, all] of byPhone) {
      const ts = all.filter((t) => t.word !== w.heardIndex);
      if (ts.length < 2) continue;
      const m = meanOf(ts);
      for (const t of ts)
        t.vector.forEach((x, c) => (squares[c] = (squares[c] as number) + (x - (m[c] as number)) ** 2));
      degrees += ts.length - 1;
      if (ts.length >= minTokens) templates.set(phone, m);
    }
    const sd = squares.map((s) => Math.sqrt(s / Math.max(1, degrees)) || 1);
    const distance = (a: readonly number[], b: readonly number[]): number =>
      Math.sqrt(a.reduce((s, x, c) => s + ((x - (b[c] as number)) / (sd[c] as number)) ** 2, 0));
    const own = w.phones.map((p) => p.phone);
    let best: OwnVowelEvidence = {
      heardIndex: w.heardIndex,
      index: w.index,
      expected: w.expected,
      score: -Infinity,
    };
    w.phones.forEach((p, k) => {
      const ownTemplate = templates.get(p.phone);
      if (!p.vector || !ownTemplate) return;
      const toOwn = distance(p.vector, ownTemplate);
      // vowels that turn the word into a common word, commonest word first
      const others = new Map<string, string>();
      for (const [word, prons] of w.near)
        for (const pron of prons) {
          const q = pron.split(' ');
          if (q.length !== own.length || !q.every((x, i) => (i === k ? x !== own[i] : x === own[i])))
            continue;
          const other = q[k] as string;
          if (VOWEL_PHONES.has(other) && !others.has(other)) others.set(other, word);
        }
      for (const [other, said] of others) {
        const t = templates.get(other);
        if (!t) continue;
        const score = toOwn - distance(p.vector, t);
        if (score > best.score) best = { ...best, score, phone: p.phone, other, said };
      }
      for (const pron of w.heard?.pronunciations ?? []) {
        const q = pron.split(' ');
        if (q.length !== own.length || !q.every((x, i) => (i === k ? x !== own[i] : x === own[i]))) continue;
        const t = templates.get(q[k] as string);
        if (!VOWEL_PHONES.has(q[k] as string) || !t) continue;
        const heardScore = toOwn - distance(p.vector, t);
        if (best.heardScore === undefined || heardScore > best.heardScore)
          best = { ...best, heardScore, heard: w.heard?.word ?? '' };
      }
    });
    return best;
  });
}

/** Decision thresholds of the own-vowel check (see `judgeOwnVowels`, `judgeOwnVowelFits`). */
export interface OwnVowelThresholds {
  /** A score of at least this makes the word a substitution (the other vowel's word said). */
  substitution: number;
  /** A score of at least this (but below `substitution`) makes it "check this word". */
  unsure: number;
  /**
   * A first-pass substitution one vowel away whose `heardScore` is at most this was said with the
   * printed word's vowel: it is scored as read and marked "check this word".
   */
  fits: number;
}

/**
 * Chosen on the tuning voices, adult and child-like together (docs/scoring.md, ninth round): the
 * highest correctly read word scored 3.31, the misreadings the other passes had missed from 3.56
 * up. No unsure band: the words still scored as read at 3–3.5 were all read correctly. `fits`: the
 * first-pass substitutions said with the printed vowel scored −8.4 to −0.16, the real ones from +1.07.
 */
export const DEFAULT_OWN_VOWEL_THRESHOLDS: OwnVowelThresholds = { substitution: 3.5, unsure: 3.5, fits: 0 };

/**
 * The words the check overturns, by heard-word index, in the shape `applyNearMiss` applies:
 * `misread` (a substitution, the other vowel's word named as what was said) or `unsure`.
 */
export function judgeOwnVowels(
  evidence: readonly OwnVowelEvidence[],
  thresholds: Pick<OwnVowelThresholds, 'substitution' | 'unsure'> = DEFAULT_OWN_VOWEL_THRESHOLDS,
): Map<number, { verdict: 'misread' | 'unsure'; expected: string; said: string }> {
  const out = new Map<number, { verdict: 'misread' | 'unsure'; expected: string; said: string }>();
  for (const e of evidence) {
    if (e.said === undefined || e.score < thresholds.unsure) continue;
    out.set(e.heardIndex, {
      verdict: e.score >= thresholds.substitution ? 'misread' : 'unsure',
      expected: e.expected,
      said: e.said,
    });
  }
  return out;
}

/**
 * First-pass substitutions heard as a word one vowel away that the reader said with the printed
 * word's own vowel (`heardScore` at most `thresholds.fits`), by heard-word index.
 */
export function judgeOwnVowelFits(
  evidence: readonly OwnVowelEvidence[],
  thresholds: Pick<OwnVowelThresholds, 'fits'> = DEFAULT_OWN_VOWEL_THRESHOLDS,
): Map<number, { expected: string; heard: string }> {
  const out = new Map<number, { expected: string; heard: string }>();
  for (const e of evidence)
    if (e.heardScore !== undefined && e.heard && e.heardScore <= thresholds.fits)
      out.set(e.heardIndex, { expected: e.expected, heard: e.heard });
  return out;
}

/**
 * Gives back as read, marked "check this word", each word `judgeOwnVowelFits` found that is still
 * the word the first pass heard (another pass may have changed it since): the reader's vowel was
 * their own vowel of the printed word, so a child is not told a word was wrong on that evidence.
 */
export function applyOwnVowelFits(
  words: readonly HeardWord[],
  fits: ReadonlyMap<number, { expected: string; heard: string }>,
): HeardWord[] {
  return words.map((w, k) => {
    const f = fits.get(k);
    if (!f || w.word !== f.heard) return w;
    return { word: f.expected, start: w.start, end: w.end, unsure: true };
  });
}
