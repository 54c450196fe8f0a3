import { describe, expect, it } from 'vitest';
import { WAV_HEADER_BYTES, encodeWav } from './wav.ts';

const text = (bytes: Uint8Array, o: number, n: number) => String.fromCharCode(...bytes.slice(o, o + n));

describe('encodeWav', () => {
  it('writes the canonical 44-byte header for 16 kHz mono 16-bit, the chunks in order', () => {
    const bytes = encodeWav([Int16Array.from([1, -2]), Int16Array.from([3])], 16_000);
    expect(bytes.length).toBe(WAV_HEADER_BYTES + 6);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    expect(text(bytes, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 6);
    expect(text(bytes, 8, 4)).toBe('WAVE');
    expect(text(bytes, 12, 4)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(text(bytes, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(6);
    expect([view.getInt16(44, true), view.getInt16(46, true), view.getInt16(48, true)]).toEqual([1, -2, 3]);
  });

  it('writes interleaved stereo at any rate', () => {
    const bytes = encodeWav(Int16Array.from([100, -100, 200, -200]), 44_100, 2);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    expect(bytes.length).toBe(WAV_HEADER_BYTES + 8);
    expect(view.getUint16(22, true)).toBe(2);
    expect(view.getUint32(24, true)).toBe(44_100);
    expect(view.getUint32(28, true)).toBe(44_100 * 4);
    expect(view.getUint16(32, true)).toBe(4);
    expect(view.getInt16(50, true)).toBe(-200);
  });

  it('an empty recording is a valid empty file', () => {
    const bytes = encodeWav([], 16_000);
    expect(bytes.length).toBe(WAV_HEADER_BYTES);
    expect(new DataView(bytes.buffer, bytes.byteOffset).getUint32(40, true)).toBe(0);
  });
});
