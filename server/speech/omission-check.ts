/**
 * Per-omission decode (issue 16, eighth round): a word the first pass left out is looked at again
 * on the stretch from the word heard before it to the word heard after it, decoded twice with the
 * heard neighbours as context, `left · word · right` and `left · right`. When the word fits about
 * as well as its absence (the acoustic score lost by forcing it in is small), the omission is not
 * clear: the word is given back as heard and marked "check this word" (`unsure`), never as an error.
 */
import type { HeardWord, PassageWord } from '#core/text/normalize.ts';
import { UNCLEAR } from '#server/speech/recogniser.ts';
import { linearFsg, toFrame } from '#server/speech/verify.ts';

/** One omitted passage word between two adjacent heard words. */
export interface OmissionCheck {
  /** Passage word index of the omitted word. */
  index: number;
  /** Its canonical token. */
  word: string;
  /** Index in `heard` of the word heard before it (the next heard word is `heardIndex + 1`). */
  heardIndex: number;
  left: string;
  right: string;
  /** Stretch, 10 ms frames (end exclusive): onset of `left` to offset of `right`. */
  startFrame: number;
  endFrame: number;
}

/** A scored passage word as the alignment gives it (the fields used here). */
export interface AlignedWordLike {
  index: number;
  status: string;
  start: number | null;
}

/**
 * Chooses the omissions to check: a single-token passage word marked omission, alone between two
 * passage words heard as real words that are adjacent in the heard list (nothing heard between).
 * @returns checks in passage order.
 */
export function planOmissionChecks(
  passage: readonly PassageWord[],
  heard: readonly HeardWord[],
  aligned: readonly AlignedWordLike[],
  totalFrames: number,
): OmissionCheck[] {
  const byStart = new Map<number, number>();
  heard.forEach((h, k) => byStart.set(h.start, k));
  const out: OmissionCheck[] = [];
  for (let i = 1; i + 1 < aligned.length; i++) {
    const w = aligned[i];
    const prev = aligned[i - 1];
    const next = aligned[i + 1];
    if (!w || !prev || !next || w.status !== 'omission') continue;
    if (prev.start === null || next.start === null) continue;
    const form = passage[w.index]?.spoken[0];
    if (form?.length !== 1) continue;
    const k = byStart.get(prev.start);
    if (k === undefined || byStart.get(next.start) !== k + 1) continue;
    const l = heard[k];
    const r = heard[k + 1];
    if (!l || !r || l.word === UNCLEAR || r.word === UNCLEAR) continue;
    const startFrame = Math.max(0, toFrame(l.start));
    const endFrame = Math.min(totalFrames, toFrame(r.end));
    if (endFrame <= startFrame) continue;
    out.push({
      index: w.index,
      word: form[0] as string,
      heardIndex: k,
      left: l.word,
      right: r.word,
      startFrame,
      endFrame,
    });
  }
  return out;
}

/** The batch decode's inputs: `-ctl` lines, `-fsgctl` names, grammars, and the words used. */
export interface OmissionBatch {
  ctl: string;
  fsgctl: string;
  grammars: Map<string, string>;
  words: Set<string>;
}

/** Two utterances per check: `o{index}_w` (with the word) and `o{index}_n` (without). */
export function buildOmissionBatch(checks: readonly OmissionCheck[]): OmissionBatch {
  const ctl: string[] = [];
  const fsgctl: string[] = [];
  const grammars = new Map<string, string>();
  const words = new Set<string>();
  for (const c of checks) {
    for (const [id, parts] of [
      [`o${c.index}_w`, [c.left, c.word, c.right]],
      [`o${c.index}_n`, [c.left, c.right]],
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
 * Acoustic score lost by forcing the word in, per frame of the stretch (≥ 0 when its absence fits
 * better); undefined when either decode failed.
 */
export function omissionCost(check: OmissionCheck, scores: ReadonlyMap<string, number>): number | undefined {
  const withWord = scores.get(`o${check.index}_w`);
  const without = scores.get(`o${check.index}_n`);
  if (withWord === undefined || without === undefined) return undefined;
  return (without - withWord) / (check.endFrame - check.startFrame);
}

/**
 * Gives back, as `unsure` heard words, the omitted words whose cost is at most `maxCost`; each is
 * placed between its neighbours (zero length at the left word's offset).
 * @returns the heard words with the given-back words inserted (time order kept).
 */
export function applyOmissionChecks(
  heard: readonly HeardWord[],
  checks: readonly OmissionCheck[],
  scores: ReadonlyMap<string, number>,
  maxCost: number,
): HeardWord[] {
  const after = new Map<number, HeardWord>();
  for (const c of checks) {
    const cost = omissionCost(c, scores);
    const l = heard[c.heardIndex];
    if (cost === undefined || cost > maxCost || !l) continue;
    after.set(c.heardIndex, { word: c.word, start: l.end, end: l.end, unsure: true });
  }
  if (after.size === 0) return [...heard];
  const out: HeardWord[] = [];
  heard.forEach((h, k) => {
    out.push(h);
    const add = after.get(k);
    if (add) out.push(add);
  });
  return out;
}
