/**
 * The word builder's API on PGlite and PostgreSQL (docs/decisions/0039-word-builder.md): a word built is kept
 * once a day per reader, moves Word Practice on and pays it once; the tenth word earns Word Architect once,
 * and a later word gives it when it was lost; bad, oversized and hostile bodies are refused and change
 * nothing; a reader never sees another's words; many words at once count as they should; deleting the
 * account takes the words, deleting readings does not.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WordBuilderProgressSchema, WordBuiltResponseSchema } from '../core/api/word-builder.ts';
import { SHORT_WORDS } from '../core/word-builder/words.ts';
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
import { getTodaysChallenges } from '../server/routes/rewards/daily-challenges.service.ts';
import { rewardsFor } from '../server/routes/rewards/rewards.service.ts';
import { wordBuilderProgress, wordBuilt } from '../server/routes/word-builder/word-builder.service.ts';
import { createBrowser, createSignedInClient, createTestApp, errorOf, type TestApp } from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

/** A random source answering these values in turn (then the last one). */
function sequence(...values: number[]) {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)]!;
}
/**
 * Today's two for a kindergartner: Word Practice (target 5), then Story Time (target 1). An early reader's
 * pool is read_stories, reading_time, alphabet_letters, practice_words (OFFERED_CHALLENGE_TYPES): 0.99 picks
 * the last, then 0 the first of the three left, and 0 gives each its smallest target.
 */
const WORDS_FIRST = () => sequence(0.99, 0, 0, 0);
/** The first ten short words, in the list's order. */
const TEN_WORDS = SHORT_WORDS.slice(0, 10).map((w) => w.word);

