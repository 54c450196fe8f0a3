import { describe, expect, it } from 'vitest';
import { windowWords } from '#server/speech/stream-decoder.ts';

const seg = (unit: string, start: number, end: number) => ({ unit, start, end, score: -100 });

describe('windowWords', () => {
  it('drops silence and fillers, strips alternate pronunciations and merges garbage runs', () => {
    const w = windowWords(
      [
        seg('<sil>', 0, 20),
        seg('the', 20, 35),
        seg('to(2)', 35, 50),
        seg('ph_s', 50, 60),
        seg('ph_t', 60, 70),
        seg('(NULL)', 70, 70),
        seg('fox', 70, 100),
        seg('<sil>', 100, 130),
      ],
      1.3,
    );
    expect(w.words).toEqual([
      { word: 'the', start: 0.2, end: 0.35 },
      { word: 'to', start: 0.35, end: 0.5 },
      { word: '[unclear]', start: 0.5, end: 0.7 },
      { word: 'fox', start: 0.7, end: 1 },
    ]);
    expect(w.firstSound).toBe(0.2);
    expect(w.lastSound).toBe(1);
  });

  it('leaves out the silence padded after the window', () => {
    const w = windowWords([seg('<sil>', 0, 10), seg('river', 10, 60), seg('<sil>', 60, 80)], 0.5);
    expect(w.words).toEqual([{ word: 'river', start: 0.1, end: 0.5 }]);
    const empty = windowWords([seg('<sil>', 0, 80), seg('fox', 80, 100)], 0.5);
    expect(empty).toEqual({ words: [], firstSound: null, lastSound: null });
  });
});
