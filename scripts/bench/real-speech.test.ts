import { describe, expect, it } from 'vitest';
import { REAL_RECORDINGS, realReadingPlan } from './real-speech.ts';

describe('the real-speech plans (scripts/bench/real-speech.ts)', () => {
  it('plant each miscue where DIBELS 8 scores it as that miscue', () => {
    for (const recording of REAL_RECORDINGS) {
      const plan = realReadingPlan(recording, true);
      expect(plan.truth.length).toBe(plan.text.split(' ').length);
      expect(plan.planted.length, recording.id).toBe(recording.edits.length);
    }
  });

  it('refuse an omission in the place of an inserted word: that is one substitution', () => {
    const recording = {
      id: 'test',
      file: 'none.wav',
      text: 'and rather selfish',
      said: 'and rather selfish',
    };
    for (const before of [1, 2])
      expect(() =>
        realReadingPlan(
          {
            ...recording,
            edits: [
              { kind: 'insertion', index: 1 },
              { kind: 'omission', before, printed: 'quite' },
            ],
          },
          true,
        ),
      ).toThrow(/stands where an inserted word was said/);
    expect(
      realReadingPlan(
        {
          ...recording,
          edits: [
            { kind: 'insertion', index: 1 },
            { kind: 'omission', before: 0, printed: 'very' },
          ],
        },
        true,
      ).text,
    ).toBe('very and selfish');
  });
});
