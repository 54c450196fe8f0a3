/**
 * The 26 letters of the alphabet screen (/alphabet, spec §2.2 "Alphabet Learning"; design in
 * docs/decisions/0037-alphabet-learning.md): each letter's example word and picture, the words a child may
 * say for it, and the groups of letter names that sound alike. Shared by the server (which letters
 * exist) and the browser (what is shown and said).
 */

/** The alphabet, capital letters A–Z. */
export const LETTERS = [
  'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M',
  'N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z',
] as const; // prettier-ignore
/** A capital letter A–Z. */
export type Letter = (typeof LETTERS)[number];

/** How many letters the alphabet has: finding every one completes the alphabet (spec §4.5 alphabet_completed). */
export const ALPHABET_SIZE = LETTERS.length;

/** Whether a text is one capital letter A–Z. */
export function isLetter(value: unknown): value is Letter {
  return typeof value === 'string' && /^[A-Z]$/.test(value);
}

/** A letter's example: the word, and an emoji that pictures it (shown with the word, hidden from screen readers). */
export interface LetterExample {
  word: string;
  picture: string;
  /** How the letter is in the word, for the one letter not at the start (X: "fox ends with X"). */
  position: 'start' | 'end';
}

/**
 * Example words, picked so that a five-year-old knows the thing and the letter's usual sound starts the
 * word (short vowels where a picture exists; X, which starts few words a child knows, ends "fox").
 */
export const LETTER_EXAMPLES: Record<Letter, LetterExample> = {
  A: { word: 'apple', picture: '🍎', position: 'start' },
  B: { word: 'ball', picture: '⚽', position: 'start' },
  C: { word: 'cat', picture: '🐱', position: 'start' },
  D: { word: 'dog', picture: '🐶', position: 'start' },
  E: { word: 'egg', picture: '🥚', position: 'start' },
  F: { word: 'fish', picture: '🐟', position: 'start' },
  G: { word: 'goat', picture: '🐐', position: 'start' },
  H: { word: 'hat', picture: '🎩', position: 'start' },
  I: { word: 'insect', picture: '🐞', position: 'start' },
  J: { word: 'juice', picture: '🧃', position: 'start' },
  K: { word: 'kite', picture: '🪁', position: 'start' },
  L: { word: 'lion', picture: '🦁', position: 'start' },
  M: { word: 'moon', picture: '🌙', position: 'start' },
  N: { word: 'nose', picture: '👃', position: 'start' },
  O: { word: 'octopus', picture: '🐙', position: 'start' },
  P: { word: 'pig', picture: '🐷', position: 'start' },
  Q: { word: 'queen', picture: '👸', position: 'start' },
  R: { word: 'rabbit', picture: '🐰', position: 'start' },
  S: { word: 'sun', picture: '☀️', position: 'start' },
  T: { word: 'tree', picture: '🌳', position: 'start' },
  U: { word: 'umbrella', picture: '☂️', position: 'start' },
  V: { word: 'van', picture: '🚐', position: 'start' },
  W: { word: 'whale', picture: '🐳', position: 'start' },
  X: { word: 'fox', picture: '🦊', position: 'end' },
  Y: { word: 'yo-yo', picture: '🪀', position: 'start' },
  Z: { word: 'zebra', picture: '🦓', position: 'start' },
};

/** What Sparky says about a letter: "B is for ball." ("X is at the end of fox."). */
export function letterLine(letter: Letter): string {
  const { word, position } = LETTER_EXAMPLES[letter];
  return position === 'end' ? `${letter} is at the end of ${word}.` : `${letter} is for ${word}.`;
}

/**
 * Letter names that sound alike (the "ee" rhymes B C D E G P T V Z, and so on). A question's choices
 * come from different groups, so that a child who says the name is heard as the one meant, and so
 * that the choices differ by more than one sound for the child too. A is with I and Y: the word the
 * recogniser listens for A ("ay", {@link spokenLetter}) also has the "eye" pronunciation in cmudict.
 */
export const SOUND_ALIKE_GROUPS: readonly (readonly Letter[])[] = [
  ['B', 'C', 'D', 'E', 'G', 'P', 'T', 'V', 'Z'],
  ['A', 'H', 'J', 'K', 'I', 'Y'],
  ['F', 'L', 'M', 'N', 'S', 'X'],
  ['O'],
  ['Q', 'U', 'W'],
  ['R'],
];

/**
 * How a letter's name is written for the command recogniser: the letter itself ("m": cmudict has each
 * letter's name), but "ay" for A, because cmudict's "a" is first the article (AH), a short vowel that
 * matched other letters' names ("o" was heard as "a"; measured with flite voices, ADR 0037).
 */
export function spokenLetter(letter: Letter): string {
  return letter === 'A' ? 'ay' : letter.toLowerCase();
}

/** The index of a letter's group in {@link SOUND_ALIKE_GROUPS}. */
export function soundGroupOf(letter: Letter): number {
  return SOUND_ALIKE_GROUPS.findIndex((group) => group.includes(letter));
}
