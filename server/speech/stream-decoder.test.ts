import { describe, expect, it } from 'vitest';
import { LOOKAHEAD_WORDS, windowWords, withLookahead } from '#server/speech/stream-decoder.ts';

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

describe('withLookahead', () => {
  const fsg = [
    'FSG_BEGIN passage',
    'NUM_STATES 12',
    'START_STATE 0',
    'FINAL_STATE 11',
    'TRANSITION 0 1 0.9 the',
    'FSG_END',
    '',
  ].join('\n');

  it('starts at a new state that enters the reader’s place mostly, and the next words too', () => {
    const out = withLookahead(fsg, 2, 10);
    expect(out).toMatch(/^NUM_STATES 13$/m);
    expect(out).toMatch(/^START_STATE 12$/m);
    const entries = [...out.matchAll(/^TRANSITION 12 (\d+) ([\d.e-]+)$/gm)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    expect(entries.map(([to]) => to)).toEqual([
      2,
      ...Array.from({ length: LOOKAHEAD_WORDS }, (_, k) => 3 + k),
    ]);
    expect(entries[0]?.[1]).toBeGreaterThan(0.5);
    expect(entries.reduce((sum, [, p]) => sum + (p ?? 0), 0)).toBeCloseTo(1, 5);
    expect(out.trimEnd().endsWith('FSG_END')).toBe(true);
  });

  it('looks no further than the grammar’s last position', () => {
    const out = withLookahead(fsg, 9, 10);
    const targets = [...out.matchAll(/^TRANSITION 12 (\d+) /gm)].map((m) => Number(m[1]));
    expect(targets).toEqual([9, 10]);
    expect(withLookahead(fsg, 10, 10)).toMatch(/^TRANSITION 12 10 1$/m);
  });

  it('searches further ahead when asked (a follower that lost its place)', () => {
    const targets = [...withLookahead(fsg, 1, 10, 40).matchAll(/^TRANSITION 12 (\d+) /gm)].map((m) =>
      Number(m[1]),
    );
    expect(targets).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('refuses text that is not a grammar', () => {
    expect(() => withLookahead('hello', 0, 1)).toThrow(/NUM_STATES/);
  });
});
