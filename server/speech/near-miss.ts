/**
 * Near-miss check (issue 16): a one-sound misreading (duck → dock, green → grain, man → men) is
 * often heard by the first pass as the printed word, because the grammar offers only a few
 * distractors per word and its prior favours the passage. This check looks again at content
 * words heard as read: on the word's stretch of audio (with its heard neighbours as context, as
 * in the second pass, verify.ts), it decodes the printed word alone and, in a second grammar, every
 * common word one phone away from it in the CMU dictionary (`Lexicon.nearWords`) side by side.
 * The per-frame margin of the best neighbour over the printed word says whether the reader said
 * something else. Two utterances per word, whatever the number of neighbours: the search picks
 * the best neighbour itself.
 */
import type { HeardWord } from '#core/text/normalize.ts';
import type { VerificationBatch, VerifyCandidate } from '#server/speech/verify.ts';

/** Acoustic evidence for one word (scores in the decoder's log units, higher is better). */
export interface NearMissEvidence {
  candidate: VerifyCandidate;
  /** Acoustic score of the path through the printed word. */
  expected: number;
  /** The neighbour on the best path through the neighbours, and that path's acoustic score. */
  best?: { word: string; score: number };
}

/** Utterance ids of a candidate: the printed word, and its neighbours side by side. */
const expectedId = (c: VerifyCandidate): string => `n${c.index}_e`;
const neighboursId = (c: VerifyCandidate): string => `n${c.index}_a`;

/**
 * A grammar of `parts` one after another, a part that is a list being alternatives side by side
 * (equal probabilities, so the acoustic score alone picks among them).
 */
export function sequenceFsg(name: string, parts: readonly (string | readonly string[])[]): string {
  const lines: string[] = [];
  parts.forEach((part, state) => {
    const words = typeof part === 'string' ? [part] : part;
    const p = (1 / words.length).toPrecision(6);
    for (const w of words) lines.push(`TRANSITION ${state} ${state + 1} ${p} ${w}`);
  });
  return [
    `FSG_BEGIN ${name}`,
    `NUM_STATES ${parts.length + 1}`,
    'START_STATE 0',
    `FINAL_STATE ${parts.length}`,
    ...lines,
    'FSG_END',
    '',
  ].join('\n');
}

/**
 * The batch of the near-miss check: per candidate (from `planVerification`, its `alternatives`
 * the word's one-phone neighbours), `left · printed word · right` and `left · (neighbours) · right`.
 * Candidates without neighbours are left out.
 */
export function buildNearMissBatch(candidates: readonly VerifyCandidate[]): VerificationBatch {
  const ctl: string[] = [];
  const fsgctl: string[] = [];
  const grammars = new Map<string, string>();
  const words = new Set<string>();
  for (const c of candidates) {
    if (c.alternatives.length === 0) continue;
    const add = (id: string, middle: string | readonly string[]): void => {
      const parts = [...(c.left ? [c.left] : []), middle, ...(c.right ? [c.right] : [])];
      for (const p of parts) for (const w of typeof p === 'string' ? [p] : p) words.add(w);
      grammars.set(id, sequenceFsg(id, parts));
      ctl.push(`reading ${c.startFrame} ${c.endFrame} ${id}`);
      fsgctl.push(id);
    };
    add(expectedId(c), c.expected);
    add(neighboursId(c), c.alternatives);
  }
  return { ctl: `${ctl.join('\n')}\n`, fsgctl: `${fsgctl.join('\n')}\n`, grammars, words };
}

/**
 * Reads `-hypseg` lines (`UTTID S s T t A acoustic L l` then `startFrame ascr lscr word` per word
 * and the end frame): each utterance's acoustic score and its words.
 */
export function parseHypsegWords(text: string): Map<string, { acoustic: number; words: string[] }> {
  const out = new Map<string, { acoustic: number; words: string[] }>();
  for (const line of text.split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (parts.length < 13 || parts[1] !== 'S' || parts[5] !== 'A') continue;
    const acoustic = Number(parts[6]);
    if (!parts[0] || !Number.isFinite(acoustic)) continue;
    const words: string[] = [];
    for (let k = 9; k + 3 < parts.length; k += 4)
      words.push((parts[k + 3] as string).replace(/\(\d+\)$/, ''));
    out.set(parts[0], { acoustic, words });
  }
  return out;
}

/** Collects each candidate's two scores (candidates whose printed-word utterance failed are left out). */
export function collectNearMiss(
  candidates: readonly VerifyCandidate[],
  hypseg: ReadonlyMap<string, { acoustic: number; words: string[] }>,
): NearMissEvidence[] {
  const out: NearMissEvidence[] = [];
  for (const c of candidates) {
    const e = hypseg.get(expectedId(c));
    if (!e || c.alternatives.length === 0) continue;
    const a = hypseg.get(neighboursId(c));
    const word = a?.words.find((w) => c.alternatives.includes(w));
    out.push({
      candidate: c,
      expected: e.acoustic,
      ...(a && word ? { best: { word, score: a.acoustic } } : {}),
    });
  }
  return out;
}

/** (best neighbour − printed word) per frame of the word; −∞ without a neighbour decoded. */
export const nearMissMargin = (e: NearMissEvidence): number =>
  e.best ? (e.best.score - e.expected) / e.candidate.wordFrames : -Infinity;

/** Decision margins of the near-miss check (per frame; see `judgeNearMiss`). */
export interface NearMissThresholds {
  /** A neighbour better by at least this makes the word a substitution. */
  substitution: number;
  /** A neighbour better by at least this (but below `substitution`) makes the word "check this word". */
  unsure: number;
}

/**
 * The words the near-miss check overturns: by heard-word index, `misread` (a substitution, the
 * neighbour named as what was said) or `unsure`.
 */
export function judgeNearMiss(
  evidence: readonly NearMissEvidence[],
  thresholds: NearMissThresholds,
): Map<number, { verdict: 'misread' | 'unsure'; expected: string; said: string }> {
  const out = new Map<number, { verdict: 'misread' | 'unsure'; expected: string; said: string }>();
  for (const e of evidence) {
    const m = nearMissMargin(e);
    if (!e.best || m < thresholds.unsure) continue;
    out.set(e.candidate.heardIndex, {
      verdict: m >= thresholds.substitution ? 'misread' : 'unsure',
      expected: e.candidate.expected,
      said: e.best.word,
    });
  }
  return out;
}

/**
 * Applies the near-miss verdicts to words still heard as printed (a word another pass already
 * changed is left as it is).
 */
export function applyNearMiss(
  words: readonly HeardWord[],
  verdicts: ReadonlyMap<number, { verdict: 'misread' | 'unsure'; expected: string; said: string }>,
): HeardWord[] {
  return words.map((w, k) => {
    const v = verdicts.get(k);
    if (!v || w.word !== v.expected) return w;
    return v.verdict === 'misread' ? { word: v.said, start: w.start, end: w.end } : { ...w, unsure: true };
  });
}
