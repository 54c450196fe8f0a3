/**
 * Saving a scored read-aloud as a reading session (spec §3), with everything it earns: a progress event,
 * tokens through award_tokens (paid once per session, however often the upload is retried), and the
 * achievements of spec §4.5, and the reader's Lexile level (§4.7); a Reading Assessment (mode `assessment`) also
 * sets the profile's assessment results, and a Reading Screening's passage (`screeningId`, ADR 0049) moves its
 * screening on, the complete screening setting them once from its medians. Recordings are kept for
 * AUDIO_RETENTION_DAYS for "Listen to a word".
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type {
  Achievement,
  ReadingSession,
  ReadingSessionSummary,
  ReadingStats,
} from '#core/api/reading-sessions.ts';
import type { CompletedChallenge } from '#core/api/rewards.ts';
import type { Screening } from '#core/api/screening.ts';
import type { RandomSource } from '#core/challenges/daily-challenges.ts';
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { achievementsEarned } from '#core/rewards/achievements.ts';
import { setsTheLevel } from '#core/assessment/results.ts';
import { isMostlyRead } from '#core/rewards/reading-share.ts';
import { sessionTokens } from '#core/rewards/tokens.ts';
import { estimateReaderLexile } from '#core/lexile/reader-lexile.ts';
import { readingStreak, STREAK_WINDOW_DAYS } from '#core/reading/streak.ts';
import { computeReadingStats } from '#core/reading/stats.ts';
import { normsGrade, seasonOf } from '#core/reading/season.ts';
import type { Database } from '../../db/client.ts';
import { asSystem, asUser, systemStep, type Tx } from '../../db/rls.ts';
import { achievements, profiles, progressTracking, readingSessions, tokenLedger } from '../../db/schema.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { ApiFailure } from '../../http/errors.ts';
import type { ScoringService } from '../fluency/fluency.service.ts';
import { awardAchievements, toAchievement } from '../rewards/award-achievements.ts';
import { advanceChallenges, payCompletedChallenges } from '../rewards/daily-challenges.service.ts';
import {
  checkScreeningPassage,
  finishScreeningReading,
  screeningOf,
  describeScreenings,
  takeScreeningPassage,
} from '../screening/screening-readings.ts';
import { findStoryToRead } from '../stories/stories.service.ts';

/** How long a reader's recording is kept, in days. */
export const AUDIO_RETENTION_DAYS = 30;

type SessionRow = typeof readingSessions.$inferSelect;

/**
 * The columns of a session's summary (GET /api/reading-sessions, `ReadingSessionSummarySchema`): not
 * the per-word results (`word_results`, a few kB of JSON per session) nor anything the list does not show.
 */
const summaryColumns = {
  id: readingSessions.id,
  createdAt: readingSessions.createdAt,
  storyId: readingSessions.storyId,
  storyTitle: readingSessions.storyTitle,
  mode: readingSessions.mode,
  fluencyScore: readingSessions.fluencyScore,
  accuracyPercentage: readingSessions.accuracyPercentage,
  wordsPerMinute: readingSessions.wordsPerMinute,
  tokensAwarded: readingSessions.tokensAwarded,
  audioPath: readingSessions.audioPath,
  screeningId: readingSessions.screeningId,
  forScreening: readingSessions.forScreening,
};
type SessionSummaryRow = Pick<SessionRow, keyof typeof summaryColumns>;

/** A session's summary columns in the list's shape (core/api/reading-sessions.ts). */
export function toReadingSessionSummary(row: SessionSummaryRow): ReadingSessionSummary {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    story_id: row.storyId,
    story_title: row.storyTitle,
    mode: row.mode as ReadingSessionSummary['mode'],
    wcpm: row.wordsPerMinute,
    accuracy_percentage: row.accuracyPercentage,
    fluency_score: row.fluencyScore,
    tokens_awarded: row.tokensAwarded,
    has_audio: row.audioPath !== null,
    screening_id: row.screeningId,
    for_screening: row.forScreening,
  };
}

