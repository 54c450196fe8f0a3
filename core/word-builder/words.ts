/**
 * The words of the word builder (/word-builder, spec §2.2 "Word Builder", §2.5 practice_words; design in
 * docs/decisions/0039-word-builder.md): each word with the picture Sparky shows for it. Shared by the server
 * (which words exist) and the browser (what is shown and said).
 *
 * The words are things a five-year-old knows, each with a picture that a child names with that word (not 🚕 for
 * "cab", which a child calls a taxi), with no letter twice (each letter tile is used once). Most are spelled as
 * they sound; a few common ones are not (cake, kite, boat, bear, cow), as in any first word list. Short words are three letters, mostly consonant–vowel–consonant, the first
 * words a child spells; long words are four letters with a blend ("frog", "crab") or a digraph ("fish").
 */
import type { Letter } from '../alphabet/letters.ts';

/** A word of the builder and its picture (an emoji, shown with the word's name, hidden from screen readers). */
export interface BuilderWord {
  /** The word, in small letters a–z. */
  readonly word: string;
  /** An emoji that pictures it. */
  readonly picture: string;
}

/** Three-letter words, the first level. */
export const SHORT_WORDS: readonly BuilderWord[] = [
  { word: 'cat', picture: '🐱' },
  { word: 'dog', picture: '🐶' },
  { word: 'sun', picture: '☀️' },
  { word: 'bus', picture: '🚌' },
  { word: 'hat', picture: '🎩' },
  { word: 'pig', picture: '🐷' },
  { word: 'bed', picture: '🛏️' },
  { word: 'fox', picture: '🦊' },
  { word: 'map', picture: '🗺️' },
  { word: 'box', picture: '📦' },
  { word: 'bat', picture: '🦇' },
  { word: 'web', picture: '🕸️' },
  { word: 'pie', picture: '🥧' },
  { word: 'pen', picture: '🖊️' },
  { word: 'hen', picture: '🐔' },
  { word: 'bug', picture: '🐛' },
  { word: 'van', picture: '🚐' },
  { word: 'log', picture: '🪵' },
  { word: 'nut', picture: '🥜' },
  { word: 'gem', picture: '💎' },
  { word: 'rat', picture: '🐀' },
  { word: 'leg', picture: '🦵' },
  { word: 'tub', picture: '🛁' },
  { word: 'bow', picture: '🎀' },
  { word: 'red', picture: '🔴' },
  { word: 'hug', picture: '🤗' },
  { word: 'ant', picture: '🐜' },
  { word: 'owl', picture: '🦉' },
  { word: 'cow', picture: '🐄' },
  { word: 'tie', picture: '👔' },
  { word: 'pin', picture: '📌' },
  { word: 'bag', picture: '👜' },
  { word: 'car', picture: '🚗' },
  { word: 'cup', picture: '☕' },
];

/** Four-letter words, the second level. */
export const LONG_WORDS: readonly BuilderWord[] = [
  { word: 'frog', picture: '🐸' },
  { word: 'fish', picture: '🐟' },
  { word: 'duck', picture: '🦆' },
  { word: 'milk', picture: '🥛' },
  { word: 'drum', picture: '🥁' },
  { word: 'crab', picture: '🦀' },
  { word: 'ship', picture: '🚢' },
  { word: 'star', picture: '⭐' },
  { word: 'hand', picture: '✋' },
  { word: 'sock', picture: '🧦' },
  { word: 'bird', picture: '🐦' },
  { word: 'cake', picture: '🎂' },
  { word: 'corn', picture: '🌽' },
  { word: 'lion', picture: '🦁' },
  { word: 'bear', picture: '🐻' },
  { word: 'goat', picture: '🐐' },
  { word: 'kite', picture: '🪁' },
  { word: 'boat', picture: '⛵' },
  { word: 'coat', picture: '🧥' },
  { word: 'ring', picture: '💍' },
  { word: 'gift', picture: '🎁' },
  { word: 'wolf', picture: '🐺' },
  { word: 'lock', picture: '🔒' },
  { word: 'bike', picture: '🚲' },
  { word: 'sled', picture: '🛷' },
  { word: 'rain', picture: '🌧️' },
  { word: 'lamb', picture: '🐑' },
  { word: 'worm', picture: '🪱' },
];

/** Every word of the builder, short ones first. */
export const BUILDER_WORDS: readonly BuilderWord[] = [...SHORT_WORDS, ...LONG_WORDS];

/** The words as a tuple of strings, for the API's schema (z.enum). */
export const WORD_LIST = BUILDER_WORDS.map((w) => w.word) as [string, ...string[]];

const byWord = new Map(BUILDER_WORDS.map((w) => [w.word, w]));

/** Whether a value is a word of the builder (exactly, in small letters). */
export function isBuilderWord(value: unknown): value is string {
  return typeof value === 'string' && byWord.has(value);
}

/**
 * A word of the builder by its text.
 * @throws RangeError for a word not in the builder's lists
 */
export function builderWord(word: string): BuilderWord {
  const found = byWord.get(word);
  if (!found) throw new RangeError(`Not a word of the word builder: ${word}`);
  return found;
}

/** A word's letters as capital letters, in order ("cat" → C, A, T). */
export function lettersOf(word: string): Letter[] {
  return [...word.toUpperCase()] as Letter[];
}
