import { describe, expect, it } from 'vitest';
import { answerLine, askLine, CHOICES_PER_QUESTION, nextQuestion } from './game.ts';
import { LETTERS, letterLine, soundGroupOf } from './letters.ts';

/** A repeatable uniform source (a linear congruential generator). */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('nextQuestion', () => {
  it('shows three different letters, the one named among them, no two from the same sound-alike group', () => {
    const random = seeded(7);
    for (let i = 0; i < 500; i += 1) {
      const q = nextQuestion([], random);
      expect(q.choices).toHaveLength(CHOICES_PER_QUESTION);
      expect(q.choices).toContain(q.target);
      expect(new Set(q.choices).size).toBe(CHOICES_PER_QUESTION);
      expect(new Set(q.choices.map(soundGroupOf)).size).toBe(CHOICES_PER_QUESTION);
    }
  });

  it('names a letter not found yet while any is left, and never the one just asked', () => {
    const random = seeded(3);
    const found = LETTERS.filter((l) => l !== 'Q' && l !== 'Z');
    for (let i = 0; i < 200; i += 1) {
      const q = nextQuestion(found, random, 'Z');
      expect(q.target).toBe('Q');
    }
    // All found: any letter but the last one asked.
    const targets = new Set<string>();
    for (let i = 0; i < 2000; i += 1) targets.add(nextQuestion(LETTERS, random, 'A').target);
    expect(targets.has('A')).toBe(false);
    expect(targets.size).toBe(25);
  });

  it('puts the named letter in every place over many questions (the answer is not always first)', () => {
    const random = seeded(11);
    const places = new Set<number>();
    for (let i = 0; i < 100; i += 1) {
      const q = nextQuestion([], random);
      places.add(q.choices.indexOf(q.target));
    }
    expect([...places].sort()).toEqual([0, 1, 2]);
  });

  it('ignores values that are not letters in the found list', () => {
    const q = nextQuestion(['a', '<script>', ...LETTERS.filter((l) => l !== 'K')], () => 0.5);
    expect(q.target).toBe('K');
  });
});

describe('what Sparky says', () => {
  it('asks for the letter by name', () => {
    expect(askLine('M')).toBe('Find the letter M.');
  });
  it('praises the right letter with its word, and names a wrong one before asking again', () => {
    expect(answerLine('M', 'M')).toBe('Yes! That is M. M is for moon. Say next for another letter.');
    expect(answerLine('M', 'S')).toBe('That is S. Try again: find the letter M.');
    expect(answerLine('M', 'S', 'voice')).toBe('I heard S. Try again: find the letter M.');
  });
  it('says where X is in its word', () => {
    expect(letterLine('X')).toBe('X is at the end of fox.');
    expect(letterLine('A')).toBe('A is for apple.');
  });
});
