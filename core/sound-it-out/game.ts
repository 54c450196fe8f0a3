/**
 * The Sound It Out game (docs/decisions/0043-sound-it-out.md): Sparky shows a word's letter tiles and three
 * picture cards, plays the word's sounds one at a time ("c… a… t"), lighting each tile as its sound plays, and
 * asks "What word is that?"; the child picks the card. Pure rules shared by the page and its tests.
 */
import { pick, shuffle, type RandomSource } from '../random.ts';
import { BLEND_WORDS, CVC_WORDS, SOUND_WORDS, type SoundWord } from './words.ts';
import type { Phone } from './phones.ts';

export type { RandomSource } from '../random.ts';

/** Picture cards shown in a round: the word and two others. */
export const CARDS = 3;
/** Wrong answers after which Sparky gives the clue by himself (as the word builder, ADR 0039). */
export const CLUE_AFTER_WRONG = 2;
/**
 * Words sounded out (ever, each counted once a day) after which words with a blend join the CVC words: the
 * first ten are all CVC, the form every phonics programme blends first.
 */
export const BLENDS_AFTER = 10;
/** Silence between two sounds, milliseconds: long enough to hear them apart, short enough to blend. */
export const SOUND_GAP_MS = 250;

/** Said before the sounds. */
export const LISTEN_LINE = 'Listen, and sound it out with me.';
/** Said after the sounds. */
export const QUESTION_LINE = 'What word is that?';

/** One round: the word to find and the three cards, in the order shown. */
export interface Round {
  readonly word: SoundWord;
  readonly cards: readonly SoundWord[];
}

/** What the reader has sounded out before, as the server reports it (core/api/sound-it-out.ts). */
export interface SoundedSoFar {
  /** Words sounded out today. */
  readonly today: readonly string[];
  /** Words sounded out ever, each counted once a day. */
  readonly total: number;
}

/** The words a reader is given: CVC words until {@link BLENDS_AFTER} are sounded out, then all. */
export function wordsForLevel(total: number): readonly SoundWord[] {
  return total < BLENDS_AFTER ? CVC_WORDS : [...CVC_WORDS, ...BLEND_WORDS];
}

/**
 * Words never dealt on the same round: van and bus are both vehicles, and their pictures (🚐, 🚌) look
 * alike to a young child, so a child who blended "van" right could still press the bus (ADR 0043).
 */
export const KEPT_APART: readonly (readonly [string, string])[] = [['van', 'bus']];

function isKeptApart(a: string, b: string): boolean {
  return KEPT_APART.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

/**
 * The two other cards of a round: from every word of the game, none with the word's name; at least one
 * sharing its first sound when any does (so the first sound alone does not give the answer: the child must
 * listen to the whole word), the other any word left.
 * @throws RangeError when there are not enough words (never with the game's lists)
 */
export function distractorsFor(word: SoundWord, random: RandomSource): SoundWord[] {
  const others = SOUND_WORDS.filter((w) => w.word !== word.word && !isKeptApart(w.word, word.word));
  const sameStart = others.filter((w) => w.phones[0] === word.phones[0]);
  const first = sameStart.length > 0 ? pick(sameStart, random) : pick(others, random);
  const rest = others.filter((w) => w.word !== first.word && !isKeptApart(w.word, first.word));
  if (rest.length === 0) throw new RangeError('Not enough words for the cards');
  return [first, pick(rest, random)];
}

/**
 * The next round.
 * - The word is one of {@link wordsForLevel}, not sounded out today while any is left, and never the word
 *   just played.
 * - The cards are the word and {@link distractorsFor} it, shuffled.
 * @param sounded - what the reader has sounded out so far
 * @param random - uniform [0, 1) source
 * @param previous - the word just played, not given twice in a row
 */
export function nextRound(
  sounded: SoundedSoFar,
  random: RandomSource,
  previous: string | null = null,
): Round {
  const level = wordsForLevel(sounded.total);
  const today = new Set(sounded.today);
  const fresh = level.filter((w) => !today.has(w.word) && w.word !== previous);
  const word = pick(fresh.length > 0 ? fresh : level.filter((w) => w.word !== previous), random);
  return { word, cards: shuffle([word, ...distractorsFor(word, random)], random) };
}

/** A round being played: the wrong cards tried, and whether the clue was given. */
export interface Playing {
  readonly round: Round;
  /** Words tried that were not the word, each once, in the order tried. */
  readonly wrong: readonly string[];
  /** Whether the right card has been marked (after {@link CLUE_AFTER_WRONG} wrong answers, or asked for). */
  readonly clue: boolean;
}

/** A new round to play. */
export function startPlaying(round: Round): Playing {
  return { round, wrong: [], clue: false };
}

/** What an answer does: `right` (the round is won) or `wrong`. */
export type AnswerOutcome = 'right' | 'wrong';

/**
 * Tries a card.
 * @returns the outcome and the round after it: a wrong word noted once, and the clue given once
 *   {@link CLUE_AFTER_WRONG} different wrong words were tried
 * @throws RangeError for a word that is not one of the round's cards
 */
export function answer(playing: Playing, word: string): { outcome: AnswerOutcome; playing: Playing } {
  if (!playing.round.cards.some((c) => c.word === word))
    throw new RangeError(`Not a card of this round: ${word}`);
  if (word === playing.round.word.word) return { outcome: 'right', playing };
  const wrong = playing.wrong.includes(word) ? playing.wrong : [...playing.wrong, word];
  return {
    outcome: 'wrong',
    playing: { ...playing, wrong, clue: playing.clue || wrong.length >= CLUE_AFTER_WRONG },
  };
}

/** The round with the clue given (the "Give me a clue" button, or said). */
export function giveClue(playing: Playing): Playing {
  return { ...playing, clue: true };
}

/** How a letter is written in a caption of its sound: small, as on the tiles ("c"). */
function letterAt(word: SoundWord, index: number): string {
  return word.word.charAt(index);
}

/**
 * The caption while the sound of letter `index` plays: the sounds so far, each but the last drawn out
 * ("c…", "c… a…", "c… a… t"), so the caption strip grows as the tiles light.
 */
export function soundsCaption(word: SoundWord, index: number): string {
  const letters = Array.from({ length: index + 1 }, (_, i) => letterAt(word, i));
  const last = index === word.word.length - 1;
  return letters.map((l, i) => (i === index && last ? l : `${l}…`)).join(' ');
}

/** The sounds of a word in order, each with its caption, as the page plays them. */
export function soundSteps(word: SoundWord): { phone: Phone; caption: string }[] {
  return word.phones.map((phone, index) => ({ phone, caption: soundsCaption(word, index) }));
}

/**
 * Said to the right card: "Yes! cat!". Not the letters' names ("c, a, t"): the round has just taught their
 * sounds, and names said after them would blur the two (ADR 0043).
 */
export function rightLine(word: string): string {
  return `Yes! ${word}!`;
}

/**
 * Said to a wrong card: "That is dog. Listen again." pressed, "I heard dog. Listen again." said (the
 * recogniser, not the child, may be wrong: ADR 0037), with the clue once it is given. The sounds follow.
 */
export function wrongLine(chosen: string, after: Playing, by: 'press' | 'voice' = 'press'): string {
  const named = by === 'voice' ? `I heard ${chosen}.` : `That is ${chosen}.`;
  return after.clue ? `${named} ${clueLine(after)}` : `${named} Listen again.`;
}

/** The clue: "Here is a clue: it is cat. Find the star." */
export function clueLine(playing: Playing): string {
  return `Here is a clue: it is ${playing.round.word.word}. Find the star.`;
}
