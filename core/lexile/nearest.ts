/**
 * Ordering stories by how near they are to a reader's level: Reading Practice's story list, the
 * reader's own grade first. (The library's "Closest to your level" orders by Lexile alone:
 * StoryLibraryPage.tsx `closestStories`, next to its "Just right for me" band, which is in Lexile too.)
 */
import { GRADE_LEXILE_NORMS } from './grade-norms.ts';

/**
 * The grade ('K', '1'…'12') whose spec §9 Lexile target is nearest `lexile` (the lower on a tie).
 * @param lexile a reader's level, in Lexile units
 */
export function gradeNearestLexile(lexile: number): string {
  let best = GRADE_LEXILE_NORMS[0]!;
  for (const norm of GRADE_LEXILE_NORMS)
    if (Math.abs(norm.target - lexile) < Math.abs(best.target - lexile)) best = norm;
  return best.grade;
}

/**
 * Stories for a reader to choose from, their own grade's first: ordered by how many grades the
 * story's grade band is from the reader's (the grade whose spec §9 target is nearest the reader's
 * level: their grade's target, or their measured level), then by Lexile distance. The grade comes
 * first because the computed Lexile of a short story can sit a grade or two off its band (a grade-2
 * story at 180L), and a kindergartner should meet the kindergarten stories first. Stories without a
 * known grade band come after, by Lexile.
 *
 * @param stories the library's stories (grade band 'K', '1'…'12' or null; Lexile or null)
 * @param lexile the reader's level, in Lexile units
 * @returns a new array; ties keep the library's order
 */
export function nearestLevelFirst<T extends { lexile: number | null; gradeBand: string | null }>(
  stories: readonly T[],
  lexile: number,
): T[] {
  const grades = GRADE_LEXILE_NORMS.map((n) => n.grade);
  const reader = grades.indexOf(gradeNearestLexile(lexile));
  const gradeDistance = (story: T) => {
    const index = story.gradeBand === null ? -1 : grades.indexOf(story.gradeBand);
    return index < 0 ? Infinity : Math.abs(index - reader);
  };
  const lexileDistance = (story: T) => (story.lexile === null ? Infinity : Math.abs(story.lexile - lexile));
  return [...stories].sort(
    (a, b) => gradeDistance(a) - gradeDistance(b) || lexileDistance(a) - lexileDistance(b),
  );
}
