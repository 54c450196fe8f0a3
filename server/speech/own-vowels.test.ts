import { describe, expect, it } from 'vitest';
import {
  applyOwnVowelFits,
  cepstralMean,
  judgeOwnVowelFits,
  judgeOwnVowels,
  ownVowelEvidence,
  readSphinxCepstra,
  vowelVector,
  type OwnVowelWord,
} from '#server/speech/own-vowels.ts';

/** A Sphinx feature file of these frames (13 coefficients each) in the given byte order. */
function featureFile(frames: number[][], little: boolean): Buffer {
  const floats = frames.flat();
  const buf = Buffer.alloc(4 + 4 * floats.length);
  if (little) buf.writeInt32LE(floats.length, 0);
  else buf.writeInt32BE(floats.length, 0);
  floats.forEach((x, k) => (little ? buf.writeFloatLE(x, 4 + 4 * k) : buf.writeFloatBE(x, 4 + 4 * k)));
  return buf;
}

const frame = (c0: number, rest: number) => [c0, ...new Array<number>(12).fill(rest)];

describe('readSphinxCepstra', () => {
  it('reads either byte order, frame by frame', () => {
    const frames = [frame(40, 1), frame(41, -2.5)];
    for (const little of [true, false]) {
      const read = readSphinxCepstra(featureFile(frames, little));
      expect(read).toHaveLength(2);
      expect(Array.from(read[1] as Float32Array)).toEqual(frame(41, -2.5));
    }
  });

  it('refuses a file whose count does not match its length or its frames', () => {
    const good = featureFile([frame(1, 1)], true);
    expect(() => readSphinxCepstra(good.subarray(0, good.length - 4))).toThrow(/not a Sphinx feature file/);
    expect(() => readSphinxCepstra(Buffer.alloc(2))).toThrow(/too short/);
    expect(() => readSphinxCepstra(featureFile([[1, 2, 3]], true))).toThrow(/not a Sphinx feature file/);
  });
});

describe('vowelVector', () => {
  it('averages c1–c12 over the middle half of the vowel, less the reading’s mean', () => {
    // 8 frames: the edges (2 each side) hold a neighbour's sound, the middle 4 the vowel
    const frames = [9, 9, 1, 2, 3, 4, 9, 9].map((x) => Float32Array.from(frame(100, x)));
    const mean = cepstralMean(frames);
    expect(mean[0]).toBeCloseTo(100);
    expect(mean[1]).toBeCloseTo(5.75);
    const v = vowelVector(frames, 0, 8, mean) as number[];
    expect(v).toHaveLength(12);
    expect(v[0]).toBeCloseTo(2.5 - 5.75);
    expect(v[11]).toBeCloseTo(2.5 - 5.75);
  });

  it('keeps at least one frame of a short vowel, and none past the audio', () => {
    const frames = [1, 2, 3].map((x) => Float32Array.from(frame(0, x)));
    const zero = new Array<number>(13).fill(0);
    expect(vowelVector(frames, 1, 2, zero)?.[0]).toBeCloseTo(2);
    expect(vowelVector(frames, 3, 5, zero)).toBeUndefined();
    expect(vowelVector(frames, 2, 2, zero)).toBeUndefined();
  });
});

