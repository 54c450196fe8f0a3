import { describe, expect, it } from 'vitest';
import {
  chooseWarpVerdict,
  commandDecoderArgs,
  DEFAULT_SILENCE_PROBABILITY,
  commandMargin,
  dropTrailingBlip,
  MAX_TRAILING_BLIP_FRAMES,
  TRIM_PAD_FRAMES,
  trimSilence,
  type Segment,
} from './command-decoder.ts';
import type { PcmAudio } from './wav.ts';

const seg = (word: string, start: number, end: number): Segment => ({ word, start, end, acoustic: 0 });
const words = (segments: readonly Segment[]) => segments.map((s) => s.word);
const commandWords = new Set(['sample', 'stories', 'go', 'home', 'stop']);

describe('dropTrailingBlip', () => {
  it('drops garbage words lasting 0.3 s or less after the command', () => {
    const path = [seg('sample', 46, 95), seg('stories', 95, 157), seg('thing', 157, 183)];
    expect(words(dropTrailingBlip(path, commandWords))).toEqual(['sample', 'stories']);
    const twoPhones = [
      seg('go', 10, 30),
      seg('home', 30, 60),
      seg('ph_s', 60, 75),
      seg('ph_t', 75, 60 + MAX_TRAILING_BLIP_FRAMES),
    ];
    expect(words(dropTrailingBlip(twoPhones, commandWords))).toEqual(['go', 'home']);
  });

  it('keeps longer words after the command, a second command and a path of garbage only', () => {
    const more = [seg('go', 10, 30), seg('home', 30, 60), seg('now', 60, 61 + MAX_TRAILING_BLIP_FRAMES)];
    expect(words(dropTrailingBlip(more, commandWords))).toEqual(['go', 'home', 'now']);
    const double = [seg('go', 10, 30), seg('home', 30, 60), seg('stop', 60, 70)];
    expect(words(dropTrailingBlip(double, commandWords))).toEqual(['go', 'home', 'stop']);
    const garbage = [seg('than', 10, 20)];
    expect(words(dropTrailingBlip(garbage, commandWords))).toEqual(['than']);
  });
});

describe('commandMargin', () => {
  const scored = (word: string, start: number, end: number, acoustic: number): Segment => ({
    word,
    start,
    end,
    acoustic,
  });

  it("compares the command's own frames with the garbage path's share of the same frames", () => {
    // carrier 0–50 (not counted), command 50–100 scoring -1000; the garbage path covers 40–80
    // (-1600 over 40 frames: 30 of them inside) and 80–120 (-800 over 40 frames: 20 inside)
    const own = [scored('tokens', 50, 100, -1000)];
    const garbage = [
      scored('<sil>', 0, 40, -100),
      scored('the', 40, 80, -1600),
      scored('beach', 80, 120, -800),
    ];
    // garbage over 50–100: -1200 - 400 = -1600; (-1000 - -1600) / 50 = 12
    expect(commandMargin(own, garbage)).toBeCloseTo(12);
    // a command fitting worse than the garbage path is negative
    expect(commandMargin([scored('tokens', 50, 100, -2000)], garbage)).toBeCloseTo(-8);
  });

  it('spans several words of the command and has no answer without frames', () => {
    const own = [scored('go', 10, 20, -100), scored('home', 20, 40, -300)];
    expect(commandMargin(own, [scored('goat', 0, 50, -500)])).toBeCloseTo((-400 - -300) / 30);
    expect(commandMargin([], [scored('goat', 0, 50, -500)])).toBeNull();
  });
});

describe('trimSilence', () => {
  /** 16 kHz mono: `quiet` s of faint noise, `voiced` s of a loud tone, `quiet` s of noise. */
  const clip = (quiet: number, voiced: number): PcmAudio => {
    const n = (s: number) => Math.round(s * 16000);
    const samples = new Int16Array(2 * n(quiet) + n(voiced));
    let seed = 7;
    for (let k = 0; k < samples.length; k++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      samples[k] = ((seed / 2 ** 31) * 2 - 1) * 30;
    }
    for (let k = 0; k < n(voiced); k++)
      samples[n(quiet) + k] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * k) / 16000));
    return { samples, sampleRate: 16000, channels: 1, durationSeconds: samples.length / 16000 };
  };

  it('keeps the voice and 0.4 s of quiet either side', () => {
    const audio = clip(1, 0.5);
    const trimmed = trimSilence(audio);
    const pad = TRIM_PAD_FRAMES * 160;
    expect(trimmed.samples.length).toBe(0.5 * 16000 + 2 * pad);
    expect(trimmed.durationSeconds).toBeCloseTo(0.5 + (2 * pad) / 16000);
    // the voice is inside, untouched
    expect(trimmed.samples[pad + 400]).toBe(audio.samples[16000 + 400]);
    expect(Math.max(...trimmed.samples.subarray(0, pad - 160))).toBeLessThan(100);
  });

  it('returns a clip with little quiet, or one with no voice above the noise, whole', () => {
    const tight = clip(0.1, 1);
    expect(trimSilence(tight).samples.length).toBe(tight.samples.length);
    const noise = clip(1, 0);
    expect(trimSilence(noise).samples.length).toBe(noise.samples.length);
  });
});

describe('chooseWarpVerdict', () => {
  const v = (target: string | null, margin: number | null, total: number | null, complete = true) => ({
    target,
    margin,
    total,
    complete,
  });

  it("'margin' takes the accepting warp whose command beats its own free loop by most, whatever the raw scores", () => {
    // warp 1 accepts "reports" by 6.5; warp 1.45 scores higher overall with garbage words ("before which")
    const verdicts = [v('/reports', 6.5, -5447), v(null, null, -5339)];
    expect(chooseWarpVerdict(verdicts, 'margin')).toBe(verdicts[0]);
    expect(chooseWarpVerdict(verdicts, 'best')).toBe(verdicts[1]);
    const two = [v('/goals', 1, -4111), v('/goals', 17, -4508)];
    expect(chooseWarpVerdict(two, 'margin')).toBe(two[1]);
  });

  it("falls back to the best-scoring complete warp when none accepts; 'any' needs the warps to agree", () => {
    const none = [v(null, null, -7000), v(null, -3, -6000), v(null, null, -5000, false)];
    expect(chooseWarpVerdict(none, 'margin')).toBe(none[1]);
    const disagree = [v('/home', 5, -6000), v('/help', 9, -6100)];
    expect(chooseWarpVerdict(disagree, 'margin')).toBe(disagree[1]);
    expect(chooseWarpVerdict(disagree, 'any')).toBe(disagree[0]);
  });
});

describe('commandDecoderArgs', () => {
  it('gives both decodes the default silence probability, unless the tuning arguments set one', () => {
    expect(commandDecoderArgs()).toEqual(['-silprob', String(DEFAULT_SILENCE_PROBABILITY)]);
    expect(commandDecoderArgs(['-wip', '0.5'], 0.2)).toEqual(['-silprob', '0.2', '-wip', '0.5']);
    expect(commandDecoderArgs(['-silprob', '0.005'])).toEqual(['-silprob', '0.005']);
  });
});
