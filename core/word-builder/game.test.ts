import { describe, expect, it } from 'vitest';
import { soundGroupOf, type Letter } from '../alphabet/letters.ts';
import {
  askLine,
  CLUE_AFTER_WRONG,
  EXTRA_TILES,
  giveClue,
  isBuilt,
  LONG_WORDS_AFTER,
  nextLetter,
  nextPuzzle,
  startBuilding,
  tryLetter,
  tryLine,
  wordsForLevel,
  type WordPuzzle,
} from './game.ts';
import { BUILDER_WORDS, builderWord, isBuilderWord, LONG_WORDS, lettersOf, SHORT_WORDS } from './words.ts';

/** A repeatable uniform source (a linear congruential generator). */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const cat: WordPuzzle = { word: builderWord('cat'), tiles: ['T', 'M', 'A', 'R', 'C'] };

describe('the word lists', () => {
  it('are small letters, no letter twice, short words of 3 and long words of 4, each once', () => {
    for (const { word, picture } of BUILDER_WORDS) {
      expect(word).toMatch(/^[a-z]+$/);
      expect(new Set(word).size).toBe(word.length);
      expect(picture.length).toBeGreaterThan(0);
    }
    expect(SHORT_WORDS.every((w) => w.word.length === 3)).toBe(true);
    expect(LONG_WORDS.every((w) => w.word.length === 4)).toBe(true);
    expect(new Set(BUILDER_WORDS.map((w) => w.word)).size).toBe(BUILDER_WORDS.length);
  });

  it('knows its words and refuses others', () => {
    expect(isBuilderWord('frog')).toBe(true);
    expect(isBuilderWord('Frog')).toBe(false);
    expect(isBuilderWord('cats')).toBe(false);
    expect(isBuilderWord(3)).toBe(false);
    expect(() => builderWord('zebra')).toThrow(RangeError);
    expect(lettersOf('frog')).toEqual(['F', 'R', 'O', 'G']);
  });
});

describe('nextPuzzle', () => {
  it("shows the word's letters and two others, which sound like none of the word's letters nor each other", () => {
    const random = seeded(11);
    for (let i = 0; i < 500; i += 1) {
      const { word, tiles } = nextPuzzle({ today: [], total: LONG_WORDS_AFTER }, random);
      const letters = lettersOf(word.word);
      expect(tiles).toHaveLength(letters.length + EXTRA_TILES);
      expect([...tiles].sort()).toEqual(expect.arrayContaining(letters));
      const extras = tiles.filter((t) => !letters.includes(t));
      expect(extras).toHaveLength(EXTRA_TILES);
      const wordGroups = new Set(letters.map(soundGroupOf));
      for (const extra of extras) expect(wordGroups.has(soundGroupOf(extra))).toBe(false);
      expect(new Set(extras.map(soundGroupOf)).size).toBe(EXTRA_TILES);
    }
  });

  it('gives short words until ten are built, then long ones too', () => {
    const random = seeded(5);
    const early = new Set(
      Array.from({ length: 300 }, () => nextPuzzle({ today: [], total: 9 }, random).word.word),
    );
    expect([...early].every((w) => w.length === 3)).toBe(true);
    expect(wordsForLevel(9)).toBe(SHORT_WORDS);
    const later = Array.from({ length: 300 }, () => nextPuzzle({ today: [], total: 10 }, random).word.word);
    expect(later.some((w) => w.length === 4)).toBe(true);
    expect(later.some((w) => w.length === 3)).toBe(true);
  });

  it('gives a word not built today while any is left, and never the one just built', () => {
    const random = seeded(3);
    const today = SHORT_WORDS.map((w) => w.word).filter((w) => w !== 'sun' && w !== 'pig');
    for (let i = 0; i < 200; i += 1) {
      const { word } = nextPuzzle({ today, total: 5 }, random, 'pig');
      expect(word.word).toBe('sun');
    }
    const all = SHORT_WORDS.map((w) => w.word);
    for (let i = 0; i < 200; i += 1) {
      expect(nextPuzzle({ today: all, total: 5 }, random, 'cat').word.word).not.toBe('cat');
    }
  });
});

describe('building a word', () => {
  it('places letters first to last, and is built after the last', () => {
    let b = startBuilding(cat);
    expect(nextLetter(b)).toBe('C');
    const steps: [Letter, string][] = [
      ['C', 'placed'],
      ['A', 'placed'],
      ['T', 'built'],
    ];
    for (const [letter, outcome] of steps) {
      const result = tryLetter(b, letter);
      expect(result.outcome).toBe(outcome);
      b = result.building;
    }
    expect(isBuilt(b)).toBe(true);
    expect(nextLetter(b)).toBeNull();
    expect(() => tryLetter(b, 'C')).toThrow(RangeError);
  });

  it('tells a later letter from one not in the word, and gives the clue after two different wrong letters', () => {
    let b = startBuilding(cat);
    let result = tryLetter(b, 'T');
    expect(result.outcome).toBe('later');
    expect(result.building.placed).toBe(0);
    expect(result.building.clue).toBe(false);
    b = result.building;
    result = tryLetter(b, 'T'); // the same wrong letter again is one wrong letter
    expect(result.building.wrong).toEqual(['T']);
    expect(result.building.clue).toBe(false);
    result = tryLetter(result.building, 'M');
    expect(result.outcome).toBe('not-in-word');
    expect(result.building.wrong).toHaveLength(CLUE_AFTER_WRONG);
    expect(result.building.clue).toBe(true);
    const placed = tryLetter(result.building, 'C').building;
    expect(placed).toMatchObject({ placed: 1, wrong: [], clue: false });
    expect(giveClue(placed).clue).toBe(true);
  });
});

describe("Sparky's lines", () => {
  it('asks for the first, the next and the last letter', () => {
    const b0 = startBuilding(cat);
    expect(askLine(b0)).toBe("Let's build cat. What letter does cat start with?");
    const b1 = tryLetter(b0, 'C').building;
    expect(tryLine(b0, 'C', 'placed', b1)).toBe('Yes, C! What letter comes next in cat?');
    const b2 = tryLetter(b1, 'A').building;
    expect(tryLine(b1, 'A', 'placed', b2)).toBe('Yes, A! What letter does cat end with?');
    const b3 = tryLetter(b2, 'T').building;
    expect(tryLine(b2, 'T', 'built', b3)).toBe(
      'Yes, T! You built cat! C, A, T. cat! Say next, or press Next word.',
    );
  });

  it('names a wrong letter as pressed or as heard, says why, and adds the clue once given', () => {
    const b0 = startBuilding(cat);
    const b1 = tryLetter(b0, 'T').building;
    expect(tryLine(b0, 'T', 'later', b1)).toBe(
      'That is T. T is in cat, but not yet. What letter does cat start with?',
    );
    const b2 = tryLetter(b1, 'M').building;
    expect(tryLine(b1, 'M', 'not-in-word', b2, 'voice')).toBe(
      'I heard M. Cat has no M. What letter does cat start with? Here is a clue: it is C. Find C.',
    );
  });
});
