import { describe, expect, it } from 'vitest';
import { isMostlyRead, isReadToTheEnd } from './reading-share.ts';

describe('how much was read (issue 17)', () => {
  it('a reading that reached half the passage or more is mostly read', () => {
    expect(isMostlyRead({ wordsAttempted: 31, wordsTotal: 62 })).toBe(true);
    expect(isMostlyRead({ wordsAttempted: 30, wordsTotal: 62 })).toBe(false);
    expect(isMostlyRead({ wordsAttempted: 19, wordsTotal: 62 })).toBe(false);
    expect(isMostlyRead({ wordsAttempted: 0, wordsTotal: 0 })).toBe(false);
  });
  it('to the end means no word was left unreached', () => {
    expect(isReadToTheEnd({ wordsAttempted: 62, wordsTotal: 62 })).toBe(true);
    expect(isReadToTheEnd({ wordsAttempted: 61, wordsTotal: 62 })).toBe(false);
    expect(isReadToTheEnd({ wordsAttempted: 0, wordsTotal: 0 })).toBe(false);
  });
});
