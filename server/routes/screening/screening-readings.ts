/**
 * A Reading Screening's readings (docs/decisions/0049-reading-screening.md; payloads in core/api/screening.ts; rules in
 * core/screening/rules.ts): each passage is saved as a reading session with `screening_id` through the reading upload
 * (POST /api/reading-sessions with `screeningId`; reading-sessions.service.ts calls {@link checkScreeningPassage}
 * before scoring, then {@link takeScreeningPassage} and {@link finishScreeningReading} in the save's transaction), and
 * a screening is shown in the API's shape from its row and its readings ({@link describeScreenings}). Everything
 * runs as the reader (app_user) under the "own rows" policies of `screenings` and `reading_sessions` (forced RLS,
 * migration 0015). Starting, listing and deleting screenings: screening.service.ts.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Screening } from '#core/api/screening.ts';
import type { Season } from '#core/fluency/orf-norms.ts';
import {
  isScreeningComplete,
  screeningBand,
  screeningScore,
  type ScreeningBand,
  type ScreeningScore,
} from '#core/screening/rules.ts';
import type { Database } from '../../db/client.ts';
import { asUser, type Tx } from '../../db/rls.ts';
import { readingSessions, screenings, stories } from '../../db/schema.ts';
import { ApiFailure } from '../../http/errors.ts';

/** The title of a passage whose library story was removed since the screening started. */
export const REMOVED_STORY_TITLE = 'A story no longer in the library';

/** A `screenings` row. */
export type ScreeningRow = typeof screenings.$inferSelect;

/** One saved reading of a screening's passage, as the screening shows and counts it. */
interface PassageReading {
  id: string;
  screeningId: string;
  storyId: string | null;
  /** Words correct per minute and accuracy (percent) as saved with the reading. */
  wpm: number;
  accuracy: number;
  /** The scorer's words correct and errors (its per-word result). */
  wordsCorrect: number;
  errors: number;
}

/** 404 `screening_not_found`: not the reader's screening, or one already complete (on a reading's upload). */
function screeningNotFound(): ApiFailure {
  return new ApiFailure(404, 'screening_not_found', 'We could not find that screening, or it is finished.');
}

/** The saved readings of these screenings (the transaction user's, under RLS), by screening id. */
async function readingsOf(tx: Tx, userId: string, screeningIds: string[]) {
  const byScreening = new Map<string, PassageReading[]>();
  if (screeningIds.length === 0) return byScreening;
  const rows = await tx
    .select({
      id: readingSessions.id,
      screeningId: sql<string>`${readingSessions.screeningId}`,
      storyId: readingSessions.storyId,
      wpm: sql<number>`coalesce(${readingSessions.wordsPerMinute}, 0)::float8`,
      accuracy: sql<number>`coalesce(${readingSessions.accuracyPercentage}, 0)::float8`,
      wordsCorrect: sql<number>`coalesce(round((${readingSessions.wordResults}->>'wordsCorrect')::numeric), 0)::int`,
      errors: sql<number>`coalesce(round((${readingSessions.wordResults}->>'errors')::numeric), 0)::int`,
    })
    .from(readingSessions)
    .where(and(eq(readingSessions.userId, userId), inArray(readingSessions.screeningId, screeningIds)));
  for (const row of rows) {
    const list = byScreening.get(row.screeningId) ?? [];
    list.push({ ...row, wpm: Number(row.wpm), accuracy: Number(row.accuracy) });
    byScreening.set(row.screeningId, list);
  }
  return byScreening;
}

/** A screening's readings in the order of its passages (a passage is read once: reading_sessions' unique key). */
function inPassageOrder(row: ScreeningRow, readings: readonly PassageReading[]): PassageReading[] {
  return row.storyIds.flatMap((storyId) => readings.filter((r) => r.storyId === storyId));
}

/** Index in `row.storyIds` of the first passage without a reading, or null when every one has one. */
function nextPassage(row: ScreeningRow, readings: readonly PassageReading[]): number | null {
  const next = row.storyIds.findIndex((storyId) => !readings.some((r) => r.storyId === storyId));
  return next === -1 ? null : next;
}

/**
 * These screenings of the transaction's user in the API's shape (core/api/screening.ts ScreeningSchema), with their
 * passages' titles and readings: two queries, under RLS, for any number of screenings.
 */
export async function describeScreenings(tx: Tx, userId: string, rows: ScreeningRow[]): Promise<Screening[]> {
  if (rows.length === 0) return [];
  const readings = await readingsOf(
    tx,
    userId,
    rows.map((r) => r.id),
  );
  const storyIds = [...new Set(rows.flatMap((r) => r.storyIds))];
  const titled = await tx
    .select({ id: stories.id, title: stories.title })
    .from(stories)
    .where(inArray(stories.id, storyIds));
  const titles = new Map(titled.map((s) => [s.id, s.title]));
  return rows.map((row) => {
    const own = readings.get(row.id) ?? [];
    const complete = row.completedAt !== null;
    return {
      id: row.id,
      startedAt: row.createdAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
      grade: row.grade,
      season: row.season as Season,
      schoolYear: row.schoolYear,
      passages: row.storyIds.map((storyId) => {
        const reading = own.find((r) => r.storyId === storyId);
        return {
          storyId,
          title: titles.get(storyId) ?? REMOVED_STORY_TITLE,
          reading: reading
            ? {
                id: reading.id,
                wpm: reading.wpm,
                accuracy: reading.accuracy,
                wordsCorrect: reading.wordsCorrect,
                errors: reading.errors,
              }
            : null,
        };
      }),
      next: complete ? null : nextPassage(row, own),
      score:
        complete && row.wpm !== null
          ? {
              wpm: row.wpm,
              accuracy: row.accuracy ?? 0,
              wordsCorrect: row.wordsCorrect ?? 0,
              errors: row.errors ?? 0,
              band: row.band as ScreeningBand,
              p50: row.p50 ?? 0,
            }
          : null,
    };
  });
}

