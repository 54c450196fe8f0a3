import { describe, expect, it } from 'vitest';
import { COUNTDOWN_FROM, formatClock, isCountdownOver, nextCountdown, secondsInWords } from './countdown.ts';
import {
  END_CHECK_SECONDS,
  hasReachedTheEnd,
  INITIAL_SILENCE_WATCH,
  nextSilenceWatch,
  restartSilenceWatch,
  SILENCE_PROMPT_SECONDS,
  STILL_READING_PROMPT,
  STILL_READING_WAIT_SECONDS,
  type SilenceSignal,
  type SilenceWatchState,
} from './end-of-reading.ts';
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

describe('the silence watch (issue 17: a pause never ends a reading by itself)', () => {
  type Sample = [number, number];
  /** Feeds samples; returns the final state and every signal with its time. */
  const feed = (samples: Sample[], from: SilenceWatchState = INITIAL_SILENCE_WATCH) => {
    let state = from;
    const signals: [number, SilenceSignal][] = [];
    for (const [t, level] of samples) {
      const next = nextSilenceWatch(state, t, level);
      state = next.state;
      if (next.signal) signals.push([t, next.signal]);
    }
    return { state, signals };
  };
  const ticks = (from: number, to: number, level: number): Sample[] => {
    const out: Sample[] = [];
    for (let t = from; t <= to + 1e-9; t += 0.1) out.push([Math.round(t * 10) / 10, level]);
    return out;
  };

  it('silence before any speech is never reported', () => {
    expect(feed(ticks(0, 40, 0)).signals).toEqual([]);
  });
  it('a 6 s pause mid-story is only a pause (the end may be checked); the reader goes on', () => {
    const { signals, state } = feed([...ticks(0, 5, 0.7), ...ticks(5.1, 11, 0.1), ...ticks(11.1, 14, 0.7)]);
    expect(signals).toEqual([[5.1 + END_CHECK_SECONDS, 'paused']]);
    expect(state.silenceSince).toBeNull();
  });
  it(`reports a silence once, ${SILENCE_PROMPT_SECONDS} s after speech stops`, () => {
    const { signals } = feed([...ticks(0, 5, 0.7), ...ticks(5.1, 40, 0.1)]);
    expect(signals).toEqual([
      [8.1, 'paused'],
      [5.1 + SILENCE_PROMPT_SECONDS, 'silent'],
    ]);
  });
  it('speech after the report is "resumed" once it lasts; a click is not', () => {
    const silent = feed([...ticks(0, 5, 0.7), ...ticks(5.1, 16, 0.1)]);
    expect(silent.state.reported).toBe(true);
    const click = feed([[16.1, 0.9], ...ticks(16.2, 17, 0.1)], silent.state);
    expect(click.signals).toEqual([]);
    const reading = feed(ticks(16.1, 17, 0.7), silent.state);
    expect(reading.signals).toEqual([[16.3, 'resumed']]);
    // A later long silence is reported again.
    const again = feed(ticks(17.1, 30, 0.1), reading.state);
    expect(again.signals).toEqual([
      [20.1, 'paused'],
      [27.1, 'silent'],
    ]);
  });
  it('"Keep reading" counts the silence again from then', () => {
    const silent = feed([...ticks(0, 5, 0.7), ...ticks(5.1, 16, 0.1)]);
    const restarted = restartSilenceWatch(silent.state);
    expect(restarted.reported).toBe(false);
    const after = feed(ticks(16.1, 30, 0.1), restarted);
    expect(after.signals).toEqual([[26, 'silent']]);
  });
  it('the end is reached when at most one word at the end was not reached', () => {
    expect(hasReachedTheEnd({ wordsAttempted: 62, wordsTotal: 62 })).toBe(true);
    expect(hasReachedTheEnd({ wordsAttempted: 61, wordsTotal: 62 })).toBe(true);
    expect(hasReachedTheEnd({ wordsAttempted: 60, wordsTotal: 62 })).toBe(false);
    expect(hasReachedTheEnd({ wordsAttempted: 0, wordsTotal: 0 })).toBe(false);
  });
  it('a short click is not speech', () => {
    expect(feed([...ticks(0, 0.3, 0.9), ...ticks(0.4, 30, 0)]).signals).toEqual([]);
  });
  it('gives a reader at least 20 s after the question (WCAG 2.2.1)', () => {
    expect(STILL_READING_WAIT_SECONDS).toBeGreaterThanOrEqual(20);
    expect(STILL_READING_PROMPT).toMatch(/^Are you still reading\?/);
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
  it("names the reader for a teacher's reading record (ADR 0048)", () => {
    expect(compareWithNorms(90, 3, 'fall', 'Mia').sentence).toBe(
      'Mia read 90 words correct per minute. That is between the 50th and 75th percentile for fall readers in grade 3; the middle (50th percentile) is 83.',
    );
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
