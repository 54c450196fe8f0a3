import { describe, expect, it } from 'vitest';
import { alignReading } from '#core/fluency/align.ts';
import { normaliseHeard, tokenisePassage, type HeardWord } from '#core/text/normalize.ts';
import {
  applyOmissionChecks,
  buildOmissionBatch,
  omissionCost,
  planOmissionChecks,
} from '#server/speech/omission-check.ts';

const passage = tokenisePassage('The dog ran to the park');
// "the" (index 4) left out; "ran" and "park" adjacent in the heard list
const heard: HeardWord[] = [
  { word: 'the', start: 0.1, end: 0.2 },
  { word: 'dog', start: 0.2, end: 0.5 },
  { word: 'ran', start: 0.5, end: 0.8 },
  { word: 'to', start: 0.8, end: 0.9 },
  { word: 'park', start: 0.9, end: 1.3 },
];

describe('per-omission decode', () => {
  const aligned = alignReading(passage, normaliseHeard(heard)).words;
  const checks = planOmissionChecks(passage, heard, aligned, 200);

  it('checks an omission between two adjacent heard words, left onset to right offset', () => {
    expect(checks).toEqual([
      { index: 4, word: 'the', heardIndex: 3, left: 'to', right: 'park', startFrame: 80, endFrame: 130 },
    ]);
  });

  it('decodes each stretch with and without the word', () => {
    const batch = buildOmissionBatch(checks);
    expect(batch.ctl).toBe('reading 80 130 o4_w\nreading 80 130 o4_n\n');
    expect(batch.fsgctl).toBe('o4_w\no4_n\n');
    expect(batch.grammars.get('o4_n')).toContain('TRANSITION 1 2 1.0 park');
    expect([...batch.words].sort()).toEqual(['park', 'the', 'to']);
  });

  it('costs the score lost per frame of the stretch by forcing the word in', () => {
    const c = checks[0];
    if (!c) throw new Error('no check');
    expect(
      omissionCost(
        c,
        new Map([
          ['o4_w', -1500],
          ['o4_n', -1000],
        ]),
      ),
    ).toBe(10);
    expect(omissionCost(c, new Map([['o4_n', -1000]]))).toBeUndefined();
  });

  it('gives back a word that fits about as well as its absence, as unsure', () => {
    const cheap = applyOmissionChecks(
      heard,
      checks,
      new Map([
        ['o4_w', -1100],
        ['o4_n', -1000],
      ]),
      3,
    );
    expect(cheap[4]).toEqual({ word: 'the', start: 0.9, end: 0.9, unsure: true });
    const after = alignReading(passage, normaliseHeard(cheap)).words[4];
    expect(after?.status).toBe('correct');
    expect(after?.unsure).toBe(true);
    const dear = applyOmissionChecks(
      heard,
      checks,
      new Map([
        ['o4_w', -2000],
        ['o4_n', -1000],
      ]),
      3,
    );
    expect(dear).toEqual(heard);
  });
});