/**
 * The signed-in reader's screening `screeningId` in the API's shape, unfinished or complete, or null when it is not
 * theirs (or gone). For the answer to a replayed reading upload.
 */
export async function screeningOf(
  db: Database,
  userId: string,
  screeningId: string,
): Promise<Screening | null> {
  return asUser(db, userId, async (tx) => {
    const [row] = await tx
      .select()
      .from(screenings)
      .where(and(eq(screenings.id, screeningId), eq(screenings.userId, userId)));
    return row ? ((await describeScreenings(tx, userId, [row]))[0] ?? null) : null;
  });
}

/**
 * Refuses an upload for a screening unless `storyId` is the next passage of the reader's unfinished screening
 * `screeningId` (the row as read in `tx`, which {@link takeScreeningPassage} locks first).
 * @throws ApiFailure 404 `screening_not_found` (not the reader's, or complete), 409 `screening_passage_mismatch`
 */
async function expectNextPassage(
  tx: Tx,
  userId: string,
  row: ScreeningRow | undefined,
  storyId: string,
): Promise<ScreeningRow> {
  if (!row || row.completedAt !== null) throw screeningNotFound();
  const next = nextPassage(row, (await readingsOf(tx, userId, [row.id])).get(row.id) ?? []);
  if (next === null || row.storyIds[next] !== storyId) {
    throw new ApiFailure(
      409,
      'screening_passage_mismatch',
      'This is not the next story of the screening. Please read the story the screening shows.',
    );
  }
  return row;
}

/**
 * The cheap check of a screening reading's upload, made before it is scored (scoring is slow): `storyId` must be the
 * next passage of the reader's unfinished screening `screeningId`. Made again, under the row's lock, in the save's
 * transaction ({@link takeScreeningPassage}).
 * @throws ApiFailure 404 `screening_not_found`, 409 `screening_passage_mismatch`
 */
export async function checkScreeningPassage(
  db: Database,
  userId: string,
  screeningId: string,
  storyId: string,
): Promise<void> {
  await asUser(db, userId, async (tx) => {
    const [row] = await tx
      .select()
      .from(screenings)
      .where(and(eq(screenings.id, screeningId), eq(screenings.userId, userId)));
    await expectNextPassage(tx, userId, row, storyId);
  });
}

/** A screening whose passage a reading's save has taken ({@link takeScreeningPassage}). */
export type TakenScreening = ScreeningRow;

/**
 * In the save's transaction (as the reader), before the reading is inserted: locks the reader's screening
 * `screeningId` (SELECT … FOR UPDATE, held until the transaction ends, so two uploads of one passage, under two
 * idempotency keys, save one reading: the second sees the first's reading once it has the lock) and checks that
 * `storyId` is its next passage.
 * @throws ApiFailure 404 `screening_not_found` (not the reader's, or complete), 409 `screening_passage_mismatch`
 */
export async function takeScreeningPassage(
  tx: Tx,
  userId: string,
  screeningId: string,
  storyId: string,
): Promise<TakenScreening> {
  const [row] = await tx
    .select()
    .from(screenings)
    .where(and(eq(screenings.id, screeningId), eq(screenings.userId, userId)))
    .for('update');
  return expectNextPassage(tx, userId, row, storyId);
}

/**
 * In the save's transaction, after the reading of a passage of `taken` was inserted: when the screening is now
 * complete (core/screening/rules.ts isScreeningComplete over its readings in passage order, or every passage of a
 * screening given fewer than three read), stores its score (screeningScore: the medians, DIBELS Next's accuracy),
 * band and 50th percentile (screeningBand with the screening's own grade and season) and `completed_at` = `now`.
 * @returns the screening after this reading, and its score when this reading completed it (for the profile's
 *   assessment results, which the caller sets once from it), else null
 */
export async function finishScreeningReading(
  tx: Tx,
  userId: string,
  taken: TakenScreening,
  now: Date,
): Promise<{ screening: Screening; completed: ScreeningScore | null }> {
  const readings = inPassageOrder(taken, (await readingsOf(tx, userId, [taken.id])).get(taken.id) ?? []).map(
    (r) => ({ wcpm: r.wpm, wordsCorrect: r.wordsCorrect, errors: r.errors }),
  );
  let row = taken;
  let completed: ScreeningScore | null = null;
  if (isScreeningComplete(readings) || readings.length >= taken.storyIds.length) {
    completed = screeningScore(readings);
    const { band, p50 } = screeningBand(completed.wcpm, taken.grade, taken.season as Season);
    const [updated] = await tx
      .update(screenings)
      .set({
        completedAt: now,
        wpm: completed.wcpm,
        accuracy: completed.accuracy,
        wordsCorrect: completed.wordsCorrect,
        errors: completed.errors,
        band,
        p50,
      })
      .where(and(eq(screenings.id, taken.id), eq(screenings.userId, userId)))
      .returning();
    row = updated!;
  }
  return { screening: (await describeScreenings(tx, userId, [row]))[0]!, completed };
}
