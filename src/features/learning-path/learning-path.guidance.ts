import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** Who is looking at /my-learning-path: a reader (student or other), a guardian, or a teacher. */
export type PathViewer = 'reader' | 'guardian' | 'teacher';

/** What Sparky says to a guardian: the path is the child's own (said plainly, as Reading Goals' grown-up lines). */
export const PATH_GUARDIAN_GUIDANCE: PageGuidance = [
  "This page is for a child. It shows a child's own steps, from letters to reading stories.",
  "To follow your child's reading, go to Progress Reports.",
];

/** What Sparky says to a teacher. */
export const PATH_TEACHER_GUIDANCE: PageGuidance = [
  "This page is for a child. It shows a child's own steps, from letters to reading stories.",
  'Your classes are on the Teacher Dashboard.',
];

/**
 * What Sparky says on /my-learning-path (LearningPathPage.tsx; §4.8 page guidance;
 * docs/decisions/0052-my-learning-path.md): to a reader, the next step by its screen name, which is also what
 * they say to go there ("Your next step is Word Builder. Build words from letters.", "Say Word Builder to go
 * there, or press its picture."); when every step is done, to keep reading. Null while the path is loading, so
 * nothing is said before the next step is known.
 * @param viewer who is looking, or null while not known
 * @param next the next step's screen name and what it is in a child's words (one short sentence), or null
 *   while loading
 * @param allDone whether every step of the reader's path is done
 */
export function learningPathGuidance(
  viewer: PathViewer | null,
  next: { name: string; what: string } | null,
  allDone: boolean,
): PageGuidance | null {
  if (viewer === 'guardian') return PATH_GUARDIAN_GUIDANCE;
  if (viewer === 'teacher') return PATH_TEACHER_GUIDANCE;
  if (!viewer || !next) return null;
  const go = `Say ${next.name} to go there, or press its picture.`;
  if (allDone) return [`You did every step on your path! Your next step is to keep reading to me.`, go];
  return [`Your next step is ${next.name}. ${next.what}`, go];
}