/** A session row in the API's shape (core/api/reading-sessions.ts). */
export function toReadingSession(row: SessionRow): ReadingSession {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    story_id: row.storyId,
    story_title: row.storyTitle,
    fluency_score: row.fluencyScore,
    accuracy_percentage: row.accuracyPercentage,
    wcpm: row.wordsPerMinute,
    tokens_awarded: row.tokensAwarded,
    mode: row.mode as ReadingSession['mode'],
    reading_seconds: row.readingSeconds,
    has_audio: row.audioPath !== null,
    screening_id: row.screeningId,
    for_screening: row.forScreening,
  };
}

/** A session saved before under this idempotency key, if any. */
export async function findByIdempotencyKey(db: Database, userId: string, key: string) {
  const [row] = await asUser(db, userId, (tx) =>
    tx
      .select()
      .from(readingSessions)
      .where(and(eq(readingSessions.userId, userId), eq(readingSessions.idempotencyKey, key))),
  );
  return row;
}

async function balanceOf(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ tokens: profiles.tokens })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.tokens ?? 0;
}

/** Tokens the user has earned in total (positive ledger rows; spending is not subtracted). */
export async function tokensEarnedBy(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ earned: sql<string>`coalesce(sum(${tokenLedger.amount}), 0)` })
    .from(tokenLedger)
    .where(and(eq(tokenLedger.userId, userId), sql`${tokenLedger.amount} > 0`));
  return Number(row?.earned ?? 0);
}

/**
 * Pay a session's tokens (idempotent per session), the rewards of the daily challenges it completed
 * (idempotent per challenge), and award what the session earned.
 * Safe to call again for the same session: nothing is paid or awarded twice.
 */
async function settleRewards(db: Database, row: SessionRow, now: Date) {
  return asSystem(
    db,
    async (tx) => {
      if (row.tokensAwarded > 0) {
        await queryRows(
          tx,
          sql`select award_tokens(${row.userId}, ${row.tokensAwarded}, ${'reading_session'}, ${`reading_session:${row.id}`})`,
        );
      }
      const completedChallenges = await payCompletedChallenges(tx, row.userId);
      const balance = await balanceOf(tx, row.userId);
      const earnedTokens = await tokensEarnedBy(tx, row.userId);
      const since = new Date(now.getTime() - (STREAK_WINDOW_DAYS + 1) * 86_400_000);
      const recent = await tx
        .select({ createdAt: readingSessions.createdAt })
        .from(readingSessions)
        .where(and(eq(readingSessions.userId, row.userId), gte(readingSessions.createdAt, since)));
      const streak = readingStreak(
        recent.map((r) => r.createdAt),
        now,
      );
      // How much was read comes from the saved result: a partial reading earns no speed or
      // accuracy achievement (core/rewards/reading-share.ts).
      const scored = row.wordResults as Partial<FluencyResult> | null;
      const earned = achievementsEarned({
        activityType: 'reading_session',
        wcpm: row.wordsPerMinute ?? 0,
        accuracy: row.accuracyPercentage ?? 0,
        wordsAttempted: scored?.wordsAttempted ?? 0,
        wordsTotal: scored?.wordsTotal ?? 0,
        tokens: earnedTokens,
        streak,
      });
      const created = await awardAchievements(tx, row.userId, earned);
      return { balance, newAchievements: created, completedChallenges };
    },
    row.userId,
  );
}

/** What a save answers (core/api/reading-sessions.ts SaveReadingSessionResponse). */
export interface SavedSession {
  session: ReadingSession;
  result: FluencyResult;
  tokensAwarded: number;
  balance: number;
  newAchievements: Achievement[];
  /** Daily challenges completed and paid by this save (spec §4.4). */
  completedChallenges: CompletedChallenge[];
  replayed: boolean;
  /** A screening's reading (ADR 0049): the screening after it (next passage, or score once complete). */
  screening?: Screening;
  /** A screening's reading: whether it counted as the passage's (not when stopped short; core/api/reading-sessions.ts). */
  screeningCounted?: boolean;
}

