/**
 * The week of a reading goal (docs/decisions/0042-reading-goals.md): Monday to Sunday, on calendar days
 * (YYYY-MM-DD) already taken in the reader's time zone (core/challenges/daily-challenges.ts `dayInTimeZone`).
 */

/** A calendar day, YYYY-MM-DD. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function asUtc(day: string): Date {
  const match = DAY.exec(day);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  // Parse and format back: Date.UTC rolls '2026-02-30' over to 2 March, which is not the day given.
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day)
    throw new RangeError(`Not a YYYY-MM-DD day: ${day}`);
  return date;
}

/**
 * The Monday of the week `day` is in (a Monday is its own week's; a Sunday belongs to the week that started six
 * days before).
 * @throws RangeError for a text that is not a real YYYY-MM-DD day ('2026-02-30', '2026-13-01', '26-11-23')
 */
export function weekStartOf(day: string): string {
  const date = asUtc(day);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/**
 * How many different days of `days` fall in the week from `weekStart` up to `today` (both included).
 * @param days - days with a reading, in any order, repeats allowed
 */
export function daysReadInWeek(days: readonly string[], weekStart: string, today: string): number {
  return new Set(days.filter((d) => d >= weekStart && d <= today)).size;
}
