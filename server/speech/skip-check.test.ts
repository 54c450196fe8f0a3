import { describe, expect, it } from 'vitest';
import { alignReading } from '#core/fluency/align.ts';
import { normaliseHeard, tokenisePassage, type HeardWord } from '#core/text/normalize.ts';
import { applySkipChecks, buildSkipBatch, planSkipChecks, skipGain } from '#server/speech/skip-check.ts';
import { UNCLEAR } from '#server/speech/recogniser.ts';

const passage = tokenisePassage('The dog ran to the park');
// every word heard as read; "the" (index 4) in 7 frames, "to" in 20
const heard: HeardWord[] = [
  { word: 'the', start: 0.1, end: 0.2 },
  { word: 'dog', start: 0.2, end: 0.5 },
  { word: 'ran', start: 0.5, end: 0.8 },
  { word: 'to', start: 0.8, end: 1.0 },
  { word: 'the', start: 1.0, end: 1.07 },
  { word: 'park', start: 1.07, end: 1.4 },
];

describe('skip check', () => {
  const aligned = alignReading(passage, normaliseHeard(heard)).words;

  it('checks a short word heard as read between two heard words, left onset to right offset', () => {
    const checks = planSkipChecks(passage, heard, aligned, 200, 10);
    // the first "the" has no word heard before it; "to" is longer than 10 frames
    expect(checks).toEqual([
      {
        index: 4,
        word: 'the',
        heardIndex: 4,
        left: 'to',
        right: 'park',
        startFrame: 80,
        endFrame: 140,
        wordFrames: 7,
      },
    ]);
    expect(planSkipChecks(passage, heard, aligned, 200, 20).map((c) => c.word)).toEqual(['to', 'the']);
    expect(planSkipChecks(passage, heard, aligned, 200, 20, (w) => w !== 'to').map((c) => c.index)).toEqual([
      4,
    ]);
  });

  it('leaves out a word next to unclear sound, and a word already unsure', () => {
    const withUnclear = heard.map((h, k) => (k === 5 ? { ...h, word: UNCLEAR } : h));
    const a = alignReading(passage, normaliseHeard(withUnclear)).words;
    expect(planSkipChecks(passage, withUnclear, a, 200, 10)).toEqual([]);
    const unsure = aligned.map((w) => (w.index === 4 ? { ...w, unsure: true } : w));
    expect(planSkipChecks(passage, heard, unsure, 200, 10)).toEqual([]);
  });

  it('decodes each stretch with and without the word', () => {
    const batch = buildSkipBatch(planSkipChecks(passage, heard, aligned, 200, 10));
    expect(batch.ctl).toBe('reading 80 140 s4_w\nreading 80 140 s4_n\n');
    expect(batch.fsgctl).toBe('s4_w\ns4_n\n');
    expect(batch.grammars.get('s4_w')).toContain('TRANSITION 1 2 1.0 the');
    expect(batch.grammars.get('s4_n')).toContain('TRANSITION 1 2 1.0 park');
    expect([...batch.words].sort()).toEqual(['park', 'the', 'to']);
  });

  it('gains the score the path without the word wins, per frame of the stretch', () => {
    const [c] = planSkipChecks(passage, heard, aligned, 200, 10);
    if (!c) throw new Error('no check');
    // 60 frames; without the word 600 better: +10 per frame
    expect(
      skipGain(
        c,
        new Map([
          ['s4_w', -1600],
          ['s4_n', -1000],
        ]),
      ),
    ).toBe(10);
    expect(
      skipGain(
        c,
        new Map([
          ['s4_w', -1000],
          ['s4_n', -1300],
        ]),
      ),
    ).toBe(-5);
    expect(skipGain(c, new Map([['s4_n', -1000]]))).toBeUndefined();
  });

  it('scores the word as omitted only when the skip path wins by the margin', () => {
    const checks = planSkipChecks(passage, heard, aligned, 200, 10);
    const scores = new Map([
      ['s4_w', -1600],
      ['s4_n', -1000],
    ]);
    const dropped = applySkipChecks(heard, heard, checks, scores, 8);
    expect(dropped.map((h) => h.word)).toEqual(['the', 'dog', 'ran', 'to', 'park']);
    expect(alignReading(passage, normaliseHeard(dropped)).words[4]?.status).toBe('omission');
    expect(applySkipChecks(heard, heard, checks, scores, 12)).toEqual(heard);
    // a word another pass changed (a substitution now) is left as it is
    const changed = heard.map((h, k) => (k === 4 ? { ...h, word: 'a' } : h));
    expect(applySkipChecks(changed, heard, checks, scores, 8)).toEqual(changed);
  });
});
