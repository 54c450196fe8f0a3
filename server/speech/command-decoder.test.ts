import { describe, expect, it } from 'vitest';
import { dropTrailingBlip, MAX_TRAILING_BLIP_FRAMES, type Segment } from './command-decoder.ts';

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
