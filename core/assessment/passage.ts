/**
 * The passage of the Reading Assessment (docs/decisions/0038-reading-assessment.md): a library story
 * of the reader's grade, read aloud for one minute and scored with the DIBELS 8 oral reading fluency
 * rules (a hesitation over 3 s counts as an error). DIBELS benchmark passages are written at the
 * reader's grade and long enough that a reader rarely finishes in the minute, so the assessment takes
 * the longest story of the reader's grade band, one not used in an earlier assessment when there is
 * one (a passage read before would be read faster the second time).
 */
import { STORY_GRADE_BANDS, type StoryGradeBand } from '#core/api/stories.ts';

/** How long the assessment listens, in seconds: the one minute of DIBELS 8 ORF. */
export const ASSESSMENT_SECONDS = 60;

/**
 * The grade band (spec §3 grade; the library has K to 5) an assessment passage comes from.
 * - Pre-K and K → K (DIBELS 8 ORF starts in grade 1, so such readers are never sent to the
 *   assessment; they may open it themselves).
 * - 1–5 → the same; 6–12 → 5, the library's hardest.
 * - No grade: from the age, as in US schools (6 → grade 1, 7 → 2, … 10 and over → 5; 5 and under → K).
 * - Neither: grade 2.
 * @param grade the profile's grade ('Pre-K', 'K', '1'…'12') or null
 * @param age the profile's age in years, or null
 */
export function assessmentBand(grade: string | null, age: number | null): StoryGradeBand {
  if (grade === 'Pre-K' || grade === 'K') return 'K';
  const number = grade === null ? Number.NaN : Number(grade);
  if (Number.isInteger(number) && number >= 1) return bandOf(number);
  if (age !== null && Number.isFinite(age)) return age <= 5 ? 'K' : bandOf(age - 5);
  return '2';
}

function bandOf(grade: number): StoryGradeBand {
  return String(Math.min(5, Math.max(1, Math.floor(grade)))) as StoryGradeBand;
}

/**
 * Picks the assessment passage.
 * @param stories the library's stories (GET /api/stories), with their grade band and word count
 * @param band the reader's band ({@link assessmentBand})
 * @param usedStoryIds the stories of the reader's earlier assessments, newest first (GET /api/reading-sessions'
 *   order; a story may come more than once): avoided while another of the band is left, and when every one
 *   was used, the one read longest ago comes first
 * @returns the longest story of the band not used yet (then the title), else the band's story used longest
 *   ago; the nearest band's when the band has none (the lower one first); or null when the library is empty
 */
export function pickAssessmentPassage<
  T extends { id: string; title: string; gradeBand: string | null; wordCount: number },
>(stories: readonly T[], band: StoryGradeBand, usedStoryIds: readonly string[] = []): T | null {
  // How recently each story was used: 0 for the newest assessment's; never used stories are Infinity.
  const recency = (id: string) => {
    const at = usedStoryIds.indexOf(id);
    return at === -1 ? Number.POSITIVE_INFINITY : at;
  };
  const at = STORY_GRADE_BANDS.indexOf(band);
  const bands = [...STORY_GRADE_BANDS].sort(
    (a, b) =>
      Math.abs(STORY_GRADE_BANDS.indexOf(a) - at) - Math.abs(STORY_GRADE_BANDS.indexOf(b) - at) ||
      STORY_GRADE_BANDS.indexOf(a) - STORY_GRADE_BANDS.indexOf(b),
  );
  for (const candidate of bands) {
    const inBand = stories.filter((s) => s.gradeBand === candidate);
    if (inBand.length === 0) continue;
    const sorted = [...inBand].sort(
      (a, b) =>
        // Not used first, then used longest ago (a larger index is an older assessment).
        (recency(a.id) === recency(b.id) ? 0 : recency(a.id) > recency(b.id) ? -1 : 1) ||
        b.wordCount - a.wordCount ||
        a.title.localeCompare(b.title),
    );
    return sorted[0]!;
  }
  return null;
}