/**
 * Sets the profile's assessment results from a measure of the reader, in the caller's transaction (as the user): the
 * Reading Assessment (docs/decisions/0038-reading-assessment.md) and the complete Reading Screening (ADR 0049) are the
 * direct measure of the reader, so they set `assessment_completed`, the last assessment's WCPM and accuracy (spec
 * §3) and the Lexile level and range from them (§4.7, §9 `estimateReaderLexile`), over an earlier estimate, and end
 * a "Not now". In the reading's transaction, so a replayed upload (answered from the saved session) never sets them
 * again. Assessment results are server work (migration 0002's grants): one `systemStep` naming the user.
 * @param grade the profile's grade (the Lexile formula's norms)
 * @param measure words correct per minute and accuracy (percent, 0–100)
 */
async function setAssessmentResults(
  tx: Tx,
  userId: string,
  grade: string | null,
  measure: { wcpm: number; accuracy: number },
  now: Date,
) {
  const estimate = estimateReaderLexile(grade, measure.wcpm, measure.accuracy);
  await systemStep(tx, (system) =>
    system
      .update(profiles)
      .set({
        assessmentCompleted: true,
        lastAssessmentWpm: measure.wcpm,
        lastAssessmentAccuracy: measure.accuracy,
        lexileLevel: estimate.level,
        estimatedLexileRange: estimate.range,
        assessmentDeferredUntil: null,
        updatedAt: now,
      })
      .where(eq(profiles.userId, userId)),
  );
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === '23505';
}

/**
 * Save a scored reading. A second call with the same idempotency key returns the first session
 * (replayed: true) and pays nothing more; a call that failed half-way is completed by the retry.
 * In the same transaction as the session: a practice reading gives a reader without a Lexile level an estimate
 * (spec §4.7); an assessment (`mode: 'assessment'`, ADR 0038) sets `assessment_completed`, the last assessment's
 * WCPM and accuracy, the Lexile level and range from them (over an earlier one), and clears a "Not now". A
 * screening's reading (`screeningId`, ADR 0049) is saved only as its screening's next passage, checked under the
 * screening's row lock; it sets no assessment result itself, and the reading that completes the screening stores
 * its score and sets them from its medians.
 * @throws ApiFailure 404 `screening_not_found`, 409 `screening_passage_mismatch` (screening.service.ts
 *   takeScreeningPassage), nothing saved
 */
