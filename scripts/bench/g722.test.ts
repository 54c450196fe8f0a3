import { describe, expect, it } from 'vitest';
import { decodeG722, encodeG722 } from './g722.ts';

/** A tone of `hz` at 16 kHz, amplitude 8000, `n` samples. */
const tone = (hz: number, n: number): Int16Array =>
  Int16Array.from({ length: n }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * hz * i) / 16000)));

/** Amplitude of `hz` in `x` (one DFT bin, normalised so a pure tone of amplitude A gives A). */
function amplitudeAt(x: Int16Array, hz: number): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < x.length; i++) {
    re += (x[i] ?? 0) * Math.cos((2 * Math.PI * hz * i) / 16000);
    im -= (x[i] ?? 0) * Math.sin((2 * Math.PI * hz * i) / 16000);
  }
  return (2 * Math.hypot(re, im)) / x.length;
}

describe('G.722 through spandsp (scripts/bench/g722.ts)', () => {
  it('decodes two 16 kHz samples per byte and keeps a tone in either sub-band', () => {
    // 1 kHz lies in the low sub-band (0-4 kHz), 5 kHz in the high one (4-8 kHz): both must come back
    for (const hz of [1000, 5000]) {
      const input = tone(hz, 16000);
      const coded = encodeG722(input);
      expect(coded.length).toBe(8000);
      const output = decodeG722(coded);
      expect(output.length).toBe(16000);
      // skip the codec's start-up (its adaptive quantisers begin small)
      const settled = output.subarray(2000);
      expect(amplitudeAt(settled, hz), `${hz} Hz`).toBeGreaterThan(6000);
      expect(amplitudeAt(settled, hz === 1000 ? 5000 : 1000), `${hz} Hz leaks`).toBeLessThan(400);
    }
  });

  it('decodes nothing to nothing', () => {
    expect(decodeG722(new Uint8Array(0)).length).toBe(0);
  });
});
