/**
 * A first pass that lost its way through the passage, and the wider search that finds it again (issue 16,
 * docs/scoring.md sixteenth round).
 *
 * pocketsphinx's FSG search keeps only the paths within its beams of the best one at each frame. After a planted
 * insertion ("to be *very* patient"), the path that reads on can fall out of the beams for a moment while the
 * grammar's back jumps, echoes and garbage loop explain the frames instead; once it is gone, the decoder explains
 * the rest of the reading as re-read words and insertions and stops short of the end. The words after that are
 * `not_reached`: a child who read to the end is told they did not. A decode with wider beams finds the path that
 * reads on, and it scores higher under the same model and grammar: a search error, not the model's choice
 * (the child-like slt reading of *The Garden*: 10 words not reached at the default beams, none with
 * `-beam 1e-64`; {@link RESCUE_BEAM_ARGS}).
 *
 * A lost path looks like this: words not reached at the end, and the pass's last seconds mostly stray speech
 * (insertions, re-reads taken as insertions, unclear speech) rather than passage words. A reader who stopped
 * early (Stop pressed) leaves silence after the last word read, and a reading cut mid-way (the end-of-reading
 * check on the audio so far) ends in passage words read in order.
 */
import { alignReading } from '#core/fluency/align.ts';
import { normaliseHeard, type HeardWord, type PassageWord } from '#core/text/normalize.ts';

/** Words not reached at the end of a pass before it can look lost. */
export const LOST_MIN_NOT_REACHED = 2;
/** The end of a pass looked at, seconds up to the end of its last token. */
export const LOST_WINDOW_SECONDS = 5;
/** Stray tokens (insertions, unclear speech) in that window, at least, for a pass to look lost. */
export const LOST_MIN_STRAY_TOKENS = 3;
/** The share of the window's tokens that are stray, at least, for a pass to look lost. */
export const LOST_MIN_STRAY_SHARE = 0.5;

/**
 * pocketsphinx beams of the rescue decode: 16 orders of magnitude wider than the defaults (`-beam` and `-pbeam`
 * 1e-48, `-wbeam` 7e-29). On the benchmark's lost pass, these, `-beam 1e-80` alone and `-wbeam 1e-60` alone all
 * found the path; the decode costs about twice the default's CPU, paid only when the pass the warp search chose looks lost.
 */
export const RESCUE_BEAM_ARGS: readonly string[] = ['-beam', '1e-64', '-pbeam', '1e-64', '-wbeam', '1e-40'];

/** What {@link lostPathTail} found. */
export interface LostPathTail {
  /** Passage words after the last one the pass reached. */
  notReached: number;
  /** Heard tokens in the last {@link LOST_WINDOW_SECONDS} of the pass. */
  windowTokens: number;
  /** Of those, the stray ones: insertions, and unclear speech taken for a passage word. */
  strayTokens: number;
}

/**
 * How a first pass ends: the words it did not reach, and how much of its last seconds is stray speech.
 * @param heard the pass's words (parseCtm: times in seconds, `[unclear]` for the garbage loop), in time order.
 * @param passage the passage words (tokenisePassage).
 * @returns the counts; all 0 for an empty passage or nothing heard.
 */
export function lostPathTail(heard: readonly HeardWord[], passage: readonly PassageWord[]): LostPathTail {
  const tokens = normaliseHeard(heard);
  if (passage.length === 0 || tokens.length === 0) return { notReached: 0, windowTokens: 0, strayTokens: 0 };
  const { words, insertions } = alignReading(passage, tokens);
  let lastReached = -1;
  for (const w of words) if (w.status !== 'not_reached') lastReached = w.index;
  const end = tokens.reduce((e, t) => Math.max(e, t.end), 0);
  const from = end - LOST_WINDOW_SECONDS;
  const inWindow = (start: number | null) => start !== null && start >= from;
  const unclear = words.filter(
    (w) => w.status === 'substitution' && inWindow(w.start) && /^\[[a-z]+\]$/.test(w.heard ?? ''),
  ).length;
  return {
    notReached: passage.length - 1 - lastReached,
    windowTokens: tokens.filter((t) => inWindow(t.start)).length,
    strayTokens: insertions.filter((i) => inWindow(i.start)).length + unclear,
  };
}

/**
 * Whether a first pass looks lost (see the module comment): at least {@link LOST_MIN_NOT_REACHED} words not
 * reached, and in its last {@link LOST_WINDOW_SECONDS} at least {@link LOST_MIN_STRAY_TOKENS} stray tokens, at
 * least {@link LOST_MIN_STRAY_SHARE} of the tokens there.
 * @param heard the pass's words, in time order.
 * @param passage the passage words.
 * @returns true when a decode with {@link RESCUE_BEAM_ARGS} should be tried.
 */
export function looksLost(heard: readonly HeardWord[], passage: readonly PassageWord[]): boolean {
  const tail = lostPathTail(heard, passage);
  return (
    tail.notReached >= LOST_MIN_NOT_REACHED &&
    tail.strayTokens >= LOST_MIN_STRAY_TOKENS &&
    tail.strayTokens >= LOST_MIN_STRAY_SHARE * tail.windowTokens
  );
}