export async function saveReadingSession(
  db: Database,
  input: {
    userId: string;
    storyId: string;
    storyTitle: string;
    /** The story's Lexile measure, when known: it becomes the reader's reading level (ADR 0038). */
    storyLexile?: number | null;
    mode: 'practice' | 'assessment';
    idempotencyKey: string;
    result: FluencyResult;
    wav: Uint8Array;
    dataDir: string;
    now?: Date;
    /** Source of randomness for today's challenges when they are made here (default Math.random). */
    random?: RandomSource;
    /** The Reading Screening this reading is a passage of (ADR 0049; needs `mode: 'assessment'`). */
    screeningId?: string;
  },
): Promise<SavedSession> {
  const now = input.now ?? new Date();
  const existing = await findByIdempotencyKey(db, input.userId, input.idempotencyKey);
  if (existing) return replayReadingSession(db, existing, now, input.screeningId);

  const { result } = input;
  const tokens = sessionTokens(result);
  // The recording is written first, under the session's id, so the row never points at nothing.
  const id = randomUUID();
  const relative = join('recordings', input.userId, `${id}.wav`);
  const absolute = join(input.dataDir, relative);
  // Private whatever the process umask (server/data-dir.ts): a child's voice.
  await mkdir(dirname(absolute), { recursive: true, mode: 0o700 });
  await writeFile(absolute, input.wav, { mode: 0o600 });
  let row: SessionRow;
  let screening: Screening | undefined;
  let counted = false;
  try {
    row = await asUser(db, input.userId, async (tx) => {
      // A screening's passage is taken under its row's lock, held until this transaction ends (ADR 0049).
      const taken = input.screeningId
        ? await takeScreeningPassage(tx, input.userId, input.screeningId, input.storyId)
        : null;
      // A reading stopped before 30 s and before the passage's end is no measure of the reader (the assessment's
      // rule, ADR 0038): it is saved as the reader's, outside the screening, whose next passage stays this story.
      counted = taken !== null && setsTheLevel(result);
      const [inserted] = await tx
        .insert(readingSessions)
        .values({
          id,
          userId: input.userId,
          createdAt: now,
          storyId: input.storyId,
          storyTitle: input.storyTitle,
          fluencyScore: result.fluencyScore,
          accuracyPercentage: result.accuracy,
          wordsPerMinute: result.wcpm,
          tokensAwarded: tokens,
          mode: input.mode,
          wordResults: result,
          readingSeconds: result.readingSeconds,
          audioPath: relative,
          audioExpiresAt: new Date(now.getTime() + AUDIO_RETENTION_DAYS * 86_400_000),
          idempotencyKey: input.idempotencyKey,
          screeningId: counted ? taken!.id : null,
          forScreening: taken !== null,
        })
        .returning();
      await tx.insert(progressTracking).values({
        userId: input.userId,
        activityType: 'reading_session',
        activityData: {
          sessionId: id,
          storyId: input.storyId,
          wcpm: result.wcpm,
          accuracy: result.accuracy,
          fluencyScore: result.fluencyScore,
        },
        completedAt: now,
      });
      const [profile] = await tx
        .select({ grade: profiles.grade, lexileLevel: profiles.lexileLevel, timeZone: profiles.timeZone })
        .from(profiles)
        .where(eq(profiles.userId, input.userId));
      // Spec §4.4: the reading moves today's challenges on, in this transaction, so it counts once.
      if (profile) {
        await advanceChallenges(
          tx,
          input.userId,
          now,
          profile.timeZone,
          { storyRead: isMostlyRead(result), seconds: result.readingSeconds },
          input.random,
        );
      }
      if (taken && !counted) {
        screening = (await describeScreenings(tx, input.userId, [taken]))[0];
      } else if (taken) {
        // A screening's reading (docs/decisions/0049-reading-screening.md) sets no assessment result by itself: the
        // complete screening sets them, once, from its medians (three readings measure the reader better than one).
        const moved = await finishScreeningReading(tx, input.userId, taken, now);
        screening = moved.screening;
        if (profile && moved.completed) {
          await setAssessmentResults(tx, input.userId, profile.grade, moved.completed, now);
        }
      } else if (profile && input.mode === 'assessment' && setsTheLevel(result)) {
        await setAssessmentResults(tx, input.userId, profile.grade, result, now);
      } else if (profile && input.mode === 'practice' && profile.lexileLevel === null) {
        // Spec §4.7: a reader without a Lexile level gets one estimated from a practice reading.
        const estimate = estimateReaderLexile(profile.grade, result.wcpm, result.accuracy);
        await tx
          .update(profiles)
          .set({ lexileLevel: estimate.level, estimatedLexileRange: estimate.range, updatedAt: now })
          .where(eq(profiles.userId, input.userId));
      }
      // The reading level is the level of what the reader reads now (profiles.reading_level, spec §3): Sparky's
      // 'Ready to Level Up!' (§4.8) compares the measured Lexile level with it (docs/decisions/0038).
      if (profile && input.storyLexile != null) {
        await tx
          .update(profiles)
          .set({ readingLevel: `${input.storyLexile}L`, updatedAt: now })
          .where(eq(profiles.userId, input.userId));
      }
      return inserted!;
    });
  } catch (error) {
    await rm(absolute, { force: true });
    // A folder left empty (the account was deleted while this reading was scored) goes too: its
    // name is the user's id (issue #14 item 11). rmdir refuses a folder that still holds readings.
    await rmdir(dirname(absolute)).catch(() => undefined);
    // The same upload arrived twice at once: the other request saved it (and, for a screening's passage, took the
    // passage first, so this one was refused under the screening's lock).
    if (isUniqueViolation(error) || (input.screeningId !== undefined && error instanceof ApiFailure)) {
      const saved = await findByIdempotencyKey(db, input.userId, input.idempotencyKey);
      if (saved) return replayReadingSession(db, saved, now, input.screeningId);
    }
    throw error;
  }

  const rewards = await settleRewards(db, row, now);
  return {
    session: toReadingSession(row),
    result,
    tokensAwarded: tokens,
    replayed: false,
    ...rewards,
    ...(screening ? { screening, screeningCounted: counted } : {}),
  };
}

