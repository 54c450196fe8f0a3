import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/**
 * What Sparky says on Class Analytics and Student Reports (§4.8 page guidance;
 * docs/decisions/0050-class-analytics-and-reports.md). A teacher's pages, said plainly; each line names the control
 * to press or say by its visible name. Anyone who is not a teacher hears NOT_A_TEACHER_GUIDANCE (classes.guidance.ts).
 */

/** Either screen with no class yet. */
export const FIGURES_NO_CLASS_GUIDANCE: PageGuidance = [
  'Make a class first.',
  'Press Class Management, then give the class a name.',
];

/** Either screen with several classes and none chosen. */
export const FIGURES_CHOOSE_CLASS_GUIDANCE: PageGuidance = [
  'Choose a class to see its figures.',
  'Say the class name, or press Class.',
];

/** Either screen for a class that is not the teacher's, or was deleted. */
export const FIGURES_CLASS_NOT_FOUND_GUIDANCE: PageGuidance = [
  'This class is not one of yours, or it was deleted.',
  'Choose another class.',
];

/** Either screen when the figures did not load. */
export const FIGURES_ERROR_GUIDANCE: PageGuidance = ['The figures did not load.', 'Press Try again.'];

/** Either screen when no story was set in the period. */
export const FIGURES_NONE_SET_GUIDANCE: PageGuidance = [
  'No story was set in this period.',
  'Choose a longer period, or press Create Assignment.',
];

/** Class Analytics with stories set: what is there, and where the flags are. */
export function classAnalyticsGuidance(flagged: number): PageGuidance {
  return [
    'Here is how the class reads the stories you set.',
    flagged === 0
      ? 'No reader is flagged as needing help.'
      : `${flagged === 1 ? 'One reader' : `${flagged} readers`} may need help. See the Readers table.`,
  ];
}

/** Class Analytics when nobody has read a story set in the period yet. */
export const CLASS_ANALYTICS_NOBODY_READ_GUIDANCE: PageGuidance = [
  'Nobody has read a story set in this period yet.',
  'The Stories set table shows each due day.',
];

/** Student Reports with readers. */
export const STUDENT_REPORTS_GUIDANCE: PageGuidance = [
  'Here is a report for each reader, written for their family.',
  'Type a note for home if you like, then press Print.',
];

/** Student Reports for a class with no reader yet. */
export const STUDENT_REPORTS_NO_READERS_GUIDANCE: PageGuidance = [
  'No reader is in this class yet.',
  'Readers join with the class code, on the class page.',
];
