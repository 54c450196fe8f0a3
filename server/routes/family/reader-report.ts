/**
 * A reader's progress report, read-only: what a guardian who follows the reader sees (ADR 0041, GET
 * /api/family/children/:childId/report) and what a teacher sees of a pupil in one of their classes (ADR 0046,
 * GET /api/classes/pupils/:studentId/report). One function, so both see the same figures, computed the same way.
 *
 * It reads another user's rows, so it runs only as server work (`systemStep`, server/db/rls.ts) after the caller
 * has found, as the signed-in user under row-level security, the row that allows it (a guardian link, a class
 * membership); every query names the reader's id itself. The policies of profiles, reading_sessions,
 * progress_tracking and achievements stay "own rows only".
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ReaderReport } from '#core/api/family.ts';
import type { Tx } from '../../db/rls.ts';
import { achievements, profiles, progressTracking, users } from '../../db/schema.ts';
import { LETTER_FOUND } from '../alphabet/alphabet.service.ts';
import { toAchievement } from '../rewards/award-achievements.ts';
import { readingStatsIn } from '../reading-sessions/reading-sessions.service.ts';
import { WORD_BUILT } from '../word-builder/word-builder.service.ts';

/**
 * The report of reader `readerId`, in the caller's transaction, which must be a system step whose access the
 * caller has checked: the reader's profile figures (display name, else the account's name; grade, Lexile level,
 * last Reading Assessment's WCPM and accuracy, tokens), the reading statistics of GET /api/reading-stats without
 * its chart of single readings (their ids and exact times are not the follower's to see), different letters found
 * (ADR 0037), words built (ADR 0039) and achievements, newest first. An unknown id gives empty figures.
 * @param now - the current time (the reading streak counts days up to it)
 */
export async function readerReportIn(tx: Tx, readerId: string, now: Date): Promise<ReaderReport> {
  const [child] = await tx
    .select({
      name: users.name,
      displayName: profiles.displayName,
      grade: profiles.grade,
      lexileLevel: profiles.lexileLevel,
      lastAssessmentWpm: profiles.lastAssessmentWpm,
      lastAssessmentAccuracy: profiles.lastAssessmentAccuracy,
      tokens: profiles.tokens,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, readerId));
  // Without the chart: its single readings' ids and times are not the follower's to see (ADR 0041).
  const { chart: _chart, ...readingStats } = await readingStatsIn(tx, readerId, now);
  // GET /api/rewards counts them the same way (rewards.service.ts): different letters, and every word row.
  const [games] = await tx
    .select({
      lettersFound: sql<string>`count(distinct ${progressTracking.activityData}->>'letter') filter (where ${progressTracking.activityType} = ${LETTER_FOUND})`,
      wordsBuilt: sql<string>`count(*) filter (where ${progressTracking.activityType} = ${WORD_BUILT})`,
    })
    .from(progressTracking)
    .where(
      and(
        eq(progressTracking.userId, readerId),
        inArray(progressTracking.activityType, [LETTER_FOUND, WORD_BUILT]),
      ),
    );
  const earned = await tx
    .select()
    .from(achievements)
    .where(eq(achievements.userId, readerId))
    .orderBy(desc(achievements.earnedAt), asc(achievements.achievementType));
  return {
    child: {
      userId: readerId,
      displayName: child?.displayName ?? child?.name ?? '',
      grade: child?.grade ?? null,
      lexileLevel: child?.lexileLevel ?? null,
      lastAssessmentWpm: child?.lastAssessmentWpm ?? null,
      lastAssessmentAccuracy: child?.lastAssessmentAccuracy ?? null,
      tokens: child?.tokens ?? 0,
    },
    readingStats,
    lettersFound: Number(games?.lettersFound ?? 0),
    wordsBuilt: Number(games?.wordsBuilt ?? 0),
    achievements: earned.map(toAchievement),
  };
}
