/**
 * The signed-in reader's own My Learning Path (docs/decisions/0052-my-learning-path.md), from the queries other
 * screens already use: the reader's page (src/features/learning-path) and Sparky's line on Progress Reports
 * (src/features/reports) make it the same way.
 */
import type { MeResponse } from '#core/api/account.ts';
import { learningPath, type LearningPath } from '#core/learning-path/path.ts';
import { useAlphabetProgress } from '../api/alphabet.ts';
import { useGoals } from '../api/goals.ts';
import { useReadingStats } from '../api/reading-stats.ts';
import { useSoundItOutProgress } from '../api/sound-it-out.ts';
import { useWordBuilderProgress } from '../api/word-builder.ts';

/**
 * The reader's path (`learningPath`, core/learning-path/path.ts) from their own figures: letters found
 * (GET /api/alphabet), words built (/api/word-builder) and sounded out (/api/sound-it-out), scored readings
 * (/api/reading-stats), whether they have a goal (/api/goals), and grade, age and the reading check from the
 * profile of `me`. A figure not loaded (yet, or at all) counts as 0, so its step counts as not finished: wait for
 * `loading` to be false, and see `failed`. Call it for a reader only (the endpoints are a reader's).
 * @returns the path, whether any figure is still loading or failed, and each query (for the page's own words)
 */
export function useOwnLearningPath(me: Pick<MeResponse, 'profile'>) {
  const letters = useAlphabetProgress();
  const words = useWordBuilderProgress();
  const sounded = useSoundItOutProgress();
  const stats = useReadingStats();
  const goals = useGoals();
  const queries = [letters, words, sounded, stats, goals];
  const profile = me.profile;
  const path: LearningPath = learningPath({
    grade: profile?.grade ?? null,
    age: profile?.age ?? null,
    lettersFound: letters.data?.found.length ?? 0,
    wordsBuilt: words.data?.total ?? 0,
    wordsSounded: sounded.data?.total ?? 0,
    readings: stats.data?.averages.sessions ?? 0,
    assessmentDone: profile?.assessment_completed ?? false,
    assessmentAccuracy: profile?.last_assessment_accuracy ?? null,
    hasGoal: !!goals.data?.mine,
  });
  return {
    path,
    loading: queries.some((q) => q.isPending),
    failed: queries.some((q) => q.isError),
    letters,
    words,
    sounded,
    stats,
    goals,
  };
}
