/**
 * The letter game's API on PGlite and PostgreSQL (docs/decisions/0037-alphabet-learning.md): a letter
 * found is kept once a day per reader, moves Letter Learning on and pays it once; the 26th letter earns
 * Alphabet Master once; bad, oversized and hostile bodies are refused and change nothing; a reader never
 * sees another's letters; many finds at once count as they should; a reward lost between the find's two
 * transactions is made by the next find; deleting the account takes the finds, deleting readings does not.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlphabetProgressSchema, LetterFoundResponseSchema } from '../core/api/alphabet.ts';
import { LETTERS, type Letter } from '../core/alphabet/letters.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem, asUser, type Tx } from '../server/db/rls.ts';
import {
  achievements,
  dailyChallenges,
  profiles,
  progressTracking,
  tokenLedger,
} from '../server/db/schema.ts';
import { MAX_JSON_BYTES } from '../server/app.ts';
import { alphabetProgress, letterFound } from '../server/routes/alphabet/alphabet.service.ts';
import { getTodaysChallenges } from '../server/routes/rewards/daily-challenges.service.ts';
import { rewardsFor } from '../server/routes/rewards/rewards.service.ts';
import { createBrowser, createSignedInClient, createTestApp, errorOf, type TestApp } from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

/** A random source answering these values in turn (then the last one). */
function sequence(...values: number[]) {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)]!;
}
/**
 * Today's two for a kindergartner: Letter Learning (target 3), then Story Time (target 1). An early reader's
 * pool is read_stories, reading_time, alphabet_letters, practice_words (OFFERED_CHALLENGE_TYPES): 0.6 picks
 * the third, then 0 the first of the three left, and 0 gives each its smallest target.
 */
const LETTERS_FIRST = () => sequence(0.6, 0, 0, 0);

