/**
 * The steps of My Learning Path as words (docs/decisions/0052-my-learning-path.md): each step's screen and one
 * plain line of what it is. Shared by the reader's own page (src/features/learning-path), the grown-ups' reports
 * of a reader (src/lib/reports/ChildReportView.tsx: a guardian's on Progress Reports, a teacher's on Student
 * Progress) and Sparky's lines on Progress Reports, so all say a step the same way.
 */
import type { PathStepId } from '#core/learning-path/path.ts';
import { protectedPaths, type ProtectedPath } from '../../app/paths.ts';

/**
 * Each step's screen and what it is: `what` in a child's words (one short sentence, also said by Sparky),
 * `forGrownUp` the same for the guardian who follows the child (their report on Progress Reports), and
 * `forTeacher` where a teacher needs other words (not "your child"; goals are set at home, ADR 0042).
 */
export const STEP_SCREENS: Record<
  PathStepId,
  { path: ProtectedPath; what: string; forGrownUp: string; forTeacher?: string }
> = {
  letters: {
    path: protectedPaths.alphabet,
    what: 'Sparky says a letter, and you find it.',
    forGrownUp: 'the letter game: Sparky says a letter, and your child finds it.',
    forTeacher: 'the letter game: Sparky says a letter, and the reader finds it.',
  },
  words: {
    path: protectedPaths.wordBuilder,
    what: 'Build words from letters.',
    forGrownUp: 'building words from letters.',
  },
  sounds: {
    path: protectedPaths.soundItOut,
    what: 'Hear the sounds of a word, and put them together.',
    forGrownUp: 'hearing the sounds of a word and putting them together.',
  },
  reading: {
    path: protectedPaths.fluency,
    what: 'Read a story aloud to Sparky.',
    forGrownUp: 'reading stories aloud to Sparky.',
  },
  assessment: {
    path: protectedPaths.assessment,
    what: 'Read to Sparky for one minute, so Sparky knows your level.',
    forGrownUp: 'the one-minute reading check, which sets the level of the stories offered.',
  },
  goal: {
    path: protectedPaths.goals,
    what: 'Read to Sparky on the days of your reading goal.',
    forGrownUp: 'a reading goal: how many days a week to read aloud, which you set on Reading Goals.',
    forTeacher: 'a reading goal: how many days a week to read aloud, which a grown-up at home sets.',
  },
};

/** Which grown-up a reader's report is for: a guardian who follows them, or a teacher of their class. */
export type ReportViewer = 'guardian' | 'teacher';

/**
 * What a step is, in the words of the grown-up `viewer` (one short phrase ending with a full stop, starting in
 * lower case: it follows "Next step for Mia: Word Builder — "): {@link STEP_SCREENS}' `forTeacher` for a teacher
 * where it has one, else `forGrownUp`.
 */
export function grownUpWhat(step: PathStepId, viewer: ReportViewer): string {
  const words = STEP_SCREENS[step];
  return viewer === 'teacher' ? (words.forTeacher ?? words.forGrownUp) : words.forGrownUp;
}
