/**
 * How a passage word is shown in the grown-ups' word lists (shown-word.ts; ADR 0050's amendment "Words keep a
 * name's capital"): a name keeps its capital, a word capitalised only where a sentence starts is lower-cased.
 */
import { describe, expect, it } from 'vitest';
import { capitalisedWords, shownWord } from './shown-word.ts';

/** How `word` (as printed) is shown for a reading of `passage`. */
const shownIn = (passage: string, word: string) =>
  shownWord(word, capitalisedWords(passage).has(word.toLowerCase().replace(/[^a-z']/g, '')));

describe('capitalisedWords', () => {
  it('keeps the capital of a name printed mid-sentence', () => {
    const passage = 'The dog ran to Sam. Sam was glad.';
    expect(capitalisedWords(passage)).toEqual(new Set(['sam']));
    expect(shownIn(passage, 'Sam.')).toBe('Sam');
    // The same name where it starts a sentence: the passage has shown it is a name.
    expect(shownIn(passage, 'Sam')).toBe('Sam');
  });

  it('lower-cases a word capitalised only where a sentence starts', () => {
    const passage = 'The red hen found a seed. The hen ate it! Then she slept? Yes.';
    expect(capitalisedWords(passage)).toEqual(new Set());
    expect(shownIn(passage, 'The')).toBe('the');
    expect(shownIn(passage, 'Then')).toBe('then');
  });

  it('lower-cases a word found only at a sentence start and nowhere else', () => {
    const passage = 'Suddenly the kite flew away. It was gone.';
    expect(shownIn(passage, 'Suddenly')).toBe('suddenly');
    expect(shownIn(passage, 'It')).toBe('it');
  });

  it('keeps "I" and its contractions capitalised, also where they start a sentence', () => {
    expect(shownIn('I like my cat.', 'I')).toBe('I');
    expect(shownIn('My cat and I ran.', 'I')).toBe('I');
    expect(capitalisedWords('I’m here. I’ll stay, and I’ve won.')).toEqual(new Set(["i'm", "i'll", "i've"]));
    expect(shownWord('I’m', true)).toBe('I’m');
  });

  it('takes a line break, an ellipsis and an opening quotation mark as a sentence start', () => {
    expect(capitalisedWords('The Kite\nWind took it')).toEqual(new Set(['kite']));
    expect(capitalisedWords('He waited… Nothing came.')).toEqual(new Set());
    expect(capitalisedWords('Mum said, “Look at the sky!”')).toEqual(new Set());
    expect(capitalisedWords('Mum said, "Look at Max."')).toEqual(new Set(['max']));
  });

  it('does not take an abbreviation’s dot as a sentence’s end', () => {
    // "Mr." is a title, capitalised mid-sentence: it keeps its capital too.
    expect(capitalisedWords('They met Mr. Brown at the shop.')).toEqual(new Set(['mr', 'brown']));
    expect(shownIn('They met Mr. Brown at the shop.', 'Brown')).toBe('Brown');
  });

  it('gives nothing for an empty passage or one without letters', () => {
    expect(capitalisedWords('')).toEqual(new Set());
    expect(capitalisedWords('— 42 —')).toEqual(new Set());
  });
});

describe('shownWord', () => {
  it('shows a word as printed without the punctuation around it, lower-cased unless told', () => {
    expect(shownWord('“Dog,”')).toBe('dog');
    expect(shownWord('Re-enter,')).toBe('re-enter');
    expect(shownWord('café.')).toBe('café');
    expect(shownWord('Sam’s')).toBe('sam’s');
    expect(shownWord('Sam’s', true)).toBe('Sam’s');
    expect(shownWord('“Sam,”', true)).toBe('Sam');
    expect(shownWord('—')).toBe('');
  });
});