describe(`the letter game's API (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** A signed-in kindergartner. */
  async function kindergartner() {
    const made = await createSignedInClient(app, handle, { grade: 'K' });
    return made;
  }
  const post = (client: Awaited<ReturnType<typeof kindergartner>>['client'], letter: string) =>
    client.api.alphabet.found.$post({ json: { letter: letter as Letter } });
  const rowsOf = (userId: string) =>
    asSystem(handle.db, (tx) =>
      tx.select().from(progressTracking).where(eq(progressTracking.userId, userId)),
    );
  const ledgerOf = (userId: string) =>
    asSystem(handle.db, (tx) => tx.select().from(tokenLedger).where(eq(tokenLedger.userId, userId)));
  const achievementsOf = (userId: string) =>
    asSystem(handle.db, (tx) => tx.select().from(achievements).where(eq(achievements.userId, userId)));

  it('starts empty, keeps a letter found, and a second find of it the same day counts nothing', async () => {
    const { client, userId } = await kindergartner();
    const first = await client.api.alphabet.$get();
    expect(first.status).toBe(200);
    // A reader's own answer: never kept by a cache (server/app.ts sets it on every /api answer).
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(AlphabetProgressSchema.parse(await first.json())).toEqual({
      found: [],
      today: [],
      completed: false,
    });

    const found = await post(client, 'M');
    expect(found.status).toBe(200);
    expect(found.headers.get('cache-control')).toBe('no-store');
    const body = LetterFoundResponseSchema.parse(await found.json());
    expect(body).toMatchObject({ counted: true, progress: { found: ['M'], today: ['M'], completed: false } });
    const again = LetterFoundResponseSchema.parse(await (await post(client, 'M')).json());
    expect(again.counted).toBe(false);
    expect(again.progress).toEqual(body.progress);
    const rows = await rowsOf(userId);
    expect(rows.filter((r) => r.activityType === 'letter_found')).toHaveLength(1);
    expect(rows.find((r) => r.activityType === 'letter_found')?.activityData).toMatchObject({ letter: 'M' });
  });

  it('counts a letter again on the reader’s next day, in their own time zone', async () => {
    const { userId } = await kindergartner();
    await asSystem(handle.db, (tx) =>
      tx.update(profiles).set({ timeZone: 'Pacific/Auckland' }).where(eq(profiles.userId, userId)),
    );
    // 10:00 UTC is 23:00 in Auckland (summer, UTC+13); 12:00 UTC is the next day there.
    const evening = new Date('2027-01-10T10:00:00Z');
    const nextMorning = new Date('2027-01-10T12:00:00Z');
    expect((await letterFound(handle.db, userId, 'B', evening)).counted).toBe(true);
    expect((await letterFound(handle.db, userId, 'B', evening)).counted).toBe(false);
    const next = await letterFound(handle.db, userId, 'B', nextMorning);
    expect(next.counted).toBe(true);
    expect(next.progress).toEqual({ found: ['B'], today: ['B'], completed: false });
    expect((await alphabetProgress(handle.db, userId, nextMorning)).today).toEqual(['B']);
    expect((await alphabetProgress(handle.db, userId, new Date('2027-01-11T12:00:00Z'))).today).toEqual([]);
  });

  it('moves Letter Learning on with new letters only, and pays it once when it completes', async () => {
    const { userId } = await kindergartner();
    const now = new Date('2027-02-01T09:00:00Z');
    const today = await getTodaysChallenges(handle.db, userId, now, LETTERS_FIRST());
    const letters = today.challenges.find((c) => c.challenge_type === 'alphabet_letters')!;
    expect(letters).toMatchObject({ target_count: 3, current_count: 0, completed: false });

    await letterFound(handle.db, userId, 'A', now);
    await letterFound(handle.db, userId, 'A', now); // the same letter: no step
    const second = await letterFound(handle.db, userId, 'C', now);
    expect(second.completedChallenges).toEqual([]);
    const third = await letterFound(handle.db, userId, 'D', now);
    expect(third.completedChallenges).toEqual([
      { id: letters.id, challenge_type: 'alphabet_letters', name: 'Letter Learning', reward_tokens: 8 },
    ]);
    expect(third.balance).toBe(8);
    const fourth = await letterFound(handle.db, userId, 'E', now);
    expect(fourth.completedChallenges).toEqual([]);
    expect(fourth.balance).toBe(8);
    const [row] = await asSystem(handle.db, (tx) =>
      tx.select().from(dailyChallenges).where(eq(dailyChallenges.id, letters.id)),
    );
    expect(row).toMatchObject({ currentCount: 3, completed: true });
    expect((await ledgerOf(userId)).filter((r) => r.reason.startsWith('daily_challenge'))).toHaveLength(1);
  });

  it('makes today’s challenges when a letter comes first, and a grade-3 reader gets no Letter Learning', async () => {
    const { userId } = await kindergartner();
    const now = new Date('2027-02-02T09:00:00Z');
    await letterFound(handle.db, userId, 'Q', now, LETTERS_FIRST());
    const today = await getTodaysChallenges(handle.db, userId, now);
    expect(today.challenges.find((c) => c.challenge_type === 'alphabet_letters')?.current_count).toBe(1);

    const older = await createSignedInClient(app, handle, { grade: '3' });
    for (let i = 0; i < 10; i += 1) {
      const day = new Date(Date.UTC(2027, 2, 1 + i, 9));
      const challenges = await getTodaysChallenges(handle.db, older.userId, day);
      expect(challenges.challenges.map((c) => c.challenge_type)).not.toContain('alphabet_letters');
    }
    // The game itself is open to every reader.
    expect((await letterFound(handle.db, older.userId, 'Q', now)).counted).toBe(true);
  });

  it('earns Alphabet Master at the 26th letter, once, and shows the letters on /rewards', async () => {
    const { userId } = await kindergartner();
    const now = new Date('2027-03-01T09:00:00Z');
    for (const letter of LETTERS.slice(0, 25)) {
      expect((await letterFound(handle.db, userId, letter, now)).newAchievements).toEqual([]);
    }
    const rewards = await rewardsFor(handle.db, userId, now);
    expect(rewards.achievements.find((a) => a.achievement_type === 'alphabet_master')?.progress).toEqual({
      current: 25,
      target: 26,
      unit: 'letters',
      available: true,
    });
    const last = await letterFound(handle.db, userId, 'Z', now);
    expect(last.progress.completed).toBe(true);
    expect(last.newAchievements.map((a) => a.achievement_type)).toEqual(['alphabet_master']);
    // Found again, the next day too: nothing more is earned.
    expect((await letterFound(handle.db, userId, 'Z', now)).newAchievements).toEqual([]);
    expect(
      (await letterFound(handle.db, userId, 'Z', new Date('2027-03-02T09:00:00Z'))).newAchievements,
    ).toEqual([]);
    expect((await achievementsOf(userId)).map((a) => a.achievementType)).toEqual(['alphabet_master']);
    const rows = await rowsOf(userId);
    expect(rows.filter((r) => r.activityType === 'alphabet_completed')).toHaveLength(1);
    const after = await rewardsFor(handle.db, userId, now);
    expect(after.achievements[0]).toMatchObject({ achievement_type: 'alphabet_master' });
    expect(after.achievements[0]!.earned_at).not.toBeNull();
  });

  it('refuses bad, hostile and oversized bodies and requests without a session, keeping nothing', async () => {
    const { client, userId } = await kindergartner();
    const bodies: unknown[] = [
      { letter: 'm' },
      { letter: 'AB' },
      { letter: '' },
      { letter: 7 },
      { letter: null },
      {},
      { letter: 'M', userId: 'someone-else' },
      { letter: "A'; drop table progress_tracking; --" },
      { letter: '<script>' },
      { letter: 'Ａ' },
      ['M'],
    ];
    for (const body of bodies) {
      const res = await client.request('/api/alphabet/found', { method: 'POST', json: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await errorOf(res)).code).toBe('invalid_input');
    }
    const notJson = await client.request('/api/alphabet/found', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"letter": "M"',
    });
    expect(notJson.status).toBe(400);
    expect((await errorOf(notJson)).code).toBe('invalid_json');
    // A body that is not sent as JSON is read as no fields at all (hono's validator), so it lacks `letter`.
    for (const headers of [{ 'content-type': 'text/plain' }, {} as Record<string, string>]) {
      const res = await client.request('/api/alphabet/found', {
        method: 'POST',
        headers,
        body: '{"letter":"M"}',
      });
      expect(res.status, JSON.stringify(headers)).toBe(422);
      expect((await errorOf(res)).code).toBe('invalid_input');
    }
    // JSON bodies are limited to MAX_JSON_BYTES (server/app.ts): one byte over is refused before it is read.
    const padded = (bytes: number) => {
      const shell = JSON.stringify({ letter: 'M', pad: '' });
      return JSON.stringify({ letter: 'M', pad: 'x'.repeat(bytes - shell.length) });
    };
    for (const body of [
      padded(MAX_JSON_BYTES + 1),
      JSON.stringify({ letter: 'M', pad: 'x'.repeat(200_000) }),
    ]) {
      const huge = await client.request('/api/alphabet/found', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(huge.status, `${body.length} bytes`).toBe(413);
      expect((await errorOf(huge)).code).toBe('body_too_large');
    }
    // At the limit, the body is read, and refused for its extra field, not for its size.
    const atLimit = await client.request('/api/alphabet/found', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: padded(MAX_JSON_BYTES),
    });
    expect(atLimit.status).toBe(422);
    expect(await rowsOf(userId)).toEqual([]);

    const stranger = createBrowser(app);
    expect((await stranger.api.alphabet.$get()).status).toBe(401);
    const anonymous = await stranger.api.alphabet.found.$post({ json: { letter: 'M' } });
    expect(anonymous.status).toBe(401);
    expect((await errorOf(anonymous)).code).toBe('unauthenticated');
  });

  it('keeps each reader’s letters to themselves, with many readers at once', async () => {
    const readers = await Promise.all(Array.from({ length: 8 }, () => kindergartner()));
    const answers = await Promise.all(readers.map((r, i) => post(r.client, LETTERS[i]!)));
    for (const answer of answers) expect(answer.status).toBe(200);
    const progress = await Promise.all(
      readers.map(async (r) =>
        AlphabetProgressSchema.parse(await (await r.client.api.alphabet.$get()).json()),
      ),
    );
    expect(progress.map((p) => p.found)).toEqual(LETTERS.slice(0, 8).map((l) => [l]));
    // Row-level security: the rows of one reader are not visible to another, even by the table.
    const [one, two] = readers;
    const letterRowsOfOne = (tx: Tx) =>
      tx
        .select()
        .from(progressTracking)
        .where(
          and(eq(progressTracking.userId, one!.userId), eq(progressTracking.activityType, 'letter_found')),
        );
    expect(await asSystem(handle.db, letterRowsOfOne)).toHaveLength(1);
    expect(await asUser(handle.db, two!.userId, letterRowsOfOne)).toEqual([]);
    expect((await alphabetProgress(handle.db, two!.userId, new Date())).found).toEqual(['B']);
  });

  it('pays Letter Learning once, and says so in one answer only, when 26 letters arrive at once', async () => {
    const { userId } = await kindergartner();
    const now = new Date('2027-04-01T09:00:00Z');
    await getTodaysChallenges(handle.db, userId, now, LETTERS_FIRST());
    const answers = await Promise.all(LETTERS.map((letter) => letterFound(handle.db, userId, letter, now)));
    expect(answers.filter((a) => a.counted)).toHaveLength(26);
    expect(answers.flatMap((a) => a.completedChallenges.map((c) => c.challenge_type))).toEqual([
      'alphabet_letters',
    ]);
    expect(answers.flatMap((a) => a.newAchievements.map((x) => x.achievement_type))).toEqual([
      'alphabet_master',
    ]);
    const paid = (await ledgerOf(userId)).filter((r) => r.reason.startsWith('daily_challenge'));
    expect(paid.map((r) => r.amount)).toEqual([8]);
    expect(Math.max(...answers.map((a) => a.balance))).toBe(8);
  });

  it('counts 26 different letters posted at once, each once, and earns Alphabet Master once', async () => {
    const { client, userId } = await kindergartner();
    const all = await Promise.all(LETTERS.map((letter) => post(client, letter)));
    for (const answer of all) expect(answer.status).toBe(200);
    const bodies = await Promise.all(all.map(async (r) => LetterFoundResponseSchema.parse(await r.json())));
    expect(bodies.every((b) => b.counted)).toBe(true);
    expect(bodies.flatMap((b) => b.newAchievements.map((a) => a.achievement_type))).toEqual([
      'alphabet_master',
    ]);
    // The answers of the last requests to finish show the whole alphabet.
    expect(bodies.filter((b) => b.progress.completed).length).toBeGreaterThanOrEqual(1);
    const rows = await rowsOf(userId);
    expect(rows.filter((r) => r.activityType === 'letter_found')).toHaveLength(26);
    expect(rows.filter((r) => r.activityType === 'alphabet_completed')).toHaveLength(1);
    expect((await achievementsOf(userId)).map((a) => a.achievementType)).toEqual(['alphabet_master']);
    expect(AlphabetProgressSchema.parse(await (await client.api.alphabet.$get()).json())).toEqual({
      found: [...LETTERS],
      today: [...LETTERS],
      completed: true,
    });
  });

  it('counts the same letter posted 8 times at once once', async () => {
    const { client, userId } = await kindergartner();
    const same = await Promise.all(Array.from({ length: 8 }, () => post(client, 'K')));
    for (const answer of same) expect(answer.status).toBe(200);
    const counted = await Promise.all(
      same.map(async (r) => LetterFoundResponseSchema.parse(await r.json()).counted),
    );
    expect(counted.filter(Boolean)).toHaveLength(1);
    expect((await rowsOf(userId)).filter((r) => r.activityType === 'letter_found')).toHaveLength(1);
    // Letter Learning, if today's two include it, moved on by one step only.
    const challenges = await asSystem(handle.db, (tx) =>
      tx.select().from(dailyChallenges).where(eq(dailyChallenges.userId, userId)),
    );
    for (const c of challenges) {
      expect(c.currentCount, c.challengeType).toBe(c.challengeType === 'alphabet_letters' ? 1 : 0);
    }
  });

  it('makes, on the next find, a payment or an award lost between the two transactions of a find', async () => {
    const { userId } = await kindergartner();
    const now = new Date('2027-05-01T09:00:00Z');
    const today = await getTodaysChallenges(handle.db, userId, now, LETTERS_FIRST());
    const letters = today.challenges.find((c) => c.challenge_type === 'alphabet_letters')!;
    // What the first transaction of the 26th find leaves when the server stops before the second one:
    // every letter kept, the alphabet completed, Letter Learning completed, nothing paid or awarded.
    await asSystem(handle.db, async (tx) => {
      await tx.insert(progressTracking).values(
        LETTERS.map((letter) => ({
          userId,
          activityType: 'letter_found',
          activityData: { letter, day: '2027-05-01' },
          completedAt: now,
        })),
      );
      await tx.insert(progressTracking).values({
        userId,
        activityType: 'alphabet_completed',
        activityData: { letters: 26 },
        completedAt: now,
      });
      await tx
        .update(dailyChallenges)
        .set({ currentCount: letters.target_count, completed: true })
        .where(eq(dailyChallenges.id, letters.id));
    });
    const repeat = await letterFound(handle.db, userId, 'A', now);
    expect(repeat.counted).toBe(false);
    expect(repeat.completedChallenges.map((c) => c.id)).toEqual([letters.id]);
    expect(repeat.newAchievements.map((a) => a.achievement_type)).toEqual(['alphabet_master']);
    expect(repeat.balance).toBe(8);
    const again = await letterFound(handle.db, userId, 'B', now);
    expect(again).toMatchObject({ counted: false, completedChallenges: [], newAchievements: [], balance: 8 });
    expect(await rowsOf(userId)).toHaveLength(27);
  });

  it('keeps the finds when the reader deletes their recordings, and deletes them with the account', async () => {
    const { client, userId } = await kindergartner();
    const other = await kindergartner();
    for (const letter of ['A', 'B', 'C']) expect((await post(client, letter)).status).toBe(200);
    expect((await post(other.client, 'A')).status).toBe(200);

    // "Delete my recordings" deletes recordings: letters found are not readings (ADR 0037).
    expect((await client.api.recordings.$delete()).status).toBe(200);
    expect((await rowsOf(userId)).filter((r) => r.activityType === 'letter_found')).toHaveLength(3);

    const deleted = await client.request('/api/account', {
      method: 'DELETE',
      json: { password: 'purple-otter-reads-42' },
    });
    expect(deleted.status).toBe(200);
    // progress_tracking.user_id cascades from the user row (server/db/schema.ts).
    expect(await rowsOf(userId)).toEqual([]);
    expect(await rowsOf(other.userId)).toHaveLength(1);
  });
});