/**
 * The answer to a repeated upload: the session saved the first time, with its rewards settled (a payment
 * that failed the first time is made now; one that succeeded is not made again), and for a screening's reading the
 * screening's current state (ADR 0049).
 * @param screeningId the screening the repeated upload names, used when the saved session has none (its screening
 *   was deleted since, or the key was first used for another reading); omitted from the answer when not the user's
 */
export async function replayReadingSession(
  db: Database,
  row: SessionRow,
  now: Date,
  screeningId?: string,
): Promise<SavedSession> {
  const rewards = await settleRewards(db, row, now);
  const ofScreening = row.screeningId ?? screeningId;
  const screening = ofScreening ? await screeningOf(db, row.userId, ofScreening) : null;
  return {
    session: toReadingSession(row),
    result: row.wordResults as FluencyResult,
    tokensAwarded: 0,
    balance: rewards.balance,
    newAchievements: rewards.newAchievements,
    completedChallenges: rewards.completedChallenges,
    replayed: true,
    ...(screening ? { screening, screeningCounted: row.screeningId !== null } : {}),
  };
}

/** One upload of a reading (core/api/reading-sessions.ts ReadingUploadFormSchema), for a user. */
export interface ReadingUpload {
  userId: string;
  storyId: string;
  mode: 'practice' | 'assessment';
  idempotencyKey: string;
  /** The WAV file's bytes. */
  wav: Uint8Array;
  dataDir: string;
  now: Date;
  signal?: AbortSignal;
  /** A Reading Screening's id (ADR 0049): the reading is that screening's next passage. */
  screeningId?: string;
}

/**
 * Score an uploaded reading and save it with its rewards (POST /api/reading-sessions). A retried
 * upload (same idempotency key) is answered from what was saved, without scoring it again. The
 * reader's grade (for the norms) comes from their profile, the season from the date. A screening's
 * reading (`screeningId`, ADR 0049) is checked before it is scored, so a refused one costs no scoring,
 * and again when it is saved ({@link saveReadingSession}).
 * @throws ApiFailure 422 `invalid_input` for `screeningId` without `mode: 'assessment'`; 404 `screening_not_found`,
 *   409 `screening_passage_mismatch`; 404 `story_not_found`, 422 `no_speech` (none of the story's words heard), and
 *   what {@link ScoringService.score} throws
 */
