/**
 * The Reading Screening on the server (docs/decisions/0049-reading-screening.md; payloads in core/api/screening.ts;
 * rules in core/screening/rules.ts): a reader of grade 1–12 starts a screening of up to three library passages (or
 * resumes one), reads each through the reading upload (POST /api/reading-sessions with `screeningId`;
 * screening-readings.ts), sees their screenings and deletes them.
 *
 * Everything runs as the reader (app_user) under the `screenings` table's "own rows" policies (forced RLS, migration
 * 0015): a reader starts, reads, completes and deletes only their own screenings. Readers only: a teacher's or
 * guardian's account (profiles.user_type, as classes.service.ts `requireReader` decides) is refused 403.
 */
import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Screening, ScreeningList, ScreeningState } from '#core/api/screening.ts';
import { assessmentBand } from '#core/assessment/passage.ts';
import { dayInTimeZone } from '#core/challenges/daily-challenges.ts';
import { pickScreeningPassages } from '#core/screening/passages.ts';
import {
  schoolYearOf,
  screeningRefusal,
  screeningSeason,
  SCREENING_RESUME_HOURS,
  type ScreeningRefusal,
} from '#core/screening/rules.ts';
import type { Database } from '../../db/client.ts';
import { asUser, type Tx } from '../../db/rls.ts';
import { profiles, readingSessions, screenings, stories } from '../../db/schema.ts';
import { ApiFailure } from '../../http/errors.ts';
import { lockFor } from '../classes/classes.service.ts';
import { READER_TYPES } from '../family/family.service.ts';
import { describeScreenings, type ScreeningRow } from './screening-readings.ts';

/** The most complete screenings GET /api/screenings lists (newest first): three a school year is the norm. */
export const SCREENING_HISTORY_MAX = 100;
/** Earlier assessment-mode readings looked at to avoid a passage read before (newest first). */
const USED_PASSAGES_LOOKED_AT = 500;

const HOUR_MS = 3_600_000;

const REFUSAL_MESSAGES: Record<ScreeningRefusal, string> = {
  pre_reader:
    'The reading screening starts in grade 1. Until then, the letter game and Word Builder are the best practice.',
  no_grade: 'The reading screening needs your grade. A grown-up can set it on your Profile.',
  too_early:
    'The reading screening for grade 1 starts in December, in the middle of the year. Until then, keep reading stories aloud.',
};

/**
 * The reader's calendar day of `now` (in the profile's time zone, UTC when unknown: core/challenges/daily-challenges.ts
 * `dayInTimeZone`) as a Date at noon UTC, for the rules that read a date's UTC calendar fields (core/screening/rules.ts
 * screeningSeason, schoolYearOf, screeningRefusal): the season is the reader's, so a reading on the evening of 30
 * November in California is still a fall reading (ADR 0049 amendment).
 */
export function readersDay(now: Date, timeZone: string | null): Date {
  return new Date(`${dayInTimeZone(now, timeZone)}T12:00:00Z`);
}

/**
 * The signed-in user's profile if theirs is a reader's account (profile type student or other: classes.service.ts
 * `requireReader`'s rule), read under RLS.
 * @throws ApiFailure 403 `not_a_reader` for a teacher's or guardian's account, or one without a profile
 */
