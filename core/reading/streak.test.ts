import { describe, expect, it } from 'vitest';
import { readingStreak, streakLabel } from './streak.ts';

const now = new Date(2026, 10, 22, 15, 0); // 22 Nov 2026, local time
const daysAgo = (n: number, hour = 10) => new Date(2026, 10, 22 - n, hour, 0);

describe('readingStreak (spec §4.6)', () => {
  it('is 0 without sessions', () => expect(readingStreak([], now)).toBe(0));
  it('counts today and the days before it', () => {
    expect(readingStreak([daysAgo(0), daysAgo(1), daysAgo(2)], now)).toBe(3);
  });
  it('does not break when today has no session yet', () => {
    expect(readingStreak([daysAgo(1), daysAgo(2)], now)).toBe(2);
  });
  it('stops at an earlier missing day', () => {
    expect(readingStreak([daysAgo(0), daysAgo(2), daysAgo(3)], now)).toBe(1);
    expect(readingStreak([daysAgo(2), daysAgo(3)], now)).toBe(0);
  });
  it('counts several sessions on one day once', () => {
    expect(readingStreak([daysAgo(0, 9), daysAgo(0, 11), daysAgo(1)], now)).toBe(2);
  });
  it('looks back 7 days at most', () => {
    expect(
      readingStreak(
        Array.from({ length: 12 }, (_, i) => daysAgo(i)),
        now,
      ),
    ).toBe(7);
  });
  it('crosses month ends', () => {
    const first = new Date(2026, 11, 1, 12);
    expect(
      readingStreak([new Date(2026, 11, 1, 8), new Date(2026, 10, 30, 8), new Date(2026, 10, 29, 8)], first),
    ).toBe(3);
  });
});

describe('streakLabel', () => {
  it('says streak at 0, day at 1, days above', () => {
    expect(streakLabel(0)).toBe('0 streak');
    expect(streakLabel(1)).toBe('1 day');
    expect(streakLabel(5)).toBe('5 days');
  });
});
