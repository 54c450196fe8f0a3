/**
 * Sound It Out's progress on the server (docs/decisions/0043-sound-it-out.md): words sounded out are kept as
 * `progress_tracking` rows (spec §3; activity_type `word_sounded`, activity_data `{ word, day }`), at most one
 * per word per reader per day in the reader's time zone, as the word builder keeps words built (ADR 0039).
 * Nothing else moves: the spec ties no token, challenge or achievement to this game.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { SoundItOutProgress, WordSoundedResponse } from '#core/api/sound-it-out.ts';
import { isSoundWord } from '#core/sound-it-out/words.ts';
import type { Database } from '../../db/client.ts';
import { asUser, type Tx } from '../../db/rls.ts';
import { progressTracking } from '../../db/schema.ts';
import { readerDay } from '../rewards/daily-challenges.service.ts';

/** activity_type of a word sounded out. */
export const WORD_SOUNDED = 'word_sounded';

/** The reader's words, today and in all, read in the caller's transaction (row-level security applies). */
async function progressIn(tx: Tx, userId: string, day: string): Promise<SoundItOutProgress> {
  const mine = and(eq(progressTracking.userId, userId), eq(progressTracking.activityType, WORD_SOUNDED));
  const todays = await tx
    .selectDistinct({ word: sql<string>`${progressTracking.activityData}->>'word'` })
    .from(progressTracking)
    .where(and(mine, sql`${progressTracking.activityData}->>'day' = ${day}`));
  const [all] = await tx.select({ total: count() }).from(progressTracking).where(mine);
  return {
    today: todays
      .map((r) => r.word)
      .filter(isSoundWord)
      .sort(),
    total: Number(all?.total ?? 0),
  };
}

/**
 * GET /api/sound-it-out: the words the reader has sounded out today (each once, in alphabetical order) and
 * how many in all (spec §3 progress_tracking rows of type `word_sounded`).
 * @param now - the current time (the reader's today is taken in their profile's zone, else UTC)
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function soundItOutProgress(
  db: Database,
  userId: string,
  now: Date,
): Promise<SoundItOutProgress> {
  return asUser(db, userId, async (tx) => {
    const { day } = await readerDay(tx, userId, now, false);
    return progressIn(tx, userId, day);
  });
}

/**
 * POST /api/sound-it-out/sounded: the reader found `word` from its sounds.
 *
 * In one transaction as the reader, with their profile row locked (so the same word sent twice at once is
 * kept once): a word not yet sounded out today is kept as a progress_tracking row (spec §3).
 * @param word - the word (validated by WordSoundedRequestSchema)
 * @param now - the current time (the reader's today is taken in their profile's zone, else UTC)
 * @returns WordSoundedResponse: `counted` false (and nothing written) for a word already sounded out today,
 *   or for a user without a profile
 * @throws RangeError for a word not in the game's lists (the route's schema refuses it first, with 422)
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function wordSounded(
  db: Database,
  userId: string,
  word: string,
  now: Date,
): Promise<WordSoundedResponse> {
  if (!isSoundWord(word)) throw new RangeError(`Not a word of Sound It Out: ${word}`);
  return asUser(db, userId, async (tx) => {
    const { profile, day } = await readerDay(tx, userId, now, true);
    const before = await progressIn(tx, userId, day);
    const counted = profile !== undefined && !before.today.includes(word);
    if (!counted) return { counted, progress: before };
    await tx.insert(progressTracking).values({
      userId,
      activityType: WORD_SOUNDED,
      activityData: { word, day },
      completedAt: now,
    });
    return { counted, progress: await progressIn(tx, userId, day) };
  });
}
