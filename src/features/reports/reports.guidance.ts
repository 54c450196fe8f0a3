import type { ReportLearningPath } from '#core/api/family.ts';
import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { STEP_SCREENS } from '../../lib/learning-path/steps.ts';

/**
 * What Sparky says on /reports to a guardian (ReportsPage.tsx; §4.8 page guidance): a grown-up's page, said
 * plainly, and how to follow a child (the page's code field).
 */
export const REPORTS_GUIDANCE = [
  'This page is for grown-ups. It shows how a child is reading.',
  "To follow a child, type the code from the child's Profile page.",
] as const satisfies PageGuidance;

/**
 * What Sparky says on /reports to a reader on their own account: the page is not theirs, and how to let a grown-up
 * follow them, as the page says it (a code made on Profile; they have no code field here to type into).
 */
export const READER_REPORTS_GUIDANCE = [
  'This page is for grown-ups. It shows how a child is reading.',
  'To let a grown-up see your progress, make a code on your Profile page.',
] as const satisfies PageGuidance;

/**
 * What Sparky says on /reports to anyone else who is not a guardian (a teacher, an account without a profile): who
 * the page is for and where a teacher sees their readers, as the page says it.
 */
export const OTHER_REPORTS_GUIDANCE = [
  'This page is for a parent or guardian who follows a child.',
  `A teacher sees the readers of their classes on ${screenName(protectedPaths.studentProgressList)}.`,
] as const satisfies PageGuidance;

/** A learning path's next step, as the reports carry it (ADR 0052). */
type NextStep = Pick<ReportLearningPath, 'next' | 'allDone'>;

/**
 * A reader's own next step on My Learning Path (ADR 0052), to the child, in one short sentence by the step's screen
 * name, which is also what they say to go there: "Your next step is Word Builder."; when every step is done, to
 * keep reading (as My Learning Path's guidance says it).
 */
export function childNextStepLine(path: NextStep): string {
  return path.allDone
    ? 'Your next step is to keep reading to me.'
    : `Your next step is ${screenName(STEP_SCREENS[path.next].path)}.`;
}

/**
 * A followed reader's next step (ADR 0052), to their guardian, in one short sentence in a grown-up's words (the
 * report's `forGrownUp`, src/lib/learning-path/steps.ts): "Next for Ana: building words from letters."
 * @param name - the reader's display name
 */
export function grownUpNextStepLine(name: string, path: NextStep): string {
  return `Next for ${name}: ${path.allDone ? 'keep reading stories aloud.' : STEP_SCREENS[path.next].forGrownUp}`;
}

/**
 * What Sparky says on /reports when a learning path's next step is known (ADR 0052): the page's two lines kept
 * (`lines`: {@link REPORTS_GUIDANCE} to a guardian, {@link READER_REPORTS_GUIDANCE} to a reader), with the next-step
 * sentences ({@link grownUpNextStepLine} for each followed reader, {@link childNextStepLine} for a reader on their
 * own account) said after the first line's. Without any, the two lines alone.
 * @param nextSteps - the sentences, in the order of the readers on the page
 * @param lines - the page's two lines for this user; a guardian's by default
 */
export function reportsGuidance(
  nextSteps: readonly string[],
  lines: readonly [string, string] = REPORTS_GUIDANCE,
): PageGuidance {
  if (nextSteps.length === 0) return lines;
  return [`${lines[0]} ${nextSteps.join(' ')}`, lines[1]];
}
