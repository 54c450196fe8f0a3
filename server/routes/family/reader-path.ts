/**
 * A reader's My Learning Path for a grown-up's report of them (docs/decisions/0052-my-learning-path.md, amended):
 * their guardian's (GET /api/family/children/:childId/report, ADR 0041) and their teacher's
 * (GET /api/classes/pupils/:studentId/report, ADR 0046). The same rule as the reader's own page (`learningPath`,
 * core/learning-path/path.ts), from the same figures, read on the server. Shared, as `readerReportIn` is.
 *
 * Like `readerReportIn` it reads another user's rows, so it runs only as server work (`systemStep`) after the
 * caller has found the guardian's link, or the teacher's class the reader is in, under row-level security; every
 * query names the reader's id itself.
 */
import { and, count, eq } from 'drizzle-orm';
import type { ReaderReport, ReportLearningPath } from '#core/api/family.ts';
import { learningPath } from '#core/learning-path/path.ts';
import type { Tx } from '../../db/rls.ts';
import { profiles, progressTracking, readingGoals } from '../../db/schema.ts';
import { WORD_SOUNDED } from '../sound-it-out/sound-it-out.service.ts';

/**
 * The learning path of reader `readerId`, in the caller's system step, from their `report` (grade, letters found,
 * words built, scored readings, the last check's accuracy) and three more figures read here: the profile's age
 * and `assessment_completed`, words sounded out (every `word_sounded` row, as GET /api/sound-it-out counts them)
 * and whether a reading goal exists (ADR 0042). Only the result leaves: the next step, whether all are done, and
 * each step's status; none of the figures read here is sent.
 * @param report - the reader's report, read in the same transaction (`readerReportIn`)
 */
export async function readerPathIn(
  tx: Tx,
  readerId: string,
  report: ReaderReport,
): Promise<ReportLearningPath> {
  const [profile] = await tx
    .select({ age: profiles.age, assessmentCompleted: profiles.assessmentCompleted })
    .from(profiles)
    .where(eq(profiles.userId, readerId));
  const [sounded] = await tx
    .select({ n: count() })
    .from(progressTracking)
    .where(and(eq(progressTracking.userId, readerId), eq(progressTracking.activityType, WORD_SOUNDED)));
  const [goal] = await tx
    .select({ childId: readingGoals.childId })
    .from(readingGoals)
    .where(eq(readingGoals.childId, readerId))
    .limit(1);
  const path = learningPath({
    grade: report.child.grade,
    age: profile?.age ?? null,
    lettersFound: report.lettersFound,
    wordsBuilt: report.wordsBuilt,
    wordsSounded: Number(sounded?.n ?? 0),
    readings: report.readingStats.averages.sessions,
    assessmentDone: profile?.assessmentCompleted ?? false,
    assessmentAccuracy: report.child.lastAssessmentAccuracy,
    hasGoal: goal !== undefined,
  });
  return {
    next: path.next,
    allDone: path.allDone,
    steps: path.steps.map(({ id, status }) => ({ id, status })),
  };
}