export async function scoreAndSaveReading(
  db: Database,
  scoring: ScoringService,
  upload: ReadingUpload,
): Promise<SavedSession> {
  const { userId, storyId, now, screeningId } = upload;
  if (screeningId !== undefined && upload.mode !== 'assessment') {
    const message = 'A screening’s reading is read in assessment mode.';
    throw new ApiFailure(422, 'invalid_input', `mode: ${message}`, [
      { path: 'mode', code: 'custom', message },
    ]);
  }
  const existing = await findByIdempotencyKey(db, userId, upload.idempotencyKey);
  if (existing) return replayReadingSession(db, existing, now, screeningId);
  if (screeningId !== undefined) await checkScreeningPassage(db, userId, screeningId, storyId);

  const story = await findStoryToRead(db, userId, storyId);
  if (!story) throw new ApiFailure(404, 'story_not_found', 'No such story.');
  const [profile] = await asUser(db, userId, (tx) =>
    tx.select({ grade: profiles.grade }).from(profiles).where(eq(profiles.userId, userId)),
  );
  const grade = normsGrade(profile?.grade);
  const result = await scoring.score({
    userId,
    wav: upload.wav,
    passageText: story.body,
    mode: upload.mode,
    season: seasonOf(now),
    key: upload.idempotencyKey,
    ...(grade !== undefined ? { grade } : {}),
    ...(upload.signal ? { signal: upload.signal } : {}),
  });
  if (result.wordsAttempted === 0) {
    throw new ApiFailure(
      422,
      'no_speech',
      "We didn't hear any of the story's words. Please try again and read the words out loud.",
    );
  }
  return saveReadingSession(db, {
    userId,
    storyId,
    storyTitle: story.title,
    storyLexile: story.lexile,
    mode: upload.mode,
    idempotencyKey: upload.idempotencyKey,
    result,
    wav: upload.wav,
    dataDir: upload.dataDir,
    now,
    ...(screeningId !== undefined ? { screeningId } : {}),
  });
}

/** The user's sessions (the newest 500, summary columns only), newest first (spec §7.3). */
export async function listReadingSessions(db: Database, userId: string) {
  const rows = await asUser(db, userId, (tx) =>
    tx
      .select(summaryColumns)
      .from(readingSessions)
      .where(eq(readingSessions.userId, userId))
      .orderBy(desc(readingSessions.createdAt))
      .limit(500),
  );
  return rows;
}

/** One session of the user, or undefined. */
export async function getReadingSession(db: Database, userId: string, id: string) {
  const [row] = await asUser(db, userId, (tx) =>
    tx
      .select()
      .from(readingSessions)
      .where(and(eq(readingSessions.id, id), eq(readingSessions.userId, userId))),
  );
  return row;
}

/**
 * Statistics and streak over the user's sessions (the newest 500), reading only the columns they use
 * (not the per-word results).
 */
export async function readingStatsFor(db: Database, userId: string, now = new Date()): Promise<ReadingStats> {
  return asUser(db, userId, (tx) => readingStatsIn(tx, userId, now));
}

/**
 * {@link readingStatsFor} in the caller's transaction, for `userId`'s sessions: as that user (asUser), or as
 * server work naming a followed reader (the family report, server/routes/family/family.service.ts).
 */
export async function readingStatsIn(tx: Tx, userId: string, now: Date): Promise<ReadingStats> {
  const rows = await tx
    .select({
      id: readingSessions.id,
      createdAt: readingSessions.createdAt,
      storyId: readingSessions.storyId,
      storyTitle: readingSessions.storyTitle,
      fluencyScore: readingSessions.fluencyScore,
      accuracyPercentage: readingSessions.accuracyPercentage,
      wcpm: readingSessions.wordsPerMinute,
      tokensAwarded: readingSessions.tokensAwarded,
    })
    .from(readingSessions)
    .where(eq(readingSessions.userId, userId))
    .orderBy(desc(readingSessions.createdAt))
    .limit(500);
  return {
    ...computeReadingStats(rows),
    streak: readingStreak(
      rows.map((r) => r.createdAt),
      now,
    ),
  };
}

/** The user's achievements, newest first (spec §7.3). */
export async function listAchievements(db: Database, userId: string) {
  const rows = await asUser(db, userId, (tx) =>
    tx
      .select()
      .from(achievements)
      .where(eq(achievements.userId, userId))
      .orderBy(desc(achievements.earnedAt)),
  );
  return rows.map(toAchievement);
}
