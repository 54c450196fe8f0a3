import { describe, expect, it } from 'vitest';
import { sessionTokens } from './tokens.ts';

describe('sessionTokens', () => {
  it('pays 5 for reading at least half the passage, 10 when accuracy is at least 90 %', () => {
    expect(sessionTokens({ wordsAttempted: 50, wordsTotal: 100, accuracy: 80 })).toBe(5);
    expect(sessionTokens({ wordsAttempted: 100, wordsTotal: 100, accuracy: 90 })).toBe(10);
  });
  it('pays nothing for less than half, or an empty passage', () => {
    expect(sessionTokens({ wordsAttempted: 49, wordsTotal: 100, accuracy: 100 })).toBe(0);
    expect(sessionTokens({ wordsAttempted: 0, wordsTotal: 0, accuracy: 0 })).toBe(0);
  });
});

describe('sessionTokens of a Reading Assessment', () => {
  const minute = { wordsAttempted: 40, wordsTotal: 113, accuracy: 95, wordsCorrect: 38, durationSeconds: 60 };
  it('pays a full minute of reading as a whole reading, even short of half the story', () => {
    expect(sessionTokens(minute, 'assessment')).toBe(10);
    expect(sessionTokens({ ...minute, accuracy: 80 }, 'assessment')).toBe(5);
    expect(sessionTokens({ ...minute, durationSeconds: 55 }, 'assessment')).toBe(10);
  });
  it('pays nothing for a short stop, a minute of few words, or the same figures in practice', () => {
    expect(sessionTokens({ ...minute, durationSeconds: 30 }, 'assessment')).toBe(0);
    expect(sessionTokens({ ...minute, wordsCorrect: 9 }, 'assessment')).toBe(0);
    expect(sessionTokens(minute)).toBe(0);
    expect(sessionTokens(minute, 'practice')).toBe(0);
  });
});
