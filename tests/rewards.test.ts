/**
 * The motivation loop on PGlite and PostgreSQL (issue #13): daily challenges made per reader and day in
 * the reader's time zone, moved on by reading and paid once; the token ledger; achievements with
 * progress; the avatar shop's purchases (idempotent, atomic under 20 at once, never below 0) and
 * their refusals, each changing nothing.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { parseResponse } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FluencyResult } from '../core/fluency/result.schema.ts';
import { AVATAR_ITEMS } from '../core/rewards/avatar-items.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem } from '../server/db/rls.ts';
import { avatarPurchases, dailyChallenges, profiles, tokenLedger } from '../server/db/schema.ts';
import { queryRows } from '../server/db/sql-rows.ts';
import { saveReadingSession } from '../server/routes/reading-sessions/reading-sessions.service.ts';
import { getTodaysChallenges } from '../server/routes/rewards/daily-challenges.service.ts';
import { buyAvatarItem } from '../server/routes/rewards/rewards.service.ts';
import { createSignedInClient, createTestApp, errorOf, type TestApp } from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

/** A scored result as the engine would give it (service-level tests skip the recogniser). */
function result(readingSeconds: number, figures = { wcpm: 40, accuracy: 95 }): FluencyResult {
  return {
    engine: 'test',
    durationSeconds: readingSeconds + 1,
    readingSeconds,
    wordsTotal: 16,
    wordsAttempted: 16,
    wordsCorrect: 16,
    errors: 0,
    wcpm: figures.wcpm,
    accuracy: figures.accuracy,
    fluencyScore: 60,
    words: [],
    insertions: [],
    repetitions: [],
  };
}

/** Random source that always answers `value` (0 → Story Time first with target 1; Marathon 10 min). */
const fixed = (value: number) => () => value;

