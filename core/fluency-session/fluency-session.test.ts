import { describe, expect, it } from 'vitest';
import { COUNTDOWN_FROM, formatClock, isCountdownOver, nextCountdown, secondsInWords } from './countdown.ts';
import { INITIAL_END_OF_READING, nextEndOfReading, type EndOfReadingState } from './end-of-reading.ts';
import { levelDescription, levelPercent, meterLevel, rms } from './level.ts';
import { classifySaveError } from './save-errors.ts';
import { compareWithNorms, normsGrade, seasonOf } from './season.ts';

describe('level math', () => {
  it('rms of a full-scale square wave is 1, of silence 0, of a sine 1/√2', () => {
    expect(rms([1, -1, 1, -1])).toBe(1);
    expect(rms(new Float32Array(128))).toBe(0);
    expect(rms([])).toBe(0);
    const sine = Array.from({ length: 1600 }, (_, i) => Math.sin((2 * Math.PI * i) / 16));
    expect(rms(sine)).toBeCloseTo(Math.SQRT1_2, 4);
  });

  it('meter is linear in dB from −60 dBFS (0) to 0 dBFS (1), clamped', () => {
    expect(meterLevel(0)).toBe(0);
    expect(meterLevel(1)).toBe(1);
    expect(meterLevel(2)).toBe(1);
    expect(meterLevel(0.001)).toBeCloseTo(0, 10); // −60 dB
    expect(meterLevel(0.0001)).toBe(0); // −80 dB
    expect(meterLevel(0.1)).toBeCloseTo(2 / 3, 10); // −20 dB
    expect(meterLevel(Number.NaN)).toBe(0);
  });

  it('percent and words', () => {
    expect(levelPercent(0.456)).toBe(46);
    expect(levelPercent(-1)).toBe(0);
    expect(levelPercent(Number.POSITIVE_INFINITY)).toBe(0);
    expect(levelDescription(0)).toBe('silent');
    expect(levelDescription(0.7)).toBe('good');
    expect(levelDescription(0.95)).toBe('very loud');
  });
});

describe('countdown and clock', () => {
  it('counts 3, 2, 1, 0 and never below', () => {
    const seen = [COUNTDOWN_FROM];
    while (!isCountdownOver(seen.at(-1)!)) seen.push(nextCountdown(seen.at(-1)!));
    expect(seen).toEqual([3, 2, 1, 0]);
    expect(nextCountdown(0)).toBe(0);
  });
  it('formats seconds', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(7.9)).toBe('0:07');
    expect(formatClock(60)).toBe('1:00');
    expect(secondsInWords(1)).toBe('1 second');
    expect(secondsInWords(42.4)).toBe('42 seconds');
    expect(secondsInWords(65)).toBe('1 minute 5 seconds');
    expect(secondsInWords(120)).toBe('2 minutes');
  });
});

describe('end of reading', () => {
  const feed = (samples: [number, number][]): EndOfReadingState =>
    samples.reduce((s, [t, l]) => nextEndOfReading(s, t, l), INITIAL_END_OF_READING);
  const ticks = (from: number, to: number, level: number): [number, number][] => {
    const out: [number, number][] = [];
    for (let t = from; t <= to + 1e-9; t += 0.1) out.push([Math.round(t * 10) / 10, level]);
    return out;
  };
  it('silence before any speech never ends the reading', () => {
    expect(feed(ticks(0, 20, 0)).finished).toBe(false);
  });
  it('ends 4 s after speech stops', () => {
    expect(feed([...ticks(0, 5, 0.7), ...ticks(5.1, 8.9, 0.1)]).finished).toBe(false);
    expect(feed([...ticks(0, 5, 0.7), ...ticks(5.1, 9.2, 0.1)]).finished).toBe(true);
  });
  it('a pause shorter than 4 s mid-passage does not end it', () => {
    const s = feed([...ticks(0, 3, 0.7), ...ticks(3.1, 5, 0.1), ...ticks(5.1, 6, 0.7)]);
    expect(s.finished).toBe(false);
    expect(s.silenceSince).toBeNull();
  });
  it('a short click is not speech', () => {
    expect(feed([...ticks(0, 0.3, 0.9), ...ticks(0.4, 10, 0)]).finished).toBe(false);
  });
});

describe('seasons and norms (Hasbrouck & Tindal 2017)', () => {
  it('splits the school year', () => {
    const m = (month: number) => seasonOf(new Date(2026, month, 15));
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(m)).toEqual([
      'winter',
      'winter',
      'spring',
      'spring',
      'spring',
      'spring',
      'spring',
      'fall',
      'fall',
      'fall',
      'fall',
      'winter',
    ]);
  });
  it('reads profile grades', () => {
    expect(normsGrade('3')).toBe(3);
    expect(normsGrade('K')).toBe('K');
    expect(normsGrade('Pre-K')).toBe('K');
    expect(normsGrade(null)).toBeUndefined();
    expect(normsGrade('13')).toBeUndefined();
  });
  it('places a WCPM in its percentile band with a sentence', () => {
    // Grade 3 fall: 40, 59, 83, 104, 134.
    expect(compareWithNorms(90, 3, 'fall').band).toBe('50to75');
    expect(compareWithNorms(90, 3, 'fall').sentence).toBe(
      'You read 90 words correct per minute. That is between the 50th and 75th percentile for fall readers in grade 3; the middle (50th percentile) is 83.',
    );
    expect(compareWithNorms(39.9, 3, 'fall').band).toBe('below10');
    expect(compareWithNorms(40, 3, 'fall').band).toBe('10to25');
    expect(compareWithNorms(134, 3, 'fall').band).toBe('above90');
    expect(compareWithNorms(20, 'K', 'spring').sentence).toContain('kindergarten');
  });
});

describe('save errors', () => {
  it('classifies by status and code', () => {
    expect(classifySaveError(0, 'network_error').kind).toBe('network');
    expect(classifySaveError(422, 'audio_silent').kind).toBe('tooQuiet');
    expect(classifySaveError(422, 'no_speech').kind).toBe('noSpeech');
    expect(classifySaveError(422, 'audio_too_short').kind).toBe('noSpeech');
    expect(classifySaveError(503, 'recogniser_unavailable').kind).toBe('server');
    expect(classifySaveError(500, 'internal_error').kind).toBe('server');
  });
});