describe(`the word builder's API (${testDatabaseKind})`, () => {
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
  const post = (client: Awaited<ReturnType<typeof kindergartner>>['client'], word: string) =>
    client.api['word-builder'].built.$post({ json: { word } });
  const rowsOf = (userId: string) =>
    asSystem(handle.db, (tx) =>
      tx.select().from(progressTracking).where(eq(progressTracking.userId, userId)),
    );
  const wordRowsOf = async (userId: string) =>
    (await rowsOf(userId)).filter((r) => r.activityType === 'word_built');
  const ledgerOf = (userId: string) =>
    asSystem(handle.db, (tx) => tx.select().from(tokenLedger).where(eq(tokenLedger.userId, userId)));
  const challengePaymentsOf = async (userId: string) =>
    (await ledgerOf(userId)).filter((r) => r.reason.startsWith('daily_challenge'));
  const achievementsOf = (userId: string) =>
    asSystem(handle.db, (tx) => tx.select().from(achievements).where(eq(achievements.userId, userId)));
  const challengesOf = (userId: string) =>
    asSystem(handle.db, (tx) => tx.select().from(dailyChallenges).where(eq(dailyChallenges.userId, userId)));

  it('starts empty, keeps a word built, and the same word again that day counts nothing', async () => {
    const { client, userId } = await kindergartner();
    const first = await client.api['word-builder'].$get();
    expect(first.status).toBe(200);
    // A reader's own answer: never kept by a cache (server/app.ts sets it on every /api answer).
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(WordBuilderProgressSchema.parse(await first.json())).toEqual({ today: [], total: 0 });

    const built = await post(client, 'cat');
    expect(built.status).toBe(200);
    expect(built.headers.get('cache-control')).toBe('no-store');
    const body = WordBuiltResponseSchema.parse(await built.json());
    expect(body).toMatchObject({ counted: true, progress: { today: ['cat'], total: 1 } });
    const again = WordBuiltResponseSchema.parse(await (await post(client, 'cat')).json());
    expect(again.counted).toBe(false);
    expect(again.progress).toEqual(body.progress);
    const rows = await wordRowsOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.activityData).toMatchObject({ word: 'cat' });

    // Another word the same day is counted; today lists each word once, in alphabetical order.
    const dog = WordBuiltResponseSchema.parse(await (await post(client, 'dog')).json());
    expect(dog).toMatchObject({ counted: true, progress: { today: ['cat', 'dog'], total: 2 } });
    expect(WordBuilderProgressSchema.parse(await (await client.api['word-builder'].$get()).json())).toEqual({
      today: ['cat', 'dog'],
      total: 2,
    });
    expect(await wordRowsOf(userId)).toHaveLength(2);
  });

  it('counts a word again on the reader’s next day, in their own time zone, and totals the rows', async () => {
    const { userId } = await kindergartner();
    await asSystem(handle.db, (tx) =>
      tx.update(profiles).set({ timeZone: 'Pacific/Auckland' }).where(eq(profiles.userId, userId)),
    );
    // 10:00 UTC is 23:00 in Auckland (summer, UTC+13); 12:00 UTC is the next day there.
    const evening = new Date('2027-01-10T10:00:00Z');
    const nextMorning = new Date('2027-01-10T12:00:00Z');
    expect((await wordBuilt(handle.db, userId, 'sun', evening)).counted).toBe(true);
    expect((await wordBuilt(handle.db, userId, 'sun', evening)).counted).toBe(false);
    const next = await wordBuilt(handle.db, userId, 'sun', nextMorning);
    expect(next.counted).toBe(true);
    expect(next.progress).toEqual({ today: ['sun'], total: 2 });
    expect((await wordBuilt(handle.db, userId, 'sun', nextMorning)).counted).toBe(false);
    expect(await wordBuilderProgress(handle.db, userId, nextMorning)).toEqual({ today: ['sun'], total: 2 });
    expect(await wordBuilderProgress(handle.db, userId, new Date('2027-01-11T12:00:00Z'))).toEqual({
      today: [],
      total: 2,
    });
    const rows = await wordRowsOf(userId);
    expect(rows.map((r) => (r.activityData as { day: string }).day).sort()).toEqual([
      '2027-01-10',
      '2027-01-11',
    ]);
  });

  it('moves Word Practice on with new words only, and pays it once when it completes', async () => {
    const { userId } = await kindergartner();
    const now = new Date('2027-02-01T09:00:00Z');
    const today = await getTodaysChallenges(handle.db, userId, now, WORDS_FIRST());
    const practice = today.challenges.find((c) => c.challenge_type === 'practice_words')!;
    expect(practice).toMatchObject({ target_count: 5, current_count: 0, completed: false });

    await wordBuilt(handle.db, userId, 'cat', now);
    await wordBuilt(handle.db, userId, 'cat', now); // the same word: no step
    for (const word of ['dog', 'sun', 'bus']) {
      expect((await wordBuilt(handle.db, userId, word, now)).completedChallenges).toEqual([]);
    }
    const [partway] = await asSystem(handle.db, (tx) =>
      tx.select().from(dailyChallenges).where(eq(dailyChallenges.id, practice.id)),
    );
    expect(partway).toMatchObject({ currentCount: 4, completed: false });
    const fifth = await wordBuilt(handle.db, userId, 'hat', now);
    expect(fifth.completedChallenges).toEqual([
      { id: practice.id, challenge_type: 'practice_words', name: 'Word Practice', reward_tokens: 5 },
    ]);
    expect(fifth.balance).toBe(5);
    const sixth = await wordBuilt(handle.db, userId, 'pig', now);
    expect(sixth).toMatchObject({ counted: true, completedChallenges: [], balance: 5 });
    const [row] = await asSystem(handle.db, (tx) =>
      tx.select().from(dailyChallenges).where(eq(dailyChallenges.id, practice.id)),
    );
    expect(row).toMatchObject({ currentCount: 5, completed: true });
    // Story Time, the other of today's two, is not moved by words.
    const story = (await challengesOf(userId)).find((c) => c.challengeType === 'read_stories');
    expect(story).toMatchObject({ currentCount: 0, completed: false });
    expect((await challengePaymentsOf(userId)).map((r) => r.amount)).toEqual([5]);
  });

  it('makes today’s challenges when a word comes first, and a grade-3 reader gets no Word Practice', async () => {
    const { userId } = await kindergartner();
    const now = new Date('2027-02-02T09:00:00Z');
    await wordBuilt(handle.db, userId, 'fox', now, WORDS_FIRST());
    const today = await getTodaysChallenges(handle.db, userId, now);
    expect(today.challenges.find((c) => c.challenge_type === 'practice_words')?.current_count).toBe(1);

    const older = await createSignedInClient(app, handle, { grade: '3' });
    const offered = new Set<string>();
    for (let i = 0; i < 10; i += 1) {
      const day = new Date(Date.UTC(2027, 2, 1 + i, 9));
      const challenges = await getTodaysChallenges(handle.db, older.userId, day);
      for (const c of challenges.challenges) offered.add(c.challenge_type);
    }
    expect([...offered].sort()).toEqual(['read_stories', 'reading_time']);
    // The game itself is open to every reader.
    expect((await wordBuilt(handle.db, older.userId, 'fox', now)).counted).toBe(true);
  });

  it('earns Word Architect at the tenth word, once, and shows the words on /rewards', async () => {
    const { userId } = await kindergartner();
    const now = new Date('2027-03-01T09:00:00Z');
    for (const word of TEN_WORDS.slice(0, 9)) {
      expect((await wordBuilt(handle.db, userId, word, now)).newAchievements).toEqual([]);
    }
    const rewards = await rewardsFor(handle.db, userId, now);
    expect(rewards.achievements.find((a) => a.achievement_type === 'word_builder')?.progress).toEqual({
      current: 9,
      target: 10,
      unit: 'words',
      available: true,
    });
    const tenth = await wordBuilt(handle.db, userId, TEN_WORDS[9]!, now);
    expect(tenth.progress.total).toBe(10);
    expect(tenth.newAchievements.map((a) => a.achievement_type)).toEqual(['word_builder']);
    expect(tenth.newAchievements[0]).toMatchObject({ achievement_name: 'Word Architect' });
    // Built again the same day, the next day, and an eleventh word: nothing more is earned.
    expect((await wordBuilt(handle.db, userId, TEN_WORDS[9]!, now)).newAchievements).toEqual([]);
    const nextDay = new Date('2027-03-02T09:00:00Z');
    expect((await wordBuilt(handle.db, userId, TEN_WORDS[9]!, nextDay)).newAchievements).toEqual([]);
    expect((await wordBuilt(handle.db, userId, 'web', nextDay)).newAchievements).toEqual([]);
    expect((await achievementsOf(userId)).map((a) => a.achievementType)).toEqual(['word_builder']);
    expect(await wordRowsOf(userId)).toHaveLength(12);
    const after = await rewardsFor(handle.db, userId, now);
    expect(after.achievements[0]).toMatchObject({
      achievement_type: 'word_builder',
      progress: { current: 10, target: 10 },
    });
    expect(after.achievements[0]!.earned_at).not.toBeNull();
  });

  it('gives, on a later word, a Word Architect or a payment lost between the two transactions of a word', async () => {
    const { userId } = await kindergartner();
    const now = new Date('2027-05-11T09:00:00Z');
    const today = await getTodaysChallenges(handle.db, userId, now, WORDS_FIRST());
    const practice = today.challenges.find((c) => c.challenge_type === 'practice_words')!;
    // What the first transactions of earlier words leave when the server stops before the second one: ten
    // words kept (on ten days), Word Practice completed, nothing paid or awarded.
    await asSystem(handle.db, async (tx) => {
      await tx.insert(progressTracking).values(
        TEN_WORDS.map((word, i) => ({
          userId,
          activityType: 'word_built',
          activityData: { word, day: `2027-05-${String(i + 1).padStart(2, '0')}` },
          completedAt: new Date(Date.UTC(2027, 4, i + 1, 9)),
        })),
      );
      await tx
        .update(dailyChallenges)
        .set({ currentCount: practice.target_count, completed: true })
        .where(eq(dailyChallenges.id, practice.id));
    });
    expect(await achievementsOf(userId)).toEqual([]);
    const eleventh = await wordBuilt(handle.db, userId, 'bat', now);
    expect(eleventh.counted).toBe(true);
    expect(eleventh.progress).toEqual({ today: ['bat'], total: 11 });
    expect(eleventh.newAchievements.map((a) => a.achievement_type)).toEqual(['word_builder']);
    expect(eleventh.completedChallenges.map((c) => c.id)).toEqual([practice.id]);
    expect(eleventh.balance).toBe(5);
    // The next word, counted or not, makes nothing twice.
    const again = await wordBuilt(handle.db, userId, 'bat', now);
    expect(again).toMatchObject({ counted: false, completedChallenges: [], newAchievements: [], balance: 5 });
    expect((await wordBuilt(handle.db, userId, 'pie', now)).newAchievements).toEqual([]);
    expect((await achievementsOf(userId)).map((a) => a.achievementType)).toEqual(['word_builder']);
    expect((await challengePaymentsOf(userId)).map((r) => r.amount)).toEqual([5]);
    expect(await wordRowsOf(userId)).toHaveLength(12);
  });

  it('refuses bad, hostile and oversized bodies and requests without a session, keeping nothing', async () => {
    const { client, userId } = await kindergartner();
    const bodies: unknown[] = [
      { word: 'Cat' },
      { word: 'CAT' },
      { word: ' cat' },
      { word: 'cat ' },
      { word: 'zebra' },
      { word: 'cats' },
      { word: '' },
      { word: 7 },
      { word: null },
      { word: ['cat'] },
      {},
      { word: 'cat', userId: 'someone-else' },
      { word: 'cat', day: '2027-01-01' },
      { word: "cat'; drop table progress_tracking; --" },
      { word: '<script>' },
      { word: 'ｃａｔ' },
      { word: 'constructor' },
      ['cat'],
      'cat',
      42,
    ];
    for (const body of bodies) {
      const res = await client.request('/api/word-builder/built', { method: 'POST', json: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await errorOf(res)).code).toBe('invalid_input');
    }
    const notJson = await client.request('/api/word-builder/built', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"word": "cat"',
    });
    expect(notJson.status).toBe(400);
    expect((await errorOf(notJson)).code).toBe('invalid_json');
    // A body that is not sent as JSON is read as no fields at all (hono's validator), so it lacks `word`.
    for (const headers of [{ 'content-type': 'text/plain' }, {} as Record<string, string>]) {
      const res = await client.request('/api/word-builder/built', {
        method: 'POST',
        headers,
        body: '{"word":"cat"}',
      });
      expect(res.status, JSON.stringify(headers)).toBe(422);
      expect((await errorOf(res)).code).toBe('invalid_input');
    }
    // JSON bodies are limited to MAX_JSON_BYTES (server/app.ts): one byte over is refused before it is read.
    const padded = (bytes: number) => {
      const shell = JSON.stringify({ word: 'cat', pad: '' });
      return JSON.stringify({ word: 'cat', pad: 'x'.repeat(bytes - shell.length) });
    };
    for (const body of [
      padded(MAX_JSON_BYTES + 1),
      JSON.stringify({ word: 'cat', pad: 'x'.repeat(200_000) }),
    ]) {
      const huge = await client.request('/api/word-builder/built', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(huge.status, `${body.length} bytes`).toBe(413);
      expect((await errorOf(huge)).code).toBe('body_too_large');
    }
    // At the limit, the body is read, and refused for its extra field, not for its size.
    const atLimit = await client.request('/api/word-builder/built', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: padded(MAX_JSON_BYTES),
    });
    expect(atLimit.status).toBe(422);
    expect(await rowsOf(userId)).toEqual([]);
    expect(await challengesOf(userId)).toEqual([]);
    expect(WordBuilderProgressSchema.parse(await (await client.api['word-builder'].$get()).json())).toEqual({
      today: [],
      total: 0,
    });

    const stranger = createBrowser(app);
    const anonymousGet = await stranger.api['word-builder'].$get();
    expect(anonymousGet.status).toBe(401);
    expect((await errorOf(anonymousGet)).code).toBe('unauthenticated');
    const anonymous = await stranger.api['word-builder'].built.$post({ json: { word: 'cat' } });
    expect(anonymous.status).toBe(401);
    expect((await errorOf(anonymous)).code).toBe('unauthenticated');
  });

  it('keeps each reader’s words to themselves, with 8 readers at once', { timeout: 120_000 }, async () => {
    const readers = await Promise.all(Array.from({ length: 8 }, () => kindergartner()));
    const answers = await Promise.all(readers.map((r, i) => post(r.client, TEN_WORDS[i]!)));
    for (const answer of answers) expect(answer.status).toBe(200);
    const bodies = await Promise.all(answers.map(async (a) => WordBuiltResponseSchema.parse(await a.json())));
    expect(bodies.every((b) => b.counted)).toBe(true);
    const progress = await Promise.all(
      readers.map(async (r) =>
        WordBuilderProgressSchema.parse(await (await r.client.api['word-builder'].$get()).json()),
      ),
    );
    expect(progress).toEqual(TEN_WORDS.slice(0, 8).map((word) => ({ today: [word], total: 1 })));
    // Row-level security: the rows of one reader are not visible to another, even by the table.
    const [one, two] = readers;
    const wordRowsOfOne = (tx: Tx) =>
      tx
        .select()
        .from(progressTracking)
        .where(
          and(eq(progressTracking.userId, one!.userId), eq(progressTracking.activityType, 'word_built')),
        );
    expect(await asSystem(handle.db, wordRowsOfOne)).toHaveLength(1);
    expect(await asUser(handle.db, one!.userId, wordRowsOfOne)).toHaveLength(1);
    expect(await asUser(handle.db, two!.userId, wordRowsOfOne)).toEqual([]);
    expect(await wordBuilderProgress(handle.db, two!.userId, new Date())).toEqual({
      today: [TEN_WORDS[1]],
      total: 1,
    });
  });

  it('counts the same word posted 5 times at once once', { timeout: 60_000 }, async () => {
    const { client, userId } = await kindergartner();
    const same = await Promise.all(Array.from({ length: 5 }, () => post(client, 'dog')));
    for (const answer of same) expect(answer.status).toBe(200);
    const bodies = await Promise.all(same.map(async (r) => WordBuiltResponseSchema.parse(await r.json())));
    expect(bodies.filter((b) => b.counted)).toHaveLength(1);
    for (const b of bodies) expect(b.progress).toEqual({ today: ['dog'], total: 1 });
    expect(await wordRowsOf(userId)).toHaveLength(1);
    // Word Practice, if today's two include it, moved on by one step only.
    const challenges = await challengesOf(userId);
    expect(challenges).toHaveLength(2);
    for (const c of challenges) {
      expect(c.currentCount, c.challengeType).toBe(c.challengeType === 'practice_words' ? 1 : 0);
    }
  });

  it(
    'counts 10 different words at once, each once, pays Word Practice once and earns Word Architect once',
    { timeout: 120_000 },
    async () => {
      const { userId } = await kindergartner();
      const now = new Date('2027-04-01T09:00:00Z');
      await getTodaysChallenges(handle.db, userId, now, WORDS_FIRST());
      const answers = await Promise.all(TEN_WORDS.map((word) => wordBuilt(handle.db, userId, word, now)));
      expect(answers.filter((a) => a.counted)).toHaveLength(10);
      expect(answers.flatMap((a) => a.completedChallenges.map((c) => c.challenge_type))).toEqual([
        'practice_words',
      ]);
      expect(answers.flatMap((a) => a.newAchievements.map((x) => x.achievement_type))).toEqual([
        'word_builder',
      ]);
      expect(Math.max(...answers.map((a) => a.progress.total))).toBe(10);
      expect((await challengePaymentsOf(userId)).map((r) => r.amount)).toEqual([5]);
      expect(Math.max(...answers.map((a) => a.balance))).toBe(5);
      expect(await wordRowsOf(userId)).toHaveLength(10);
      expect((await achievementsOf(userId)).map((a) => a.achievementType)).toEqual(['word_builder']);
      expect(await wordBuilderProgress(handle.db, userId, now)).toEqual({
        today: [...TEN_WORDS].sort(),
        total: 10,
      });
    },
  );

  it(
    'keeps the words when the reader deletes their recordings, and deletes them with the account',
    { timeout: 60_000 },
    async () => {
      const { client, userId } = await kindergartner();
      const other = await kindergartner();
      for (const word of ['cat', 'dog', 'sun']) expect((await post(client, word)).status).toBe(200);
      expect((await post(other.client, 'cat')).status).toBe(200);

      // "Delete my recordings" deletes recordings: words built are not readings (as letters found, ADR 0037).
      expect((await client.api.recordings.$delete()).status).toBe(200);
      expect(await wordRowsOf(userId)).toHaveLength(3);

      const deleted = await client.request('/api/account', {
        method: 'DELETE',
        json: { password: 'purple-otter-reads-42' },
      });
      expect(deleted.status).toBe(200);
      // progress_tracking.user_id cascades from the user row (server/db/schema.ts).
      expect(await rowsOf(userId)).toEqual([]);
      expect(await wordRowsOf(other.userId)).toHaveLength(1);
    },
  );
});
