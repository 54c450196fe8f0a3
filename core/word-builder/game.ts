/**
 * The word builder's game (docs/decisions/0039-word-builder.md): Sparky shows a picture and says its word,
 * and the child builds the word from letter tiles, one letter at a time, first to last. Pure rules shared by
 * the page and its tests.
 */
import { SOUND_ALIKE_GROUPS, soundGroupOf, type Letter } from '../alphabet/letters.ts';
import { pick, shuffle, type RandomSource } from '../random.ts';
import { WORD_BUILDER_WORDS } from '../rewards/achievements.ts';
import { LONG_WORDS, SHORT_WORDS, lettersOf, type BuilderWord } from './words.ts';

export type { RandomSource } from '../random.ts';

/** Tiles shown besides the word's own letters. */
export const EXTRA_TILES = 2;
/** Wrong tries at one letter after which Sparky gives the clue by itself. */
export const CLUE_AFTER_WRONG = 2;
/**
 * Words built (ever) after which four-letter words join the three-letter ones: the ten of Word Architect
 * (spec §3, §9), so the badge is earned on the first level.
 */
export const LONG_WORDS_AFTER = WORD_BUILDER_WORDS;

/** One word to build: the word, and the tiles shown, in the order shown (capital letters). */
export interface WordPuzzle {
  readonly word: BuilderWord;
  readonly tiles: readonly Letter[];
}

/** What the reader has built before, as the server reports it (core/api/word-builder.ts). */
export interface BuiltSoFar {
  /** Words built today (each counts once a day). */
  readonly today: readonly string[];
  /** Words built ever, counted once a day each (what Word Architect counts). */
  readonly total: number;
}

/** The words a reader is given: short words until {@link LONG_WORDS_AFTER} are built, then all. */
export function wordsForLevel(total: number): readonly BuilderWord[] {
  return total < LONG_WORDS_AFTER ? SHORT_WORDS : [...SHORT_WORDS, ...LONG_WORDS];
}

/**
 * The next word to build, and its tiles.
 * - The word is one of {@link wordsForLevel}, not built today while any is left (only a word new today
 *   moves Word Practice on), and never the word just built.
 * - The tiles are the word's letters and {@link EXTRA_TILES} others, shuffled. The others come from
 *   groups of {@link SOUND_ALIKE_GROUPS} that none of the word's letters is in, and from different groups,
 *   so an extra tile never sounds like a letter of the word: a child who says "dee" for the D of "dog" is
 *   not heard as meaning an extra T.
 * @param built - what the reader has built so far
 * @param random - uniform [0, 1) source
 * @param previous - the word just built, not given twice in a row
 */
export function nextPuzzle(
  built: BuiltSoFar,
  random: RandomSource,
  previous: string | null = null,
): WordPuzzle {
  const level = wordsForLevel(built.total);
  const today = new Set(built.today);
  const fresh = level.filter((w) => !today.has(w.word) && w.word !== previous);
  const word = pick(fresh.length > 0 ? fresh : level.filter((w) => w.word !== previous), random);
  const letters = lettersOf(word.word);
  const used = new Set(letters.map(soundGroupOf));
  const freeGroups = shuffle(
    SOUND_ALIKE_GROUPS.filter((_, index) => !used.has(index)),
    random,
  ).slice(0, EXTRA_TILES);
  const extras = freeGroups.map((group) => pick(group, random));
  return { word, tiles: shuffle([...letters, ...extras], random) };
}

/** A word being built: how many of its letters are in place, and the wrong tries at the next one. */
export interface Building {
  readonly puzzle: WordPuzzle;
  /** Letters in place, from the first. */
  readonly placed: number;
  /** Wrong letters tried for the next letter (cleared when it is placed). */
  readonly wrong: readonly Letter[];
  /** Whether the clue for the next letter has been given. */
  readonly clue: boolean;
}

/** A new word to build. */
export function startBuilding(puzzle: WordPuzzle): Building {
  return { puzzle, placed: 0, wrong: [], clue: false };
}

/** The letter the word needs next, or null when it is built. */
export function nextLetter(building: Building): Letter | null {
  return lettersOf(building.puzzle.word.word)[building.placed] ?? null;
}

