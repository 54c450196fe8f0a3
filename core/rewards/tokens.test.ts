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
