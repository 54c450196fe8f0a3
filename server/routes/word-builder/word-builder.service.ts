/**
 * The word builder's progress on the server (docs/decisions/0039-word-builder.md): words built are kept as
 * `progress_tracking` rows (spec §3; activity_type `word_built`, activity_data `{ word, day }`), at most one
 * per word per reader per day in the reader's time zone. A word new today moves Word Practice on (spec §4.4),
 * and the tenth such row earns Word Architect (spec §4.5 "word_built when it is the tenth").
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { WordBuilderProgress, WordBuiltResponse } from '#core/api/word-builder.ts';
import type { RandomSource } from '#core/challenges/daily-challenges.ts';
import { isBuilderWord } from '#core/word-builder/words.ts';
import type { Database } from '../../db/client.ts';
import { asUser, type Tx } from '../../db/rls.ts';
import { progressTracking } from '../../db/schema.ts';
import { advanceChallenges, readerDay } from '../rewards/daily-challenges.service.ts';
import { payAndAwardAfterFind } from '../rewards/game-rewards.ts';

/** activity_type of a word built (spec §4.5). */
export const WORD_BUILT = 'word_built';

/** The reader's words, today and in all, read in the caller's transaction. */
async function progressIn(tx: Tx, userId: string, day: string): Promise<WordBuilderProgress> {
  const mine = and(eq(progressTracking.userId, userId), eq(progressTracking.activityType, WORD_BUILT));
  const todays = await tx
    .selectDistinct({ word: sql<string>`${progressTracking.activityData}->>'word'` })
    .from(progressTracking)
    .where(and(mine, sql`${progressTracking.activityData}->>'day' = ${day}`));
  const [all] = await tx.select({ total: count() }).from(progressTracking).where(mine);
  return {
    today: todays
      .map((r) => r.word)
      .filter(isBuilderWord)
      .sort(),
    total: Number(all?.total ?? 0),
  };
}

/**
 * GET /api/word-builder: the words the reader has built today (each once, in alphabetical order) and how
 * many in all (spec §3 progress_tracking rows of type `word_built`).
 * @param now - the current time (the reader's today is taken in their profile's zone, else UTC)
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function wordBuilderProgress(
  db: Database,
  userId: string,
  now: Date,
): Promise<WordBuilderProgress> {
  return asUser(db, userId, async (tx) => {
    const { day } = await readerDay(tx, userId, now, false);
    return progressIn(tx, userId, day);
  });
}

/**
 * POST /api/word-builder/built: the reader built `word`.
 *
 * In one transaction as the reader, with their profile row locked (so two words at once are counted one
 * after the other, and the same word twice at once counts once): a word not yet built today is kept (spec §3
 * progress_tracking) and moves today's Word Practice on by one, capped at its target (spec §4.4; today's
 * challenges are made first if need be). Then, as server work, like a letter found: completed challenges
 * not yet paid are paid once (ADR 0016), and Word Architect (spec §4.5; once ten words are kept) and Token
 * Collector (if the payment reaches it) are awarded, each at most once. That second step runs on every word,
 * counted or not, so a payment or award lost between the two transactions (a crash) is made by the next.
 * @param word - the word built (validated by WordBuiltRequestSchema)
 * @param now - the current time (the reader's today is taken in their profile's zone, else UTC)
 * @param random - uniform [0, 1) source for today's challenges when they are made here
 * @returns WordBuiltResponse: `counted` false (and nothing written) for a word already built today, or for
 *   a user without a profile
 * @throws RangeError for a word not in the builder's lists (the route's schema refuses it first, with 422)
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function wordBuilt(
  db: Database,
  userId: string,
  word: string,
  now: Date,
  random: RandomSource = Math.random,
): Promise<WordBuiltResponse> {
  if (!isBuilderWord(word)) throw new RangeError(`Not a word of the word builder: ${word}`);
  const kept = await asUser(db, userId, async (tx) => {
    const { profile, day } = await readerDay(tx, userId, now, true);
    const before = await progressIn(tx, userId, day);
    const counted = profile !== undefined && !before.today.includes(word);
    if (counted) {
      await tx.insert(progressTracking).values({
        userId,
        activityType: WORD_BUILT,
        activityData: { word, day },
        completedAt: now,
      });
      await advanceChallenges(tx, userId, now, profile.timeZone, { wordsBuilt: 1 }, random);
    }
    return { counted, progress: counted ? await progressIn(tx, userId, day) : before };
  });

  const rewards = await payAndAwardAfterFind(db, userId, {
    activityType: WORD_BUILT,
    count: kept.progress.total,
  });
  return { progress: kept.progress, counted: kept.counted, ...rewards };
}
