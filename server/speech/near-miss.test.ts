import { describe, expect, it } from 'vitest';
import type { HeardWord } from '#core/text/normalize.ts';
import {
  applyNearMiss,
  buildNearMissBatch,
  collectNearMiss,
  judgeNearMiss,
  nearMissMargin,
  parseHypsegWords,
  sequenceFsg,
} from '#server/speech/near-miss.ts';
import type { VerifyCandidate } from '#server/speech/verify.ts';
import { DEFAULT_NEAR_MISS_THRESHOLDS } from '#server/speech/pocketsphinx.ts';

const duck: VerifyCandidate = {
  index: 3,
  heardIndex: 2,
  expected: 'duck',
  heard: 'duck',
  alternatives: ['dock', 'deck', 'luck'],
  left: 'the',
  startFrame: 100,
  endFrame: 160,
  wordFrames: 40,
};
const pond: VerifyCandidate = {
  ...duck,
  index: 5,
  heardIndex: 4,
  expected: 'pond',
  heard: 'pond',
  alternatives: [],
};

describe('sequenceFsg', () => {
  it('puts the words of a list side by side with equal probabilities', () => {
    expect(sequenceFsg('x', ['the', ['dock', 'deck']])).toBe(
      [
        'FSG_BEGIN x',
        'NUM_STATES 3',
        'START_STATE 0',
        'FINAL_STATE 2',
        'TRANSITION 0 1 1.00000 the',
        'TRANSITION 1 2 0.500000 dock',
        'TRANSITION 1 2 0.500000 deck',
        'FSG_END',
        '',
      ].join('\n'),
    );
  });
});

describe('buildNearMissBatch', () => {
  it('writes two utterances per word with neighbours, whatever their number', () => {
    const b = buildNearMissBatch([duck, pond]);
    expect(b.ctl).toBe('reading 100 160 n3_e\nreading 100 160 n3_a\n');
    expect(b.fsgctl).toBe('n3_e\nn3_a\n');
    expect(b.grammars.get('n3_a')).toContain('TRANSITION 1 2 0.333333 deck');
    expect([...b.words].sort()).toEqual(['deck', 'dock', 'duck', 'luck', 'the']);
  });
});

describe('parseHypsegWords, collectNearMiss, nearMissMargin', () => {
  const hypseg = [
    'n3_e S 0 T -5000 A -4800 L -200 100 -1000 0 the 112 -3800 0 duck 160',
    'n3_a S 0 T -4700 A -4400 L -300 100 -1000 0 the 112 -3400 -300 dock(2) 160',
    'n5_e S 0 T 0 A 0 L 0', // no hypothesis
    '',
  ].join('\n');
  it('reads each utterance acoustic score and words', () => {
    const parsed = parseHypsegWords(hypseg);
    expect(parsed.get('n3_a')).toEqual({ acoustic: -4400, words: ['the', 'dock'] });
    expect(parsed.has('n5_e')).toBe(false);
  });
  it('takes the neighbour on the best path and its margin per frame of the word', () => {
    const [e, ...rest] = collectNearMiss([duck, pond], parseHypsegWords(hypseg));
    expect(rest).toEqual([]);
    expect(e?.best).toEqual({ word: 'dock', score: -4400 });
    expect(e && nearMissMargin(e)).toBe(10); // (−4400 − −4800) / 40
  });
  it('gives −∞ when the neighbours decoded nothing', () => {
    const [e] = collectNearMiss([duck], parseHypsegWords(hypseg.split('\n')[0] as string));
    expect(e && nearMissMargin(e)).toBe(-Infinity);
  });
});

describe('judgeNearMiss, applyNearMiss', () => {
  const evidence = (expected: number, best: number, c = duck) => ({
    candidate: c,
    expected,
    best: { word: 'dock', score: best },
  });
  const words: HeardWord[] = [
    { word: 'a', start: 0, end: 0.3 },
    { word: 'the', start: 0.4, end: 1 },
    { word: 'duck', start: 1.2, end: 1.6 },
  ];
  it('calls a word misread at the substitution margin, unsure in the band below, read under it', () => {
    const t = { substitution: 8, unsure: 4 };
    expect(judgeNearMiss([evidence(-4800, -4480)], t).get(2)?.verdict).toBe('misread'); // 8 per frame
    expect(judgeNearMiss([evidence(-4800, -4640)], t).get(2)?.verdict).toBe('unsure'); // 4
    expect(judgeNearMiss([evidence(-4800, -4641)], t).size).toBe(0);
  });
  it('by default, only a margin of 18 a frame is an error; 12 to 18 is "check this word" (the benchmark’s correctly read words reached 17.3)', () => {
    const judge = (margin: number) =>
      judgeNearMiss([evidence(-4800, -4800 + margin * 40)], DEFAULT_NEAR_MISS_THRESHOLDS).get(2)?.verdict;
    expect(judge(18)).toBe('misread');
    expect(judge(17.3)).toBe('unsure');
    expect(judge(12)).toBe('unsure');
    expect(judge(11.9)).toBeUndefined();
  });
  it('names the neighbour as the word said, and leaves words another pass changed', () => {
    const v = judgeNearMiss([evidence(-4800, -4000)], { substitution: 8, unsure: 4 });
    expect(applyNearMiss(words, v)[2]).toEqual({ word: 'dock', start: 1.2, end: 1.6 });
    const changed = [...words.slice(0, 2), { word: 'dunk', start: 1.2, end: 1.6 }];
    expect(applyNearMiss(changed, v)[2]?.word).toBe('dunk');
    const unsure = judgeNearMiss([evidence(-4800, -4600)], { substitution: 8, unsure: 4 });
    expect(applyNearMiss(words, unsure)[2]).toEqual({ word: 'duck', start: 1.2, end: 1.6, unsure: true });
  });
});
