/**
 * Reading Goals on PGlite and PostgreSQL (docs/decisions/0042-reading-goals.md; core/api/goals.ts): a guardian who
 * follows a reader sets, changes and removes the reader's goal; the reader sees it with this week's days (Monday to
 * Sunday in the reader's time zone); someone who does not follow the reader cannot; bad bodies; RLS in the database;
 * unlinking and account deletion; two guardians at once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoalsSchema, SetGoalResponseSchema, type Goals } from '../core/api/goals.ts';
import { LinkCodeResponseSchema, RedeemLinkCodeResponseSchema } from '../core/api/family.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem, asUser } from '../server/db/rls.ts';
import { queryRows } from '../server/db/sql-rows.ts';
import { profiles, readingGoals, readingSessions } from '../server/db/schema.ts';
import { goalsOf } from '../server/routes/goals/goals.service.ts';
import {
  createSignedInClient,
  createTestApp,
  errorOf,
  type TestApp,
  type TestBrowser,
} from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

type Person = { client: TestBrowser; userId: string; email: string };

/** The PostgreSQL error code behind a (possibly Drizzle-wrapped) error. */
async function pgErrorCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
  return undefined;
}

describe(`reading goals (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  const reader = (name = 'Leo') =>
    createSignedInClient(app, handle, { display_name: name, user_type: 'student' });
  const guardian = (name = 'Mum') =>
    createSignedInClient(app, handle, { display_name: name, user_type: 'guardian' });
  async function link(child: Person, adult: Person) {
    const made = LinkCodeResponseSchema.parse(await (await child.client.api.family.code.$post()).json());
    const res = await adult.client.request('/api/family/links', {
      method: 'POST',
      json: { code: made.code },
    });
    expect(res.status).toBe(201);
    return RedeemLinkCodeResponseSchema.parse(await res.json()).child.linkId;
  }
  const put = (person: Person, childId: string, body: unknown) =>
    person.client.request(`/api/goals/${encodeURIComponent(childId)}`, { method: 'PUT', json: body });
  const remove = (person: Person, childId: string) =>
    person.client.request(`/api/goals/${encodeURIComponent(childId)}`, { method: 'DELETE' });
  async function goalsOfClient(person: Person): Promise<Goals> {
    const res = await person.client.request('/api/goals');
    expect(res.status).toBe(200);
    return GoalsSchema.parse(await res.json());
  }

  it(
    'a guardian sets, changes and removes a followed reader’s goal; both see it',
    { timeout: 60_000 },
    async () => {
      const leo = await reader();
      const mum = await guardian();
      await link(leo, mum);
      expect(await goalsOfClient(mum)).toEqual({
        mine: null,
        children: [{ userId: leo.userId, displayName: 'Leo', goal: null }],
      });
      const set = await put(mum, leo.userId, { daysPerWeek: 4 });
      expect(set.status).toBe(200);
      expect(SetGoalResponseSchema.parse(await set.json()).goal).toMatchObject({
        daysPerWeek: 4,
        setBy: 'Mum',
      });
      const mine = (await goalsOfClient(leo)).mine;
      expect(mine).toMatchObject({ daysPerWeek: 4, daysReadThisWeek: 0, setBy: 'Mum' });
      expect(mine!.weekStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((await put(mum, leo.userId, { daysPerWeek: 7 })).status).toBe(200);
      expect((await goalsOfClient(leo)).mine?.daysPerWeek).toBe(7);
      expect((await remove(mum, leo.userId)).status).toBe(204);
      expect((await goalsOfClient(leo)).mine).toBeNull();
      // Removing again is fine: there is nothing to remove.
      expect((await remove(mum, leo.userId)).status).toBe(204);
    },
  );

  it(
    'counts the days read this week, Monday to today, in the reader’s time zone',
    { timeout: 60_000 },
    async () => {
      const leo = await reader();
      const mum = await guardian();
      await link(leo, mum);
      expect((await put(mum, leo.userId, { daysPerWeek: 3 })).status).toBe(200);
      // Thursday 26 Nov 2026, 10:00 in Auckland (UTC+13): the week began Monday 23 Nov there.
      await asSystem(handle.db, (tx) =>
        tx.update(profiles).set({ timeZone: 'Pacific/Auckland' }).where(eq(profiles.userId, leo.userId)),
      );
      const now = new Date('2026-11-25T21:00:00Z');
      const reading = (iso: string) => ({
        userId: leo.userId,
        storyTitle: 'The Red Hen',
        fluencyScore: 60,
        accuracyPercentage: 90,
        wordsPerMinute: 50,
        tokensAwarded: 5,
        createdAt: new Date(iso),
      });
      await asSystem(handle.db, (tx) =>
        tx.insert(readingSessions).values([
          reading('2026-11-22T09:00:00Z'), // Sunday 22:00 in Auckland: last week
          reading('2026-11-22T12:00:00Z'), // Monday 01:00 in Auckland: this week
          reading('2026-11-22T13:00:00Z'), // the same Monday again
          reading('2026-11-24T01:00:00Z'), // Tuesday
        ]),
      );
      const goals = await goalsOf(handle.db, leo.userId, now);
      expect(goals.mine).toMatchObject({ daysPerWeek: 3, daysReadThisWeek: 2, weekStart: '2026-11-23' });
    },
  );

  it(
    'refuses those who do not follow the reader, and bad bodies, changing nothing',
    { timeout: 60_000 },
    async () => {
      const leo = await reader();
      const mum = await guardian();
      const stranger = await guardian('Stranger');
      await link(leo, mum);
      for (const who of [stranger, leo]) {
        const res = await put(who, leo.userId, { daysPerWeek: 5 });
        expect(res.status).toBe(404);
        expect((await errorOf(res)).code).toBe('not_found');
        expect((await remove(who, leo.userId)).status).toBe(404);
      }
      expect((await goalsOfClient(stranger)).children).toEqual([]);
      for (const id of ['no-such-user', '../etc', 'x'.repeat(200)])
        expect((await put(mum, id, { daysPerWeek: 3 })).status).toBe(404);
      for (const body of [
        { daysPerWeek: 0 },
        { daysPerWeek: 8 },
        { daysPerWeek: 2.5 },
        { daysPerWeek: '3' },
        {},
        { daysPerWeek: 3, userId: mum.userId },
      ]) {
        const res = await put(mum, leo.userId, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
      }
      const broken = await mum.client.request(`/api/goals/${leo.userId}`, {
        method: 'PUT',
        body: '{"daysPerWeek":',
        headers: { 'content-type': 'application/json' },
      });
      expect(broken.status).toBe(400);
      expect((await goalsOfClient(leo)).mine).toBeNull();
    },
  );

  it(
    'holds in the database: a reader reads their own goal and writes none; a guardian reads none',
    { timeout: 60_000 },
    async () => {
      const leo = await reader();
      const mum = await guardian();
      await link(leo, mum);
      expect((await put(mum, leo.userId, { daysPerWeek: 2 })).status).toBe(200);
      expect(
        (await asUser(handle.db, leo.userId, (tx) => tx.select().from(readingGoals))).map((r) => r.childId),
      ).toEqual([leo.userId]);
      expect(await asUser(handle.db, mum.userId, (tx) => tx.select().from(readingGoals))).toEqual([]);
      expect(
        await pgErrorCode(
          asUser(handle.db, leo.userId, (tx) =>
            tx.update(readingGoals).set({ daysPerWeek: 7 }).where(eq(readingGoals.childId, leo.userId)),
          ),
        ),
      ).toBe('42501');
      expect(
        await pgErrorCode(
          asUser(handle.db, leo.userId, (tx) =>
            tx.delete(readingGoals).where(eq(readingGoals.childId, leo.userId)),
          ),
        ),
      ).toBe('42501');
      expect(
        await pgErrorCode(
          asUser(handle.db, mum.userId, (tx) =>
            tx.insert(readingGoals).values({ childId: leo.userId, daysPerWeek: 7 }),
          ),
        ),
      ).toBe('42501');
      const [row] = await queryRows<{ relforcerowsecurity: boolean }>(
        handle.db,
        sql`select relforcerowsecurity from pg_class where relname = 'reading_goals'`,
      );
      expect(row?.relforcerowsecurity).toBe(true);
    },
  );

  it(
    'goes with the link of the guardian who set it, not another’s; and two guardians at once leave one goal',
    { timeout: 90_000 },
    async () => {
      const leo = await reader();
      const mum = await guardian('Mum');
      const dad = await guardian('Dad');
      const mumLink = await link(leo, mum);
      const dadLink = await link(leo, dad);
      const both = await Promise.all([
        put(mum, leo.userId, { daysPerWeek: 3 }),
        put(dad, leo.userId, { daysPerWeek: 5 }),
      ]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      const rows = await asSystem(handle.db, (tx) =>
        tx.select().from(readingGoals).where(eq(readingGoals.childId, leo.userId)),
      );
      expect(rows).toHaveLength(1);
      // Dad sets it last; Mum stops following: Dad's goal stays.
      expect((await put(dad, leo.userId, { daysPerWeek: 5 })).status).toBe(200);
      expect((await leo.client.request(`/api/family/links/${mumLink}`, { method: 'DELETE' })).status).toBe(
        204,
      );
      expect((await goalsOfClient(leo)).mine).toMatchObject({ daysPerWeek: 5, setBy: 'Dad' });
      // Dad stops following: his goal goes with him.
      expect((await dad.client.request(`/api/family/links/${dadLink}`, { method: 'DELETE' })).status).toBe(
        204,
      );
      expect((await goalsOfClient(leo)).mine).toBeNull();
    },
  );
});
