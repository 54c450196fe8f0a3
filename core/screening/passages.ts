/**
 * The passages of a Reading Screening (docs/decisions/0049-reading-screening.md): DIBELS Next's benchmark gives three
 * different grade-level passages, each read for one minute. The server picks them when a screening starts, in the
 * Reading Assessment's order (core/assessment/passage.ts `pickAssessmentPassage`, ADR 0038): library stories of the
 * reader's grade band, those not read in an earlier screening or reading check first (a passage read before is
 * read faster), then the longest (a strong reader should not finish in the minute), then by title.
 */
import type { StoryGradeBand } from '#core/api/stories.ts';
import { pickAssessmentPassage } from '#core/assessment/passage.ts';
import { SCREENING_PASSAGES } from './rules.ts';

/**
 * Picks a screening's passages, in the order they are read.
 * @param stories the library's stories with their grade band ('K'…'5') and word count
 * @param band the reader's band (core/assessment/passage.ts `assessmentBand` of the profile's grade and age)
 * @param usedStoryIds the stories of the reader's earlier assessment-mode readings (screenings' and reading checks'),
 *   newest first; a story may come more than once
 * @param count how many to pick (default {@link SCREENING_PASSAGES}, 3)
 * @returns up to `count` different stories of one band: the band itself, or when it has none the nearest band that
 *   has some (the lower first), as `pickAssessmentPassage` chooses; never mixing bands, so a band with fewer
 *   stories than `count` gives fewer passages. Each is the first `pickAssessmentPassage` would choose among the
 *   band's stories not picked yet: not used first, then used longest ago, then the longest, then by title. Empty
 *   when the library has no story of any band.
 */
export function pickScreeningPassages<
  T extends { id: string; title: string; gradeBand: string | null; wordCount: number },
>(
  stories: readonly T[],
  band: StoryGradeBand,
  usedStoryIds: readonly string[] = [],
  count: number = SCREENING_PASSAGES,
): T[] {
  const first = pickAssessmentPassage(stories, band, usedStoryIds);
  if (first === null || count < 1) return [];
  const inReach = first.gradeBand as StoryGradeBand;
  let left = stories.filter((s) => s.gradeBand === inReach && s.id !== first.id);
  const picked = [first];
  while (picked.length < count) {
    const next = pickAssessmentPassage(left, inReach, usedStoryIds);
    if (next === null) break;
    picked.push(next);
    left = left.filter((s) => s.id !== next.id);
  }
  return picked;
}
