import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** Who is looking at /enhanced-reports: a reader (student or other), a guardian, or a teacher. */
export type EnhancedReportsViewer = 'reader' | 'guardian' | 'teacher';

/** What Sparky says to a reader on their own Enhanced Reports: short and plain, for a child. */
export const ENHANCED_READER_GUIDANCE: PageGuidance = [
  'Here is your reading, week by week.',
  'Choose a time to see: the last 4 weeks, the last 12 weeks, or all readings.',
];

/** What Sparky says to a guardian: a grown-up's page, said plainly (as Progress Reports'). */
export const ENHANCED_GUARDIAN_GUIDANCE: PageGuidance = [
  'This page is for grown-ups. It shows how each child you follow reads aloud, week by week.',
  'Choose the last 4 weeks, the last 12 weeks, or all readings.',
];

/** What Sparky says to a guardian who follows no reader yet. */
export const ENHANCED_NO_CHILD_GUIDANCE: PageGuidance = [
  'You do not follow a reader yet.',
  "Type your child's code on Progress Reports.",
];

/** What Sparky says to a teacher, whose readers' figures are on the class screens. */
export const ENHANCED_TEACHER_GUIDANCE: PageGuidance = [
  'Enhanced Reports are for a reader and the grown-ups who follow them.',
  'Your classes’ figures are on Class Analytics.',
];

/**
 * What Sparky says on /enhanced-reports (EnhancedReportsPage.tsx; §4.8 page guidance), by who is looking; null
 * while that is not known, so nothing is said too early.
 * @param followsNobody - a guardian's list of followed readers is loaded and empty
 */
export function enhancedReportsGuidance(
  viewer: EnhancedReportsViewer | null,
  followsNobody: boolean,
): PageGuidance | null {
  if (viewer === 'reader') return ENHANCED_READER_GUIDANCE;
  if (viewer === 'teacher') return ENHANCED_TEACHER_GUIDANCE;
  if (viewer === 'guardian') return followsNobody ? ENHANCED_NO_CHILD_GUIDANCE : ENHANCED_GUARDIAN_GUIDANCE;
  return null;
}
