/**
 * The words of Sound It Out (/sound-it-out; docs/decisions/0043-sound-it-out.md), each with its phones, one
 * per letter. Only words whose letters each make one regular sound: no digraph (sh, ck), no silent letter, no
 * x (two sounds), no soft c or g, no vowel team. Consonant–vowel–consonant words come first (the first words a
 * child blends; the NRP's "phonemic awareness" blending tasks start with CVC), then words with a blend
 * (frog, crab, milk). The pictures are the word builder's (core/word-builder/words.ts), so a child meets the
 * same cat in both games.
 *
 * The phones are the CMU pronouncing dictionary's (stress removed), checked word by word against the
 * dictionary the recogniser uses (server/speech/lexicon.ts; tests in server/routes/sound-it-out/).
 */
import { builderWord } from '../word-builder/words.ts';
import type { Phone } from './phones.ts';

/** A word to sound out: its letters, its picture, and the sound of each letter in order. */
export interface SoundWord {
  /** The word, in small letters a–z. */
  readonly word: string;
  /** An emoji that pictures it (the word builder's). */
  readonly picture: string;
  /** One phone per letter, in order (`cat` → k ae t). */
  readonly phones: readonly Phone[];
}

function sounded(word: string, phones: readonly Phone[]): SoundWord {
  return { word, picture: builderWord(word).picture, phones };
}

/** Consonant–vowel–consonant words, the first level. */
export const CVC_WORDS: readonly SoundWord[] = [
  sounded('cat', ['k', 'ae', 't']),
  sounded('cup', ['k', 'ah', 'p']),
  sounded('dog', ['d', 'ao', 'g']),
  sounded('sun', ['s', 'ah', 'n']),
  sounded('bus', ['b', 'ah', 's']),
  sounded('bat', ['b', 'ae', 't']),
  sounded('bag', ['b', 'ae', 'g']),
  sounded('bed', ['b', 'eh', 'd']),
  sounded('bug', ['b', 'ah', 'g']),
  sounded('hat', ['hh', 'ae', 't']),
  sounded('hen', ['hh', 'eh', 'n']),
  sounded('hug', ['hh', 'ah', 'g']),
  sounded('pig', ['p', 'ih', 'g']),
  sounded('pen', ['p', 'eh', 'n']),
  sounded('pin', ['p', 'ih', 'n']),
  sounded('map', ['m', 'ae', 'p']),
  sounded('web', ['w', 'eh', 'b']),
  sounded('van', ['v', 'ae', 'n']),
  sounded('log', ['l', 'ao', 'g']),
  sounded('leg', ['l', 'eh', 'g']),
  sounded('nut', ['n', 'ah', 't']),
  sounded('rat', ['r', 'ae', 't']),
  sounded('red', ['r', 'eh', 'd']),
  sounded('tub', ['t', 'ah', 'b']),
];

/** Four-letter words with a blend (two consonants, each still its own sound), the second level. */
export const BLEND_WORDS: readonly SoundWord[] = [
  sounded('frog', ['f', 'r', 'aa', 'g']),
  sounded('crab', ['k', 'r', 'ae', 'b']),
  sounded('drum', ['d', 'r', 'ah', 'm']),
  sounded('sled', ['s', 'l', 'eh', 'd']),
  sounded('milk', ['m', 'ih', 'l', 'k']),
  sounded('hand', ['hh', 'ae', 'n', 'd']),
  sounded('gift', ['g', 'ih', 'f', 't']),
];

/** Every word of the game, CVC words first. */
export const SOUND_WORDS: readonly SoundWord[] = [...CVC_WORDS, ...BLEND_WORDS];

/** The words as a tuple of strings, for the API's schema (z.enum). */
export const SOUND_WORD_LIST = SOUND_WORDS.map((w) => w.word) as [string, ...string[]];

const byWord = new Map(SOUND_WORDS.map((w) => [w.word, w]));

/** Whether a value is a word of the game (exactly, in small letters). */
export function isSoundWord(value: unknown): value is string {
  return typeof value === 'string' && byWord.has(value);
}

/**
 * A word of the game by its text.
 * @throws RangeError for a word not in the game's lists
 */
export function soundWord(word: string): SoundWord {
  const found = byWord.get(word);
  if (!found) throw new RangeError(`Not a word of Sound It Out: ${word}`);
  return found;
}
