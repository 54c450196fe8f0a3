import { describe, expect, it } from 'vitest';
import { assessmentResultLines, setsTheLevel } from './results.ts';

const result = (
  wordsCorrect: number,
  wordsAttempted: number,
  wordsTotal: number,
  durationSeconds: number,
) => ({
  wordsCorrect,
  wordsAttempted,
  wordsTotal,
  durationSeconds,
});

describe('assessmentResultLines', () => {
  it('says "in one minute" only when the minute ended the reading', () => {
    expect(assessmentResultLines(result(48, 52, 111, 60))[0]).toBe('You read 48 words right in one minute.');
    expect(assessmentResultLines(result(48, 52, 111, 55))[0]).toBe('You read 48 words right in one minute.');
    // Stopped by the reader after 20 s: no minute to speak of.
    expect(assessmentResultLines(result(23, 25, 111, 20))[0]).toBe('You read 23 words right.');
    expect(assessmentResultLines(result(1, 2, 111, 0))[0]).toBe('You read 1 word right.');
  });

  it('says the whole story was read when every word was reached, and never a percentile', () => {
    const lines = assessmentResultLines(result(100, 111, 111, 50));
    expect(lines[0]).toBe('You read the whole story, and 100 words right.');
    expect(lines.join(' ')).not.toMatch(/percentile|part of the story/);
    expect(lines.at(-1)).toMatch(/Sparky knows which stories are just right for you/);
  });
});

describe('setsTheLevel', () => {
  it('only for a reading that reached the end or lasted 30 s; the lines say so', () => {
    expect(setsTheLevel(result(10, 12, 111, 30))).toBe(true);
    expect(setsTheLevel(result(100, 111, 111, 20))).toBe(true);
    expect(setsTheLevel(result(10, 12, 111, 29))).toBe(false);
    expect(assessmentResultLines(result(10, 12, 111, 12)).at(-1)).toBe(
      'That was a short reading, so Sparky did not set your level. Next time, read until Sparky stops listening.',
    );
  });
});
