import type { Goals } from '#core/api/goals.ts';
import { goalLine, weekLine } from '#core/goals/lines.ts';
import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** Who is looking at /goals: a reader (student or other), a guardian, or a teacher. */
export type GoalsViewer = 'reader' | 'guardian' | 'teacher';

/** What Sparky says to a guardian on /goals: a grown-up's page, said plainly (as REPORTS_GUIDANCE). */
export const GOALS_GUARDIAN_GUIDANCE: PageGuidance = [
  'This page is for grown-ups. It sets how many days a week a child aims to read aloud.',
  'For each child you follow, choose the days, then press Set.',
];

/** What Sparky says to a teacher, who sets no goals (goals are a family's: ADR 0042). */
export const GOALS_TEACHER_GUIDANCE: PageGuidance = [
  'Reading goals are set at home, by a grown-up who follows a child.',
  'Your classes are on the Teacher Dashboard.',
];

/** What Sparky says to a reader who has no goal yet. */
export const GOALS_NO_GOAL_GUIDANCE: PageGuidance = [
  'You have no reading goal yet.',
  'A grown-up who follows your reading can set one.',
];

/** What Sparky says when the goals could not be loaded (the page shows the same in an alert). */
export const GOALS_ERROR_GUIDANCE: PageGuidance = [
  'I could not load the goals right now.',
  'Please try again later.',
];

/**
 * What Sparky says on /goals (GoalsPage.tsx; §4.8 page guidance), from what the page shows: a reader hears their
 * goal and their week ("Read to Sparky on 4 days a week.", "This week: 1 of 4 days. 3 to go!"), a grown-up the
 * grown-up lines. Null while loading, so nothing is said before the goal is known (usePageGuidance says nothing
 * for null, and speaks again when the lines change).
 */
export function goalsGuidance(
  viewer: GoalsViewer | null,
  goals: Goals | undefined,
  isError: boolean,
): PageGuidance | null {
  if (!viewer) return null;
  if (viewer === 'guardian') return GOALS_GUARDIAN_GUIDANCE;
  if (viewer === 'teacher') return GOALS_TEACHER_GUIDANCE;
  if (isError) return GOALS_ERROR_GUIDANCE;
  if (!goals) return null;
  return goals.mine ? [goalLine(goals.mine), weekLine(goals.mine)] : GOALS_NO_GOAL_GUIDANCE;
}
