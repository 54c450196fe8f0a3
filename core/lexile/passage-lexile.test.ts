import { describe, expect, it } from 'vitest';
import {
  calculatePassageLexile,
  COMMON_WORDS,
  countSyllables,
  isComplexWord,
  stripNonWordCharacters,
} from './passage-lexile.ts';

// Every expected value below is worked by hand from spec §9:
//   sentence term = min(words per sentence × 20, 400)
//   word term     = min(syllables per word × 150 + percent complex × 8, 800)
//   Lexile        = max(100, round(sentence term + word term))
describe('calculatePassageLexile (spec §9)', () => {
  it('measures a decodable text of short words', () => {
    // Words: The cat sat The dog ran = 6; sentences 2 → 3 words per sentence → 3 × 20 = 60.
    // All words ≤ 3 letters → 1 syllable each → 6 / 6 = 1.0 × 150 = 150. No complex words.
    // 60 + 150 = 210.
    expect(calculatePassageLexile('The cat sat. The dog ran.')).toEqual({
      calculatedLexile: 210,
      wordCount: 6,
      avgSentenceLength: 3,
      complexityScore: 0,
    });
  });

  it('counts syllables and complex words', () => {
    // A(1) beautiful(3) butterfly(3) landed(2) on(1) my(1) window(2): 7 words, 13 syllables, 1 sentence.
    // Sentence term: 7 × 20 = 140.
    // Complex (> 2 syllables, not common): beautiful, butterfly → 2 / 7 = 28.5714…%.
    // Word term: 13 / 7 × 150 = 278.5714… plus 28.5714… × 8 = 228.5714… → 507.1428…
    // 140 + 507.1428… = 647.1428… → 647.
    expect(calculatePassageLexile('A beautiful butterfly landed on my window.')).toEqual({
      calculatedLexile: 647,
      wordCount: 7,
      avgSentenceLength: 7,
      complexityScore: 28.57,
    });
  });

  it('caps the sentence term at 400', () => {
    // 21 one-syllable words and no sentence end → one sentence of 21 words → 420, capped to 400.
    // Word term: 1.0 × 150 = 150. 400 + 150 = 550.
    const text = 'the dog and the cat ran up the big red hill to see the sun go down in the warm sky';
    const result = calculatePassageLexile(text);
    expect(result.wordCount).toBe(21);
    expect(result.avgSentenceLength).toBe(21);
    expect(result.calculatedLexile).toBe(550);
  });

  it('caps the word term at 800', () => {
    // extraordinary(6) imagination(5): 11 / 2 = 5.5 × 150 = 825, plus 100% complex × 8 = 800 → 1625,
    // capped to 800. Sentence term: 2 × 20 = 40. 40 + 800 = 840.
    expect(calculatePassageLexile('Extraordinary imagination.')).toMatchObject({
      calculatedLexile: 840,
      complexityScore: 100,
    });
  });

  it('strips non-word characters but keeps words apart at dashes', () => {
    // "Don't stop—keep singing!" → "Dont stop keep singing!": Dont(1, one vowel group)
    // stop(1) keep(1) singing(2) = 5 syllables over 4 words = 1.25 × 150 = 187.5; 4 × 20 = 80.
    // 80 + 187.5 = 267.5 → Math.round → 268.
    expect(stripNonWordCharacters("Don't stop—keep singing!")).toBe('Dont stop keep singing!');
    expect(calculatePassageLexile("Don't stop—keep singing!")).toMatchObject({
      calculatedLexile: 268,
      wordCount: 4,
    });
  });

  it('splits sentences at every run of . ! ?, quotes included', () => {
    // '"Hello!" said Sam. "Hi!"' → 'Hello! said Sam. Hi!' → sentences "Hello", "said Sam", "Hi" = 3.
    // Words: Hello(2) said(1) Sam(1) Hi(1) = 4 words, 5 syllables.
    // 4 / 3 × 20 = 26.666…; 5 / 4 × 150 = 187.5 → 214.1666… → 214.
    const result = calculatePassageLexile('"Hello!" said Sam. "Hi!"');
    expect(result).toEqual({
      calculatedLexile: 214,
      wordCount: 4,
      avgSentenceLength: 1.33,
      complexityScore: 0,
    });
  });

  it('gives the 100L minimum to an empty passage', () => {
    expect(calculatePassageLexile('  … — !!  ')).toEqual({
      calculatedLexile: 100,
      wordCount: 0,
      avgSentenceLength: 0,
      complexityScore: 0,
    });
  });

  it('orders harder text above easier text', () => {
    const easy = calculatePassageLexile('Sam has a red hat. The hat is big. Sam is glad.');
    const hard = calculatePassageLexile(
      'The astronomers carefully measured the temperature of the distant planet, comparing every observation with the predictions of their complicated computer simulations.',
    );
    expect(hard.calculatedLexile).toBeGreaterThan(easy.calculatedLexile + 300);
  });
});

describe('word rules', () => {
  it('counts words of 3 letters or fewer as 1 syllable', () => {
    expect(countSyllables('idea')).toBe(3);
    expect(countSyllables('ago')).toBe(1);
    expect(countSyllables('zoo')).toBe(1);
  });

  it('holds Fry’s first 100 instant words, none of them complex', () => {
    expect(COMMON_WORDS.size).toBe(100);
    for (const word of COMMON_WORDS) expect(isComplexWord(word)).toBe(false);
  });

  it('calls a non-common word of more than 2 syllables complex', () => {
    expect(isComplexWord('elephant')).toBe(true);
    expect(isComplexWord('Banana')).toBe(true);
    expect(isComplexWord('rabbit')).toBe(false);
  });
});