describe(`rewards, challenges and the avatar shop (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let storyId: string;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
    const [story] = await asSystem(handle.db, (tx) =>
      queryRows<{ id: string }>(
        tx,
        sql`select id from stories where owner_id is null order by word_count limit 1`,
      ),
    );
    if (story) storyId = story.id;
    else {
      const [made] = await asSystem(handle.db, (tx) =>
        queryRows<{ id: string }>(
          tx,
          sql`insert into stories (title, body, word_count) values ('Frog', 'A frog sat on a log.', 6) returning id`,
        ),
      );
      storyId = made!.id;
    }
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function give(userId: string, tokens: number) {
    await asSystem(handle.db, (tx) =>
      queryRows(
        tx,
        sql`select award_tokens(${userId}, ${tokens}, 'reading_session', ${`gift:${randomUUID()}`})`,
      ),
    );
  }
  async function balance(userId: string) {
    const [row] = await asSystem(handle.db, (tx) =>
      tx.select({ tokens: profiles.tokens }).from(profiles).where(eq(profiles.userId, userId)),
    );
    return row!.tokens;
  }
  async function ledgerOf(userId: string) {
    return asSystem(handle.db, (tx) => tx.select().from(tokenLedger).where(eq(tokenLedger.userId, userId)));
  }
  function reading(userId: string, seconds: number, random = fixed(0)) {
    return saveReadingSession(handle.db, {
      userId,
      storyId,
      storyTitle: 'Frog',
      mode: 'practice',
      idempotencyKey: `rec-${randomUUID()}`,
      result: result(seconds),
      wav: new Uint8Array([1, 2, 3]),
      dataDir: join(tmpdir(), `sparky-rewards-${randomUUID()}`),
      random,
    });
  }

  describe('daily challenges (spec §4.4)', () => {
    it('makes two of different offered types on the first ask, and the same two after', async () => {
      const { client } = await createSignedInClient(app, handle);
      const first = await parseResponse(client.api['daily-challenges'].$get());
      expect(first.timeZone).toBe('UTC');
      expect(first.challenges).toHaveLength(2);
      expect(new Set(first.challenges.map((c) => c.challenge_type))).toEqual(
        new Set(['read_stories', 'reading_time']),
      );
      for (const c of first.challenges) {
        expect(c.current_count).toBe(0);
        expect(c.completed).toBe(false);
        expect(c.challenge_date).toBe(first.date);
        const [min, max] = c.challenge_type === 'read_stories' ? [1, 2] : [10, 19];
        expect(c.target_count).toBeGreaterThanOrEqual(min);
        expect(c.target_count).toBeLessThanOrEqual(max);
        expect(c.challenge_data.reward_tokens).toBe(c.challenge_type === 'read_stories' ? 10 : 15);
      }
      const again = await parseResponse(client.api['daily-challenges'].$get());
      expect(again.challenges.map((c) => c.id)).toEqual(first.challenges.map((c) => c.id));
    });

    it("uses the reader's own day: the time zone sent by the browser is kept on the profile", async () => {
      const { client, userId } = await createSignedInClient(app, handle);
      const refused = await client.api.profile.$patch({ json: { time_zone: 'Mars/Olympus_Mons' } });
      expect(refused.status).toBe(422);
      expect((await errorOf(refused)).code).toBe('invalid_input');
      const saved = await parseResponse(
        client.api.profile.$patch({ json: { time_zone: 'Pacific/Kiritimati' } }),
      );
      expect(saved.profile.time_zone).toBe('Pacific/Kiritimati');
      // 20:00 UTC on 1 March is already 2 March in Kiritimati (UTC+14).
      const now = new Date('2027-03-01T20:00:00Z');
      const there = await getTodaysChallenges(handle.db, userId, now, fixed(0.5));
      expect(there.date).toBe('2027-03-02');
      await parseResponse(client.api.profile.$patch({ json: { time_zone: 'Pacific/Pago_Pago' } }));
      const behind = await getTodaysChallenges(handle.db, userId, now, fixed(0.5));
      expect(behind.date).toBe('2027-03-01');
      expect(behind.challenges.map((c) => c.id)).not.toEqual(there.challenges.map((c) => c.id));
    });

    it('remakes exactly three of today down to two, and never makes four when asked many times at once', async () => {
      const { client, userId } = await createSignedInClient(app, handle);
      const asked = await Promise.all(
        Array.from({ length: 10 }, () => parseResponse(client.api['daily-challenges'].$get())),
      );
      const ids = new Set(asked.flatMap((a) => a.challenges.map((c) => c.id)));
      expect(ids.size).toBe(2);
      const day = asked[0]!.date;
      await asSystem(handle.db, (tx) =>
        tx
          .insert(dailyChallenges)
          .values({ userId, challengeType: 'practice_words', targetCount: 5, challengeDate: day }),
      );
      const remade = await parseResponse(client.api['daily-challenges'].$get());
      expect(remade.challenges).toHaveLength(2);
      expect(remade.challenges.some((c) => ids.has(c.id))).toBe(false);
      const rows = await asSystem(handle.db, (tx) =>
        tx
          .select()
          .from(dailyChallenges)
          .where(and(eq(dailyChallenges.userId, userId), eq(dailyChallenges.challengeDate, day))),
      );
      expect(rows).toHaveLength(2);
    });

    it('moves on with reading, caps at the target, and pays each challenge once', async () => {
      const { client, userId } = await createSignedInClient(app, handle);
      // Story Time (target 1) and Reading Marathon (target 10 minutes), made by the first reading.
      const first = await reading(userId, 300);
      expect(first.completedChallenges.map((c) => [c.challenge_type, c.reward_tokens])).toEqual([
        ['read_stories', 10],
      ]);
      expect(first.balance).toBe(first.tokensAwarded + 10);
      const today = await parseResponse(client.api['daily-challenges'].$get());
      const marathon = today.challenges.find((c) => c.challenge_type === 'reading_time')!;
      const story = today.challenges.find((c) => c.challenge_type === 'read_stories')!;
      expect(story).toMatchObject({ current_count: 1, target_count: 1, completed: true });
      expect(marathon).toMatchObject({ current_count: 5, target_count: 10, completed: false });

      const second = await reading(userId, 290);
      expect(second.completedChallenges).toEqual([]);
      const third = await reading(userId, 400);
      expect(third.completedChallenges.map((c) => c.challenge_type)).toEqual(['reading_time']);
      const after = await parseResponse(client.api['daily-challenges'].$get());
      expect(after.challenges.find((c) => c.challenge_type === 'reading_time')).toMatchObject({
        current_count: 10,
        completed: true,
      });
      // Capped: more reading changes nothing and pays nothing more.
      const fourth = await reading(userId, 600);
      expect(fourth.completedChallenges).toEqual([]);
      const rewards = (await ledgerOf(userId)).filter((r) => r.reason.startsWith('daily_challenge'));
      expect(rewards.map((r) => r.amount).sort()).toEqual([10, 15]);
    });
  });

  describe('tokens and achievements', () => {
    it('lists the ledger newest first with words, and the seven achievements with progress', async () => {
      const { client, userId } = await createSignedInClient(app, handle);
      await reading(userId, 30);
      const bought = await parseResponse(
        client.api['avatar-shop'].purchases.$post({
          json: { itemId: 'party-hat', idempotencyKey: `k-${randomUUID()}` },
        }),
      );
      const tokens = await parseResponse(client.api.tokens.$get());
      expect(tokens.balance).toBe(bought.balance);
      expect(tokens.earned - tokens.spent).toBe(tokens.balance);
      expect(tokens.spent).toBe(10);
      expect(tokens.entries[0]).toMatchObject({ amount: -10, label: 'Bought Party Hat' });
      expect(tokens.entries.map((e) => e.label)).toEqual(
        expect.arrayContaining(['Reading practice', 'Daily challenge: Story Time']),
      );

      const rewards = await parseResponse(client.api.rewards.$get());
      expect(rewards.achievements).toHaveLength(7);
      expect(new Set(rewards.achievements.map((a) => a.achievement_type)).size).toBe(7);
      const collector = rewards.achievements.find((a) => a.achievement_type === 'token_collector')!;
      expect(collector.earned_at).toBeNull();
      // Earned, not balance: spending does not take a reader further from the badge.
      expect(collector.progress).toMatchObject({ current: tokens.earned, target: 100, unit: 'tokens' });
      // Create Story is built (ADR 0045): Story Starter can be earned, and no story has been made yet.
      const story = rewards.achievements.find((a) => a.achievement_type === 'first_story')!;
      expect(story.progress).toMatchObject({ available: true, current: 0, target: 1 });
    });

    it('unlocks token_collector on 100 tokens earned, even after spending, and lists it first', async () => {
      const { client, userId } = await createSignedInClient(app, handle);
      await give(userId, 60);
      await parseResponse(
        client.api['avatar-shop'].purchases.$post({
          json: { itemId: 'space-helmet', idempotencyKey: `k-${randomUUID()}` },
        }),
      );
      await give(userId, 30);
      const saved = await reading(userId, 30, fixed(0.99));
      expect(saved.newAchievements.map((a) => a.achievement_type)).toContain('token_collector');
      const rewards = await parseResponse(client.api.rewards.$get());
      expect(rewards.achievements[0]).toMatchObject({ achievement_type: 'token_collector' });
      expect(rewards.achievements[0]!.earned_at).not.toBeNull();
    });
  });

  describe('the avatar shop', () => {
    it('sells an item once, wears it on the profile, and answers a replayed key without spending', async () => {
      const { client, userId } = await createSignedInClient(app, handle);
      await give(userId, 40);
      const key = `buy-${randomUUID()}`;
      const first = await client.api['avatar-shop'].purchases.$post({
        json: { itemId: 'wizard-hat', idempotencyKey: key },
      });
      expect(first.status).toBe(201);
      const bought = await first.json();
      expect(bought).toMatchObject({ balance: 10, replayed: false, outfit: { hat: 'wizard-hat' } });

      const replay = await client.api['avatar-shop'].purchases.$post({
        json: { itemId: 'wizard-hat', idempotencyKey: key },
      });
      expect(replay.status).toBe(200);
      expect(await replay.json()).toMatchObject({
        balance: 10,
        replayed: true,
        purchase: { id: bought.purchase.id },
      });

      const me = await parseResponse(client.api.me.$get());
      expect(me.profile?.avatar_outfit).toEqual({ hat: 'wizard-hat' });
      expect(me.profile?.tokens).toBe(10);
      const shop = await parseResponse(client.api['avatar-shop'].$get());
      expect(shop.items.length).toBeGreaterThanOrEqual(24);
      expect(shop.items.find((i) => i.id === 'wizard-hat')).toMatchObject({ owned: true, worn: true });

      // Take it off and put it on again; an item not owned cannot be worn.
      expect(await parseResponse(client.api['avatar-shop'].outfit.$put({ json: { hat: null } }))).toEqual({
        outfit: {},
      });
      const notOwned = await client.api['avatar-shop'].outfit.$put({ json: { glasses: 'monocle' } });
      expect(notOwned.status).toBe(409);
      expect((await errorOf(notOwned)).code).toBe('item_not_owned');
      const wrongSlot = await client.api['avatar-shop'].outfit.$put({ json: { glasses: 'wizard-hat' } });
      expect((await errorOf(wrongSlot)).code).toBe('item_not_owned');
      expect(
        await parseResponse(client.api['avatar-shop'].outfit.$put({ json: { hat: 'wizard-hat' } })),
      ).toEqual({
        outfit: { hat: 'wizard-hat' },
      });
      expect((await ledgerOf(userId)).filter((r) => r.amount < 0)).toHaveLength(1);
    });

    it('refuses too few tokens, an unknown item, an owned item, a reused key and another user, changing nothing', async () => {
      const { client, userId } = await createSignedInClient(app, handle);
      const other = await createSignedInClient(app, handle);
      await give(userId, 20);
      await give(other.userId, 50);
      const before = await ledgerOf(userId);

      const tooDear = await client.api['avatar-shop'].purchases.$post({
        json: { itemId: 'baby-dragon', idempotencyKey: `k-${randomUUID()}` },
      });
      expect(tooDear.status).toBe(409);
      const refusal = await errorOf(tooDear);
      expect(refusal.code).toBe('insufficient_tokens');
      expect(refusal.details).toEqual({ balance: 20, price: 60 });

      const unknown = await client.api['avatar-shop'].purchases.$post({
        json: { itemId: 'golden-unicorn', idempotencyKey: `k-${randomUUID()}` },
      });
      expect(unknown.status).toBe(404);
      expect((await errorOf(unknown)).code).toBe('item_not_found');

      // Another user's id in the body is not a field of the purchase: refused, and nobody pays.
      const hostile = await client.request('/api/avatar-shop/purchases', {
        method: 'POST',
        json: { itemId: 'party-hat', idempotencyKey: `k-${randomUUID()}`, userId: other.userId },
      });
      expect(hostile.status).toBe(422);
      expect((await errorOf(hostile)).code).toBe('invalid_input');
      for (const body of [
        {},
        { itemId: 'party-hat' },
        { itemId: 'party-hat', idempotencyKey: 'short' },
        { itemId: 'party-hat', idempotencyKey: "k'; drop table profiles; --" },
        { itemId: 'x'.repeat(65), idempotencyKey: `k-${randomUUID()}` },
        { itemId: 42, idempotencyKey: `k-${randomUUID()}` },
      ]) {
        const bad = await client.request('/api/avatar-shop/purchases', { method: 'POST', json: body });
        expect(bad.status, JSON.stringify(body)).toBe(422);
      }
      const huge = await client.request('/api/avatar-shop/purchases', {
        method: 'POST',
        json: { itemId: 'party-hat', idempotencyKey: `k-${randomUUID()}`, pad: 'x'.repeat(70_000) },
      });
      expect(huge.status).toBe(413);
      expect(await ledgerOf(userId)).toEqual(before);
      expect(await balance(userId)).toBe(20);
      expect(await balance(other.userId)).toBe(50);

      const key = `k-${randomUUID()}`;
      await parseResponse(
        client.api['avatar-shop'].purchases.$post({ json: { itemId: 'party-hat', idempotencyKey: key } }),
      );
      const twice = await client.api['avatar-shop'].purchases.$post({
        json: { itemId: 'party-hat', idempotencyKey: `k-${randomUUID()}` },
      });
      expect(twice.status).toBe(409);
      expect((await errorOf(twice)).code).toBe('already_owned');
      const reused = await client.api['avatar-shop'].purchases.$post({
        json: { itemId: 'sky-blue', idempotencyKey: key },
      });
      expect(reused.status).toBe(409);
      expect((await errorOf(reused)).code).toBe('idempotency_conflict');
      expect(await balance(userId)).toBe(10);
      // The other reader's key space is their own: the same key buys for them, from their tokens.
      const theirs = await parseResponse(
        other.client.api['avatar-shop'].purchases.$post({
          json: { itemId: 'party-hat', idempotencyKey: key },
        }),
      );
      expect(theirs).toMatchObject({ replayed: false, balance: 40 });
      expect(await balance(userId)).toBe(10);

      const signedOut = await app.request('/api/avatar-shop/purchases', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ itemId: 'party-hat', idempotencyKey: `k-${randomUUID()}` }),
      });
      expect(signedOut.status).toBe(401);
    });

    it(
      'keeps the balance at or above 0 with 20 purchases at once, and spends once for 20 replays at once',
      { timeout: 120_000 },
      async () => {
        const { userId } = await createSignedInClient(app, handle);
        await give(userId, 100);
        const items = AVATAR_ITEMS.slice(0, 20);
        const outcomes = await Promise.allSettled(
          items.map((item) =>
            buyAvatarItem(handle.db, userId, { itemId: item.id, idempotencyKey: `k-${randomUUID()}` }),
          ),
        );
        const sold = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [items[i]!] : []));
        const refused = outcomes.flatMap((o) =>
          o.status === 'rejected' ? [o.reason as { code?: string }] : [],
        );
        expect(refused.every((r) => r.code === 'insufficient_tokens')).toBe(true);
        const spent = sold.reduce((sum, item) => sum + item.price, 0);
        expect(spent).toBeLessThanOrEqual(100);
        expect(sold.length).toBeGreaterThan(0);
        expect(refused.length).toBeGreaterThan(0);
        expect(await balance(userId)).toBe(100 - spent);
        const ledger = await ledgerOf(userId);
        expect(ledger.reduce((sum, r) => sum + r.amount, 0)).toBe(100 - spent);
        const owned = await asSystem(handle.db, (tx) =>
          tx.select().from(avatarPurchases).where(eq(avatarPurchases.userId, userId)),
        );
        expect(owned.map((p) => p.itemId).sort()).toEqual(sold.map((i) => i.id).sort());
        // Whatever was not sold is dearer than what is left.
        const left = 100 - spent;
        for (const item of items.filter((i) => !sold.includes(i))) expect(item.price).toBeGreaterThan(left);

        const rich = await createSignedInClient(app, handle);
        await give(rich.userId, 100);
        const key = `same-${randomUUID()}`;
        const replays = await Promise.all(
          Array.from({ length: 20 }, () =>
            buyAvatarItem(handle.db, rich.userId, { itemId: 'castle', idempotencyKey: key }),
          ),
        );
        expect(replays.filter((r) => !r.replayed)).toHaveLength(1);
        expect(new Set(replays.map((r) => r.purchase.id)).size).toBe(1);
        expect(await balance(rich.userId)).toBe(60);
      },
    );
  });
});
