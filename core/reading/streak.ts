/**
 * Reading streak (spec §4.6): consecutive days with a reading session, counted back from today for up to
 * STREAK_WINDOW_DAYS days. No session yet today does not break the count; any earlier missing day stops it.
 */

/** Spec §9: streak window 7 days. */
export const STREAK_WINDOW_DAYS = 7;

/** A date's local calendar day as YYYY-MM-DD. */
export function localDay(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/**
 * Number of consecutive reading days (0–7).
 * @param sessionTimes - when sessions happened (any order)
 * @param now - the current time; days are local calendar days of this clock
 */
export function readingStreak(sessionTimes: readonly Date[], now: Date): number {
  const days = new Set(sessionTimes.map(localDay));
  let streak = 0;
  for (let back = 0; back < STREAK_WINDOW_DAYS; back++) {
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back);
    if (days.has(localDay(day))) streak++;
    else if (back > 0) break;
  }
  return streak;
}

/** Header wording (spec §4.6): the number and 'streak' when 0, otherwise 'day' or 'days'. */
export function streakLabel(streak: number): string {
  if (streak === 0) return '0 streak';
  return `${streak} ${streak === 1 ? 'day' : 'days'}`;
}