async function readerProfile(tx: Tx, userId: string) {
  const [profile] = await tx
    .select({
      userType: profiles.userType,
      grade: profiles.grade,
      age: profiles.age,
      timeZone: profiles.timeZone,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (profile === undefined || !READER_TYPES.includes(profile.userType)) {
    throw new ApiFailure(403, 'not_a_reader', 'Only a reader’s account can take the reading screening.');
  }
  return profile;
}

/** The reader's unfinished screening started less than SCREENING_RESUME_HOURS before `now`, if any (under RLS). */
async function resumable(tx: Tx, userId: string, now: Date): Promise<ScreeningRow | undefined> {
  const since = new Date(now.getTime() - SCREENING_RESUME_HOURS * HOUR_MS);
  const [row] = await tx
    .select()
    .from(screenings)
    .where(
      and(eq(screenings.userId, userId), isNull(screenings.completedAt), gt(screenings.createdAt, since)),
    )
    .orderBy(desc(screenings.createdAt), desc(screenings.id))
    .limit(1);
  return row;
}

/**
 * GET /api/screening: whether the signed-in reader may take the screening (`refusal`: `pre_reader` for Pre-K and K,
 * `no_grade` without a grade; core/screening/rules.ts screeningRefusal), their unfinished screening started less
 * than SCREENING_RESUME_HOURS (2) hours before `now` (or null) and their newest complete one (or null).
 * @param now the request's time (the resume window is counted from it)
 * @throws ApiFailure 403 `not_a_reader`
 */
export async function screeningStateOf(db: Database, userId: string, now: Date): Promise<ScreeningState> {
  return asUser(db, userId, async (tx) => {
    const profile = await readerProfile(tx, userId);
    const current = await resumable(tx, userId, now);
    const [last] = await tx
      .select()
      .from(screenings)
      .where(and(eq(screenings.userId, userId), isNotNull(screenings.completedAt)))
      .orderBy(desc(screenings.createdAt), desc(screenings.id))
      .limit(1);
    const shown = await describeScreenings(
      tx,
      userId,
      [current, last].filter((r) => r !== undefined),
    );
    return {
      refusal: screeningRefusal(profile.grade, readersDay(now, profile.timeZone)),
      current: (current && shown.find((s) => s.id === current.id)) ?? null,
      last: (last && shown.find((s) => s.id === last.id)) ?? null,
    };
  });
}

/**
 * POST /api/screenings: the signed-in reader's unfinished screening started less than SCREENING_RESUME_HOURS (2)
 * hours before `now` (`resumed`), or a new one. A new one deletes the reader's older unfinished ones (their readings
 * stay, with `screening_id` set null), and takes the grade from the profile, the season and school year from the
 * reader's day of `now` ({@link readersDay}; core/screening/rules.ts screeningSeason, schoolYearOf) and its passages from the library
 * (core/screening/passages.ts pickScreeningPassages: the band of the profile's grade and age, stories not read in
 * an earlier assessment-mode reading first, then the longest; up to three, at least one). Two starts at once make
 * one screening (a transaction lock per reader).
 * @param now the request's time
 * @returns the screening, and whether it was resumed rather than started
 * @throws ApiFailure 403 `not_a_reader`; 409 `screening_not_available` with `details.reason` `pre_reader`,
 *   `no_grade` or `too_early` (screeningRefusal), or `no_passages` when the library has no story of any grade band
 */
export async function startScreening(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ screening: Screening; resumed: boolean }> {
  return asUser(db, userId, async (tx) => {
    await lockFor(tx, `screening:${userId}`);
    const profile = await readerProfile(tx, userId);
    const today = readersDay(now, profile.timeZone);
    const refusal = screeningRefusal(profile.grade, today);
    if (refusal !== null) {
      throw new ApiFailure(409, 'screening_not_available', REFUSAL_MESSAGES[refusal], { reason: refusal });
    }
    const current = await resumable(tx, userId, now);
    if (current) return { screening: (await describeScreenings(tx, userId, [current]))[0]!, resumed: true };

    // Older unfinished screenings go (ADR 0049); their readings stay the reader's.
    await tx.delete(screenings).where(and(eq(screenings.userId, userId), isNull(screenings.completedAt)));
    const library = await tx
      .select({
        id: stories.id,
        title: stories.title,
        gradeBand: stories.gradeBand,
        wordCount: stories.wordCount,
      })
      .from(stories)
      // Retired stories (server/stories/seed.ts) are not offered.
      .where(and(isNull(stories.ownerId), isNull(stories.retiredAt)));
    const used = await tx
      .select({ storyId: readingSessions.storyId })
      .from(readingSessions)
      .where(
        and(
          eq(readingSessions.userId, userId),
          eq(readingSessions.mode, 'assessment'),
          isNotNull(readingSessions.storyId),
        ),
      )
      .orderBy(desc(readingSessions.createdAt))
      .limit(USED_PASSAGES_LOOKED_AT);
    const passages = pickScreeningPassages(
      library,
      assessmentBand(profile.grade, profile.age),
      used.map((u) => u.storyId!),
    );
    if (passages.length === 0) {
      throw new ApiFailure(
        409,
        'screening_not_available',
        'There are no stories to read for the screening yet.',
        { reason: 'no_passages' },
      );
    }
    const [row] = await tx
      .insert(screenings)
      .values({
        userId,
        createdAt: now,
        grade: profile.grade!,
        season: screeningSeason(today),
        schoolYear: schoolYearOf(today),
        storyIds: passages.map((p) => p.id),
      })
      .returning();
    return { screening: (await describeScreenings(tx, userId, [row!]))[0]!, resumed: false };
  });
}

/**
 * GET /api/screenings: the signed-in reader's complete screenings, newest first (at most
 * {@link SCREENING_HISTORY_MAX}).
 * @throws ApiFailure 403 `not_a_reader`
 */
export async function listScreenings(db: Database, userId: string): Promise<ScreeningList> {
  return asUser(db, userId, async (tx) => {
    await readerProfile(tx, userId);
    const rows = await tx
      .select()
      .from(screenings)
      .where(and(eq(screenings.userId, userId), isNotNull(screenings.completedAt)))
      .orderBy(desc(screenings.createdAt), desc(screenings.id))
      .limit(SCREENING_HISTORY_MAX);
    return { screenings: await describeScreenings(tx, userId, rows) };
  });
}

/**
 * DELETE /api/screenings/:screeningId: deletes the signed-in reader's own screening, unfinished or complete; its
 * readings stay in the reader's reading sessions (`screening_id` set null by the foreign key).
 * @returns false when the id is not one of the reader's screenings (RLS: another reader's is never seen)
 * @throws ApiFailure 403 `not_a_reader`
 */
export async function deleteScreening(db: Database, userId: string, screeningId: string): Promise<boolean> {
  return asUser(db, userId, async (tx) => {
    await readerProfile(tx, userId);
    const deleted = await tx
      .delete(screenings)
      .where(and(eq(screenings.id, screeningId), eq(screenings.userId, userId)))
      .returning({ id: screenings.id });
    return deleted.length === 1;
  });
}
