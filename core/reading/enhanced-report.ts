/**
 * The arithmetic of Enhanced Reports (docs/decisions/0053-enhanced-reports.md; payload core/api/enhanced-reports.ts):
 * a period's first week, the weeks it holds, each week's figures and the period's medians. Pure. Days are calendar
 * days already taken in the reader's time zone (core/challenges/daily-challenges.ts `dayInTimeZone`); weeks run
 * Monday to Sunday, as Reading Goals' weeks do (core/goals/week.ts, ADR 0042).
 */
import { PERIOD_WEEKS, type EnhancedPeriod, type WeekFigures } from '../api/enhanced-reports.ts';
import { weekStartOf } from '../goals/week.ts';
import { median } from '../screening/rules.ts';
import { addDays } from '../time/calendar-day.ts';

/** The median of `values` rounded to a whole number (Math.round; an even count: the mean of the middle two), or null. */
export function wholeMedian(values: readonly number[]): number | null {
  return values.length === 0 ? null : Math.round(median(values));
}

/**
 * The first day a period counts: the Monday of the week `weeks − 1` weeks before the week of `today` (so "last 4
 * weeks" is this week and the 3 before it); null for `all`, which has no first day of its own.
 * @throws RangeError when `today` is not a real YYYY-MM-DD day
 */
export function periodFirstDay(period: EnhancedPeriod, today: string): string | null {
  const weeks = PERIOD_WEEKS[period];
  return weeks === null ? null : addDays(weekStartOf(today), -7 * (weeks - 1));
}

/** One counted reading as the report reads it. */
export interface ReadingFigure {
  /** Its calendar day in the reader's time zone, YYYY-MM-DD. */
  day: string;
  /** Words correct per minute. */
  wpm: number;
  /** Percent, 0–100. */
  accuracy: number;
  /** Seconds read aloud; null for a reading saved without it (counted as 0). */
  seconds: number | null;
}

/**
 * The week-by-week figures of `readings` (any order) from the week of `firstDay` to the week of `today`, oldest
 * first: every week when `everyWeek`, else only the weeks with a reading. A reading outside those weeks is left
 * out. Seconds are added up and rounded to a tenth.
 * @param firstDay - the period's first day (a Monday, {@link periodFirstDay}); null: from the first reading's week
 */
export function weeklyFigures(
  readings: readonly ReadingFigure[],
  firstDay: string | null,
  today: string,
  everyWeek: boolean,
): WeekFigures[] {
  const lastWeek = weekStartOf(today);
  const byWeek = new Map<string, ReadingFigure[]>();
  for (const r of readings) {
    const week = weekStartOf(r.day);
    if (week > lastWeek || (firstDay !== null && week < weekStartOf(firstDay))) continue;
    const list = byWeek.get(week) ?? [];
    list.push(r);
    byWeek.set(week, list);
  }
  let weeks: string[];
  if (everyWeek) {
    const first = firstDay === null ? ([...byWeek.keys()].sort()[0] ?? lastWeek) : weekStartOf(firstDay);
    weeks = [];
    for (let w = first; w <= lastWeek; w = addDays(w, 7)) weeks.push(w);
  } else weeks = [...byWeek.keys()].sort();
  return weeks.map((weekStart) => ({ weekStart, ...figuresOf(byWeek.get(weekStart) ?? []) }));
}

/** The readings, seconds read (to a tenth) and whole medians of some readings. */
export function figuresOf(readings: readonly ReadingFigure[]): Omit<WeekFigures, 'weekStart'> {
  const seconds = readings.reduce((sum, r) => sum + Math.max(0, r.seconds ?? 0), 0);
  return {
    readings: readings.length,
    secondsRead: Math.round(seconds * 10) / 10,
    medianWpm: wholeMedian(readings.map((r) => r.wpm)),
    medianAccuracy: wholeMedian(readings.map((r) => r.accuracy)),
  };
}
