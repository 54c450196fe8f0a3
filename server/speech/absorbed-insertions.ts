/**
 * An inserted word that the first pass folded into a printed word beside it (issue 16, docs/scoring.md,
 * twenty-eighth round).
 *
 * A reader who adds a short word between two printed words ("the conference *is* full") gives the first
 * pass a choice it cannot make well: its grammar has the printed words, their distractors and a costly
 * insertion path, so it often hears the two words as one longer word, "conferences", and the printed word
 * is scored as misread. Moonshine, which transcribes freely, hears "conference is": the printed word as
 * printed and one word more. The rule here takes that second opinion when the sounds agree with it: the
 * first pass's word sounds nearer to the printed word and the inserted word together (in the order said),
 * or to the inserted word alone, than to the printed word; or the first pass heard only unclear sound there (its
 * garbage path: no passage word or candidate fitted, which an inserted word it had no path for explains). The
 * word is then scored as read, marked "check
 * this word" (two recognisers disagree on it; a child is never told a word was wrong on doubtful evidence),
 * and the inserted word is listed as an insertion: an insertion is not an error (DIBELS 8).
 */
import { alignReading } from '#core/fluency/align.ts';
import { normaliseHeard, type HeardWord, type PassageWord } from '#core/text/normalize.ts';
import { phoneDistance } from '#server/speech/phone-vote.ts';
import type { HeardInsertion } from '#server/speech/reading-moonshine.ts';
import { UNCLEAR } from '#server/speech/recogniser.ts';

/** An absorbed insertion found: passage word `index`, heard by the first pass as `heard`, and the word said. */
export interface AbsorbedInsertion {
  /** The passage word scored as read again. */
  index: number;
  /** The first pass's word for it. */
  heard: string;
  /** Moonshine's inserted word, and where it goes (between passage words `afterIndex` and `afterIndex + 1`). */
  insertion: HeardInsertion;
}

/**
 * The sounds of an inserted word that the first pass may have joined to the printed word beside it: the whole word,
 * and each part of it that touches the printed word (its first phones when said after the printed word, its last
 * phones when said before), since the first pass may put the boundary inside the inserted word ("might *even*"
 * heard as *mighty*: "might" and the "ee" of "even"; docs/scoring.md, thirtieth round).
 * @param inserted one pronunciation of the inserted word.
 * @param insertedFirst whether the inserted word was said before the printed word.
 * @returns the whole word first, then its parts, longest first.
 */
export function joinedParts(inserted: readonly string[], insertedFirst: boolean): (readonly string[])[] {
  const parts: (readonly string[])[] = [inserted];
  for (let k = inserted.length - 1; k >= 1; k--)
    parts.push(insertedFirst ? inserted.slice(inserted.length - k) : inserted.slice(0, k));
  return parts;
}

/**
 * Whether the first pass's word `heard` is better explained by the printed word with the inserted word, or the part
 * of it that touches the printed word ({@link joinedParts}), beside it (in the order said), or by the inserted word
 * alone, than by the printed word: the smallest phone edit distance ({@link phoneDistance}) over all
 * pronunciations, strictly smaller.
 * @param printed the printed word's pronunciations (CMU phones each).
 * @param heard the first pass's word's pronunciations.
 * @param inserted the inserted word's pronunciations.
 * @param insertedFirst whether the inserted word was said before the printed word.
 * @returns false when any of the three has no pronunciation.
 */
export function explainedByInsertion(
  printed: readonly (readonly string[])[],
  heard: readonly (readonly string[])[],
  inserted: readonly (readonly string[])[],
  insertedFirst: boolean,
): boolean {
  if (printed.length === 0 || heard.length === 0 || inserted.length === 0) return false;
  let toPrinted = Infinity;
  let explained = Infinity;
  for (const h of heard)
    for (const p of printed) {
      toPrinted = Math.min(toPrinted, phoneDistance(h, p));
      for (const x of inserted) {
        explained = Math.min(explained, phoneDistance(h, x));
        for (const part of joinedParts(x, insertedFirst))
          explained = Math.min(
            explained,
            phoneDistance(h, insertedFirst ? [...part, ...p] : [...p, ...part]),
          );
      }
    }
  return explained < toPrinted;
}

/**
 * The substitutions beside an insertion Moonshine heard that the insertion explains (see the module's comment):
 * for each insertion between two passage words Moonshine heard as printed, the printed word on either side that
 * the scorer has as a substitution by a plain word whose sound the insertion explains ({@link explainedByInsertion}),
 * or by unclear sound.
 * @param words the scorer's heard words.
 * @param passage the passage words.
 * @param insertions Moonshine's insertions between two words it heard as printed, function words included
 *   (`Nominations.insertionsBeside`).
 * @param pronunciations a word's pronunciations as phones (empty when unknown).
 * @param protectedStarts start times of substitutions made by the near-miss or own-vowel checks (left alone: they
 *   look for one-sound misreadings Moonshine hears as printed).
 * @returns the words with each such substitution scored as read and marked unsure, and what was found.
 */
export function absorbedInsertions(
  words: readonly HeardWord[],
  passage: readonly PassageWord[],
  insertions: readonly HeardInsertion[],
  pronunciations: (word: string) => readonly (readonly string[])[],
  protectedStarts: ReadonlySet<number> = new Set(),
): { words: HeardWord[]; found: AbsorbedInsertion[] } {
  const out = words.map((w) => ({ ...w }));
  const found: AbsorbedInsertion[] = [];
  if (insertions.length === 0) return { words: out, found };
  const alignment = alignReading(passage, normaliseHeard(out));
  const byStart = new Map<number, number>();
  out.forEach((h, k) => byStart.set(h.start, k));
  for (const x of insertions) {
    for (const index of [x.afterIndex, x.afterIndex + 1]) {
      const w = alignment.words[index];
      const form = passage[index]?.spoken[0];
      if (w?.status !== 'substitution' || w.start === null || !w.heard || form?.length !== 1) continue;
      const unclear = w.heard === UNCLEAR;
      if ((!unclear && !/^[a-z']+$/.test(w.heard)) || found.some((f) => f.index === index)) continue;
      const k = byStart.get(w.start);
      const word = k === undefined ? undefined : out[k];
      // one heard word for the printed word (not a word the alignment split or joined)
      if (!word || word.word.toLowerCase() !== w.heard || protectedStarts.has(word.start)) continue;
      const printed = form[0]!;
      if (
        !unclear &&
        !explainedByInsertion(
          pronunciations(printed),
          pronunciations(w.heard),
          pronunciations(x.word),
          index === x.afterIndex + 1,
        )
      )
        continue;
      found.push({ index, heard: w.heard, insertion: x });
      word.word = printed;
      word.unsure = true;
    }
  }
  return { words: out, found };
}
