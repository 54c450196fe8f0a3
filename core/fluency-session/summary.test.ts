import { describe, expect, it } from 'vitest';
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { readingSummary } from './summary.ts';

type Word = FluencyResult['words'][number];

/** A result over `texts` where each word has the given status (default correct). */
function scored(texts: string[], marks: Record<number, Partial<Word>> = {}): FluencyResult {
  const words: Word[] = texts.map((text, index) => ({
    index,
    text,
    status: 'correct',
    heard: text,
    start: index,
    end: index + 0.5,
    hesitation: false,
    unsure: false,
    ...marks[index],
  }));
  const reachedUpTo = words.findLastIndex((w) => w.status !== 'not_reached');
  const attempted = reachedUpTo + 1;
  const errors = words.filter((w) => w.status === 'substitution' || w.status === 'omission').length;
  const correct = attempted - errors;
  return {
    engine: 'test',
    durationSeconds: 30,
    readingSeconds: 20,
    wordsTotal: words.length,
    wordsAttempted: attempted,
    wordsCorrect: correct,
    errors,
    wcpm: 60,
    accuracy: attempted === 0 ? 0 : (correct / attempted) * 100,
    fluencyScore: 50,
    words,
    insertions: [],
    repetitions: [],
  };
}

const STORY = 'The brown dog ran to the big park today.'.split(' ');

describe("the child's summary of a reading (issue 17)", () => {
  it('a whole, careful, smooth reading earns three stars', () => {
    const s = readingSummary(scored(STORY));
    expect(s.starCount).toBe(3);
    expect(s.headline).toBe('You earned 3 stars!');
    expect(s.howMuch).toBe('You read the whole story: all 9 words.');
    expect(s.wordsToPractise).toEqual([]);
    expect(s.spoken).toBe(
      'You earned 3 stars! You read the whole story: all 9 words. No words to practise this time.',
    );
  });

  it('lists the words to practise once each, without punctuation, in story order', () => {
    const s = readingSummary(
      scored(STORY, {
        1: { status: 'omission', heard: null },
        6: { status: 'substitution', heard: 'dig' },
        8: { status: 'substitution', heard: 'toad' },
      }),
    );
    expect(s.wordsToPractise).toEqual(['brown', 'big', 'today']);
    expect(s.stars.find((x) => x.id === 'carefully')?.earned).toBe(false);
    expect(s.spoken).toContain('Words to practise: brown, big and today.');
  });

  it('a long pause costs the smooth star, not the others', () => {
    const s = readingSummary(scored(STORY, { 4: { hesitation: true } }));
    expect(s.stars.map((x) => [x.id, x.earned])).toEqual([
      ['toTheEnd', true],
      ['carefully', true],
      ['smoothly', false],
    ]);
    expect(s.headline).toBe('You earned 2 stars!');
  });

  it('a partial reading says how much was read and earns no careful or smooth star (the audit’s 19 of 62)', () => {
    const texts = Array.from({ length: 62 }, (_, i) => `word${i}`);
    const marks = Object.fromEntries(
      texts.map((_, i) => [i, i >= 19 ? { status: 'not_reached' as const, heard: null } : {}]),
    );
    const s = readingSummary(scored(texts, marks));
    expect(s.mostlyRead).toBe(false);
    expect(s.starCount).toBe(0);
    expect(s.howMuch).toBe('You read 19 of the 62 words: part of the story.');
    expect(s.headline).toBe('Good try! Keep practising to earn stars.');
    expect(s.stars.find((x) => x.id === 'carefully')?.text).toBe(
      'Read more of the story to earn the careful reading star.',
    );
  });

  it('most of the story, not all of it', () => {
    const s = readingSummary(scored(STORY, { 8: { status: 'not_reached', heard: null } }));
    expect(s.howMuch).toBe('You read 8 of the 9 words: most of the story.');
    expect(s.stars.map((x) => x.earned)).toEqual([false, true, true]);
    expect(s.headline).toBe('You earned 2 stars!');
  });
});
