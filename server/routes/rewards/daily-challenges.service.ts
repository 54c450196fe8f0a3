/**
 * Daily challenges on the server (spec §4.4, §3 daily_challenges, §7.3): today's two, made on first ask
 * in the reader's own time zone, progress from reading, and the reward paid once through award_tokens.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { CompletedChallenge, DailyChallenge, DailyChallengesResponse } from '#core/api/rewards.ts';
import {
  advanceChallenge,
  dayInTimeZone,
  generationPlan,
  isTimeZone,
  offeredChallengeTypes,
  pickDailyChallenges,
  rewardFor,
  wholeMinutes,
  type RandomSource,
} from '#core/challenges/daily-challenges.ts';
import { challengeRewardReason } from '#core/rewards/ledger.ts';
import type { Database } from '../../db/client.ts';
import { asUser, type Tx } from '../../db/rls.ts';
import { dailyChallenges, profiles, tokenLedger } from '../../db/schema.ts';
import { queryRows } from '../../db/sql-rows.ts';

type ChallengeRow = typeof dailyChallenges.$inferSelect;

/** challenge_data as stored: the definition, plus seconds read so far for reading_time. */
interface StoredChallengeData {
  name?: string;
  icon?: string;
  reward_tokens?: number;
  unit?: string;
  /** reading_time: seconds read today, of which whole minutes are the count. */
  seconds?: number;
}

/** A row in the API's shape (core/api/rewards.ts). */
export function toDailyChallenge(row: ChallengeRow): DailyChallenge {
  const data = (row.challengeData ?? {}) as StoredChallengeData;
  return {
    id: row.id,
    challenge_type: row.challengeType,
    challenge_data: {
      name: data.name ?? row.challengeType,
      icon: data.icon ?? 'star',
      reward_tokens: data.reward_tokens ?? rewardFor(row.challengeType),
      unit: data.unit ?? 'steps',
    },
    target_count: row.targetCount,
    current_count: row.currentCount,
    completed: row.completed,
    challenge_date: row.challengeDate,
  };
}

/** The ledger key of a challenge's reward: paid once per challenge. */
export function challengeRewardKey(challengeId: string): string {
  return `daily_challenge:${challengeId}`;
}

/** The zone "today" is taken in: the profile's, else UTC. */
export function readerTimeZone(stored: string | null | undefined): string {
  return stored && isTimeZone(stored) ? stored : 'UTC';
}

/**
 * Today's rows of the user, made or remade by the rule of spec §4.4 (none → two new; exactly three →
 * today's deleted and two made again). The profile row is locked first, so two requests at once never
 * make four. Runs in the caller's transaction (as the user).
 * @param day - YYYY-MM-DD in the reader's zone
 */
export async function ensureTodaysChallenges(
  tx: Tx,
  userId: string,
  day: string,
  random: RandomSource,
): Promise<ChallengeRow[]> {
  const [reader] = await tx
    .select({ grade: profiles.grade, age: profiles.age })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for('update');
  const today = and(eq(dailyChallenges.userId, userId), eq(dailyChallenges.challengeDate, day));
  const rows = await tx.select().from(dailyChallenges).where(today);
  const plan = generationPlan(rows.length);
  if (plan === 'keep') return rows.sort(byCreation);
  if (plan === 'regenerate') await tx.delete(dailyChallenges).where(today);
  const created = await tx
    .insert(dailyChallenges)
    .values(
      pickDailyChallenges(random, offeredChallengeTypes(reader ?? {})).map((c) => ({
        userId,
        challengeType: c.challengeType,
        challengeData: c.challengeData,
        targetCount: c.targetCount,
        challengeDate: day,
      })),
    )
    .returning();
  return created.sort(byCreation);
}

function byCreation(a: ChallengeRow, b: ChallengeRow): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || a.challengeType.localeCompare(b.challengeType);
}

/**
 * GET /api/daily-challenges: today's challenges in the reader's time zone, made on first ask.
 * @param now - the current time
 * @param random - uniform [0, 1) source for the types and targets
 */
export async function getTodaysChallenges(
  db: Database,
  userId: string,
  now: Date,
  random: RandomSource = Math.random,
): Promise<DailyChallengesResponse> {
  return asUser(db, userId, async (tx) => {
    const [profile] = await tx
      .select({ timeZone: profiles.timeZone })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    const timeZone = readerTimeZone(profile?.timeZone);
    const date = dayInTimeZone(now, timeZone);
    const rows = profile ? await ensureTodaysChallenges(tx, userId, date, random) : [];
    return { date, timeZone, challenges: rows.map(toDailyChallenge) };
  });
}

