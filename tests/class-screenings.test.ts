/**
 * A class's Reading Screenings for its teacher on PGlite and PostgreSQL (GET /api/classes/:classId/screenings;
 * docs/decisions/0050-class-analytics-and-reports.md, amending 0049): every reader now in the class with their
 * complete screenings completed since they joined it, newest first, at most CLASS_SCREENINGS_PER_READER. Unfinished
 * screenings, screenings from before joining, readers who left, other teachers' classes, readers, malformed and hostile
 * ids, a query, and many teachers at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLASS_SCREENINGS_PER_READER,
  ClassScreeningsSchema,
  TEACHERS_SEE_SCREENINGS_FROM,
} from '../core/api/class-analytics.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem } from '../server/db/rls.ts';
import { screenings } from '../server/db/schema.ts';
import { createClass, joinClass, makeClassCode } from '../server/routes/classes/classes.service.ts';
import {
  createSignedInClient,
  createTestApp,
  errorOf,
  type TestApp,
  type TestBrowser,
} from './helpers/app.ts';
import { joinWithCode, makeClass } from './helpers/classes.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

const MINUTE = 60_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const STORY = '00000000-0000-4000-8000-000000000001';

describe(`a class's screenings (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  type Person = { client: TestBrowser; userId: string };
  const teacher = (name: string) =>
    createSignedInClient(app, handle, { display_name: name, user_type: 'teacher' });
  const reader = (name: string) =>
    createSignedInClient(app, handle, { display_name: name, user_type: 'student' });
  const call = (p: Person, path: string, init: RequestInit & { json?: unknown } = {}) =>
    p.client.request(path, init);

  async function leave(r: Person, classId: string) {
    expect((await call(r, `/api/classroom/${classId}`, { method: 'DELETE' })).status).toBe(204);
  }
  /**
   * A screening as the screening routes leave one: complete at `completedAt` with `wpm`, or unfinished (null); started
   * now, or at `startedAt`.
   */
  async function screening(
    userId: string,
    completedAt: Date | null,
    wpm = 50,
    season = 'winter',
    startedAt?: Date,
  ) {
    const score =
      completedAt === null
        ? {}
        : { completedAt, wpm, accuracy: 96, wordsCorrect: wpm, errors: 2, band: 'below', p50: 72 };
    const [row] = await asSystem(handle.db, (tx) =>
      tx
        .insert(screenings)
        .values({
          userId,
          grade: '2',
          season,
          schoolYear: 2026,
          storyIds: [STORY],
          ...score,
          ...(startedAt ? { createdAt: startedAt } : {}),
        })
        .returning({ id: screenings.id }),
    );
    return row!.id;
  }
  async function screeningsOf(t: Person, classId: string) {
    const res = await call(t, `/api/classes/${classId}/screenings`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return ClassScreeningsSchema.parse(await res.json());
  }

  it(
    'gives each reader now in the class their complete screenings since they joined, newest first',
    { timeout: 60_000 },
    async () => {
      const [t, mia, zed, ava] = await Promise.all([
        teacher('Ms Rivera'),
        reader('Mia'),
        reader('zed'),
        reader('Ava'),
      ]);
      // Before joining: stays Mia's.
      await screening(mia!.userId, new Date(Date.now() - 10 * MINUTE), 99);
      const cls = await makeClass(t!);
      expect(await screeningsOf(t!, cls.id)).toEqual({
        class: { id: cls.id, name: 'Room 4', grade: '2' },
        readers: [],
      });
      await joinWithCode(t!, cls.id, mia!, zed!, ava!);
      // Completed after they joined (and before anything below), a millisecond apart.
      const now = Date.now();
      await pause(50);
      const first = await screening(mia!.userId, new Date(now + 1), 40, 'fall');
      const second = await screening(mia!.userId, new Date(now + 2), 55, 'winter');
      // Unfinished: not listed.
      await screening(mia!.userId, null);
      // More than the bound: the newest only.
      for (let i = 0; i < CLASS_SCREENINGS_PER_READER + 1; i += 1)
        await screening(zed!.userId, new Date(now + 3 + i), 60 + i, 'spring');

      const got = await screeningsOf(t!, cls.id);
      // By name, case-insensitively; Ava has none.
      expect(got.readers.map((r) => r.displayName)).toEqual(['Ava', 'Mia', 'zed']);
      expect(got.readers[0]!.screenings).toEqual([]);
      expect(got.readers[1]!.screenings).toEqual([
        {
          id: second,
          completedAt: new Date(now + 2).toISOString(),
          schoolYear: 2026,
          season: 'winter',
          grade: '2',
          wpm: 55,
          accuracy: 96,
          band: 'below',
          p50: 72,
        },
        expect.objectContaining({ id: first, season: 'fall', wpm: 40 }),
      ]);
      expect(got.readers[2]!.screenings.map((s) => s.wpm)).toEqual(
        Array.from({ length: CLASS_SCREENINGS_PER_READER }, (_, i) => 60 + CLASS_SCREENINGS_PER_READER - i),
      );

      // Ava's screening was started before she joined and finished after: its first readings were not made in the
      // class, so it stays hers. One started before teachers were told they see screenings stays hers too, even for
      // a reader who had joined long before.
      await screening(ava!.userId, new Date(now + 10), 70, 'winter', new Date(now - 60_000));
      expect((await screeningsOf(t!, cls.id)).readers[0]!.screenings).toEqual([]);
      // A class Ava joined in September, through the services on that day.
      const september = new Date('2026-09-01T00:00:00Z');
      const early = await createClass(handle.db, t!.userId, { name: 'Room 1' }, september);
      const code = await makeClassCode(handle.db, t!.userId, early.id, september);
      await joinClass(handle.db, ava!.userId, code!.code, september);
      const before = new Date('2026-11-20T09:50:00Z');
      expect(before < new Date(TEACHERS_SEE_SCREENINGS_FROM)).toBe(true);
      await screening(ava!.userId, new Date('2026-11-20T10:00:00Z'), 80, 'fall', before);
      // There, the one started today shows (she was in Room 1 when she started it); November's does not.
      expect((await screeningsOf(t!, early.id)).readers[0]!.screenings.map((x) => x.wpm)).toEqual([70]);

      // A reader who leaves is gone; joining again starts again (her earlier screenings stay hers).
      await leave(mia!, cls.id);
      expect((await screeningsOf(t!, cls.id)).readers.map((r) => r.displayName)).toEqual(['Ava', 'zed']);
      await joinWithCode(t!, cls.id, mia!);
      expect((await screeningsOf(t!, cls.id)).readers[1]).toEqual({
        userId: mia!.userId,
        displayName: 'Mia',
        screenings: [],
      });
    },
  );

  it(
    'refuses anyone else, alike for unknown and malformed ids, and takes no query',
    { timeout: 60_000 },
    async () => {
      const [t, other, mia] = await Promise.all([teacher('Ms Rivera'), teacher('Mr Oak'), reader('Mia')]);
      const cls = await makeClass(t!);
      await joinWithCode(t!, cls.id, mia!);
      await pause(20);
      await screening(mia!.userId, new Date());
      await pause(20);
      // Another teacher, even with Mia in a class of theirs, does not see Ms Rivera's class.
      const theirs = await makeClass(other!, 'Room 9');
      await joinWithCode(other!, theirs.id, mia!);
      const notFound = await call(other!, `/api/classes/${cls.id}/screenings`);
      expect(notFound.status).toBe(404);
      const body = await errorOf(notFound);
      expect(body).toMatchObject({ code: 'not_found' });
      for (const id of [
        '00000000-0000-4000-8000-00000000abcd',
        'not-a-uuid',
        "1' or '1'='1",
        'x'.repeat(5000),
      ]) {
        const res = await call(t!, `/api/classes/${encodeURIComponent(id)}/screenings`);
        expect(res.status, id.slice(0, 20)).toBe(404);
        expect(await errorOf(res)).toEqual(body);
      }
      // Their own class shows Mia, but only what she completed since joining it.
      expect((await screeningsOf(other!, theirs.id)).readers[0]!.screenings).toHaveLength(0);
      // A reader is refused, signed out is 401, a query is refused.
      expect(await errorOf(await call(mia!, `/api/classes/${cls.id}/screenings`))).toMatchObject({
        code: 'not_a_teacher',
      });
      expect((await app.request(`/api/classes/${cls.id}/screenings`)).status).toBe(401);
      const withQuery = await call(t!, `/api/classes/${cls.id}/screenings?userId=${mia!.userId}`);
      expect(withQuery.status).toBe(422);
    },
  );

  it('answers many teachers at once, each with their own class', { timeout: 90_000 }, async () => {
    const people = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const [t, r] = await Promise.all([teacher(`Teacher ${i}`), reader(`Reader ${i}`)]);
        const cls = await makeClass(t!, `Room ${i}`);
        await joinWithCode(t!, cls.id, r!);
        await pause(20);
        await screening(r!.userId, new Date(), 10 + i);
        return { t: t!, cls };
      }),
    );
    const answers = await Promise.all(
      [...people, ...people].map(async ({ t, cls }) => screeningsOf(t, cls.id)),
    );
    answers.forEach((got, n) => {
      const i = n % people.length;
      expect(got.class.name).toBe(`Room ${i}`);
      expect(got.readers.map((r) => [r.displayName, r.screenings.map((s) => s.wpm)])).toEqual([
        [`Reader ${i}`, [10 + i]],
      ]);
    });
  });
});
