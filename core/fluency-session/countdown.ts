/**
 * The 3-2-1 countdown before recording starts and the recording's time limit. A countdown gives a
 * pre-reader time to look at the first word and tells a screen-reader user when to begin.
 */

/** The countdown starts here and ticks once a second. */
export const COUNTDOWN_FROM = 3;

/** Milliseconds between countdown ticks. */
export const COUNTDOWN_TICK_MS = 1000;

/** Default longest recording, seconds: one minute, the length of a DIBELS 8 ORF probe. */
export const DEFAULT_MAX_RECORDING_SECONDS = 60;

/**
 * The next countdown number.
 * @param current the number shown now (≥ 0)
 * @returns one less, never below 0
 */
export function nextCountdown(current: number): number {
  return Math.max(0, Math.floor(current) - 1);
}

/** Whether the countdown has run out (recording should start). */
export function isCountdownOver(current: number): boolean {
  return current <= 0;
}

/**
 * Seconds as `m:ss` for the elapsed-time display (`0:07`, `1:00`).
 * @param seconds ≥ 0; fractions are dropped
 */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Seconds in words for screen readers and the results (`7 seconds`, `1 minute 5 seconds`).
 * @param seconds ≥ 0; rounded to whole seconds
 */
export function secondsInWords(seconds: number): string {
  const s = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
  const m = Math.floor(s / 60);
  const r = s % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (m === 0) return part(r, 'second');
  return r === 0 ? part(m, 'minute') : `${part(m, 'minute')} ${part(r, 'second')}`;
}