/**
 * The reader's today (YYYY-MM-DD in their profile's zone, else UTC, as for the daily challenges) and their
 * profile's time zone, read in the caller's transaction. With `lock`, the profile row is locked until the
 * transaction ends, so that two activities of one reader at once (two taps, two tabs) are counted one after
 * the other. `profile` is undefined for a user without a profile.
 */
export async function readerDay(tx: Tx, userId: string, now: Date, lock: boolean) {
  const query = tx.select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.userId, userId));
  const [profile] = lock ? await query.for('update') : await query;
  return { profile, day: dayInTimeZone(now, readerTimeZone(profile?.timeZone)) };
}

/** What an activity counts towards (spec §4.4 "progress rises with the matching activity"). */
export interface ChallengeActivity {
  /** Whether a story was read (at least half of it): one step of read_stories. */
  storyRead?: boolean;
  /** Seconds read aloud: reading_time counts whole minutes of them, carried over between readings. */
  seconds?: number;
  /** Letters found for the first time today in the letter game: steps of alphabet_letters (ADR 0037). */
  lettersFound?: number;
  /** Words built for the first time today in the word builder: steps of practice_words (ADR 0039). */
  wordsBuilt?: number;
}

/**
 * Moves today's challenges on after an activity (a saved reading, a letter found), capped at their
 * targets (spec §4.4), in the caller's transaction (the one that saves the activity, so it counts exactly
 * once). Today's challenges are made first when the reader has not opened the home page yet today.
 * @returns the challenges this activity completed
 */
export async function advanceChallenges(
  tx: Tx,
  userId: string,
  now: Date,
  timeZone: string | null,
  activity: ChallengeActivity,
  random: RandomSource = Math.random,
): Promise<ChallengeRow[]> {
  const day = dayInTimeZone(now, readerTimeZone(timeZone));
  const rows = await ensureTodaysChallenges(tx, userId, day, random);
  const completed: ChallengeRow[] = [];
  for (const row of rows) {
    if (row.completed) continue;
    const data = (row.challengeData ?? {}) as StoredChallengeData;
    let increment = 0;
    let nextData = data;
    if (row.challengeType === 'read_stories' && activity.storyRead) increment = 1;
    if (row.challengeType === 'alphabet_letters') increment = activity.lettersFound ?? 0;
    if (row.challengeType === 'practice_words') increment = activity.wordsBuilt ?? 0;
    if (row.challengeType === 'reading_time' && activity.seconds && activity.seconds > 0) {
      const seconds = (data.seconds ?? 0) + activity.seconds;
      increment = wholeMinutes(seconds) - row.currentCount;
      nextData = { ...data, seconds: Math.round(seconds * 10) / 10 };
    }
    if (increment <= 0 && nextData === data) continue;
    const next = advanceChallenge(row, increment);
    const [updated] = await tx
      .update(dailyChallenges)
      .set({ currentCount: next.currentCount, completed: next.completed, challengeData: nextData })
      .where(eq(dailyChallenges.id, row.id))
      .returning();
    if (next.justCompleted && updated) completed.push(updated);
  }
  return completed;
}

/**
 * Pays every completed challenge of the user that has not been paid yet (spec §4.4 "tokens are awarded
 * once, at the first completion"): award_tokens with the key `daily_challenge:<id>`, so a retry never pays
 * twice. Runs as server work (the caller's app_system transaction).
 *
 * The profile row is locked first, so that two payments of one reader run one after the other: the second
 * looks for unpaid challenges only once the first has committed, and does not answer a challenge the first
 * paid (award_tokens' key already kept the tokens from being paid twice, but on PostgreSQL both answers
 * named the challenge, so the browser celebrated it twice; tests/alphabet.test.ts, 26 letters at once).
 * @returns the challenges paid now, each by exactly one caller
 */
export async function payCompletedChallenges(tx: Tx, userId: string): Promise<CompletedChallenge[]> {
  await tx
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for('update');
  const unpaid = await tx
    .select()
    .from(dailyChallenges)
    .where(
      and(
        eq(dailyChallenges.userId, userId),
        eq(dailyChallenges.completed, true),
        sql`not exists (select 1 from ${tokenLedger} where ${tokenLedger.userId} = ${userId} and ${tokenLedger.idempotencyKey} = 'daily_challenge:' || ${dailyChallenges.id}::text)`,
      ),
    );
  const paid: CompletedChallenge[] = [];
  for (const row of unpaid) {
    const challenge = toDailyChallenge(row);
    const reward = challenge.challenge_data.reward_tokens;
    await queryRows(
      tx,
      sql`select award_tokens(${userId}, ${reward}, ${challengeRewardReason(row.challengeType)}, ${challengeRewardKey(row.id)})`,
    );
    paid.push({
      id: row.id,
      challenge_type: row.challengeType,
      name: challenge.challenge_data.name,
      reward_tokens: reward,
    });
  }
  return paid;
}
