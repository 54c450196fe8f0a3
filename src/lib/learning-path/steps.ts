/**
 * The steps of My Learning Path as words (docs/decisions/0052-my-learning-path.md): each step's screen and one
 * plain line of what it is. Shared by the reader's own page (src/features/learning-path) and the guardian's report
 * of a followed reader (src/lib/reports/ChildReportView.tsx), so both say a step the same way.
 */
import type { PathStepId } from '#core/learning-path/path.ts';
import { protectedPaths, type ProtectedPath } from '../../app/paths.ts';

/**
 * Each step's screen and what it is: `what` in a child's words (one short sentence, also said by Sparky), and
 * `forGrownUp` the same for the grown-up who follows the child (their report on Progress Reports).
 */
export const STEP_SCREENS: Record<PathStepId, { path: ProtectedPath; what: string; forGrownUp: string }> = {
  letters: {
    path: protectedPaths.alphabet,
    what: 'Sparky says a letter, and you find it.',
    forGrownUp: 'the letter game: Sparky says a letter, and your child finds it.',
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
  },
};
