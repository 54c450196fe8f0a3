/**
 * How a passage word is shown to a grown-up in a list of words (Class Analytics' "words to teach", Student Reports'
 * "words to practise": docs/decisions/0050-class-analytics-and-reports.md, amendment "Words keep a name's capital"):
 * as printed, without the punctuation around it, lower-cased unless the passage shows the capital belongs to the
 * word. A capital only at the start of a sentence (or a line) says nothing about the word ("The" → "the"); a capital
 * where the word is not the first of a sentence does (a name: "Sam", "Mr. Brown"), and so does the pronoun "I"
 * (with its contractions: I'm, I'll, I've, I'd), which is a capital wherever it stands.
 *
 * Pure: no I/O, shared by the server (which builds the lists) and tests.
 */
import { normaliseToken, tokenisePassage } from './normalize.ts';

/** The pronoun "I" and its contractions, as `normaliseToken` keys them: capitalised wherever they stand. */
const PRONOUN_I: ReadonlySet<string> = new Set(['i', "i'm", "i'll", "i've", "i'd"]);

/** Punctuation that ends a sentence, after which the next word starts one. */
const SENTENCE_END = /[.!?\u203d\u2026]/u;

/** An opening quotation mark at the end of the text before a word: a quotation starts with a capital. */
const OPENING_QUOTE = /["'\u201c\u2018\u00ab\u201e]\s*$/u;

/** Whether `text` starts with a capital letter (any script's upper-case or title-case letter). */
function startsWithCapital(text: string): boolean {
  return /^[\p{Lu}\p{Lt}]/u.test(text);
}

/**
 * The words a passage prints with a capital that belongs to the word: by their scorer's key (`normaliseToken`:
 * lower case, punctuation off), each word printed capitalised at least once where it does not start a sentence,
 * plus the pronoun "I" (and I'm, I'll, I've, I'd) wherever the passage prints it capitalised.
 *
 * A word starts a sentence when it is the passage's first, or the text between it and the word before holds a
 * sentence's end (. ! ? ‽ …) or a line break (a title, a new paragraph or a poem's line), or ends with an opening
 * quotation mark (said words start with a capital: `He said, "Look!"`). An abbreviation's own dot
 * ("Mr. Sam", kept with the word by `tokenisePassage`) ends no sentence, so "Sam" after it keeps its capital.
 * @param passage the passage as printed (a story's body)
 * @returns the keys of the words to show with their capital; every other word is shown lower-cased
 */
export function capitalisedWords(passage: string): Set<string> {
  const keep = new Set<string>();
  const words = tokenisePassage(passage);
  words.forEach((word, i) => {
    if (!startsWithCapital(word.text)) return;
    const key = normaliseToken(word.text);
    if (!key) return;
    if (PRONOUN_I.has(key)) {
      keep.add(key);
      return;
    }
    const before = i === 0 ? null : passage.slice(words[i - 1]!.charEnd, word.charStart);
    const startsSentence =
      before === null || SENTENCE_END.test(before) || /[\r\n]/.test(before) || OPENING_QUOTE.test(before);
    if (!startsSentence) keep.add(key);
  });
  return keep;
}

/**
 * A passage word as a teacher or a family reads it in a list: as printed, without the punctuation around it
 * ("Re-enter," → "re-enter", "café" stays "café", where the scorer's key would show "reenter" and "cafe"),
 * lower-cased unless `keepCapital` (see {@link capitalisedWords}): "Sam’s" stays "Sam’s" for a name, "The" → "the".
 * @param printed the word as the scorer's result has it (`ScoredWord.text`)
 * @param keepCapital whether the passage shows the word's capital belongs to it (its key is in
 *   {@link capitalisedWords} of the passage)
 * @returns the word to show; '' when nothing word-like is left ("—")
 */
export function shownWord(printed: string, keepCapital = false): string {
  const bare = printed.normalize('NFC').replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  return keepCapital ? bare : bare.toLowerCase();
}
