import type { GoalWeek } from '#core/api/goals.ts';
import { weekLine } from '#core/goals/lines.ts';
import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';
import { readAloudLinkName, TEACHER_HEARS_TEXT } from './TeacherAsksCard.tsx';

/** What Sparky says on this screen (HomePage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const HOME_GUIDANCE: PageGuidance = [
  "Hi! I'm Sparky. This is your home page.",
  'To read a story out loud to me, press Reading Practice. To hear a story, press Premade Stories.',
];

/**
 * Home's guidance for a reader with a reading goal (docs/decisions/0042-reading-goals.md): the week in words
 * ("This week: 1 of 4 days. 3 to go!", core/goals/lines.ts), then how to read to Sparky, which is how the goal
 * is met. Without a goal, {@link HOME_GUIDANCE}. With a story a teacher asked for (`toRead`), that story and its
 * button instead, and that the teacher can see and hear how the child reads it (ADR 0048).
 */
export function homeGuidance(
  goal: GoalWeek | null | undefined,
  toRead?: { teacherName: string; storyTitle: string } | null,
): PageGuidance {
  // A story the teacher asked for comes first (docs/decisions/0047-assignments.md); reading it counts for the goal too.
  if (toRead)
    return [
      HOME_GUIDANCE[0],
      // What the card says under it is said too: a child who cannot read the card hears who will hear them.
      `${toRead.teacherName || 'Your teacher'} asked you to read ${toRead.storyTitle}. Press ${readAloudLinkName(toRead.storyTitle)}. ${TEACHER_HEARS_TEXT}`,
    ];
  if (!goal) return HOME_GUIDANCE;
  return [HOME_GUIDANCE[0], `${weekLine(goal)} To read a story out loud to me, press Reading Practice.`];
}
