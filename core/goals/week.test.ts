import { describe, expect, it } from 'vitest';
import { daysReadInWeek, weekStartOf } from './week.ts';

describe('the week of a reading goal', () => {
  it('starts on Monday: a Monday is its own, a Sunday belongs to the Monday six days before', () => {
    expect(weekStartOf('2026-11-30')).toBe('2026-11-30'); // Monday
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23'); // Sunday
    expect(weekStartOf('2026-12-02')).toBe('2026-11-30'); // Wednesday
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28'); // a Friday across the year
    expect(weekStartOf('2024-03-01')).toBe('2024-02-26'); // over a leap day
    expect(() => weekStartOf('29/11/2026')).toThrow(RangeError);
  });

  it('refuses what is not a real day, rather than rolling it over to another', () => {
    for (const bad of [
      '2026-02-30',
      '2026-02-29',
      '2026-13-01',
      '2026-00-10',
      '26-11-23',
      '2026-11-23T00:00',
      '',
    ])
      expect(() => weekStartOf(bad), bad).toThrow(RangeError);
    expect(weekStartOf('2024-02-29')).toBe('2024-02-26'); // a real leap day
  });

  it('counts different days read from Monday to today, each once', () => {
    const days = ['2026-11-22', '2026-11-23', '2026-11-23', '2026-11-25', '2026-11-30'];
    expect(daysReadInWeek(days, '2026-11-23', '2026-11-26')).toBe(2);
    expect(daysReadInWeek([], '2026-11-23', '2026-11-26')).toBe(0);
  });
});
