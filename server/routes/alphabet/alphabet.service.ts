/**
 * The letter game's progress on the server (docs/decisions/0037-alphabet-learning.md): letters found are
 * kept as `progress_tracking` rows (spec §3; activity_type `letter_found`, activity_data `{ letter, day }`),
 * at most one per letter per reader per day in the reader's time zone; a letter new today moves Letter
 * Learning on (spec §4.4), and the 26th different letter adds `alphabet_completed` and earns Alphabet
 * Master (spec §4.5).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AlphabetProgress, LetterFoundResponse } from '#core/api/alphabet.ts';
import { ALPHABET_SIZE, isLetter, LETTERS, type Letter } from '#core/alphabet/letters.ts';
import type { RandomSource } from '#core/challenges/daily-challenges.ts';
import type { Database } from '../../db/client.ts';
import { asUser, type Tx } from '../../db/rls.ts';
import { progressTracking } from '../../db/schema.ts';
import { advanceChallenges, readerDay } from '../rewards/daily-challenges.service.ts';
import { payAndAwardAfterFind } from '../rewards/game-rewards.ts';

/** activity_type of a letter found in the game. */
export const LETTER_FOUND = 'letter_found';
/** activity_type of the whole alphabet found (spec §4.5). */
export const ALPHABET_COMPLETED = 'alphabet_completed';

/** Letters in alphabet order, each once, from stored values (anything that is not a letter is dropped). */
function inOrder(values: readonly unknown[]): Letter[] {
  const seen = new Set(values.filter(isLetter));
  return LETTERS.filter((l) => seen.has(l));
}

/**
 * The reader's letters, ever and on `day`, read in the caller's transaction: one row per letter (at most
 * 26), however many days the reader has played.
 */
async function progressIn(tx: Tx, userId: string, day: string): Promise<AlphabetProgress> {
  const letter = sql<string>`${progressTracking.activityData}->>'letter'`;
  const rows = await tx
    .select({
      letter,
      today: sql<boolean>`bool_or(${progressTracking.activityData}->>'day' = ${day})`,
    })
    .from(progressTracking)
    .where(and(eq(progressTracking.userId, userId), eq(progressTracking.activityType, LETTER_FOUND)))
    .groupBy(letter);
  const found = inOrder(rows.map((r) => r.letter));
  return {
    found,
    today: inOrder(rows.filter((r) => r.today).map((r) => r.letter)),
    completed: found.length === ALPHABET_SIZE,
  };
}

/**
 * GET /api/alphabet: the letters the reader has found, ever and today (spec §3 progress_tracking rows of
 * type `letter_found`), each once in alphabet order; `completed` once all 26 are found (spec §4.5).
 * @param now - the current time (the reader's today is taken in their profile's zone, else UTC, as for the
 *   daily challenges)
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function alphabetProgress(db: Database, userId: string, now: Date): Promise<AlphabetProgress> {
  return asUser(db, userId, async (tx) => {
    const { day } = await readerDay(tx, userId, now, false);
    return progressIn(tx, userId, day);
  });
}

/**
 * POST /api/alphabet/found: the reader found `letter` in the game.
 *
 * In one transaction as the reader, with their profile row locked (so two finds at once are counted one
 * after the other, and the same letter twice at once counts once): a letter not yet found today is kept
 * (spec §3 progress_tracking) and moves today's Letter Learning on by one, capped at its target (spec §4.4;
 * today's challenges are made first if need be); when the reader has now found all 26, `alphabet_completed`
 * is added once. Then, as server work, like a saved reading's rewards: completed challenges not yet paid
 * are paid once (ADR 0016), and Alphabet Master (spec §4.5; once all 26 are found) and Token Collector (if
 * the payment reaches it) are awarded, each at most once. That second step runs on every find, counted or
 * not, so a payment or award lost between the two transactions (a crash) is made by the next find.
 * @param letter - the capital letter found (validated by LetterFoundRequestSchema)
 * @param now - the current time (the reader's today is taken in their profile's zone, else UTC)
 * @param random - uniform [0, 1) source for today's challenges when they are made here
 * @returns LetterFoundResponse: `counted` false (and nothing written) for a letter already found today, or
 *   for a user without a profile
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function letterFound(
  db: Database,
  userId: string,
  letter: Letter,
  now: Date,
  random: RandomSource = Math.random,
): Promise<LetterFoundResponse> {
  const kept = await asUser(db, userId, async (tx) => {
    const { profile, day } = await readerDay(tx, userId, now, true);
    const before = await progressIn(tx, userId, day);
    const counted = profile !== undefined && !before.today.includes(letter);
    if (counted) {
      await tx.insert(progressTracking).values({
        userId,
        activityType: LETTER_FOUND,
        activityData: { letter, day },
        completedAt: now,
      });
      await advanceChallenges(tx, userId, now, profile.timeZone, { lettersFound: 1 }, random);
      if (!before.found.includes(letter) && before.found.length + 1 === ALPHABET_SIZE) {
        const [done] = await tx
          .select({ id: progressTracking.id })
          .from(progressTracking)
          .where(
            and(eq(progressTracking.userId, userId), eq(progressTracking.activityType, ALPHABET_COMPLETED)),
          )
          .limit(1);
        if (!done) {
          await tx.insert(progressTracking).values({
            userId,
            activityType: ALPHABET_COMPLETED,
            activityData: { letters: ALPHABET_SIZE },
            completedAt: now,
          });
        }
      }
    }
    return { counted, progress: counted ? await progressIn(tx, userId, day) : before };
  });

  const rewards = await payAndAwardAfterFind(db, userId, {
    activityType: kept.progress.completed ? ALPHABET_COMPLETED : LETTER_FOUND,
  });
  return { progress: kept.progress, counted: kept.counted, ...rewards };
}
