/**
 * The letter game of the alphabet screen (docs/decisions/0037-alphabet-learning.md): Sparky names a
 * letter and the child finds it among three. Pure rules shared by the page and its tests.
 */
import { pick, shuffle, type RandomSource } from '../random.ts';
import { LETTERS, SOUND_ALIKE_GROUPS, letterLine, soundGroupOf, type Letter } from './letters.ts';

export type { RandomSource } from '../random.ts';

/** How many letters a question shows: the one named and two others. */
export const CHOICES_PER_QUESTION = 3;

/** One question: the letter Sparky names, and the letters shown, in the order shown. */
export interface LetterQuestion {
  target: Letter;
  choices: Letter[];
}

/**
 * The next question. The letter named is one the child has not found yet while any is left (so each
 * game teaches new letters, which is what Letter Learning counts), never the one just asked; the two
 * other letters come from two other groups of {@link SOUND_ALIKE_GROUPS}, so no two letters shown
 * sound alike (B, D and P are never shown together: a child saying "bee" is heard as meaning B).
 * @param found - letters the child has found before (any order; unknown values are ignored)
 * @param random - uniform [0, 1) source
 * @param previous - the letter of the last question, not asked twice in a row
 */
export function nextQuestion(
  found: readonly string[],
  random: RandomSource,
  previous: Letter | null = null,
): LetterQuestion {
  const known = new Set(found);
  const notFound = LETTERS.filter((l) => !known.has(l) && l !== previous);
  const pool = notFound.length > 0 ? notFound : LETTERS.filter((l) => l !== previous);
  const target = pick(pool, random);
  const otherGroups = shuffle(
    SOUND_ALIKE_GROUPS.filter((_, index) => index !== soundGroupOf(target)),
    random,
  ).slice(0, CHOICES_PER_QUESTION - 1);
  const others = otherGroups.map((group) => pick(group, random));
  return { target, choices: shuffle([target, ...others], random) };
}

/** What Sparky asks: "Find the letter M." */
export function askLine(target: Letter): string {
  return `Find the letter ${target}.`;
}

/**
 * What Sparky says to a choice.
 * - Right: "Yes! That is M. M is for moon." and how to go on.
 * - Wrong: what the chosen letter is, and the question again (no score is kept of wrong tries). A letter
 *   said is reported as heard ("I heard A."), not as the child's mistake: the recogniser may have misheard.
 * @param by - how the letter was chosen: pressed, or said
 */
export function answerLine(target: Letter, picked: Letter, by: 'press' | 'voice' = 'press'): string {
  if (picked === target) return `Yes! That is ${target}. ${letterLine(target)} Say next for another letter.`;
  const what = by === 'voice' ? `I heard ${picked}.` : `That is ${picked}.`;
  return `${what} Try again: find the letter ${target}.`;
}
