/**
 * Reading Goals on PGlite and PostgreSQL (docs/decisions/0042-reading-goals.md; core/api/goals.ts): a guardian who
 * follows a reader sets, changes and removes the reader's goal; the reader sees it with this week's days (Monday to
 * Sunday in the reader's time zone, readings after now not counted); guardians never learn of each other; someone
 * who does not follow the reader cannot, signed out is 401; bad bodies; RLS and constraints in the database; the
 * goal goes with its guardian's link (unlinking from either side, either account deleted, or a link removed while
 * a goal is being set); two guardians at once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FollowedGoalSchema, GoalsSchema, SetGoalResponseSchema, type Goals } from '../core/api/goals.ts';
import { LinkCodeResponseSchema, RedeemLinkCodeResponseSchema } from '../core/api/family.ts';
import { MAX_JSON_BYTES } from '../server/app.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem, asUser } from '../server/db/rls.ts';
import { queryRows } from '../server/db/sql-rows.ts';
import { guardianLinks, profiles, readingGoals, readingSessions } from '../server/db/schema.ts';
import { goalsOf, setGoal } from '../server/routes/goals/goals.service.ts';
import {
  createBrowser,
  createSignedInClient,
  createTestApp,
  errorOf,
  type TestApp,
  type TestBrowser,
} from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

type Person = { client: TestBrowser; userId: string; email: string };

/** The password createSignedInClient signs up with. */
const PASSWORD = 'purple-otter-reads-42';

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
  const unlink = (person: Person, linkId: string) =>
    person.client.request(`/api/family/links/${linkId}`, { method: 'DELETE' });
  const deleteAccount = (person: Person) =>
    person.client.request('/api/account', { method: 'DELETE', json: { password: PASSWORD } });
  async function goalsOfClient(person: Person): Promise<Goals> {
    const res = await person.client.request('/api/goals');
    expect(res.status).toBe(200);
    return GoalsSchema.strict().parse(await res.json());
  }
  const goalRow = (childId: string) =>
    asSystem(handle.db, async (tx) => {
      const [row] = await tx.select().from(readingGoals).where(eq(readingGoals.childId, childId));
      return row;
    });
  /** Saved readings of `userId` at these times (server work, as saving a reading is). */
  const readAt = (userId: string, ...times: string[]) =>
    asSystem(handle.db, (tx) =>
      tx
        .insert(readingSessions)
        .values(times.map((t) => ({ userId, storyTitle: 'The Red Hen', createdAt: new Date(t) }))),
    );
  const inZone = (userId: string, timeZone: string | null) =>
    asSystem(handle.db, (tx) => tx.update(profiles).set({ timeZone }).where(eq(profiles.userId, userId)));

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
      const { goal } = SetGoalResponseSchema.parse(await set.json());
      expect(FollowedGoalSchema.strict().parse(goal)).toMatchObject({ daysPerWeek: 4, setByYou: true });
      expect(new Date(`${goal.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(Date.parse(goal.updatedAt)).not.toBeNaN();
      // The reader is told who set it, by name.
      const mine = (await goalsOfClient(leo)).mine;
      expect(mine).toEqual({ ...goal, setByYou: undefined, setBy: 'Mum' });
      expect((await goalsOfClient(mum)).children[0]?.goal).toEqual(goal);
      expect((await put(mum, leo.userId, { daysPerWeek: 7 })).status).toBe(200);
      expect((await goalsOfClient(leo)).mine?.daysPerWeek).toBe(7);
      expect(await goalRow(leo.userId)).toMatchObject({ daysPerWeek: 7, setBy: mum.userId });
      expect((await remove(mum, leo.userId)).status).toBe(204);
      expect(await goalRow(leo.userId)).toBeUndefined();
      expect((await goalsOfClient(leo)).mine).toBeNull();
      expect((await goalsOfClient(mum)).children[0]?.goal).toBeNull();
      // Removing again is fine: there is nothing to remove.
      expect((await remove(mum, leo.userId)).status).toBe(204);
    },
  );

  it(
    'never tells a guardian the name or id of another guardian who follows the same reader (ADR 0041)',
    { timeout: 60_000 },
    async () => {
      const leo = await reader();
      const mum = await guardian('Marianne');
      const dad = await guardian('Dominic');
      await link(leo, mum);
      await link(leo, dad);
      expect((await put(mum, leo.userId, { daysPerWeek: 3 })).status).toBe(200);
      const dadsRaw = await (await dad.client.request('/api/goals')).text();
      expect(dadsRaw).not.toContain('Marianne');
      expect(dadsRaw).not.toContain(mum.userId);
      expect(GoalsSchema.parse(JSON.parse(dadsRaw)).children[0]?.goal).toMatchObject({
        daysPerWeek: 3,
        setByYou: false,
      });
      expect((await goalsOfClient(mum)).children[0]?.goal?.setByYou).toBe(true);
      // Dad changes it: now it is his, and Mum is not told his name either.
      const dadsPut = await put(dad, leo.userId, { daysPerWeek: 5 });
      const dadsPutRaw = await dadsPut.text();
      expect(dadsPutRaw).not.toContain('Marianne');
      expect(JSON.parse(dadsPutRaw)).toMatchObject({ goal: { setByYou: true } });
      const mumsRaw = await (await mum.client.request('/api/goals')).text();
      expect(mumsRaw).not.toContain('Dominic');
      expect(mumsRaw).not.toContain(dad.userId);
      expect(GoalsSchema.parse(JSON.parse(mumsRaw)).children[0]?.goal?.setByYou).toBe(false);
      // The reader alone hears the name.
      expect((await goalsOfClient(leo)).mine).toMatchObject({ daysPerWeek: 5, setBy: 'Dominic' });
    },
  );

  it(
    'counts the days read this week, Monday to now, in the reader’s time zone',
    { timeout: 60_000 },
    async () => {
      const leo = await reader();
      const mum = await guardian();
      await link(leo, mum);
      // Wednesday 25 November 2026, noon UTC: the week began on Monday the 23rd.
      const wednesday = new Date('2026-11-25T12:00:00Z');
      await readAt(
        leo.userId,
        '2026-11-22T12:00:00Z', // last week's Sunday: not counted
        '2026-11-23T08:00:00Z', // Monday, twice: one day
        '2026-11-23T17:30:00Z',
        '2026-11-25T07:00:00Z', // today
        '2026-11-25T12:30:00Z', // today but after now: not counted (and today counts once anyway)
        '2026-11-26T09:00:00Z', // tomorrow, after now: not counted
      );
      const goal = await setGoal(handle.db, mum.userId, leo.userId, 4, wednesday);
      expect(goal).toMatchObject({ daysPerWeek: 4, weekStart: '2026-11-23', daysReadThisWeek: 2 });
      const mine = (await goalsOf(handle.db, leo.userId, wednesday)).mine;
      expect(mine).toMatchObject({ weekStart: '2026-11-23', daysReadThisWeek: 2, setBy: 'Mum' });
      expect((await goalsOf(handle.db, mum.userId, wednesday)).children[0]?.goal).toEqual(goal);
      // Only the 26th is after Wednesday's now; on Thursday it counts.
      expect((await goalsOf(handle.db, leo.userId, new Date('2026-11-26T10:00:00Z'))).mine).toMatchObject({
        daysReadThisWeek: 3,
      });

      // Sunday 23:59 is still this week; Monday 00:01 starts the next one at 0.
      await readAt(leo.userId, '2026-11-29T23:58:00Z');
      expect((await goalsOf(handle.db, leo.userId, new Date('2026-11-29T23:59:00Z'))).mine).toMatchObject({
        weekStart: '2026-11-23',
        daysReadThisWeek: 4,
      });
      expect((await goalsOf(handle.db, leo.userId, new Date('2026-11-30T00:01:00Z'))).mine).toMatchObject({
        weekStart: '2026-11-30',
        daysReadThisWeek: 0,
      });
    },
  );

  it(
    'takes the week in the reader’s zone: ahead of UTC, behind it, and across a DST change',
    { timeout: 60_000 },
    async () => {
      const mum = await guardian();
      const weekOf = async (child: Person, now: string) =>
        (await goalsOf(handle.db, child.userId, new Date(now))).mine;

      // Auckland (UTC+13 in November): 29 Nov 12:00 UTC is already Monday the 30th there.
      const kiwi = await reader('Aroha');
      await link(kiwi, mum);
      await inZone(kiwi.userId, 'Pacific/Auckland');
      await readAt(
        kiwi.userId,
        '2026-11-29T10:00:00Z', // 23:00 Sunday in Auckland: last week
        '2026-11-29T11:30:00Z', // 00:30 Monday in Auckland: this week
      );
      await setGoal(handle.db, mum.userId, kiwi.userId, 2, new Date('2026-11-29T12:00:00Z'));
      expect(await weekOf(kiwi, '2026-11-29T12:00:00Z')).toMatchObject({
        weekStart: '2026-11-30',
        daysReadThisWeek: 1,
      });
      // Without a time zone (UTC), the same readings fall on Sunday the 29th, in the week of the 23rd: one day.
      await inZone(kiwi.userId, null);
      expect(await weekOf(kiwi, '2026-11-29T12:00:00Z')).toMatchObject({
        weekStart: '2026-11-23',
        daysReadThisWeek: 1,
      });

      // Los Angeles (UTC−8 in November): 30 Nov 05:00 UTC is still Sunday the 29th, 21:00, there.
      const west = await reader('Rosa');
      await link(west, mum);
      await inZone(west.userId, 'America/Los_Angeles');
      await readAt(
        west.userId,
        '2026-11-23T07:30:00Z', // Sunday 22 Nov, 23:30 there: last week
        '2026-11-23T08:30:00Z', // Monday 23 Nov, 00:30 there: this week
        '2026-11-30T04:00:00Z', // Sunday 29 Nov, 20:00 there: this week
      );
      await setGoal(handle.db, mum.userId, west.userId, 3, new Date('2026-11-30T05:00:00Z'));
      expect(await weekOf(west, '2026-11-30T05:00:00Z')).toMatchObject({
        weekStart: '2026-11-23',
        daysReadThisWeek: 2,
      });
      // 30 Nov 08:30 UTC is Monday 00:30 there: a new week.
      expect(await weekOf(west, '2026-11-30T08:30:00Z')).toMatchObject({
        weekStart: '2026-11-30',
        daysReadThisWeek: 0,
      });

      // New York leaves summer time on Sunday 1 November 2026 (UTC−4 → UTC−5). 2 Nov 04:30 UTC is Sunday 23:30
      // there (it would be Monday 00:30 at the summer offset): the week of 26 October.
      const east = await reader('Sam');
      await link(east, mum);
      await inZone(east.userId, 'America/New_York');
      await readAt(
        east.userId,
        '2026-10-26T04:30:00Z', // Monday 26 Oct, 00:30 EDT: this week's first day
        '2026-11-02T04:30:00Z', // Sunday 1 Nov, 23:30 EST
      );
      await setGoal(handle.db, mum.userId, east.userId, 5, new Date('2026-11-02T04:45:00Z'));
      expect(await weekOf(east, '2026-11-02T04:45:00Z')).toMatchObject({
        weekStart: '2026-10-26',
        daysReadThisWeek: 2,
      });
      expect(await weekOf(east, '2026-11-02T05:01:00Z')).toMatchObject({
        weekStart: '2026-11-02',
        daysReadThisWeek: 0,
      });
    },
  );

  it('answers 401 signed out on every route', async () => {
    const leo = await reader();
    const nobody = createBrowser(app);
    for (const res of [
      await nobody.request('/api/goals'),
      await nobody.request(`/api/goals/${leo.userId}`, { method: 'PUT', json: { daysPerWeek: 3 } }),
      await nobody.request(`/api/goals/${leo.userId}`, { method: 'DELETE' }),
    ]) {
      expect(res.status).toBe(401);
      expect((await errorOf(res)).code).toBe('unauthenticated');
    }
  });

  it(
    'refuses those who do not follow the reader, and bad bodies, changing nothing',
    { timeout: 60_000 },
    async () => {
      const leo = await reader();
      const mum = await guardian();
      const stranger = await guardian('Stranger');
      await link(leo, mum);
      expect((await put(mum, leo.userId, { daysPerWeek: 2 })).status).toBe(200);
      const before = await goalRow(leo.userId);
      for (const [who, id] of [
        [stranger, leo.userId], // another guardian's reader
        [leo, leo.userId], // a reader setting their own goal
        [mum, mum.userId], // oneself
        [mum, 'no-such-user'],
        [mum, 'not a valid id!'],
        [mum, '../etc'],
        [mum, 'x'.repeat(200)],
        [mum, '%00'],
      ] as const) {
        for (const res of [await put(who, id, { daysPerWeek: 5 }), await remove(who, id)]) {
          expect(res.status, id).toBe(404);
          expect((await errorOf(res)).code).toBe('not_found');
        }
      }
      expect(await goalsOfClient(stranger)).toEqual({ mine: null, children: [] });
      for (const body of [
        { daysPerWeek: 0 },
        { daysPerWeek: 8 },
        { daysPerWeek: -1 },
        { daysPerWeek: 2.5 },
        { daysPerWeek: '3' },
        { daysPerWeek: null },
        {},
        { daysPerWeek: 3, setBy: leo.userId },
        [3],
        3,
      ]) {
        const res = await put(mum, leo.userId, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect((await errorOf(res)).code).toBe('invalid_input');
      }
      const send = (headers: Record<string, string>, body: string) =>
        mum.client.request(`/api/goals/${leo.userId}`, { method: 'PUT', headers, body });
      const json = { 'content-type': 'application/json' };
      const broken = await send(json, '{"daysPerWeek":');
      expect(broken.status).toBe(400);
      expect((await errorOf(broken)).code).toBe('invalid_json');
      // Not JSON at all: the body is not read as one.
      expect((await send({ 'content-type': 'text/plain' }, '{"daysPerWeek":3}')).status).toBe(422);
      const huge = await send(json, JSON.stringify({ daysPerWeek: 3, pad: 'x'.repeat(MAX_JSON_BYTES) }));
      expect(huge.status).toBe(413);
      expect((await errorOf(huge)).code).toBe('body_too_large');
      expect(await goalRow(leo.userId)).toEqual(before);
    },
  );

  it(
    'holds in the database: a reader reads their own goal and writes none; a guardian reads and writes none',
    { timeout: 60_000 },
    async () => {
      const leo = await reader();
      const mum = await guardian();
      const other = await reader('Other');
      await link(leo, mum);
      expect((await put(mum, leo.userId, { daysPerWeek: 2 })).status).toBe(200);
      expect(
        (await asUser(handle.db, leo.userId, (tx) => tx.select().from(readingGoals))).map((r) => r.childId),
      ).toEqual([leo.userId]);
      for (const id of [mum.userId, other.userId])
        expect(await asUser(handle.db, id, (tx) => tx.select().from(readingGoals))).toEqual([]);
      // Nobody writes a goal row as themselves: not the reader their own, not the guardian who follows them.
      for (const who of [leo.userId, mum.userId]) {
        expect(
          await pgErrorCode(
            asUser(handle.db, who, (tx) =>
              tx.update(readingGoals).set({ daysPerWeek: 7 }).where(eq(readingGoals.childId, leo.userId)),
            ),
          ),
        ).toBe('42501');
        expect(
          await pgErrorCode(
            asUser(handle.db, who, (tx) =>
              tx.delete(readingGoals).where(eq(readingGoals.childId, leo.userId)),
            ),
          ),
        ).toBe('42501');
      }
      for (const [as, childId] of [
        [other.userId, other.userId], // a reader their own
        [mum.userId, leo.userId], // a guardian a followed reader's
      ] as const)
        expect(
          await pgErrorCode(
            asUser(handle.db, as, (tx) =>
              tx.insert(readingGoals).values({ childId, daysPerWeek: 7, setBy: mum.userId }),
            ),
          ),
        ).toBe('42501');
      // Days outside 1–7 are refused even as server work (CHECK), and a goal needs its guardian's link (FK).
      for (const daysPerWeek of [0, 8])
        expect(
          await pgErrorCode(
            asSystem(handle.db, (tx) =>
              tx.update(readingGoals).set({ daysPerWeek }).where(eq(readingGoals.childId, leo.userId)),
            ),
          ),
        ).toBe('23514');
      const stranger = await guardian('Stranger');
      expect(
        await pgErrorCode(
          asSystem(handle.db, (tx) =>
            tx
              .update(readingGoals)
              .set({ setBy: stranger.userId })
              .where(eq(readingGoals.childId, leo.userId)),
          ),
        ),
      ).toBe('23503');
      expect(
        await pgErrorCode(
          asSystem(handle.db, (tx) =>
            tx.insert(readingGoals).values({ childId: other.userId, daysPerWeek: 3, setBy: mum.userId }),
          ),
        ),
      ).toBe('23503');
      expect(await goalRow(leo.userId)).toMatchObject({ daysPerWeek: 2, setBy: mum.userId });
      const [row] = await queryRows<{ relrowsecurity: boolean; relforcerowsecurity: boolean }>(
        handle.db,
        sql`select relrowsecurity, relforcerowsecurity from pg_class where relname = 'reading_goals' and relkind = 'r'`,
      );
      expect(row).toEqual({ relrowsecurity: true, relforcerowsecurity: true });
    },
  );

  it(
    'goes with the link of the guardian who set it, whichever side ends it; another’s link leaves it',
    { timeout: 90_000 },
    async () => {
      const leo = await reader();
      const mum = await guardian('Mum');
      const dad = await guardian('Dad');
      const mumLink = await link(leo, mum);
      const dadLink = await link(leo, dad);
      expect((await put(dad, leo.userId, { daysPerWeek: 5 })).status).toBe(200);
      // The reader ends Mum's link: Dad set the goal, so it stays.
      expect((await unlink(leo, mumLink)).status).toBe(204);
      expect((await goalsOfClient(leo)).mine).toMatchObject({ daysPerWeek: 5, setBy: 'Dad' });
      expect((await goalsOfClient(mum)).children).toEqual([]);
      expect((await put(mum, leo.userId, { daysPerWeek: 3 })).status).toBe(404);
      // Dad ends his own link: his goal goes with it.
      expect((await unlink(dad, dadLink)).status).toBe(204);
      expect(await goalRow(leo.userId)).toBeUndefined();
      expect((await goalsOfClient(leo)).mine).toBeNull();

      // The reader ends the link of the guardian who set it: gone too.
      const ana = await reader('Ana');
      const anaLink = await link(ana, mum);
      expect((await put(mum, ana.userId, { daysPerWeek: 2 })).status).toBe(200);
      expect((await unlink(ana, anaLink)).status).toBe(204);
      expect(await goalRow(ana.userId)).toBeUndefined();
    },
  );

  it(
    'goes when the guardian who set it deletes their account; the reader can delete theirs with a goal',
    { timeout: 90_000 },
    async () => {
      const leo = await reader();
      const mum = await guardian('Mum');
      const dad = await guardian('Dad');
      await link(leo, mum);
      await link(leo, dad);
      expect((await put(mum, leo.userId, { daysPerWeek: 5 })).status).toBe(200);
      expect((await deleteAccount(mum)).status).toBe(200);
      // No goal is left that nobody could change or remove.
      expect(await goalRow(leo.userId)).toBeUndefined();
      expect((await goalsOfClient(leo)).mine).toBeNull();
      expect((await goalsOfClient(dad)).children[0]?.goal).toBeNull();

      // Dad sets one; the reader deletes their account: goal and link go, Dad follows nobody.
      expect((await put(dad, leo.userId, { daysPerWeek: 4 })).status).toBe(200);
      expect((await deleteAccount(leo)).status).toBe(200);
      expect(await goalRow(leo.userId)).toBeUndefined();
      expect((await goalsOfClient(dad)).children).toEqual([]);
    },
  );

  it(
    'two guardians at once leave one goal whose days and setter come from the same write, round after round',
    { timeout: 120_000 },
    async () => {
      const leo = await reader();
      const mum = await guardian('Mum');
      const dad = await guardian('Dad');
      await link(leo, mum);
      await link(leo, dad);
      for (let round = 0; round < 6; round++) {
        const [mumDays, dadDays] = [1 + (round % 3), 4 + (round % 4)];
        const answers = await Promise.all([
          put(mum, leo.userId, { daysPerWeek: mumDays }),
          put(dad, leo.userId, { daysPerWeek: dadDays }),
        ]);
        expect(answers.map((r) => r.status)).toEqual([200, 200]);
        const rows = await asSystem(handle.db, (tx) =>
          tx.select().from(readingGoals).where(eq(readingGoals.childId, leo.userId)),
        );
        expect(rows).toHaveLength(1);
        const row = rows[0]!;
        // Whichever wrote last: its days and its setter together, never one guardian's days under the other's name.
        expect([
          { daysPerWeek: mumDays, setBy: mum.userId },
          { daysPerWeek: dadDays, setBy: dad.userId },
        ]).toContainEqual({ daysPerWeek: row.daysPerWeek, setBy: row.setBy });
        const mumSees = (await goalsOfClient(mum)).children[0]?.goal;
        const dadSees = (await goalsOfClient(dad)).children[0]?.goal;
        expect(mumSees?.daysPerWeek).toBe(row.daysPerWeek);
        expect(dadSees?.daysPerWeek).toBe(row.daysPerWeek);
        expect(mumSees?.setByYou).toBe(row.setBy === mum.userId);
        expect(dadSees?.setByYou).toBe(row.setBy === dad.userId);
        expect((await goalsOfClient(leo)).mine?.setBy).toBe(row.setBy === mum.userId ? 'Mum' : 'Dad');
      }
    },
  );

  it(
    'never leaves a goal behind when the link ends while it is being set (404, or set then removed)',
    { timeout: 120_000 },
    async () => {
      const mum = await guardian('Mum');
      for (let round = 0; round < 4; round++) {
        const child = await reader(`Child ${round}`);
        const linkId = await link(child, mum);
        const [set, ended] = await Promise.all([
          put(mum, child.userId, { daysPerWeek: 3 }),
          unlink(child, linkId),
        ]);
        expect(ended.status).toBe(204);
        expect([200, 404]).toContain(set.status);
        if (set.status === 404) expect((await errorOf(set)).code).toBe('not_found');
        expect(await goalRow(child.userId)).toBeUndefined();
        expect(
          await asSystem(handle.db, (tx) =>
            tx.select().from(guardianLinks).where(eq(guardianLinks.childId, child.userId)),
          ),
        ).toEqual([]);
      }
    },
  );

  it.runIf(testDatabaseKind === 'postgres')(
    'answers 404 when "Stop sharing" commits between the follow check and the write (PostgreSQL: two connections)',
    { timeout: 60_000 },
    async () => {
      const mum = await guardian('Mum');
      const child = await reader('Kai');
      await link(child, mum);
      // Another connection deletes the link and holds its transaction open: the guardian's check still sees the
      // link, and the goal's foreign-key check then waits on the deleted row until that transaction commits.
      let commit!: () => void;
      const committed = new Promise<void>((resolve) => (commit = resolve));
      let deleted!: () => void;
      const linkDeleted = new Promise<void>((resolve) => (deleted = resolve));
      const stopSharing = asSystem(handle.db, async (tx) => {
        await tx.delete(guardianLinks).where(eq(guardianLinks.childId, child.userId));
        deleted();
        await committed;
      });
      await linkDeleted;
      const setting = setGoal(handle.db, mum.userId, child.userId, 3, new Date());
      await new Promise((resolve) => setTimeout(resolve, 300));
      commit();
      await stopSharing;
      expect(await setting).toBeNull();
      expect(await goalRow(child.userId)).toBeUndefined();
      expect((await put(mum, child.userId, { daysPerWeek: 3 })).status).toBe(404);
    },
  );

  it('gives no goal of their own to an account that is not a reader’s', async () => {
    const mum = await guardian();
    const teacher = await createSignedInClient(app, handle, { display_name: 'Ms Lee', user_type: 'teacher' });
    for (const who of [mum, teacher]) expect(await goalsOfClient(who)).toEqual({ mine: null, children: [] });
  });
});
