import { describe, expect, it } from 'vitest';
import { couldHaveReadAll, estimatedShareRead } from './reading-place.ts';

describe('the estimated place while reading (issue 17, item 2)', () => {
  it('moves with speech time at the grade pace, never past the end', () => {
    // Grade 3 reads 85 words a minute: 30 s of speech is about 42 words of 85.
    expect(estimatedShareRead(30, 85, '3')).toBeCloseTo(0.5, 1);
    expect(estimatedShareRead(0, 85, '3')).toBe(0);
    expect(estimatedShareRead(600, 85, '3')).toBe(1);
    expect(estimatedShareRead(10, 0, '3')).toBe(0);
    // Unknown grade: 85 words a minute (spec §9 default).
    expect(estimatedShareRead(30, 85, null)).toBeCloseTo(0.5, 1);
  });
});

describe('whether the reader could have read the whole story', () => {
  it('needs a quarter of a second of speech per word at the least', () => {
    expect(couldHaveReadAll(15, 60)).toBe(true);
    expect(couldHaveReadAll(14.9, 60)).toBe(false);
    expect(couldHaveReadAll(100, 0)).toBe(false);
  });
});
