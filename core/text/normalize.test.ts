import { describe, expect, it } from 'vitest';
import {
  normaliseHeard,
  normaliseToken,
  passageVocabulary,
  spokenForms,
  tokenisePassage,
} from '#core/text/normalize.ts';
import { isAttemptAt } from '#core/text/similarity.ts';

const texts = (s: string): string[] => tokenisePassage(s).map((w) => w.text);
const canonical = (s: string): string[] => tokenisePassage(s).map((w) => (w.spoken[0] ?? []).join(' '));

describe('tokenisePassage', () => {
  it('ignores punctuation and quotes and keeps the printed text and offsets', () => {
    const text = '“Run!” said Sam, “run — now…”';
    const words = tokenisePassage(text);
    expect(words.map((w) => w.text)).toEqual(['Run', 'said', 'Sam', 'run', 'now']);
    expect(words.map((w) => w.index)).toEqual([0, 1, 2, 3, 4]);
    for (const w of words) expect(text.slice(w.charStart, w.charEnd)).toBe(w.text);
    expect(canonical(text)).toEqual(['run', 'said', 'sam', 'run', 'now']);
  });

  it('reads numerals as words: cardinals, ordinals, years', () => {
    expect(canonical('42 1st 22nd 1999 2024 1905 1,200 3.5')).toEqual([
      'forty two',
      'first',
      'twenty second',
      'nineteen ninety nine',
      'twenty twenty four',
      'nineteen oh five',
      'one thousand two hundred',
      'three point five',
    ]);
    expect(spokenForms('1999').map((f) => f.join(' '))).toContain('one thousand nine hundred ninety nine');
    expect(spokenForms('105').map((f) => f.join(' '))).toEqual(['one hundred five', 'one hundred and five']);
    expect(spokenForms('2005').map((f) => f.join(' '))).toContain('two thousand and five');
  });

  it('reads a word that names an Object.prototype member ("constructor", "toString") as a word', () => {
    const words = tokenisePassage('The constructor saw a toString and __proto__ hasOwnProperty.');
    expect(words.map((w) => w.spoken)).toEqual([
      [['the']],
      [['constructor']],
      [['saw']],
      [['a']],
      [['tostring']],
      [['and']],
      [['proto']],
      [['hasownproperty']],
    ]);
  });

  it('expands abbreviations with every accepted reading', () => {
    const words = tokenisePassage('Mr. Fox met Mrs. Hen and Dr. Owl on Elm St.');
    expect(words.map((w) => w.text)).toEqual([
      'Mr.',
      'Fox',
      'met',
      'Mrs.',
      'Hen',
      'and',
      'Dr.',
      'Owl',
      'on',
      'Elm',
      'St.',
    ]);
    expect(words[0]?.spoken).toEqual([['mister']]);
    expect(words[6]?.spoken).toEqual([['doctor'], ['drive']]);
    expect(words[10]?.spoken).toEqual([['saint'], ['street']]);
  });

  it('splits hyphenated words whose parts stand alone (DIBELS 8) and keeps the others whole', () => {
    expect(texts('my mother-in-law has an x-ray to re-enter')).toEqual([
      'my',
      'mother',
      'in',
      'law',
      'has',
      'an',
      'x-ray',
      'to',
      're-enter',
    ]);
    expect(tokenisePassage('x-ray')[0]?.spoken).toEqual([['x', 'ray'], ['xray']]);
  });

  it('keeps contractions and possessives, folding curly apostrophes', () => {
    expect(canonical("Don’t touch the dog’s bone or the dogs’ beds; it's mine.")).toEqual([
      "don't",
      'touch',
      'the',
      "dog's",
      'bone',
      'or',
      'the',
      'dogs',
      'beds',
      "it's",
      'mine',
    ]);
  });

  it('drops punctuation-only tokens and handles empty text', () => {
    expect(tokenisePassage('  -- ! ... ')).toEqual([]);
    expect(tokenisePassage('')).toEqual([]);
  });

  it('lists the vocabulary of every spoken form', () => {
    expect(passageVocabulary(tokenisePassage('Dr. Li, 2'))).toEqual(['doctor', 'drive', 'li', 'two']);
  });
});

describe('normaliseToken / normaliseHeard', () => {
  it('lower-cases and strips punctuation', () => {
    expect(normaliseToken('“Hello,”')).toBe('hello');
    expect(normaliseToken('Café')).toBe('cafe');
    expect(normaliseToken('?!')).toBe('');
  });

  it('splits a heard numeral into word tokens sharing its time span', () => {
    expect(
      normaliseHeard([
        { word: '42', start: 1, end: 2 },
        { word: 'Cats.', start: 2, end: 2.5 },
      ]),
    ).toEqual([
      { word: 'forty', start: 1, end: 1.5, source: 0 },
      { word: 'two', start: 1.5, end: 2, source: 0 },
      { word: 'cats', start: 2, end: 2.5, source: 1 },
    ]);
  });
});

describe('isAttemptAt', () => {
  it('recognises misreadings and partial attempts, not unrelated words', () => {
    expect(isAttemptAt('bark', 'barn')).toBe(true);
    expect(isAttemptAt('horse', 'house')).toBe(true);
    expect(isAttemptAt('ba', 'barn')).toBe(true);
    expect(isAttemptAt('went', 'want')).toBe(true);
    expect(isAttemptAt('very', 'barn')).toBe(false);
    expect(isAttemptAt('the', 'a')).toBe(false);
    expect(isAttemptAt('barn', 'barn')).toBe(false);
  });
});