/** Whether every letter is in place. */
export function isBuilt(building: Building): boolean {
  return building.placed >= building.puzzle.word.word.length;
}

/**
 * What a letter tried does:
 * - `placed`: it is the next letter, now in place (`built` when it was the last);
 * - `later`: it is in the word, but further on;
 * - `not-in-word`: it is not in the word.
 */
export type TryOutcome = 'placed' | 'built' | 'later' | 'not-in-word';

/**
 * Tries `letter` as the word's next letter.
 * @returns the outcome and the building after it: the letter placed, or the wrong try noted (once), with the
 *   clue given once {@link CLUE_AFTER_WRONG} different wrong letters were tried
 * @throws RangeError when the word is already built
 */
export function tryLetter(building: Building, letter: Letter): { outcome: TryOutcome; building: Building } {
  const needed = nextLetter(building);
  if (needed === null) throw new RangeError('The word is already built');
  if (letter === needed) {
    const next: Building = { ...building, placed: building.placed + 1, wrong: [], clue: false };
    return { outcome: isBuilt(next) ? 'built' : 'placed', building: next };
  }
  const letters = lettersOf(building.puzzle.word.word);
  const outcome = letters.slice(building.placed + 1).includes(letter) ? 'later' : 'not-in-word';
  const wrong = building.wrong.includes(letter) ? building.wrong : [...building.wrong, letter];
  return {
    outcome,
    building: { ...building, wrong, clue: building.clue || wrong.length >= CLUE_AFTER_WRONG },
  };
}

/** The building with the clue for the next letter given (the "Give me a clue" button). */
export function giveClue(building: Building): Building {
  return { ...building, clue: true };
}

/**
 * The question for the next letter: "What letter does cat start with?", "What letter comes next in cat?",
 * "What letter does cat end with?".
 */
export function letterQuestion(building: Building): string {
  const { word } = building.puzzle.word;
  if (building.placed === 0) return `What letter does ${word} start with?`;
  if (building.placed === word.length - 1) return `What letter does ${word} end with?`;
  return `What letter comes next in ${word}?`;
}

/** What Sparky says when a word is given: "Let's build cat. What letter does cat start with?" */
export function askLine(building: Building): string {
  return `Let's build ${building.puzzle.word.word}. ${letterQuestion(building)}`;
}

/** The clue: "Here is a clue: it is A. Find A." */
export function clueLine(building: Building): string {
  const needed = nextLetter(building);
  return needed ? `Here is a clue: it is ${needed}. Find ${needed}.` : '';
}

/** The word spelled out: "C, A, T. cat!" */
export function spelledLine(word: string): string {
  return `${lettersOf(word).join(', ')}. ${word}!`;
}

/**
 * What Sparky says to a letter tried (`before` is the building before the try, `after` after it).
 * - Placed: "Yes, C!" and the next question.
 * - Built: "Yes, T! You built cat! C, A, T. cat! Say next, or press Next word."
 * - Later: "T is in cat, but not yet." and the question again.
 * - Not in the word: "Cat has no M." and the question again.
 * A wrong letter is named as pressed ("That is M.") or as heard ("I heard M."), not as the child's
 * mistake: the recogniser may have misheard (as in the letter game, ADR 0037). The clue follows once given.
 * @param by - how the letter was chosen: pressed, or said
 */
export function tryLine(
  before: Building,
  letter: Letter,
  outcome: TryOutcome,
  after: Building,
  by: 'press' | 'voice' = 'press',
): string {
  const { word } = before.puzzle.word;
  if (outcome === 'built')
    return `Yes, ${letter}! You built ${word}! ${spelledLine(word)} Say next, or press Next word.`;
  if (outcome === 'placed') return `Yes, ${letter}! ${letterQuestion(after)}`;
  const named = by === 'voice' ? `I heard ${letter}.` : `That is ${letter}.`;
  const why =
    outcome === 'later' ? `${letter} is in ${word}, but not yet.` : `${capitalised(word)} has no ${letter}.`;
  const clue = after.clue ? ` ${clueLine(after)}` : '';
  return `${named} ${why} ${letterQuestion(after)}${clue}`;
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
