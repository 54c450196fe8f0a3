import { describe, expect, it } from 'vitest';
import { addDays } from './calendar-day.ts';

describe('addDays', () => {
  it('moves on the calendar, across months, years and leap days', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2027-01-04', -7)).toBe('2026-12-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-02', 366)).toBe('2027-12-03');
    expect(addDays('2026-01-10', -83)).toBe('2025-10-19');
    expect(addDays('2026-11-26', 0)).toBe('2026-11-26');
  });

  it('counts whole days across clock changes', () => {
    // Europe's and America's clocks change in late March and early November.
    expect(addDays('2026-04-05', -27)).toBe('2026-03-09');
    expect(addDays('2026-10-20', 14)).toBe('2026-11-03');
  });

  it('refuses a text that is not a real day, and part of a day', () => {
    for (const day of ['2026-02-30', '2026-13-01', '26-11-23', '2026-11-23T10:00:00Z', 'soon', ''])
      expect(() => addDays(day, 1)).toThrow(RangeError);
    expect(() => addDays('2026-11-23', 0.5)).toThrow(RangeError);
    expect(() => addDays('2026-11-23', Number.NaN)).toThrow(RangeError);
  });
});
