import { describe, expect, it } from 'vitest';
import { WaveFile } from 'wavefile';
import { WAV_HEADER_BYTES, encodeWav, floatToInt16, pcmSeconds, wordClip } from './wav.ts';

describe('floatToInt16', () => {
  it('maps −1 and 1 exactly, clamps, rounds', () => {
    expect([...floatToInt16([-1, 0, 1, 0.5, -0.5, 2, -2])]).toEqual([
      -32768, 0, 32767, 16384, -16384, 32767, -32768,
    ]);
  });
});

describe('encodeWav', () => {
  it('writes the canonical 44-byte header for 16 kHz mono 16-bit', () => {
    const bytes = encodeWav([Int16Array.from([1, -2]), Int16Array.from([3])], 16_000);
    expect(bytes.length).toBe(WAV_HEADER_BYTES + 6);
    const view = new DataView(bytes.buffer);
    const text = (o: number, n: number) => String.fromCharCode(...bytes.slice(o, o + n));
    expect(text(0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 6);
    expect(text(8, 4)).toBe('WAVE');
    expect(text(12, 4)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(text(36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(6);
    expect([view.getInt16(44, true), view.getInt16(46, true), view.getInt16(48, true)]).toEqual([1, -2, 3]);
  });

  it('is read back by an independent WAV library', () => {
    const tone = floatToInt16(
      Array.from({ length: 16_000 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 16_000)),
    );
    const wav = new WaveFile(encodeWav([tone.subarray(0, 7000), tone.subarray(7000)], 16_000));
    const fmt = wav.fmt as {
      sampleRate: number;
      numChannels: number;
      bitsPerSample: number;
      audioFormat: number;
    };
    expect(fmt).toMatchObject({ sampleRate: 16_000, numChannels: 1, bitsPerSample: 16, audioFormat: 1 });
    const samples = wav.getSamples(false, Int16Array) as unknown as Int16Array;
    expect(samples.length).toBe(16_000);
    expect([...samples.subarray(6990, 7010)]).toEqual([...tone.subarray(6990, 7010)]);
  });

  it('an empty recording is a valid empty file', () => {
    const bytes = encodeWav([], 16_000);
    expect(bytes.length).toBe(44);
    expect(new DataView(bytes.buffer).getUint32(40, true)).toBe(0);
  });

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
