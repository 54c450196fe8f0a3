import { describe, expect, it } from 'vitest';
import { tokenisePassage, type HeardWord } from '#core/text/normalize.ts';
import { lostPathTail, looksLost } from './lost-path.ts';

const passage = tokenisePassage('a garden teaches you to be patient and it teaches you to like carrots');
/** Words heard one after another, 0.3 s each from `from` s. */
const said = (words: string, from = 0): HeardWord[] =>
  words.split(' ').map((word, k) => ({ word, start: from + k * 0.3, end: from + k * 0.3 + 0.28 }));

describe('lostPathTail and looksLost', () => {
  it('a reading to the end is not lost', () => {
    const heard = said('a garden teaches you to be patient and it teaches you to like carrots');
    expect(lostPathTail(heard, passage)).toMatchObject({ notReached: 0, strayTokens: 0 });
    expect(looksLost(heard, passage)).toBe(false);
  });

  it('a reader who stopped early, or a reading cut mid-way, ends in passage words: not lost', () => {
    const heard = said('a garden teaches you to be');
    expect(lostPathTail(heard, passage)).toEqual({ notReached: 8, windowTokens: 6, strayTokens: 0 });
    expect(looksLost(heard, passage)).toBe(false);
    // a word or two said after stopping is not enough either
    expect(looksLost([...heard, ...said('um [unclear]', 3)], passage)).toBe(false);
  });

  it('a pass whose last seconds are re-read words and unclear speech, short of the end, is lost', () => {
    // as the lost pass of the adult slt reading of The Garden at warp 1.15: after "to", re-reads, the garbage
    // loop, and a few words the aligner takes for later passage words
    const heard = [
      ...said('a garden teaches you to'),
      ...said('be garden says a than [unclear] garden teaches you to [unclear] it', 1.6),
    ];
    const tail = lostPathTail(heard, passage);
    expect(tail.notReached).toBeGreaterThanOrEqual(2);
    expect(tail.strayTokens).toBeGreaterThanOrEqual(3);
    expect(tail.strayTokens).toBeGreaterThanOrEqual(tail.windowTokens / 2);
    expect(looksLost(heard, passage)).toBe(true);
  });

  it('stray speech that is not most of the last seconds, or one word not reached, is not lost', () => {
    // three insertions among many words read in order
    const mixed = said('a garden garden teaches you you to be be patient and it');
    const tail = lostPathTail(mixed, passage);
    expect(tail.strayTokens).toBeLessThan(tail.windowTokens / 2);
    expect(looksLost(mixed, passage)).toBe(false);
    // all but the last word read, then a run of stray speech: one word not reached
    const nearEnd = [
      ...said('a garden teaches you to be patient and it teaches you to like'),
      ...said('[unclear] um [unclear] um', 5),
    ];
    expect(lostPathTail(nearEnd, passage).notReached).toBeLessThanOrEqual(1);
    expect(looksLost(nearEnd, passage)).toBe(false);
  });

  it('nothing heard, or an empty passage, is not lost', () => {
    expect(looksLost([], passage)).toBe(false);
    expect(lostPathTail(said('hello there'), [])).toEqual({ notReached: 0, windowTokens: 0, strayTokens: 0 });
  });
});
