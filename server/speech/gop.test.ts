import { describe, expect, it } from 'vitest';
import {
  buildGopBatch,
  closestWord,
  DEFAULT_GOP_THRESHOLDS,
  fitsAsPrinted,
  judgeGop,
  LOOP_GRAMMAR,
  LOOP_SUFFIX,
  parsePhoneHypseg,
  phoneDistance,
  phoneOf,
  phonesAsText,
  phonesHeard,
  scoreOver,
  wordGop,
  type PhoneSegment,
} from '#server/speech/gop.ts';
import { combineEvidence } from '#server/speech/pocketsphinx.ts';

const seg = (phone: string, start: number, end: number, score: number): PhoneSegment => ({
  phone,
  start,
  end,
  score,
});

describe('GOP arithmetic (Witt & Young 2000)', () => {
  it('spreads a loop segment evenly over its frames and sums the frames in range', () => {
    const loop = [seg('K', 0, 10, -100), seg('OW', 10, 20, -300)];
    expect(scoreOver(loop, 0, 10)).toBe(-100);
    expect(scoreOver(loop, 5, 15)).toBe(-50 + -150);
    expect(scoreOver(loop, 18, 30)).toBeCloseTo(-60);
    expect(scoreOver(loop, 30, 40)).toBe(0);
  });

  it('scores each phone as (loop − forced) per frame, floored at 0, and summarises the word', () => {
    // "counted" K AW N … forced on frames 0–30; the loop heard K OW T there
    const forced = [
      seg('SIL', 0, 2, -10),
      seg('K', 2, 10, -160),
      seg('AW', 10, 20, -900),
      seg('N', 20, 30, -600),
    ];
    const loop = [
      seg('SIL', 0, 2, -10),
      seg('K', 2, 10, -200),
      seg('OW', 10, 22, -360),
      seg('T', 22, 30, -240),
    ];
    const g = wordGop(forced, loop);
    expect(g).toBeDefined();
    if (!g) return;
    expect(g.phones.map((p) => p.phone)).toEqual(['K', 'AW', 'N']);
    // K: loop −200 over its 8 frames vs forced −160 → the forced phone is better: GOP 0
    expect(g.phones[0]?.gop).toBe(0);
    // AW: loop over 10–20 = −300 (10 of OW's 12 frames), forced −900 → 600 / 10 frames
    expect(g.phones[1]?.loop).toBeCloseTo(-300);
    expect(g.phones[1]?.gop).toBeCloseTo(60);
    // N: loop over 20–30 = −60 (OW) − 240 (T) = −300, forced −600 → 30
    expect(g.phones[2]?.gop).toBeCloseTo(30);
    expect(g.mean).toBeCloseTo((0 + 60 + 30) / 3);
    expect(g.max).toBeCloseTo(60);
    // whole word: loop −800 vs forced −1660 over 28 frames
    expect(g.word).toBeCloseTo(860 / 28);
    expect(g.heard).toEqual(['K', 'OW', 'T']);
  });

  it('gives a word read as written a GOP of 0 and has no GOP without phones', () => {
    const forced = [seg('K', 0, 10, -100), seg('AE', 10, 20, -100), seg('T', 20, 30, -100)];
    const loop = [seg('K', 0, 10, -120), seg('AE', 10, 20, -100), seg('T', 20, 30, -130)];
    expect(wordGop(forced, loop)?.mean).toBe(0);
    expect(wordGop([seg('SIL', 0, 10, -5)], loop)).toBeUndefined();
  });

  it('judges a word from its mean phone GOP', () => {
    const g = (mean: number) => ({ phones: [], mean, max: mean, word: mean, heard: [] });
    const t = { substitution: 50, unsure: 30, misreadWord: 40, fits: 5 };
    expect(judgeGop(g(10), t)).toBe('read');
    expect(judgeGop(g(30), t)).toBe('unsure');
    expect(judgeGop(g(49.9), t)).toBe('unsure');
    expect(judgeGop(g(50), t)).toBe('misread');
  });

  it('needs the frame-weighted word GOP too before it says misread', () => {
    // "gave" G EY V: G 6 frames at 58.5, EY 12 at 5.3, V 4 at 149.2 → mean 71.0, word 46.0
    const forced = [seg('G', 0, 6, -600), seg('EY', 6, 18, -1200), seg('V', 18, 22, -800)];
    const loop = [seg('G', 0, 6, -249), seg('EY', 6, 18, -1136.4), seg('V', 18, 22, -203.2)];
    const gave = wordGop(forced, loop);
    expect(gave?.mean).toBeCloseTo((58.5 + 5.3 + 149.2) / 3);
    expect(gave?.word).toBeCloseTo((351 + 63.6 + 596.8) / 22);
    expect(judgeGop(gave!)).toBe('misread');
    // the same mean with the long vowel fitting as printed: word GOP 35.5 → "check this word"
    const close = { ...gave!, word: 35.5 };
    expect(judgeGop(close)).toBe('unsure');
    expect(judgeGop({ ...gave!, word: 0 })).toBe('unsure');
    expect(judgeGop({ ...gave!, word: 40 })).toBe('misread');
    expect(judgeGop({ ...gave!, word: 35.5 }, { ...DEFAULT_GOP_THRESHOLDS, misreadWord: 30 })).toBe(
      'misread',
    );
  });

  it('says a word fits as printed when its frame-weighted word GOP is below `fits`', () => {
    // "hold": forced −1000 over 40 frames; the loop −880 over the same frames → word GOP 3 (fits)
    const forced = [
      seg('HH', 0, 8, -200),
      seg('OW', 8, 24, -400),
      seg('L', 24, 32, -200),
      seg('D', 32, 40, -200),
    ];
    const close = [
      seg('HH', 0, 8, -170),
      seg('AA', 8, 24, -350),
      seg('L', 24, 32, -180),
      seg('D', 32, 40, -180),
    ];
    const t = { substitution: 65, unsure: 36, misreadWord: 40, fits: 5 };
    const near = wordGop(forced, close);
    expect(near?.word).toBeCloseTo(120 / 40);
    expect(near && fitsAsPrinted(near, t)).toBe(true);
    // the loop 200 better over 40 frames → 5: not below the threshold
    const far = wordGop(forced, [seg('HH', 0, 40, -800)]);
    expect(far?.word).toBeCloseTo(5);
    expect(far && fitsAsPrinted(far, t)).toBe(false);
    // the word measure, not the phone mean, decides: one bad phone in a long word
    const oneBad = { phones: [], mean: 9, max: 36, word: 4, heard: [] };
    expect(fitsAsPrinted(oneBad, t)).toBe(true);
  });

  it('takes phones from one-phone words, allphone units and fillers', () => {
    expect(phoneOf('ph_aw')).toBe('AW');
    expect(phoneOf('ph_aw(2)')).toBe('AW');
    expect(phoneOf('OW')).toBe('OW');
    expect(phoneOf('SIL')).toBe('SIL');
    expect(phoneOf('<sil>')).toBe('SIL');
    expect(phoneOf('+NOISE+')).toBe('SIL');
  });

  it('parses -hypseg phone segments with the utterance offset', () => {
    const text = 'g5 S 0 T -859 A -859 L 0 0 -311 0 ph_k 3 -112 0 ph_aw 13 -67 0 <sil> 15\n';
    expect(parsePhoneHypseg(text, new Map([['g5', 100]])).get('g5')).toEqual([
      seg('K', 100, 103, -311),
      seg('AW', 103, 113, -112),
      seg('SIL', 113, 115, -67),
    ]);
    // an utterance with no hypothesis is absent
    expect(parsePhoneHypseg('g6 S 0 T 0 A 0 L 0\n').size).toBe(0);
  });

  it('lists the loop phones whose middle falls in the word, without silence', () => {
    const loop = [seg('SIL', 0, 4, 0), seg('K', 4, 8, 0), seg('OW', 8, 20, 0), seg('T', 20, 32, 0)];
    expect(phonesHeard(loop, 5, 25)).toEqual(['K', 'OW']);
  });

  it('measures phone edit distance and names the closest word, else the phones', () => {
    expect(phoneDistance(['K', 'OW', 'T', 'AH', 'D'], ['K', 'AW', 'N', 'T', 'IH', 'D'])).toBe(3);
    expect(phoneDistance([], ['A'])).toBe(1);
    const entries: [string, string[]][] = [
      ['counted', ['K', 'AW', 'N', 'T', 'IH', 'D']],
      ['coated', ['K', 'OW', 'T', 'AH', 'D']],
      ['coat', ['K', 'OW', 'T']],
    ];
    expect(closestWord(['K', 'OW', 'T', 'AH', 'D'], entries, 1)).toBe('coated');
    expect(closestWord(['K', 'OW', 'T', 'IH', 'D'], entries, 1)).toBe('coated');
    expect(closestWord(['K', 'AW', 'N', 'T', 'IH', 'D'], entries, 1, new Set(['counted']))).toBeUndefined();
    expect(phonesAsText(['K', 'OW', 'T'])).toBe('/k-ow-t/');
  });

  it('builds one forced grammar per word (each pronunciation a path) and one shared phone loop', () => {
    const batch = buildGopBatch(
      [
        { id: 'g3', pronunciations: [['K', 'AE', 'T']], startFrame: 10, endFrame: 40 },
        {
          id: 'g7',
          pronunciations: [
            ['R', 'IY', 'D'],
            ['R', 'EH', 'D'],
          ],
          startFrame: 50,
          endFrame: 80,
        },
      ],
      ['K', 'AE'],
    );
    expect(batch.ctl.trim().split('\n')).toEqual([
      'reading 10 40 g3',
      `reading 10 40 g3${LOOP_SUFFIX}`,
      'reading 50 80 g7',
      `reading 50 80 g7${LOOP_SUFFIX}`,
    ]);
    expect(batch.fsgctl.trim().split('\n')).toEqual(['g3', LOOP_GRAMMAR, 'g7', LOOP_GRAMMAR]);
    expect(batch.grammars.get('g3')).toContain('TRANSITION 0 2 1.00000 ph_k');
    expect(batch.grammars.get('g3')).toContain('TRANSITION 3 1 1.0 ph_t');
    const g7 = batch.grammars.get('g7') ?? '';
    expect(g7).toContain('TRANSITION 0 2 0.500000 ph_r');
    expect(g7).toContain('TRANSITION 0 4 0.500000 ph_r');
    expect(g7).toMatch(/NUM_STATES 6/);
    expect(batch.grammars.get(LOOP_GRAMMAR)).toContain('TRANSITION 1 1 0.250000 ph_ae');
    expect(batch.dictionary).toEqual([
      'ph_ae AE',
      'ph_d D',
      'ph_eh EH',
      'ph_iy IY',
      'ph_k K',
      'ph_r R',
      'ph_t T',
    ]);
    expect(batch.offsets.get(`g7${LOOP_SUFFIX}`)).toBe(50);
  });
});

