import { describe, expect, it } from 'vitest';
import { UNCLEAR } from '#server/speech/recogniser.ts';
import {
  DEFAULT_SILENT_WORD_DB,
  DEFAULT_UNHEARD_SPEECH,
  dropSilentWords,
  frameLevels,
  keptWhenSilent,
  levelQuantile,
  unheardSpeech,
} from './unheard-speech.ts';

/** Frame levels: `loud` dBFS on the given 10 ms frames, `quiet` elsewhere. */
function levels(frames: number, loudRanges: readonly [number, number][], loud = -10, quiet = -90): number[] {
  return Array.from({ length: frames }, (_, f) =>
    loudRanges.some(([a, b]) => f >= a && f < b) ? loud : quiet,
  );
}

describe('frame levels', () => {
  it('measures each 10 ms frame in dBFS (full-scale square wave 0 dB, silence −120)', () => {
    const samples = new Int16Array(480);
    for (let k = 160; k < 320; k++) samples[k] = k % 2 === 0 ? 32767 : -32768;
    const l = frameLevels(samples, 16000);
    expect(l).toHaveLength(3);
    expect(l[0]).toBeCloseTo(-120, 0);
    expect(l[1]).toBeCloseTo(0, 1);
    expect(l[2]).toBeCloseTo(-120, 0);
  });

  it('takes quantiles by nearest rank', () => {
    expect(levelQuantile([5, 1, 3, 2, 4], 0.95)).toBe(5);
    expect(levelQuantile([5, 1, 3, 2, 4], 0.1)).toBe(1);
    expect(levelQuantile([], 0.5)).toBe(-120);
  });
});

describe('speech between heard words', () => {
  const words = [
    { word: 'sam', start: 0.1, end: 0.5 },
    { word: 'laughed', start: 1.0, end: 1.4 },
  ];

  it('reports a stretch of sound between two words as [unclear], at its times', () => {
    const l = levels(150, [
      [10, 50],
      [70, 90],
      [100, 140],
    ]);
    expect(unheardSpeech(words, l)).toEqual([words[0], { word: UNCLEAR, start: 0.7, end: 0.9 }, words[1]]);
  });

  it('leaves out a stretch shorter than minFrames, and sound before the first or after the last word', () => {
    const l = levels(200, [
      [0, 8],
      [10, 50],
      [70, 70 + DEFAULT_UNHEARD_SPEECH.minFrames - 1],
      [100, 140],
      [160, 190],
    ]);
    expect(unheardSpeech(words, l)).toEqual(words);
  });

  it('does not take room noise for speech: a frame must stand above the noise floor', () => {
    // noise at −35 dBFS everywhere except the words; the gap is as loud as the floor
    const l = levels(150, [
      [10, 50],
      [100, 140],
    ]).map((x) => (x < -50 ? -35 : x));
    expect(unheardSpeech(words, l)).toEqual(words);
    // a louder stretch in the same noise is reported
    l.fill(-15, 70, 90);
    expect(unheardSpeech(words, l).map((w) => w.word)).toEqual(['sam', UNCLEAR, 'laughed']);
  });
});

describe('content words heard over silence', () => {
  const isFunctionWord = (w: string): boolean => ['the', 'a'].includes(w);
  // "the bus" loud (frames 0–60), the fading tail of "bus" (−36 dB: 23 dB under), silence, then "at"
  const l = levels(
    300,
    [
      [0, 60],
      [250, 262],
    ],
    -13,
    -95,
  ).map((x, f) => (f >= 60 && f < 62 ? -36 : x));

  it('drops a content word whose loudest frame is more than 18 dB under the loud level (the Red Bus "stops")', () => {
    const heard = [
      { word: 'the', start: 0, end: 0.2 },
      { word: 'bus', start: 0.21, end: 0.59 },
      { word: 'stops', start: 0.6, end: 0.75 },
      { word: 'at', start: 2.5, end: 2.6 },
    ];
    expect(dropSilentWords(heard, l, isFunctionWord).map((h) => h.word)).toEqual(['the', 'bus', 'at']);
  });

  it('keeps a word 18 dB under or louder, function words, [unclear] and words past the audio', () => {
    const quiet = l.map((x, f) => (f >= 100 && f < 110 ? -13 - DEFAULT_SILENT_WORD_DB : x));
    const heard = [
      { word: 'soft', start: 1.0, end: 1.1 },
      { word: 'a', start: 1.5, end: 1.6 },
      { word: UNCLEAR, start: 1.7, end: 1.9 },
      { word: 'late', start: 5, end: 5.2 },
    ];
    expect(dropSilentWords(heard, quiet, isFunctionWord)).toEqual(heard);
  });

  it('drops a function word the passage does not hold over the fading tail, keeps the passage’s (the Red Bus "of")', () => {
    const passage = [
      { spoken: [['the']] },
      { spoken: [['bus']] },
      { spoken: [['stops']] },
      { spoken: [['at']] },
    ];
    const kept = keptWhenSilent(passage, new Set(['the', 'at', 'of', 'a']));
    const heard = [
      { word: 'the', start: 0, end: 0.2 },
      { word: 'bus', start: 0.21, end: 0.59 },
      { word: 'of', start: 0.6, end: 0.75 },
      { word: 'at', start: 2.5, end: 2.6 },
    ];
    expect(dropSilentWords(heard, l, kept).map((h) => h.word)).toEqual(['the', 'bus', 'at']);
    // "the" said into the pause is the passage's own word: kept.
    const the = [{ word: 'the', start: 0.6, end: 0.75 }];
    expect(dropSilentWords(the, l, kept)).toEqual(the);
    expect(kept('of')).toBe(false);
    expect(kept('stops')).toBe(false);
    expect(kept('the')).toBe(true);
  });

  it('moves its threshold with belowPeakDb', () => {
    const heard = [{ word: 'stops', start: 0.6, end: 0.75 }];
    expect(dropSilentWords(heard, l, isFunctionWord, 25)).toEqual(heard);
    expect(dropSilentWords(heard, l, isFunctionWord, 20)).toEqual([]);
  });
});
