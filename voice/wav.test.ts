import { describe, expect, it } from 'vitest';
import { floatToInt16, pcmSeconds, wordClip } from './wav.ts';

describe('floatToInt16', () => {
  it('maps −1 and 1 exactly, clamps, rounds', () => {
    expect([...floatToInt16([-1, 0, 1, 0.5, -0.5, 2, -2])]).toEqual([
      -32768, 0, 32767, 16384, -16384, 32767, -32768,
    ]);
  });
});

describe('pcmSeconds', () => {
  it('duration', () => {
    expect(pcmSeconds(24_000, 16_000)).toBe(1.5);
    expect(pcmSeconds(10, 0)).toBe(0);
  });
});

describe('wordClip', () => {
  it('pads a word inside the audio', () => {
    expect(wordClip(1, 1.5, 10)).toEqual({ offset: 0.88, length: expect.closeTo(0.74, 6) as number });
    expect(wordClip(0.05, 0.3, 10)?.offset).toBe(0);
    expect(wordClip(9.9, 10, 10)).toEqual({
      offset: expect.closeTo(9.78, 6) as number,
      length: expect.closeTo(0.22, 6) as number,
    });
  });
  it('no timing, no clip', () => {
    expect(wordClip(null, null, 10)).toBeNull();
    expect(wordClip(2, 2, 10)).toBeNull();
  });
});