describe('combineEvidence (second pass and GOP)', () => {
  const verified = [
    { word: 'my', start: 0, end: 0.2 },
    { word: 'partner', start: 0.2, end: 0.7 },
    { word: 'counted', start: 0.7, end: 1.2 },
    { word: 'steps', start: 1.2, end: 1.6 },
    { word: 'ran', start: 1.6, end: 1.9 },
  ];
  it('makes a word left as read a substitution when its GOP says misread, unsure in the band', () => {
    const out = combineEvidence(
      verified,
      new Map([
        [1, { verdict: 'misread' as const, expected: 'partner', said: 'painter' }],
        [2, { verdict: 'unsure' as const, expected: 'counted', said: '/k-ow-t/' }],
        // the second pass kept "ran" for "run": GOP does not undo a substitution
        [4, { verdict: 'unsure' as const, expected: 'run', said: 'ran' }],
      ]),
    );
    expect(out[1]).toEqual({ word: 'painter', start: 0.2, end: 0.7 });
    expect(out[2]).toEqual({ word: 'counted', start: 0.7, end: 1.2, unsure: true });
    expect(out[3]).toBe(verified[3]);
    expect(out[4]).toEqual(verified[4]);
  });

  it('takes back a kept substitution, as unsure, when the printed word fits (and leaves a word read alone)', () => {
    const heard = [
      { word: 'held', start: 0, end: 0.4 },
      { word: 'well', start: 0.4, end: 0.8 },
    ];
    const out = combineEvidence(
      heard,
      new Map([
        [0, { verdict: 'fits' as const, expected: 'hold', said: 'hold' }],
        [1, { verdict: 'fits' as const, expected: 'well', said: 'well' }],
      ]),
    );
    expect(out[0]).toEqual({ word: 'hold', start: 0, end: 0.4, unsure: true });
    expect(out[1]).toBe(heard[1]);
  });
});
