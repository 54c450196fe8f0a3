import { describe, expect, it } from 'vitest';
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { assessmentResultLines } from './results.ts';

const result = (wordsCorrect: number, wordsAttempted: number, wordsTotal: number) =>
  ({ wordsCorrect, wordsAttempted, wordsTotal }) as FluencyResult;

describe('assessmentResultLines', () => {
  it('says "in one minute" only when the minute ended the reading', () => {
    expect(assessmentResultLines(result(48, 52, 111), 60)[0]).toBe('You read 48 words right in one minute.');
    expect(assessmentResultLines(result(48, 52, 111), 55)[0]).toBe('You read 48 words right in one minute.');
    // Stopped by the reader after 20 s: no minute to speak of.
    expect(assessmentResultLines(result(23, 25, 111), 20)[0]).toBe('You read 23 words right.');
    expect(assessmentResultLines(result(1, 2, 111), null)[0]).toBe('You read 1 word right.');
  });

  it('says the whole story was read when every word was reached, and never a percentile', () => {
    const lines = assessmentResultLines(result(100, 111, 111), 50);
    expect(lines[0]).toBe('You read the whole story, and 100 words right.');
    expect(lines.join(' ')).not.toMatch(/percentile|part of the story/);
    expect(lines.at(-1)).toMatch(/Sparky knows which stories are just right for you/);
  });
});
