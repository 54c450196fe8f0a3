import { describe, expect, it } from 'vitest';
import {
  chooseWarp,
  DEFAULT_WARP_FACTORS,
  firstWarpRound,
  pauseCuts,
  reusableFirstPass,
  reusableNominations,
  SILENT_TAIL_DB,
  warpArgs,
  type WarpChoice,
} from '#server/speech/pocketsphinx.ts';
import { parseHypseg } from '#server/speech/verify.ts';

/** A first pass whose best path scores `scores[warp]` (pocketsphinx scores are negative). */
function fakeFirstPass(scores: Record<number, number | undefined>) {
  const calls: number[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const firstPass = async (warp: number) => {
    calls.push(warp);
    running++;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise((resolve) => setTimeout(resolve, 1));
    running--;
    const score = scores[warp];
    return { heard: [{ word: `w${warp}`, start: 0, end: 1 }], ...(score !== undefined ? { score } : {}) };
  };
  return { firstPass, calls, mostAtOnce: () => mostAtOnce };
}

describe('chooseWarp (vocal tract length normalisation)', () => {
  it('keeps the warp whose path scores best when it beats no warp by minGain', async () => {
    const { firstPass, calls, mostAtOnce } = fakeFirstPass({
      1: -16_000,
      1.15: -15_000,
      1.3: -14_000,
      1.45: -14_500,
    });
    let choice: WarpChoice | undefined;
    const best = await chooseWarp(firstPass, {
      factors: [1, 1.15, 1.3, 1.45],
      refineStep: 0,
      minGain: 0.01,
      onChoice: (c) => (choice = c),
    });
    expect(best.warp).toBe(1.3);
    expect(best.heard[0]?.word).toBe('w1.3');
    expect(calls.sort()).toEqual([1, 1.15, 1.3, 1.45]);
    expect(mostAtOnce()).toBe(2); // two decodes at a time, one per core
    expect(choice?.warp).toBe(1.3);
    expect(choice?.scores).toHaveLength(4);
  });

  it('stays unwarped when no warp gains enough (an adult voice), in one round', async () => {
    const { firstPass, calls } = fakeFirstPass({ 1: -10_600, 1.45: -10_540 });
    expect((await chooseWarp(firstPass, { minGain: 0.01 })).warp).toBe(1);
    expect(calls).toEqual([1, 1.45]);
  });

  it('by default starts at 1.45 and refines to 1.3 and 1.6 around it', async () => {
    const child = fakeFirstPass({ 1: -16_000, 1.45: -14_000, 1.3: -14_500, 1.6: -13_800, 1.75: -13_900 });
    expect((await chooseWarp(child.firstPass)).warp).toBe(1.6);
    expect(child.calls).toEqual([1, 1.45, 1.3, 1.6, 1.75]); // 1.6 won, so 1.75 is tried and loses
  });

  it('by default climbs past 1.6 to at most 1.9 (DEFAULT_WARP_MAX_FACTOR)', async () => {
    const high = fakeFirstPass({
      1: -16_000,
      1.45: -14_000,
      1.3: -14_500,
      1.6: -13_800,
      1.75: -13_600,
      1.9: -13_400,
    });
    expect((await chooseWarp(high.firstPass)).warp).toBe(1.9);
    expect(high.calls).toEqual([1, 1.45, 1.3, 1.6, 1.75, 1.9]); // nothing above 1.9
    const peak = fakeFirstPass({
      1: -16_000,
      1.45: -14_000,
      1.3: -14_500,
      1.6: -13_800,
      1.75: -13_600,
      1.9: -13_700,
    });
    expect((await chooseWarp(peak.firstPass)).warp).toBe(1.75);
  });

  it('refines around a winning factor, never below 1', async () => {
    const high = fakeFirstPass({ 1: -16_000, 1.3: -14_500, 1.15: -15_000, 1.45: -14_000, 1.6: -13_500 });
    expect((await chooseWarp(high.firstPass, { factors: [1.3], maxFactor: 1.6 })).warp).toBe(1.6);
    expect(high.calls).toEqual([1, 1.3, 1.15, 1.45, 1.6]); // climbs while the winner moves, up to maxFactor
    const peak = fakeFirstPass({ 1: -16_000, 1.3: -14_500, 1.15: -15_000, 1.45: -14_000, 1.6: -14_200 });
    expect((await chooseWarp(peak.firstPass, { factors: [1.3] })).warp).toBe(1.45);
    const middle = fakeFirstPass({ 1: -16_000, 1.3: -14_000, 1.15: -15_000, 1.45: -14_200 });
    expect((await chooseWarp(middle.firstPass, { factors: [1.3] })).warp).toBe(1.3);
    const low = fakeFirstPass({ 1: -16_000, 1.15: -15_000, 1.05: -15_500, 1.25: -15_200 });
    expect((await chooseWarp(low.firstPass, { factors: [1.15], refineStep: 0.1 })).warp).toBe(1.15);
    expect(low.calls).toEqual([1, 1.15, 1.05, 1.25]);
    const edge = fakeFirstPass({ 1: -16_000, 1.1: -15_000, 1.2: -15_500 });
    await chooseWarp(edge.firstPass, { factors: [1.1], refineStep: 0.1 });
    expect(edge.calls).toEqual([1, 1.1, 1.2]); // 1.0 is not tried twice
  });

  it('stays unwarped when a score is missing (no path found)', async () => {
    expect((await chooseWarp(fakeFirstPass({ 1: undefined, 1.3: -100 }).firstPass)).warp).toBe(1);
    expect((await chooseWarp(fakeFirstPass({ 1: -100, 1.3: undefined }).firstPass)).warp).toBe(1);
  });

  it('always decodes without a warp, and only then with the defaults', async () => {
    const only = fakeFirstPass({ 1: -5 });
    expect((await chooseWarp(only.firstPass, { factors: [] })).warp).toBe(1);
    expect(only.calls).toEqual([1]);
    const defaults = fakeFirstPass({ 1: -5, 1.45: -5 });
    await chooseWarp(defaults.firstPass);
    expect(defaults.calls.sort()).toEqual([...new Set([1, ...DEFAULT_WARP_FACTORS])].sort());
  });

  it('with a fixed factor (chosen while the child read), decodes once at it and searches nothing', async () => {
    const child = fakeFirstPass({ 1: -16_000, 1.45: -14_000, 1.6: -13_800 });
    let choice: WarpChoice | undefined;
    const best = await chooseWarp(child.firstPass, {
      fixed: 1.6,
      minGain: 0.5,
      onChoice: (c) => (choice = c),
    });
    expect(best.warp).toBe(1.6);
    expect(best.heard[0]?.word).toBe('w1.6');
    expect(child.calls).toEqual([1.6]);
    expect(choice).toEqual({ warp: 1.6, scores: [{ warp: 1.6, score: -13_800 }] });
    // fixed at 1 (an adult's voice) is one unwarped decode, even without a score
    const adult = fakeFirstPass({ 1: undefined });
    expect((await chooseWarp(adult.firstPass, { fixed: 1 })).warp).toBe(1);
    expect(adult.calls).toEqual([1]);
  });

  it("with the reader's earlier warp as seed, climbs from it: a round fewer than from 1.45", async () => {
    const scores = { 1: -16_000, 1.3: -14_500, 1.45: -14_000, 1.6: -13_800, 1.75: -13_900 };
    const child = fakeFirstPass(scores);
    let choice: WarpChoice | undefined;
    const best = await chooseWarp(child.firstPass, { seed: 1.6, onChoice: (c) => (choice = c) });
    expect(best.warp).toBe(1.6);
    expect(best.heard[0]?.word).toBe('w1.6');
    expect(child.calls).toEqual([1, 1.6, 1.45, 1.75]); // two rounds; from 1.45: [1, 1.45], [1.3, 1.6], [1.75]
    expect(child.mostAtOnce()).toBe(2);
    expect(choice?.seeded).toBe(true);
    expect(choice?.scores.map((s) => s.warp)).toEqual([1, 1.6, 1.45, 1.75]);
    const usual = fakeFirstPass(scores);
    expect((await chooseWarp(usual.firstPass)).warp).toBe(1.6);
    expect(usual.calls).toEqual([1, 1.45, 1.3, 1.6, 1.75]);
    // a seed two steps from the best factor climbs to it (at a round more than the usual search)
    const far = fakeFirstPass(scores);
    expect((await chooseWarp(far.firstPass, { seed: 1.3 })).warp).toBe(1.6);
    expect(far.calls).toEqual([1, 1.3, 1.15, 1.45, 1.6, 1.75]);
  });

  it('with seedOnly, a winning seed is taken without climbing (two first passes)', async () => {
    const child = fakeFirstPass({ 1: -16_000, 1.45: -14_000, 1.6: -13_800, 1.75: -13_700 });
    let choice: WarpChoice | undefined;
    const best = await chooseWarp(child.firstPass, {
      seed: 1.6,
      seedOnly: true,
      onChoice: (c) => (choice = c),
    });
    expect(best.warp).toBe(1.6);
    expect(child.calls).toEqual([1, 1.6]);
    expect(choice).toEqual({
      warp: 1.6,
      scores: [
        { warp: 1, score: -16_000 },
        { warp: 1.6, score: -13_800 },
      ],
      seeded: true,
    });
  });

  it('a seed that does not beat no warp (another voice) falls back to the usual search, not decoding twice', async () => {
    // an adult reads where a child read before: 1.6 scores below no warp
    const adult = fakeFirstPass({ 1: -10_600, 1.6: -11_900, 1.45: -10_540 });
    let choice: WarpChoice | undefined;
    expect((await chooseWarp(adult.firstPass, { seed: 1.6, onChoice: (c) => (choice = c) })).warp).toBe(1);
    expect(adult.calls).toEqual([1, 1.6, 1.45]);
    expect(choice?.seeded).toBe(false);
    // a younger child than the seed's: the search climbs from 1.45 and may come back to the seed's neighbours
    const younger = fakeFirstPass({
      1: -16_000,
      1.15: -15_990,
      1.45: -14_000,
      1.3: -14_500,
      1.6: -13_800,
      1.75: -13_900,
    });
    expect((await chooseWarp(younger.firstPass, { seed: 1.15 })).warp).toBe(1.6);
    expect(younger.calls).toEqual([1, 1.15, 1.45, 1.3, 1.6, 1.75]);
  });

  it('a seed whose pass finds no path falls back to the usual search; a seed of 1 is the usual search', async () => {
    const lost = fakeFirstPass({ 1: -16_000, 1.45: -14_000, 1.3: -14_500, 1.6: undefined });
    expect((await chooseWarp(lost.firstPass, { seed: 1.6 })).warp).toBe(1.45);
    expect(lost.calls).toEqual([1, 1.6, 1.45, 1.3]); // 1.6 already decoded: not again
    const plain = fakeFirstPass({ 1: -10_600, 1.45: -10_540 });
    let choice: WarpChoice | undefined;
    expect((await chooseWarp(plain.firstPass, { seed: 1, onChoice: (c) => (choice = c) })).warp).toBe(1);
    expect(plain.calls).toEqual([1, 1.45]);
    expect(choice?.seeded).toBeUndefined();
  });
});

describe('parseHypseg', () => {
  const line = 'reading S -3 T -12500 A -11800 L -700 0 -50 0 <sil> 12 -11750 -700 the 40\n';
  it('reads the acoustic score, or the total on request', () => {
    expect(parseHypseg(line).get('reading')).toBe(-11800);
    expect(parseHypseg(line, 'total').get('reading')).toBe(-12500);
  });
});

describe('warpArgs', () => {
  it('gives no arguments at 1, sphinxbase f / warp for inverse_linear, slope 1/warp below 5 kHz for piecewise_linear', () => {
    expect(warpArgs(1, 'piecewise_linear')).toEqual([]);
    expect(warpArgs(1.3)).toEqual(warpArgs(1.3, 'piecewise_linear')); // the default
    expect(warpArgs(1.45, 'inverse_linear')).toEqual([
      '-warp_type',
      'inverse_linear',
      '-warp_params',
      '1.45',
    ]);
    expect(warpArgs(1.45, 'piecewise_linear')).toEqual([
      '-warp_type',
      'piecewise_linear',
      '-warp_params',
      '0.6897 5000',
    ]);
  });
});

describe('reusableFirstPass: the check’s first pass stands for the upload’s', () => {
  /** 16 kHz samples: `loud` seconds of a tone at full scale, then `quiet` seconds at `tailDb` dBFS (a tone). */
  const reading = (loud: number, quiet: number, tailDb: number): Int16Array => {
    const out = new Int16Array(Math.round((loud + quiet) * 16000));
    const tail = 32767 * 10 ** (tailDb / 20) * Math.SQRT2;
    for (let i = 0; i < out.length; i++)
      out[i] = Math.round((i < loud * 16000 ? 23000 : tail) * Math.sin((2 * Math.PI * 220 * i) / 16000));
    return out;
  };
  const pass = {
    heard: [{ word: 'the', start: 0.1, end: 0.3 }],
    score: -100,
    segments: [],
    fsgFile: 'passage.fsg',
  };
  const kept = { warp: 1.3, length: 2 * 16000, grammarKey: 'g1', pass };

  it('is the kept pass at the same warp and grammar when the rest of the upload is silent', () => {
    const samples = reading(2, 1, -3 - SILENT_TAIL_DB - 10);
    expect(reusableFirstPass(kept, 1.3, 'g1', samples)).toEqual({ ...pass, warp: 1.3 });
    expect(reusableFirstPass(kept, 1.3, 'g1', samples.subarray(0, kept.length))?.heard).toEqual(pass.heard);
  });

  it('is nothing at another warp, with another grammar, after a sound, or for shorter audio', () => {
    const silent = reading(2, 1, -3 - SILENT_TAIL_DB - 10);
    expect(reusableFirstPass(kept, 1.45, 'g1', silent)).toBeUndefined();
    expect(reusableFirstPass(kept, 1.3, 'g2', silent)).toBeUndefined();
    expect(reusableFirstPass(undefined, 1.3, 'g1', silent)).toBeUndefined();
    expect(reusableFirstPass(kept, 1.3, 'g1', reading(2, 1, -3 - SILENT_TAIL_DB + 10))).toBeUndefined();
    expect(reusableFirstPass(kept, 1.3, 'g1', silent.subarray(0, kept.length - 1))).toBeUndefined();
  });

  it("gives the check's nominations to an upload when only silence follows the checked samples", () => {
    const nominations = { candidates: { garden: ['guarding'] }, selfCorrections: [] };
    const withNominations = { ...kept, nominations };
    const silent = reading(2, 1, -3 - SILENT_TAIL_DB - 10);
    expect(reusableNominations(withNominations, silent)).toBe(nominations);
    expect(reusableNominations(withNominations, silent.subarray(0, kept.length))).toBe(nominations);
    // a check that nominated nothing, speech after the checked samples, or audio shorter than them: none
    expect(reusableNominations(kept, silent)).toBeUndefined();
    expect(reusableNominations(undefined, silent)).toBeUndefined();
    expect(reusableNominations(withNominations, reading(2, 1, -3 - SILENT_TAIL_DB + 10))).toBeUndefined();
    expect(reusableNominations(withNominations, silent.subarray(0, kept.length - 1))).toBeUndefined();
  });
});

describe('pauseCuts: where a first pass made in segments cuts the reading', () => {
  /** 16 kHz samples of `[seconds, loud]` runs: a 220 Hz tone at full scale (loud) or digital silence. */
  const runs = (...parts: [number, boolean][]): Int16Array => {
    const out = new Int16Array(Math.round(parts.reduce((s, [t]) => s + t, 0) * 16000));
    let i = 0;
    for (const [seconds, loud] of parts)
      for (const end = i + Math.round(seconds * 16000); i < end; i++)
        out[i] = loud ? Math.round(23000 * Math.sin((2 * Math.PI * 220 * i) / 16000)) : 0;
    return out;
  };
  const options = { minSegmentSeconds: 5, minPauseSeconds: 0.25 };

  it('cuts 50 ms before the speech after each long enough pause that leaves long enough segments', () => {
    // speech 6 s, pause 0.4 s, speech 6 s, pause 0.4 s, speech 6 s: cuts at 6.35 and 12.75 s
    const samples = runs([6, true], [0.4, false], [6, true], [0.4, false], [6, true]);
    expect(pauseCuts(samples, options)).toEqual([6.35 * 16000, 12.75 * 16000]);
    // in a pause under 0.1 s long (allowed here), its middle
    expect(
      pauseCuts(runs([6, true], [0.06, false], [6, true]), { ...options, minPauseSeconds: 0.05 }),
    ).toEqual([6.03 * 16000]);
  });

  it('does not cut in a short pause, before a short first segment, or before a short tail', () => {
    // a 0.1 s pause: too short; a pause after 3 s: first segment too short; a pause 4 s before the end: tail too short
    expect(pauseCuts(runs([6, true], [0.1, false], [6, true]), options)).toEqual([]);
    expect(pauseCuts(runs([3, true], [0.4, false], [9, true]), options)).toEqual([]);
    expect(pauseCuts(runs([9, true], [0.4, false], [4, true]), options)).toEqual([]);
    // segments count from the last cut: a pause 3.4 s after it is too soon
    expect(pauseCuts(runs([6, true], [0.4, false], [3, true], [0.4, false], [6, true]), options)).toEqual([
      6.35 * 16000,
    ]);
  });

  it('never cuts silence alone, and a quiet murmur still counts as speech', () => {
    expect(pauseCuts(new Int16Array(20 * 16000), options)).toEqual([]);
    const murmur = runs([6, true], [0.4, true], [6, true]).map((v, i) =>
      i >= 6 * 16000 && i < 6.4 * 16000 ? Math.round(v / 10) : v,
    );
    // 20 dB under the loud frames: above the default 25 dB threshold, so no pause
    expect(pauseCuts(murmur, options)).toEqual([]);
  });

  it('judges a pause by the audio before it: the cuts of the reading so far begin the whole reading’s cuts', () => {
    // a soft first part, then a much louder reading: a whole-reading threshold would take the soft part's
    // pauses for speech (or its speech for pauses); the causal one cuts them as they come
    const soft = runs([6, true], [0.4, false], [6, true]).map((v) => Math.round(v / 30));
    const loud = runs([0.4, false], [6, true], [0.4, false], [6, true]);
    const whole = new Int16Array(soft.length + loud.length);
    whole.set(soft);
    whole.set(loud, soft.length);
    const all = pauseCuts(whole, options);
    expect(all.length).toBeGreaterThanOrEqual(2);
    // 6.35 s: the soft part's own pause, cut as the whole reading is
    expect(all[0]).toBe(6.35 * 16000);
    for (let seconds = 1; seconds * 16000 <= whole.length; seconds++) {
      const sofar = pauseCuts(whole.subarray(0, seconds * 16000), options);
      expect(all.slice(0, sofar.length)).toEqual(sofar);
    }
    // and the last cut is made once 5 s of audio follow it
    expect(pauseCuts(whole.subarray(0, all.at(-1)! + 5 * 16000), options)).toEqual(all);
    expect(pauseCuts(whole.subarray(0, all.at(-1)! + 5 * 16000 - 160), options)).toEqual(all.slice(0, -1));
  });
});

describe('firstWarpRound: the factors the warp search always decodes', () => {
  it('is the fixed factor, else no warp and the seed, else no warp and the first-round factors', () => {
    expect(firstWarpRound({ fixed: 1.3 })).toEqual([1.3]);
    expect(firstWarpRound({ seed: 1.6 })).toEqual([1, 1.6]);
    expect(firstWarpRound({ seed: 1 })).toEqual([1, ...DEFAULT_WARP_FACTORS.filter((f) => f !== 1)]);
    expect(firstWarpRound({})).toEqual([1, 1.45]);
    expect(firstWarpRound({ factors: [1] })).toEqual([1]);
  });
});
