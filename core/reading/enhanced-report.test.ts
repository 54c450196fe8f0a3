import { describe, expect, it } from 'vitest';
import {
  figuresOf,
  periodFirstDay,
  weeklyFigures,
  wholeMedian,
  type ReadingFigure,
} from './enhanced-report.ts';

const reading = (day: string, wpm: number, accuracy: number, seconds: number | null = 30): ReadingFigure => ({
  day,
  wpm,
  accuracy,
  seconds,
});

describe('wholeMedian', () => {
  it('is the middle value, or the mean of the middle two, rounded to a whole number; null for none', () => {
    expect(wholeMedian([])).toBeNull();
    expect(wholeMedian([7.4])).toBe(7);
    expect(wholeMedian([40, 70.5, 60.5])).toBe(61);
    expect(wholeMedian([91, 80])).toBe(86);
    expect(wholeMedian([10, 20, 30, 1000])).toBe(25);
  });
});

describe('periodFirstDay', () => {
  // Sunday 29 November 2026 is in the week of Monday 23 November.
  it('is the Monday of this week and the weeks before it, this week included', () => {
    expect(periodFirstDay('last-4-weeks', '2026-11-29')).toBe('2026-11-02');
    expect(periodFirstDay('last-12-weeks', '2026-11-29')).toBe('2026-09-07');
    // A Monday is its own week's.
    expect(periodFirstDay('last-4-weeks', '2026-11-30')).toBe('2026-11-09');
  });
  it('is null for the whole history, which has no first day of its own', () => {
    expect(periodFirstDay('all', '2026-11-29')).toBeNull();
  });
  it('refuses a day that does not exist', () => {
    expect(() => periodFirstDay('last-4-weeks', '2026-02-30')).toThrow(RangeError);
  });
});

describe('weeklyFigures', () => {
  const today = '2026-11-29';
  const readings = [
    reading('2026-11-02', 40, 90, 20.04), // Monday of the first week
    reading('2026-11-08', 50, 80, 40), // its Sunday
    reading('2026-11-08', 61, 100, null), // saved without seconds: 0
    reading('2026-11-24', 70.6, 95.5, 60),
    reading('2026-10-31', 99, 99), // before the period
    reading('2026-11-30', 99, 99), // after today's week
  ];

  it('gives every week of a period, oldest first, an empty week with 0 and nulls', () => {
    expect(weeklyFigures(readings, '2026-11-02', today, true)).toEqual([
      { weekStart: '2026-11-02', readings: 3, secondsRead: 60, medianWpm: 50, medianAccuracy: 90 },
      { weekStart: '2026-11-09', readings: 0, secondsRead: 0, medianWpm: null, medianAccuracy: null },
      { weekStart: '2026-11-16', readings: 0, secondsRead: 0, medianWpm: null, medianAccuracy: null },
      { weekStart: '2026-11-23', readings: 1, secondsRead: 60, medianWpm: 71, medianAccuracy: 96 },
    ]);
  });

  it('gives only the weeks with a reading from the first reading on, for the whole history', () => {
    expect(weeklyFigures(readings, null, today, false).map((w) => [w.weekStart, w.readings])).toEqual([
      ['2026-10-26', 1],
      ['2026-11-02', 3],
      ['2026-11-23', 1],
    ]);
  });

  it('gives this week alone, empty, when nothing was read and no first day is known', () => {
    expect(weeklyFigures([], null, today, true)).toEqual([
      { weekStart: '2026-11-23', readings: 0, secondsRead: 0, medianWpm: null, medianAccuracy: null },
    ]);
    expect(weeklyFigures([], null, today, false)).toEqual([]);
  });
});

describe('figuresOf', () => {
  it('adds up the seconds to a tenth, never below 0, and takes whole medians', () => {
    expect(figuresOf([reading('2026-11-02', 40, 90, 10.26), reading('2026-11-03', 43, 93, -5)])).toEqual({
      readings: 2,
      secondsRead: 10.3,
      medianWpm: 42,
      medianAccuracy: 92,
    });
  });
});
