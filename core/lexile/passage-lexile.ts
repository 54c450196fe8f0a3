/**
 * The passage Lexile estimate of spec §9 ("Passage Lexile formula"). It is the product's own
 * readability estimate on the Lexile scale, not MetaMetrics' Lexile Analyzer: two capped terms, one
 * for sentence length and one for word difficulty, added and rounded, never below 100L.
 *
 * Choices the spec leaves open (docs/decisions/0006-story-library-and-read-to-me.md):
 * - "Strip non-word characters": everything but letters, digits, whitespace and the sentence ends
 *   . ! ? is removed, so "don't" is the word "dont" and "ice-cream" one word "icecream". Dashes
 *   between words (— – and a spaced -) become spaces first, so "day—then" stays two words.
 * - Sentences end at a run of . ! or ?; text without one is one sentence.
 * - Syllables come from the `syllable` package (Titus Wormer, an English syllable counter with an
 *   exception list), except that words of 3 letters or fewer count 1 (spec §9).
 */
import { syllable } from 'syllable';

/**
 * Fry's first 100 instant words (Edward Fry, "The Reading Teacher's Book of Lists", 1980s–2006
 * editions; the most frequent words of English school text, in Fry's order). Spec §9 excludes
 * "about 100 common words" from complexity; this is that list. None of them has more than two
 * syllables, so today the exclusion is a guard against a syllable counter's over-count rather than a
 * change to any score.
 */
export const COMMON_WORDS: ReadonlySet<string> = new Set([
  'the', 'of', 'and', 'a', 'to', 'in', 'is', 'you', 'that', 'it',
  'he', 'was', 'for', 'on', 'are', 'as', 'with', 'his', 'they', 'i',
  'at', 'be', 'this', 'have', 'from', 'or', 'one', 'had', 'by', 'words',
  'but', 'not', 'what', 'all', 'were', 'we', 'when', 'your', 'can', 'said',
  'there', 'use', 'an', 'each', 'which', 'she', 'do', 'how', 'their', 'if',
  'will', 'up', 'other', 'about', 'out', 'many', 'then', 'them', 'these', 'so',
  'some', 'her', 'would', 'make', 'like', 'him', 'into', 'time', 'has', 'look',
  'two', 'more', 'write', 'go', 'see', 'number', 'no', 'way', 'could', 'people',
  'my', 'than', 'first', 'water', 'been', 'call', 'who', 'oil', 'its', 'now',
  'find', 'long', 'down', 'day', 'did', 'get', 'come', 'made', 'may', 'part',
]); // prettier-ignore

/** Spec §9: the sentence term is average words per sentence × 20, capped at 400. */
export const SENTENCE_FACTOR = 20;
export const SENTENCE_TERM_CAP = 400;
/** Spec §9: the word term is syllables per word × 150 + percent complex words × 8, capped at 800. */
export const SYLLABLE_FACTOR = 150;
export const COMPLEX_PERCENT_FACTOR = 8;
export const WORD_TERM_CAP = 800;
/** Spec §9: no passage measures below 100L. */
export const MINIMUM_LEXILE = 100;

/** The measure of a passage, with the numbers stored in passage_lexile_scores (spec §3). */
export interface PassageLexile {
  /** Lexile units (L), a whole number ≥ 100. */
  calculatedLexile: number;
  /** Words after stripping non-word characters. */
  wordCount: number;
  /** Words per sentence, rounded to 2 decimals. */
  avgSentenceLength: number;
  /** Percent of words that are complex (0–100), rounded to 2 decimals. */
  complexityScore: number;
}

/**
 * Syllables of one cleaned word: 1 for words of 3 letters or fewer (spec §9), otherwise the
 * `syllable` package's count, at least 1.
 */
export function countSyllables(word: string): number {
  if (word.length <= 3) return 1;
  return Math.max(1, syllable(word));
}

/** Spec §9: a complex word is a non-common word with more than 2 syllables. */
export function isComplexWord(word: string): boolean {
  const lower = word.toLowerCase();
  return !COMMON_WORDS.has(lower) && countSyllables(lower) > 2;
}

/** The text with dashes between words turned to spaces and every other non-word character removed. */
export function stripNonWordCharacters(text: string): string {
  return text.replace(/[\u2013\u2014]|\s-+\s|--+/g, ' ').replace(/[^\p{L}\p{N}\s.!?]/gu, '');
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The Lexile estimate of a passage (spec §9):
 * `max(100, round(min(wordsPerSentence × 20, 400) + min(syllablesPerWord × 150 + complexPercent × 8, 800)))`.
 * An empty passage measures 100L with zero counts.
 *
 * @param text the passage as written (punctuation, capitals and line breaks allowed)
 */
export function calculatePassageLexile(text: string): PassageLexile {
  const clean = stripNonWordCharacters(text);
  const words = clean
    .split(/\s+/)
    .map((token) => token.replace(/[.!?]/g, ''))
    .filter((word) => word.length > 0);
  if (words.length === 0) {
    return { calculatedLexile: MINIMUM_LEXILE, wordCount: 0, avgSentenceLength: 0, complexityScore: 0 };
  }
  const sentences = Math.max(1, clean.split(/[.!?]+/).filter((s) => /[\p{L}\p{N}]/u.test(s)).length);
  const syllables = words.reduce((sum, word) => sum + countSyllables(word.toLowerCase()), 0);
  const complex = words.filter(isComplexWord).length;

  const wordsPerSentence = words.length / sentences;
  const syllablesPerWord = syllables / words.length;
  const complexPercent = (complex / words.length) * 100;
  const sentenceTerm = Math.min(wordsPerSentence * SENTENCE_FACTOR, SENTENCE_TERM_CAP);
  const wordTerm = Math.min(
    syllablesPerWord * SYLLABLE_FACTOR + complexPercent * COMPLEX_PERCENT_FACTOR,
    WORD_TERM_CAP,
  );
  return {
    calculatedLexile: Math.max(MINIMUM_LEXILE, Math.round(sentenceTerm + wordTerm)),
    wordCount: words.length,
    avgSentenceLength: round2(wordsPerSentence),
    complexityScore: round2(complexPercent),
  };
}
