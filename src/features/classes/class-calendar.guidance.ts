import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/**
 * What Sparky says on Class Calendar (§4.8 page guidance; docs/decisions/0051-class-calendar.md), said plainly to
 * a teacher; each line names what to press or say, by its visible name or its voice command.
 */

/** Class Calendar with stories set. */
export const CLASS_CALENDAR_GUIDANCE: PageGuidance = [
  'Here are the stories you set, by the day they are due.',
  'Choose a day to see its stories. Say next month or last month to move.',
];

/** Class Calendar before any story is set. */
export const CLASS_CALENDAR_NONE_GUIDANCE: PageGuidance = [
  'You have not set a story yet.',
  'Choose a day, then press Set a story due this day.',
];

/** Class Calendar with no class yet. */
export const CLASS_CALENDAR_NO_CLASS_GUIDANCE: PageGuidance = [
  'Make a class first.',
  'Press Class Management, then give the class a name.',
];

/** Class Calendar when the classes or the assignments could not be loaded. */
export const CLASS_CALENDAR_ERROR_GUIDANCE: PageGuidance = [
  'The calendar could not be loaded.',
  'Press Try again.',
];

/**
 * What Sparky says after "next month", "last month" or "this month": the month shown and how many stories are
 * due in it ("January 2027: 3 stories due." or "January 2027: no story due.").
 * @param month the month in words
 * @param stories stories due in it (after the class filter)
 */
export function monthLine(month: string, stories: number): string {
  if (stories === 0) return `${month}: no story due.`;
  return `${month}: ${stories === 1 ? '1 story' : `${stories} stories`} due.`;
}
