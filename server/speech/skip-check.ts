/**
 * Skip check (issue 16, fifteenth round): the eighth round's per-omission decode in reverse. A short word the
 * first pass heard as read is decoded again on the stretch from the onset of the word heard before it to the
 * offset of the word heard after it, twice, with the heard neighbours as context: `left · word · right` and
 * `left · right` (the decoder may put silence between any two words). A planted omission the first pass heard
 * as read lies at or near the shortest length the decoder allows (docs/scoring.md, fourteenth round): the
 * frames it took are the neighbours' own, so the path without it should fit them better than the path with it.
 * The gain of the skip path is the acoustic score it wins per frame of the stretch; the word is scored as an
 * omission only when that gain reaches `minGain`.
 */
import type { HeardWord, PassageWord } from '#core/text/normalize.ts';
import { UNCLEAR } from '#server/speech/recogniser.ts';
import { linearFsg, toFrame } from '#server/speech/verify.ts';

/** One short word heard as read, between two heard words. */
export interface SkipCheck {
  /** Passage word index. */
  index: number;
  /** Its canonical token (what the first pass heard). */
  word: string;
  /** Index in `heard` of the word itself (its neighbours are `heardIndex ± 1`). */
  heardIndex: number;
  left: string;
  right: string;
  /** Stretch, 10 ms frames (end exclusive): onset of `left` to offset of `right`. */
  startFrame: number;
  endFrame: number;
  /** Frames the first pass gave the word. */
  wordFrames: number;
}

/** A scored passage word as the alignment gives it (the fields used here). */
export interface AlignedWordLike {
  index: number;
  status: string;
  start: number | null;
  unsure?: boolean;
}

/**
 * Chooses the words to check: a single-token passage word scored `correct` (not unsure), heard as its printed
 * token in at most `maxFrames` frames, with a real word (not `[unclear]`) heard just before and just after it.
 * @param include which words may be checked (e.g. function words only); default all.
 * @returns checks in passage order.
 */
export function planSkipChecks(
  passage: readonly PassageWord[],
  heard: readonly HeardWord[],
  aligned: readonly AlignedWordLike[],
  totalFrames: number,
  maxFrames: number,
  include: (word: string) => boolean = () => true,
): SkipCheck[] {
  const byStart = new Map<number, number>();
  heard.forEach((h, k) => byStart.set(h.start, k));
  const out: SkipCheck[] = [];
  for (const w of aligned) {
    if (w.status !== 'correct' || w.unsure || w.start === null) continue;
    const form = passage[w.index]?.spoken[0];
    if (form?.length !== 1) continue;
    const word = form[0] as string;
    if (!include(word)) continue;
    const k = byStart.get(w.start);
    if (k === undefined) continue;
    const h = heard[k];
    const l = heard[k - 1];
    const r = heard[k + 1];
    if (!h || !l || !r || h.word !== word || l.word === UNCLEAR || r.word === UNCLEAR) continue;
    const wordFrames = toFrame(h.end) - toFrame(h.start);
    if (wordFrames > maxFrames) continue;
    const startFrame = Math.max(0, toFrame(l.start));
    const endFrame = Math.min(totalFrames, toFrame(r.end));
    if (endFrame <= startFrame) continue;
    out.push({
      index: w.index,
      word,
      heardIndex: k,
      left: l.word,
      right: r.word,
      startFrame,
      endFrame,
      wordFrames,
    });
  }
  return out;
}

/** The batch decode's inputs: `-ctl` lines, `-fsgctl` names, grammars, and the words used. */
export interface SkipBatch {
  ctl: string;
  fsgctl: string;
  grammars: Map<string, string>;
  words: Set<string>;
}

/** Two utterances per check: `s{index}_w` (with the word) and `s{index}_n` (without). */
export function buildSkipBatch(checks: readonly SkipCheck[]): SkipBatch {
  const ctl: string[] = [];
  const fsgctl: string[] = [];
  const grammars = new Map<string, string>();
  const words = new Set<string>();
  for (const c of checks) {
    for (const [id, parts] of [
      [`s${c.index}_w`, [c.left, c.word, c.right]],
      [`s${c.index}_n`, [c.left, c.right]],
    ] as const) {
      for (const p of parts) words.add(p);
      grammars.set(id, linearFsg(id, parts));
      ctl.push(`reading ${c.startFrame} ${c.endFrame} ${id}`);
      fsgctl.push(id);
    }
  }
  return { ctl: `${ctl.join('\n')}\n`, fsgctl: `${fsgctl.join('\n')}\n`, grammars, words };
}

/**
 * Acoustic score the path without the word wins over the path with it, per frame of the stretch (> 0: its
 * absence fits better); undefined when either decode failed (a stretch too short for the word forced in is
 * left as read: no evidence is no omission).
 */
export function skipGain(check: SkipCheck, scores: ReadonlyMap<string, number>): number | undefined {
  const withWord = scores.get(`s${check.index}_w`);
  const without = scores.get(`s${check.index}_n`);
  if (withWord === undefined || without === undefined) return undefined;
  return (without - withWord) / (check.endFrame - check.startFrame);
}

/**
 * Removes the checked words whose skip gain is at least `minGain` from the heard words (found by their times:
 * other passes may have replaced words), so the alignment scores them as omissions.
 * @returns the heard words without them.
 */
export function applySkipChecks(
  heard: readonly HeardWord[],
  firstPass: readonly HeardWord[],
  checks: readonly SkipCheck[],
  scores: ReadonlyMap<string, number>,
  minGain: number,
): HeardWord[] {
  const drop = new Set<string>();
  for (const c of checks) {
    const gain = skipGain(c, scores);
    const h = firstPass[c.heardIndex];
    if (gain === undefined || gain < minGain || !h) continue;
    drop.add(`${h.word} ${h.start} ${h.end}`);
  }
  if (drop.size === 0) return [...heard];
  return heard.filter((h) => !drop.has(`${h.word} ${h.start} ${h.end}`));
}
