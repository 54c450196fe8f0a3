import { describe, expect, it } from 'vitest';
import { MIN_VOICED_SECONDS, startupCommandPhrases, voicedSeconds } from './command-service.ts';
import type { PcmAudio } from './wav.ts';

describe('startupCommandPhrases', () => {
  it('holds the §9 phrases, the screens’ words and the library’s titles, once each', () => {
    const phrases = startupCommandPhrases(['The Clockmaker’s Secret', 'stop']);
    // "premade" is the one command word outside cmudict: the warm decoders must know it from the start
    for (const p of ['premade', 'reading practice', 'read page', 'read to me', 'try again', 'stop'])
      expect(phrases).toContain(p);
    expect(phrases).toContain('The Clockmaker’s Secret');
    expect(phrases.filter((p) => p === 'stop')).toHaveLength(1);
  });
});

/** 16 kHz mono: 0.3 s of quiet, `seconds` of `sample(t)`, 0.3 s of quiet. */
function clip(seconds: number, sample: (t: number, k: number) => number): PcmAudio {
  const rate = 16000;
  const pad = Math.round(0.3 * rate);
  const n = Math.round(seconds * rate);
  const samples = new Int16Array(n + 2 * pad);
  let seed = 7;
  const quiet = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31 - 0.5) * 20;
  for (let k = 0; k < samples.length; k++)
    samples[k] = Math.round(k >= pad && k < pad + n ? sample((k - pad) / rate, k - pad) : quiet());
  return { samples, sampleRate: rate, channels: 1, durationSeconds: samples.length / rate };
}

describe('voicedSeconds', () => {
  it('finds a vowel (a pitch with its harmonics) and no voice in a burst of noise, a cough or a clap', () => {
    // a child's vowel: 300 Hz and harmonics shaped like a formant near 1 kHz
    const vowel = clip(0.3, (t) =>
      [1, 2, 3, 4, 5].reduce((y, h) => y + (3000 / h) * Math.sin(2 * Math.PI * 300 * h * t), 0),
    );
    expect(voicedSeconds(vowel)).toBeGreaterThan(0.2);
    let seed = 1;
    let low = 0;
    const noise = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31 - 0.5) * 2;
    // a cough: noise (white, and low-passed, which is correlated over a few samples) fading out
    const cough = clip(0.35, (t) => 12_000 * noise() * Math.exp(-t / 0.1));
    const dull = clip(0.35, (t) => {
      low = 0.9 * low + 0.1 * noise();
      return 60_000 * low * Math.exp(-t / 0.1);
    });
    for (const sound of [cough, dull]) expect(voicedSeconds(sound)).toBeLessThan(MIN_VOICED_SECONDS);
  });

  it('stops counting once it has enough', () => {
    const vowel = clip(
      1,
      (t) => 5000 * Math.sin(2 * Math.PI * 200 * t) + 2000 * Math.sin(2 * Math.PI * 400 * t),
    );
    expect(voicedSeconds(vowel, MIN_VOICED_SECONDS)).toBeCloseTo(MIN_VOICED_SECONDS, 2);
  });
});