describe('ownVowelEvidence', () => {
  // Two vowels of one reader: AE near (1, 0, …), AH near (0, 1, …), with a little spread.
  const ae = (d: number) => [1 + d, d, ...new Array<number>(10).fill(d)];
  const ah = (d: number) => [d, 1 + d, ...new Array<number>(10).fill(d)];
  const word = (
    heardIndex: number,
    expected: string,
    vowel: string,
    vector: number[],
    near: OwnVowelWord['near'] = [],
  ): OwnVowelWord => ({
    heardIndex,
    index: heardIndex,
    expected,
    phones: [{ phone: 'K' }, { phone: vowel, vector }, { phone: 'T' }],
    near,
  });
  const hatNear: OwnVowelWord['near'] = [
    ['hot', ['HH AA T']], // AA: no template in this reading, not compared
    ['hut', ['HH AH T']],
    ['hit', ['HH IH T']],
    ['hats', ['HH AE T S']], // not a vowel change
  ];
  const others = [
    word(0, 'cat', 'AE', ae(0.05)),
    word(1, 'sat', 'AE', ae(-0.05)),
    word(2, 'mat', 'AE', ae(0.02)),
    word(3, 'pat', 'AE', ae(-0.01)),
    word(4, 'cut', 'AH', ah(0.04)),
    word(5, 'but', 'AH', ah(-0.03)),
    word(6, 'nut', 'AH', ah(0.01)),
    word(7, 'rut', 'AH', ah(-0.02)),
  ];
  const hat = (vector: number[]) => ({
    ...word(9, 'hat', 'AE', vector, hatNear),
    phones: [{ phone: 'HH' }, { phone: 'AE', vector }, { phone: 'T' }],
  });

  it('scores a vowel said as the reader’s other vowel high, naming the word it makes', () => {
    const e = ownVowelEvidence([...others, hat(ah(0))]).find((x) => x.expected === 'hat');
    expect(e?.score).toBeGreaterThan(3.5);
    expect(e).toMatchObject({ phone: 'AE', other: 'AH', said: 'hut' });
  });

  it('scores a vowel said as printed below 0', () => {
    const e = ownVowelEvidence([...others, hat(ae(0.01))]).find((x) => x.expected === 'hat');
    expect(e?.score).toBeLessThan(0);
  });

  it('scores a first-pass substitution one vowel away against the heard word’s vowel', () => {
    // printed "hat", first pass heard "hut", the reader's vowel is their own AE: heardScore well below 0
    const heardHut = (vector: number[]) => ({
      ...hat(vector),
      template: false,
      heard: { word: 'hut', pronunciations: ['HH AH T'] },
    });
    const asPrinted = ownVowelEvidence([...others, heardHut(ae(0))]).find((x) => x.expected === 'hat');
    expect(asPrinted?.heardScore).toBeLessThan(-3);
    expect(asPrinted?.heard).toBe('hut');
    const asHeard = ownVowelEvidence([...others, heardHut(ah(0))]).find((x) => x.expected === 'hat');
    expect(asHeard?.heardScore).toBeGreaterThan(3);
    // a heard word that differs by more than one vowel gets no heardScore
    const far = ownVowelEvidence([
      ...others,
      { ...heardHut(ae(0)), heard: { word: 'hunt', pronunciations: ['HH AH N T'] } },
    ]).find((x) => x.expected === 'hat');
    expect(far?.heardScore).toBeUndefined();
  });

  it('leaves the tested word out of its own templates, and gives no verdict on a vowel with too few tokens', () => {
    // three other AE tokens and the tested word: without it, AE has fewer than the 4 a template needs
    const few = [...others.slice(0, 3), ...others.slice(4), hat(ah(0))];
    const e = ownVowelEvidence(few).find((x) => x.expected === 'hat');
    expect(e?.score).toBe(-Infinity);
    expect(e?.said).toBeUndefined();
    // the same reading scored with templates of 3 tokens allowed does compare it
    expect(ownVowelEvidence(few, 3).find((x) => x.expected === 'hat')?.said).toBe('hut');
  });
});

describe('judgeOwnVowels', () => {
  const e = (heardIndex: number, score: number) => ({
    heardIndex,
    index: heardIndex,
    expected: 'hat',
    score,
    said: 'hut',
  });
  it('makes a substitution at the substitution threshold, "check this word" in the band below, nothing under it', () => {
    const verdicts = judgeOwnVowels([e(1, 3.5), e(2, 3.2), e(3, 2.9), { ...e(4, 9), said: undefined }], {
      substitution: 3.5,
      unsure: 3,
    });
    expect(verdicts.get(1)).toEqual({ verdict: 'misread', expected: 'hat', said: 'hut' });
    expect(verdicts.get(2)?.verdict).toBe('unsure');
    expect(verdicts.has(3)).toBe(false);
    expect(verdicts.has(4)).toBe(false);
  });
});

describe('judgeOwnVowelFits / applyOwnVowelFits', () => {
  const e = (heardIndex: number, heardScore: number) => ({
    heardIndex,
    index: heardIndex,
    expected: 'hold',
    score: -Infinity,
    heardScore,
    heard: 'held',
  });
  it('gives back as read, marked unsure, a substitution said with the printed word’s vowel and still standing', () => {
    const fits = judgeOwnVowelFits([e(0, -7.5), e(1, -1), e(2, -3)], { fits: -2 });
    expect([...fits.keys()]).toEqual([0, 2]);
    const words = [
      { word: 'held', start: 1, end: 1.4 },
      { word: 'held', start: 1.5, end: 1.9 },
      { word: 'hall', start: 2, end: 2.4 }, // another pass changed it since: left alone
    ];
    expect(applyOwnVowelFits(words, fits)).toEqual([
      { word: 'hold', start: 1, end: 1.4, unsure: true },
      { word: 'held', start: 1.5, end: 1.9 },
      { word: 'hall', start: 2, end: 2.4 },
    ]);
  });
});
