/**
 * Calendar days as the app passes them around: YYYY-MM-DD texts (core/api/assignments.ts CalendarDaySchema), already
 * taken in someone's time zone (the teacher's local day, a reader's `dayInTimeZone`). Pure: counted on the calendar,
 * never in hours, so no clock change or time zone moves a day.
 */

/** A calendar day, YYYY-MM-DD. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * `day` moved by `days` whole calendar days (negative for before): addDays('2026-12-30', 3) is '2027-01-02',
 * addDays('2028-03-01', -1) is '2028-02-29'.
 * @param day a real calendar day, YYYY-MM-DD
 * @param days a whole number of days
 * @returns the day moved, YYYY-MM-DD
 * @throws RangeError when `day` is not a real YYYY-MM-DD day ('2026-02-30', '2026-13-01', 'soon') or `days` is not a
 *   whole number
 */
export function addDays(day: string, days: number): string {
  const match = DAY.exec(day);
  const start = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  // Date.UTC rolls '2026-02-30' over to 2 March: a day that does not read back the same is not a real one.
  if (!start || start.toISOString().slice(0, 10) !== day)
    throw new RangeError(`Not a YYYY-MM-DD day: ${day}`);
  if (!Number.isInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  start.setUTCDate(start.getUTCDate() + days);
  return start.toISOString().slice(0, 10);
}
