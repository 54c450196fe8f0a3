import { describe, expect, it } from 'vitest';
import { speakableTokens } from '#core/api/stories.ts';
import { estimateWordTimes, wavSeconds, wordTimesFromCharacters } from './tts-provider.ts';

/** A 16-bit mono WAV header of `seconds` at `rate`, with an optional LIST chunk before the data. */
function wav(seconds: number, rate = 16_000, options: { list?: boolean; dataSize?: number } = {}) {
  const dataBytes = Math.round(seconds * rate * 2);
  const list = options.list ? 16 : 0;
  const bytes = new Uint8Array(44 + list + dataBytes);
  const view = new DataView(bytes.buffer);
  const put = (at: number, tag: string) => [...tag].forEach((ch, k) => (bytes[at + k] = ch.charCodeAt(0)));
  put(0, 'RIFF');
  put(8, 'WAVE');
  put(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(34, 16, true);
  let at = 36;
  if (options.list) {
    put(at, 'LIST');
    view.setUint32(at + 4, 8, true);
    at += 16;
  }
  put(at, 'data');
  view.setUint32(at + 4, options.dataSize ?? dataBytes, true);
  return bytes;
}

describe('wavSeconds', () => {
  it('reads the length of canonical, chunked and streamed WAVs', () => {
    expect(wavSeconds(wav(1))).toBe(1);
    expect(wavSeconds(wav(2.5, 24_000, { list: true }))).toBe(2.5);
    // Streamed answers (OpenAI) give 0xFFFFFFFF as the data size: the data runs to the end.
    expect(wavSeconds(wav(1.5, 24_000, { dataSize: 0xffffffff }))).toBe(1.5);
  });
  it('gives 0 for anything that is not a WAV', () => {
    expect(wavSeconds(new TextEncoder().encode('ID3 not a wav file'))).toBe(0);
    expect(wavSeconds(new Uint8Array(3))).toBe(0);
  });
});

describe('estimateWordTimes', () => {
  it('spreads the words over the audio in order, longer words longer, inside the audio', () => {
    const text = 'Hi, Sam — elephants run!';
    const words = estimateWordTimes(text, 3);
    expect(words.map((w) => w.text)).toEqual(speakableTokens(text));
    expect(words[0]!.start).toBeGreaterThan(0);
    expect(words.at(-1)!.end).toBeLessThanOrEqual(3);
    for (let k = 1; k < words.length; k++) expect(words[k]!.start).toBeCloseTo(words[k - 1]!.end, 2);
    const span = (w: { start: number; end: number }) => w.end - w.start;
    expect(span(words[2]!)).toBeGreaterThan(span(words[0]!));
  });
});

describe('wordTimesFromCharacters', () => {
  it('gives each spoken token its first start and last end', () => {
    const text = 'Go — now!';
    const starts = [...text].map((_, k) => k * 0.1);
    const ends = starts.map((s) => s + 0.1);
    expect(wordTimesFromCharacters(text, starts, ends)).toEqual([
      { index: 0, text: 'Go', start: 0, end: 0.2 },
      { index: 1, text: 'now!', start: 0.5, end: 0.9 },
    ]);
  });
});
