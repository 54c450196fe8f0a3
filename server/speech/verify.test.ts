import { describe, expect, it } from 'vitest';
import { tokenisePassage, type HeardWord } from '#core/text/normalize.ts';
import {
  applyVerification,
  buildVerificationBatch,
  collectEvidence,
  features,
  parseHypseg,
  planVerification,
  type VerifyEvidence,
} from '#server/speech/verify.ts';

const passage = tokenisePassage('The cat can run in 1999.');
const heard: HeardWord[] = [
  { word: 'the', start: 0.5, end: 0.6 },
  { word: 'cat', start: 0.61, end: 0.9 },
  { word: 'can', start: 0.91, end: 1.1 },
  { word: 'ran', start: 1.11, end: 1.4 },
  { word: '[unclear]', start: 2.5, end: 2.7 },
  { word: 'nineteen', start: 2.71, end: 3.0 },
];
const alternatives = (t: string): string[] => ({ run: ['ran', 'rub'], in: ['an'] })[t] ?? [];

describe('planVerification', () => {
  it('takes the heard neighbours as context and clips the segment to them', () => {
    const [c] = planVerification(passage, heard, [-1, -1, -1, 3, -1, -1], alternatives, 400);
    expect(c).toEqual({
      index: 3,
      heardIndex: 3,
      expected: 'run',
      heard: 'ran',
      alternatives: ['ran', 'rub'],
      left: 'can',
      startFrame: 91,
      endFrame: 155,
      wordFrames: 29,
    });
  });

  it('adds the heard word as a competitor, skips garbage context and multi-token words', () => {
    const cs = planVerification(
      passage,
      [...heard.slice(0, 4), { word: 'on', start: 1.5, end: 1.7 }, ...heard.slice(4)],
      [-1, -1, -1, -1, 4, 6],
      alternatives,
      400,
    );
    expect(cs).toHaveLength(1); // "1999" is three tokens: not verified
    expect(cs[0]?.alternatives).toEqual(['an', 'on']);
    expect(cs[0]?.left).toBe('ran');
    expect(cs[0]?.right).toBeUndefined(); // the next word is garbage
    expect(cs[0]?.endFrame).toBe(185); // word end + 0.15 s
  });
});

describe('buildVerificationBatch', () => {
  it('writes one utterance and one linear grammar per competitor, with a phone loop on request', () => {
    const cs = planVerification(passage, heard, [-1, -1, -1, 3, -1, -1], alternatives, 400);
    const b = buildVerificationBatch(cs, ['ph_aa', 'ph_t']);
    expect(b.ctl.trim().split('\n')).toEqual([
      'reading 91 155 v3_e',
      'reading 91 155 v3_a0',
      'reading 91 155 v3_a1',
      'reading 91 155 v3_p',
    ]);
    expect(b.fsgctl.trim().split('\n')).toEqual(['v3_e', 'v3_a0', 'v3_a1', 'v3_p']);
    expect(b.grammars.get('v3_a1')).toContain('TRANSITION 0 1 1.0 can\nTRANSITION 1 2 1.0 rub\n');
    expect(b.grammars.get('v3_p')).toMatch(/TRANSITION 1 2 0\.5\d* ph_t\nTRANSITION 2 2 \S+ ph_t/);
    expect([...b.words].sort()).toEqual(['can', 'ph_aa', 'ph_t', 'ran', 'rub', 'run']);
  });
});

describe('parseHypseg, collectEvidence, features', () => {
  const hypseg = [
    'v3_e S 0 T -718 A -718 L 0 0 -120 0 can 10 -183 0 run 33',
    'v3_a0 S 0 T -660 A -660 L 0 0 -120 0 can 10 -130 0 ran 33',
    'v3_a1 S 0 T -900 A -900 L 0 0 -120 0 can 10 -400 0 rub 33',
    'v9_e S 0 T 0 A 0 L 0', // no hypothesis
    '',
  ].join('\n');

  it('reads acoustic scores of decoded utterances only', () => {
    expect(parseHypseg(hypseg)).toEqual(
      new Map([
        ['v3_e', -718],
        ['v3_a0', -660],
        ['v3_a1', -900],
      ]),
    );
  });

  it('finds the best competitor and the per-frame margin', () => {
    const cs = planVerification(passage, heard, [-1, -1, -1, 3, -1, -1], alternatives, 400);
    const [e] = collectEvidence(cs, parseHypseg(hypseg));
    expect(e?.bestAlternative).toEqual({ word: 'ran', score: -660 });
    expect(features(e as VerifyEvidence).alternativeMargin).toBeCloseTo(58 / 29);
  });
});

describe('applyVerification', () => {
  const cs = planVerification(passage, heard, [-1, -1, -1, 3, -1, -1], alternatives, 400);
  const evidence = (best: number | undefined): VerifyEvidence[] => [
    {
      candidate: cs[0] as VerifyEvidence['candidate'],
      expected: -700,
      ...(best === undefined ? {} : { bestAlternative: { word: 'ran', score: best } }),
    },
  ];

  it('takes a substitution back when no competitor fits clearly better', () => {
    const out = applyVerification(heard, evidence(-690), 1.5); // 10 / 29 frames < 1.5
    expect(out[3]?.word).toBe('run');
    expect(out[3]?.start).toBe(1.11);
    expect(heard[3]?.word).toBe('ran'); // input untouched
  });

  it('keeps it when a competitor fits clearly better, or when there is no evidence', () => {
    expect(applyVerification(heard, evidence(-600), 1.5)[3]?.word).toBe('ran'); // 100 / 29
    expect(applyVerification(heard, evidence(undefined), 1.5)[3]?.word).toBe('ran');
  });

  it('marks a word taken back as unsure when the competitor still fitted about as well', () => {
    // margin 10 / 29 frames ≈ 0.34: in the unsure band [0, 1.5)
    expect(applyVerification(heard, evidence(-690), 1.5, { unsureMargin: 0 })[3]).toMatchObject({
      word: 'run',
      unsure: true,
    });
    // margin −10 / 29: the passage word fits better, no doubt
    expect(applyVerification(heard, evidence(-710), 1.5, { unsureMargin: 0 })[3]?.unsure).toBeUndefined();
  });

  it('asks a function word for a larger margin (its error prior is lower)', () => {
    // 100 / 29 ≈ 3.4 per frame: enough for "run", not for a function word at 12
    const out = applyVerification(heard, evidence(-600), 1.5, {
      functionWords: new Set(['run']),
      functionWordMargin: 12,
    });
    expect(out[3]).toMatchObject({ word: 'run', unsure: true });
    expect(applyVerification(heard, evidence(-300), 1.5, { functionWords: new Set(['run']) })[3]?.word).toBe(
      'ran',
    ); // 400 / 29 ≈ 13.8 ≥ 12
  });
});
