/**
 * Classes on PGlite and PostgreSQL (docs/decisions/0046-classes.md; core/api/classes.ts): a teacher makes a class
 * and its code, a reader previews and joins it, the teacher reads the roster, the pupils and a pupil's report (the
 * guardian's report, ADR 0041), until the reader leaves, the teacher removes them or the class goes. Codes: one per
 * class, forgiving of how a person types them, a week long, replaced or turned off; tries limited per reader and for
 * the whole server. Roles, bounds under concurrent requests, bad and hostile input, other teachers' classes and
 * readers, account deletion, many users at once, and row-level security checked in the database itself.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLASS_CODE_LENGTH,
  CLASS_CODE_TTL_DAYS,
  CLASS_NAME_MAX_CHARS,
  CLASS_TRIES_PER_WINDOW,
  CLASS_TRIES_WINDOW_MINUTES,
  ClassCodeResponseSchema,
  ClassDetailSchema,
  ClassListSchema,
  ClassResponseSchema,
  ClassroomSchema,
  groupedClassCode,
  JoinedClassResponseSchema,
  MAX_CLASS_SIZE,
  MAX_CLASSES_PER_READER,
  MAX_CLASSES_PER_TEACHER,
  PupilListSchema,
  PupilReportSchema,
} from '../core/api/classes.ts';
import { ReadingStatsSchema } from '../core/api/reading-sessions.ts';
import { MAX_JSON_BYTES } from '../server/app.ts';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, DatabaseHandle } from '../server/db/client.ts';
import { asSystem, asUser, type Tx } from '../server/db/rls.ts';
import { queryRows } from '../server/db/sql-rows.ts';
import {
  achievements,
  classCodes,
  classes,
  classMembers,
  profiles,
  progressTracking,
  readingSessions,
  userRoles,
} from '../server/db/schema.ts';
import type { AppEnv } from '../server/http/app-env.ts';
import { handleError } from '../server/http/errors.ts';
import { createFixedWindowLimiter } from '../server/http/rate-limit.ts';
import { deleteExpiredClassCodes } from '../server/jobs/class-code-cleanup.ts';
import { createClassRoutes } from '../server/routes/classes/classes.routes.ts';
import {
  createClass,
  joinClass,
  makeClassCode,
  previewClass,
  pupilReport,
  randomClassCode,
} from '../server/routes/classes/classes.service.ts';
import {
  createBrowser,
  createSignedInClient,
  createTestApp,
  errorOf,
  type TestApp,
  type TestBrowser,
} from './helpers/app.ts';
import { createTestUser, openTestDatabase, testDatabaseKind } from './helpers/database.ts';
import { expectPgError } from './helpers/pg-errors.ts';

const PASSWORD = 'purple-otter-reads-42';
const CODE_PATTERN = new RegExp(`^[0-9]{${CLASS_CODE_LENGTH}}$`);
const DAY = 86_400_000;

/** A well-formed code that is not `code` (a wrong guess). */
function otherCode(code: string): string {
  let guess = randomClassCode();
  while (guess === code) guess = randomClassCode();
  return guess;
}

/** A well-formed code that is none of `codes` and no class's code in the database now (a draw that will be taken). */
async function freeCode(handle: DatabaseHandle, ...codes: string[]): Promise<string> {
  const held = await asSystem(handle.db, (tx) => tx.select({ code: classCodes.code }).from(classCodes));
  const taken = new Set([...codes, ...held.map((h) => h.code)]);
  let code = randomClassCode();
  while (taken.has(code)) code = randomClassCode();
  return code;
}

/**
 * `db` whose transactions run `before` (with the transaction) just before they insert into `table`: another request's
 * work landing between a service's checks and its write, at the same point every time.
 */
function interruptedBeforeInsert(
  db: Database,
  table: PgTable,
  before: (tx: Tx) => Promise<unknown>,
): Database {
  const wrapTx = (tx: Tx): Tx =>
    new Proxy(tx, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop);
        if (prop === 'insert')
          return (into: PgTable) => {
            if (into !== table) return target.insert(into);
            return {
              values: (values: never) => ({
                returning: async (fields: never) => {
                  await before(target);
                  return target.insert(into).values(values).returning(fields);
                },
              }),
            };
          };
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction')
        return (work: (tx: Tx) => Promise<unknown>) => target.transaction((tx) => work(wrapTx(tx)));
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Values in turn, then the last one again. */
function sequence<T>(...values: T[]) {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)]!;
}

describe(`classes (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  type Person = { client: TestBrowser; userId: string; email: string };
  const teacher = (name = 'Ms Rivera') =>
    createSignedInClient(app, handle, { display_name: name, user_type: 'teacher' });
  const reader = (name = 'Mia', data: { grade?: '2' | 'K'; user_type?: 'student' | 'other' } = {}) =>
    createSignedInClient(app, handle, { display_name: name, user_type: 'student', ...data });
  const guardian = (name = 'Grown-up') =>
    createSignedInClient(app, handle, { display_name: name, user_type: 'guardian' });

  const call = (person: Person, path: string, init: RequestInit & { json?: unknown } = {}) =>
    person.client.request(path, init);
  async function makeClass(person: Person, name = 'Room 4', grade: string | null = '2') {
    const res = await call(person, '/api/classes', { method: 'POST', json: { name, grade } });
    expect(res.status).toBe(201);
    return ClassResponseSchema.parse(await res.json()).class;
  }
  async function makeCode(person: Person, classId: string) {
    const res = await call(person, `/api/classes/${classId}/code`, { method: 'POST' });
    expect(res.status).toBe(201);
    return ClassCodeResponseSchema.parse(await res.json());
  }
  const preview = (person: Person, code: unknown) =>
    call(person, '/api/classroom/preview', { method: 'POST', json: { code } });
  const join = (person: Person, code: unknown) =>
    call(person, '/api/classroom/join', { method: 'POST', json: { code } });
  async function classroomOf(person: Person) {
    const res = await call(person, '/api/classroom');
    expect(res.status).toBe(200);
    return ClassroomSchema.parse(await res.json()).classes;
  }
  async function detailOf(person: Person, classId: string) {
    const res = await call(person, `/api/classes/${classId}`);
    expect(res.status).toBe(200);
    return ClassDetailSchema.parse(await res.json());
  }
  async function listOf(person: Person) {
    const res = await call(person, '/api/classes');
    expect(res.status).toBe(200);
    return ClassListSchema.parse(await res.json()).classes;
  }
  const reportOf = (person: Person, studentId: string) =>
    call(person, `/api/classes/pupils/${encodeURIComponent(studentId)}/report`);
  /** A teacher with a class and its code, and a reader in it, all through the API. */
  async function classWithReader(teacherName = 'Ms Rivera', readerName = 'Mia') {
    const [t, r] = await Promise.all([teacher(teacherName), reader(readerName)]);
    const cls = await makeClass(t);
    const { code } = await makeCode(t, cls.id);
    expect((await join(r, code)).status).toBe(201);
    return { t, r, cls, code };
  }
  const membershipsOf = (userId: string) =>
    asSystem(handle.db, (tx) => tx.select().from(classMembers).where(eq(classMembers.studentId, userId)));
  const codeRowOf = async (classId: string) =>
    (
      await asSystem(handle.db, (tx) => tx.select().from(classCodes).where(eq(classCodes.classId, classId)))
    )[0];

  it(
    'takes a class from its making to a reader joining, the roster, the report and leaving',
    { timeout: 120_000 },
    async () => {
      const t = await teacher('Ms Rivera');
      const r = await reader('Mia', { grade: '2' });
      expect(await listOf(t)).toEqual([]);
      expect(await classroomOf(r)).toEqual([]);

      const made = await call(t, '/api/classes', {
        method: 'POST',
        json: { name: '  Room   4 ', grade: '2' },
      });
      expect(made.status).toBe(201);
      expect(made.headers.get('cache-control')).toBe('no-store');
      const cls = ClassResponseSchema.parse(await made.json()).class;
      expect(cls).toMatchObject({ name: 'Room 4', grade: '2', pupilCount: 0, code: null });
      // A second class without a grade; the list is oldest first.
      const other = await makeClass(t, 'Reading group', null);
      expect((await listOf(t)).map((c) => c.id)).toEqual([cls.id, other.id]);

      const before = Date.now();
      const { code, expiresAt } = await makeCode(t, cls.id);
      expect(code).toMatch(CODE_PATTERN);
      const ttl = Date.parse(expiresAt) - before;
      expect(ttl).toBeGreaterThan(CLASS_CODE_TTL_DAYS * DAY - 60_000);
      expect(ttl).toBeLessThanOrEqual(CLASS_CODE_TTL_DAYS * DAY + 1_000);
      // Shown again as often as the teacher likes.
      expect((await listOf(t))[0]!.code).toEqual({ code, expiresAt });

      // Preview: the class and its teacher, not joined yet, and nothing changed.
      const seen = await preview(r, groupedClassCode(code));
      expect(seen.status).toBe(200);
      expect(JoinedClassResponseSchema.parse(await seen.json()).class).toEqual({
        id: cls.id,
        name: 'Room 4',
        grade: '2',
        teacherName: 'Ms Rivera',
        joinedAt: null,
      });
      expect(await membershipsOf(r.userId)).toEqual([]);

      const joined = await join(r, code);
      expect(joined.status).toBe(201);
      const mine = JoinedClassResponseSchema.parse(await joined.json()).class;
      expect(mine).toMatchObject({ id: cls.id, teacherName: 'Ms Rivera' });
      expect(mine.joinedAt).not.toBeNull();
      // Again: already in it (200, the same joining time), and the preview says so.
      const again = await join(r, ` ${code.slice(0, 3)}-${code.slice(3)} `);
      expect(again.status).toBe(200);
      expect(JoinedClassResponseSchema.parse(await again.json()).class).toEqual(mine);
      expect(JoinedClassResponseSchema.parse(await (await preview(r, code)).json()).class).toEqual(mine);
      expect(await classroomOf(r)).toEqual([mine]);
      expect(await membershipsOf(r.userId)).toHaveLength(1);

      // The reader's readings, letters and badges, and their profile's figures.
      const now = Date.now();
      await asSystem(handle.db, async (tx) => {
        await tx.insert(readingSessions).values([
          {
            userId: r.userId,
            storyTitle: 'The Red Hen',
            fluencyScore: 50,
            accuracyPercentage: 80,
            wordsPerMinute: 40,
            createdAt: new Date(now - 10 * DAY),
          },
          {
            userId: r.userId,
            storyTitle: 'The Red Hen',
            fluencyScore: 70,
            accuracyPercentage: 92,
            wordsPerMinute: 55,
            createdAt: new Date(now - 2 * DAY),
          },
          { userId: r.userId, storyTitle: 'Unscored', createdAt: new Date(now - DAY) },
        ]);
        await tx.insert(achievements).values({
          userId: r.userId,
          achievementType: 'first_story',
          achievementName: 'Story Starter',
          description: 'Created your first story!',
        });
        await tx.update(profiles).set({ lexileLevel: 420, tokens: 12 }).where(eq(profiles.userId, r.userId));
      });
      expect((await r.client.api.alphabet.found.$post({ json: { letter: 'B' } })).status).toBe(200);

      const detail = await detailOf(t, cls.id);
      expect(detail.class).toMatchObject({ id: cls.id, pupilCount: 1, code: { code, expiresAt } });
      expect(detail.pupils).toEqual([
        {
          userId: r.userId,
          displayName: 'Mia',
          grade: '2',
          lexileLevel: 420,
          joinedAt: mine.joinedAt,
          lastReadingAt: new Date(now - DAY).toISOString(),
          lastWpm: 55,
          lastAccuracy: 92,
          readingsThisWeek: 2,
        },
      ]);
      expect((await listOf(t)).map((c) => c.pupilCount)).toEqual([1, 0]);

      const pupils = PupilListSchema.parse(await (await call(t, '/api/classes/pupils')).json()).pupils;
      expect(pupils).toEqual([{ ...detail.pupils[0], classes: [{ id: cls.id, name: 'Room 4' }] }]);

      const reportRes = await reportOf(t, r.userId);
      expect(reportRes.status).toBe(200);
      expect(reportRes.headers.get('cache-control')).toBe('no-store');
      const report = PupilReportSchema.parse(await reportRes.json());
      expect(report.classes).toEqual([{ id: cls.id, name: 'Room 4' }]);
      expect(report.child).toMatchObject({
        userId: r.userId,
        displayName: 'Mia',
        lexileLevel: 420,
        tokens: 12,
      });
      expect(report.lettersFound).toBe(1);
      expect(report.achievements.map((a) => a.achievement_type)).toEqual(['first_story']);
      // The reader's own statistics, figure for figure, without the chart.
      const { chart: _chart, ...own } = ReadingStatsSchema.parse(
        await (await r.client.api['reading-stats'].$get()).json(),
      );
      expect(report.readingStats).toEqual(own);
      expect(report.readingStats).not.toHaveProperty('chart');
      // The teacher still reaches none of the reader's rows as themselves.
      expect(
        await asUser(handle.db, t.userId, (tx) =>
          tx.select().from(readingSessions).where(eq(readingSessions.userId, r.userId)),
        ),
      ).toEqual([]);

      // Renamed and regraded; the reader sees the new name.
      const renamed = await call(t, `/api/classes/${cls.id}`, {
        method: 'PATCH',
        json: { name: 'Room 5', grade: null },
      });
      expect(renamed.status).toBe(200);
      expect(ClassResponseSchema.parse(await renamed.json()).class).toMatchObject({
        id: cls.id,
        name: 'Room 5',
        grade: null,
        pupilCount: 1,
      });
      const regraded = await call(t, `/api/classes/${cls.id}`, { method: 'PATCH', json: { grade: 'K' } });
      expect(ClassResponseSchema.parse(await regraded.json()).class).toMatchObject({
        name: 'Room 5',
        grade: 'K',
      });
      expect((await classroomOf(r))[0]).toMatchObject({ name: 'Room 5', grade: 'K' });

      // The reader leaves: out of the teacher's view at once, their data stays.
      const left = await call(r, `/api/classroom/${cls.id}`, { method: 'DELETE' });
      expect(left.status).toBe(204);
      expect(await left.text()).toBe('');
      expect(await classroomOf(r)).toEqual([]);
      expect((await detailOf(t, cls.id)).pupils).toEqual([]);
      const gone = await reportOf(t, r.userId);
      expect(gone.status).toBe(404);
      expect((await errorOf(gone)).code).toBe('not_found');
      const twice = await call(r, `/api/classroom/${cls.id}`, { method: 'DELETE' });
      expect(twice.status).toBe(404);
      expect((await errorOf(twice)).code).toBe('not_found');
      expect(
        await asSystem(handle.db, (tx) =>
          tx.select().from(readingSessions).where(eq(readingSessions.userId, r.userId)),
        ),
      ).toHaveLength(3);

      // Joined again, then removed by the teacher; then the class is deleted, with its code.
      expect((await join(r, code)).status).toBe(201);
      const removed = await call(t, `/api/classes/${cls.id}/pupils/${r.userId}`, { method: 'DELETE' });
      expect(removed.status).toBe(204);
      expect(await classroomOf(r)).toEqual([]);
      expect((await call(t, `/api/classes/${cls.id}/pupils/${r.userId}`, { method: 'DELETE' })).status).toBe(
        404,
      );
      expect((await join(r, code)).status).toBe(201);
      const deleted = await call(t, `/api/classes/${cls.id}`, { method: 'DELETE' });
      expect(deleted.status).toBe(204);
      expect(await classroomOf(r)).toEqual([]);
      expect(await membershipsOf(r.userId)).toEqual([]);
      expect(await codeRowOf(cls.id)).toBeUndefined();
      expect((await listOf(t)).map((c) => c.id)).toEqual([other.id]);
      expect((await call(t, `/api/classes/${cls.id}`)).status).toBe(404);
      const stale = await join(r, code);
      expect(stale.status).toBe(404);
      expect((await errorOf(stale)).code).toBe('class_code_invalid');
    },
  );

  it('lets a reader be in several classes of one teacher, listed once with them all', async () => {
    const t = await teacher('Mr Okafor');
    const [ben, ada] = await Promise.all([reader('ben'), reader('Ada')]);
    const first = await makeClass(t, 'Class A');
    const second = await makeClass(t, 'Class B');
    const codeA = (await makeCode(t, first.id)).code;
    const codeB = (await makeCode(t, second.id)).code;
    expect((await join(ben, codeB)).status).toBe(201);
    expect((await join(ben, codeA)).status).toBe(201);
    expect((await join(ada, codeB)).status).toBe(201);
    const pupils = PupilListSchema.parse(await (await call(t, '/api/classes/pupils')).json()).pupils;
    // By name whatever the case; classes oldest first.
    expect(pupils.map((p) => [p.displayName, p.classes.map((c) => c.name)])).toEqual([
      ['Ada', ['Class B']],
      ['ben', ['Class A', 'Class B']],
    ]);
    const [benIn] = await membershipsOf(ben.userId).then((rows) =>
      rows.sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime()),
    );
    expect(pupils[1]!.joinedAt).toBe(benIn!.joinedAt.toISOString());
    expect((await classroomOf(ben)).map((c) => c.name)).toEqual(['Class B', 'Class A']);
    const report = PupilReportSchema.parse(await (await reportOf(t, ben.userId)).json());
    expect(report.classes.map((c) => c.name)).toEqual(['Class A', 'Class B']);
    expect((await detailOf(t, second.id)).pupils.map((p) => p.displayName)).toEqual(['Ada', 'ben']);
  });

  it(
    'gives the teacher a pupil’s learning path as the guardian gets it, its result only, and only for their pupil',
    { timeout: 60_000 },
    async () => {
      const t = await teacher('Ms Path');
      const [kit, ava] = await Promise.all([reader('Kit', { grade: 'K' }), reader('Ava', { grade: '2' })]);
      const cls = await makeClass(t, 'Room 9', 'K');
      const { code } = await makeCode(t, cls.id);
      for (const r of [kit, ava]) expect((await join(r, code)).status).toBe(201);
      const pathOf = async (studentId: string) => {
        const res = await reportOf(t, studentId);
        expect(res.status).toBe(200);
        return PupilReportSchema.parse(await res.json()).learningPath;
      };

      // A kindergartner with no letters yet starts with Alphabet Learning; the check is for grade 1 (ADR 0052).
      expect(await pathOf(kit.userId)).toEqual({
        next: 'letters',
        allDone: false,
        steps: [
          { id: 'letters', status: 'now' },
          { id: 'words', status: 'todo' },
          { id: 'sounds', status: 'todo' },
          { id: 'reading', status: 'todo' },
          { id: 'assessment', status: 'later' },
          { id: 'goal', status: 'todo' },
        ],
      });
      // Every letter found: Word Builder is next.
      await asSystem(handle.db, (tx) =>
        tx.insert(progressTracking).values(
          [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter) => ({
            userId: kit.userId,
            activityType: 'letter_found',
            activityData: { letter, day: '2026-01-01' },
          })),
        ),
      );
      const kitPath = await pathOf(kit.userId);
      expect(kitPath.next).toBe('words');
      expect(kitPath.steps.slice(0, 2)).toEqual([
        { id: 'letters', status: 'done' },
        { id: 'words', status: 'now' },
      ]);

      // A second-grader: the reading check first; after a check under 90 % accuracy, Sound It Out, from the
      // profile's check status read on the server (not sent); with 3 words sounded out still Sound It Out.
      expect((await pathOf(ava.userId)).next).toBe('assessment');
      await asSystem(handle.db, async (tx) => {
        await tx
          .update(profiles)
          .set({ assessmentCompleted: true, lastAssessmentWpm: 38, lastAssessmentAccuracy: 82 })
          .where(eq(profiles.userId, ava.userId));
        await tx.insert(progressTracking).values(
          ['cat', 'dog', 'sun'].map((word) => ({
            userId: ava.userId,
            activityType: 'word_sounded',
            activityData: { word, day: '2026-01-01' },
          })),
        );
      });
      const avaPath = await pathOf(ava.userId);
      expect(avaPath.next).toBe('sounds');
      expect(avaPath.steps.find((s) => s.id === 'assessment')).toEqual({ id: 'assessment', status: 'done' });

      // Only the result is sent: no age, no words sounded out, no check status of its own.
      const raw = (await (await reportOf(t, ava.userId)).json()) as Record<string, unknown>;
      expect(Object.keys(raw.learningPath as object).sort()).toEqual(['allDone', 'next', 'steps']);
      expect(JSON.stringify(raw)).not.toMatch(
        /"age"|wordsSounded|assessmentCompleted|assessment_completed|word_sounded/,
      );

      // Another teacher (with a class of their own), a guardian, the pupil: no report, so no path.
      const other = await teacher('Mr Elsewhere');
      await makeClass(other, 'Room 10');
      const refused = await reportOf(other, kit.userId);
      expect(refused.status).toBe(404);
      const refusal = await refused.text();
      expect(refusal).not.toContain('learningPath');
      expect(JSON.parse(refusal)).toMatchObject({ error: { code: 'not_found' } });
      for (const person of [await guardian('Dad'), kit]) {
        const res = await reportOf(person, kit.userId);
        expect(res.status).toBe(403);
        expect((await errorOf(res)).code).toBe('not_a_teacher');
      }
      // Once Kit leaves the class, her teacher no longer gets her path either.
      expect((await call(kit, `/api/classroom/${cls.id}`, { method: 'DELETE' })).status).toBe(204);
      expect((await reportOf(t, kit.userId)).status).toBe(404);
    },
  );

  it('leaves a pupil’s id out of the request log', async () => {
    const lines: string[] = [];
    const logged = createTestApp(
      handle,
      {},
      pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
    );
    const t = await createSignedInClient(logged, handle, { display_name: 'Ms Log', user_type: 'teacher' });
    const r = await createSignedInClient(logged, handle, { display_name: 'Kid', user_type: 'student' });
    const cls = await makeClass(t);
    expect((await join(r, (await makeCode(t, cls.id)).code)).status).toBe(201);
    lines.length = 0;
    expect((await reportOf(t, r.userId)).status).toBe(200);
    expect((await call(t, `/api/classes/${cls.id}/pupils/${r.userId}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    const paths = lines.filter((l) => l.includes('"msg":"request"')).map((l) => JSON.parse(l).path);
    expect(paths).toEqual([
      '/api/classes/pupils/[redacted]/report',
      `/api/classes/${cls.id}/pupils/[redacted]`,
    ]);
    expect(lines.join('\n')).not.toContain(r.userId);
  });

  it(
    'refuses bad names, bad codes, extra fields and bad bodies, changing nothing',
    { timeout: 60_000 },
    async () => {
      const t = await teacher();
      const r = await reader();
      const cls = await makeClass(t);
      const { code } = await makeCode(t, cls.id);
      const badClasses: unknown[] = [
        { name: '' },
        { name: '   ' },
        { name: 'x'.repeat(CLASS_NAME_MAX_CHARS + 1) },
        { name: 'Room\u00004' },
        { name: 'Room\u202e4' },
        { name: 'Room 4', grade: '13' },
        { name: 'Room 4', grade: 2 },
        { name: 'Room 4', teacherId: r.userId },
        { name: 42 },
        {},
        [],
        'Room 4',
      ];
      for (const body of badClasses) {
        const res = await call(t, '/api/classes', { method: 'POST', json: body });
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect((await errorOf(res)).code).toBe('invalid_input');
      }
      expect((await makeClass(t, 'x'.repeat(CLASS_NAME_MAX_CHARS))).name).toHaveLength(CLASS_NAME_MAX_CHARS);
      for (const body of [{}, { name: '' }, { name: 'A', id: cls.id }, { grade: 'Z' }]) {
        const res = await call(t, `/api/classes/${cls.id}`, { method: 'PATCH', json: body });
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect((await errorOf(res)).code).toBe('invalid_input');
      }
      const badCodes: unknown[] = [
        { code: code.slice(0, 5) },
        { code: `${code}1` },
        { code: `${code.slice(0, 5)}a` },
        { code: `${code.slice(0, 5)}٣` },
        { code: 'x'.repeat(33) },
        { code: '' },
        { code: Number(code) },
        { code: null },
        {},
        { code, classId: cls.id },
        [code],
      ];
      for (const body of badCodes) {
        for (const path of ['/api/classroom/preview', '/api/classroom/join']) {
          const res = await call(r, path, { method: 'POST', json: body });
          expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(422);
          expect((await errorOf(res)).code).toBe('invalid_input');
        }
      }
      const json = { 'content-type': 'application/json' };
      for (const [person, method, path] of [
        [t, 'POST', '/api/classes'],
        [t, 'PATCH', `/api/classes/${cls.id}`],
        [r, 'POST', '/api/classroom/preview'],
        [r, 'POST', '/api/classroom/join'],
        [t, 'POST', `/api/classes/${cls.id}/code`],
      ] as const) {
        const broken = await call(person, path, { method, headers: json, body: '{"name": "Room' });
        expect(broken.status, path).toBe(400);
        expect((await errorOf(broken)).code).toBe('invalid_json');
        const huge = await call(person, path, {
          method,
          headers: json,
          body: JSON.stringify({ name: 'Room', code, pad: 'x'.repeat(MAX_JSON_BYTES) }),
        });
        expect(huge.status, path).toBe(413);
        expect((await errorOf(huge)).code).toBe('body_too_large');
      }
      // POST …/code takes nothing: no body or {} only.
      const before = await codeRowOf(cls.id);
      for (const [headers, body] of [
        [json, '{"code":"123456"}'],
        [json, '[]'],
        [{ 'content-type': 'text/plain' }, '{}'],
      ] as const) {
        const res = await call(t, `/api/classes/${cls.id}/code`, { method: 'POST', headers, body });
        expect(res.status, body).toBe(422);
        expect((await errorOf(res)).code).toBe('invalid_input');
      }
      expect(await codeRowOf(cls.id)).toEqual(before);
      expect(
        (await call(t, `/api/classes/${cls.id}/code`, { method: 'POST', headers: json, body: '{}' })).status,
      ).toBe(201);
      expect((await listOf(t)).map((c) => c.name)).toEqual(['Room 4', 'x'.repeat(CLASS_NAME_MAX_CHARS)]);
      expect(await membershipsOf(r.userId)).toEqual([]);

      // Without a session, every route answers 401.
      const stranger = createBrowser(app);
      const id = cls.id;
      for (const [method, path] of [
        ['GET', '/api/classes'],
        ['POST', '/api/classes'],
        ['GET', '/api/classes/pupils'],
        ['GET', `/api/classes/pupils/${r.userId}/report`],
        ['GET', `/api/classes/${id}`],
        ['PATCH', `/api/classes/${id}`],
        ['DELETE', `/api/classes/${id}`],
        ['POST', `/api/classes/${id}/code`],
        ['DELETE', `/api/classes/${id}/code`],
        ['DELETE', `/api/classes/${id}/pupils/${r.userId}`],
        ['GET', '/api/classroom'],
        ['POST', '/api/classroom/preview'],
        ['POST', '/api/classroom/join'],
        ['DELETE', `/api/classroom/${id}`],
      ] as const) {
        const res = await stranger.request(path, {
          method,
          ...(method === 'POST' || method === 'PATCH' ? { json: { name: 'Room', code } } : {}),
        });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect((await errorOf(res)).code).toBe('unauthenticated');
      }
    },
  );

  it(
    'lets only teachers (by type or role) have classes, and only readers join',
    { timeout: 90_000 },
    async () => {
      const t = await teacher();
      const cls = await makeClass(t);
      const { code } = await makeCode(t, cls.id);
      const [student, other, adult] = await Promise.all([
        reader('Kid'),
        reader('Sam', { user_type: 'other' }),
        guardian(),
      ]);
      for (const person of [student, other, adult]) {
        for (const [method, path] of [
          ['GET', '/api/classes'],
          ['POST', '/api/classes'],
          ['GET', '/api/classes/pupils'],
          ['GET', `/api/classes/pupils/${student.userId}/report`],
          ['GET', `/api/classes/${cls.id}`],
          ['PATCH', `/api/classes/${cls.id}`],
          ['DELETE', `/api/classes/${cls.id}`],
          ['POST', `/api/classes/${cls.id}/code`],
          ['DELETE', `/api/classes/${cls.id}/code`],
        ] as const) {
          const res = await call(person, path, {
            method,
            ...(method === 'POST' && path === '/api/classes' ? { json: { name: 'Mine' } } : {}),
            ...(method === 'PATCH' ? { json: { name: 'Mine' } } : {}),
          });
          expect(res.status, `${method} ${path}`).toBe(403);
          expect((await errorOf(res)).code).toBe('not_a_teacher');
        }
      }
      // 'other' is a reader too.
      expect((await join(other, code)).status).toBe(201);
      for (const person of [t, adult]) {
        for (const res of [
          await preview(person, code),
          await join(person, code),
          await call(person, '/api/classroom'),
          await call(person, `/api/classroom/${cls.id}`, { method: 'DELETE' }),
        ]) {
          expect(res.status).toBe(403);
          expect((await errorOf(res)).code).toBe('not_a_reader');
        }
      }
      // The teacher role makes a guardian's account a teacher's.
      await asSystem(handle.db, (tx) =>
        tx.insert(userRoles).values({ userId: adult.userId, role: 'teacher' }),
      );
      const theirs = await makeClass(adult, 'Book club');
      expect((await listOf(adult)).map((c) => c.id)).toEqual([theirs.id]);
      // A reader who is a teacher too cannot join their own class.
      await asSystem(handle.db, (tx) =>
        tx.insert(userRoles).values({ userId: student.userId, role: 'teacher' }),
      );
      const own = await makeClass(student, 'My own');
      const ownCode = await makeCode(student, own.id);
      const refused = await join(student, ownCode.code);
      expect(refused.status).toBe(404);
      expect((await errorOf(refused)).code).toBe('class_code_invalid');
      // …but joins another's, and their classroom lists only classes they joined.
      expect((await join(student, code)).status).toBe(201);
      expect((await classroomOf(student)).map((c) => c.id)).toEqual([cls.id]);
      // Without a profile: neither.
      const bare = await createTestUser(handle);
      await asSystem(handle.db, (tx) => tx.delete(profiles).where(eq(profiles.userId, bare.id)));
      await expect(createClass(handle.db, bare.id, { name: 'X' }, new Date())).rejects.toMatchObject({
        code: 'not_a_teacher',
      });
      await expect(joinClass(handle.db, bare.id, code, new Date())).rejects.toMatchObject({
        code: 'not_a_reader',
      });
    },
  );

  it(
    'keeps classes, pupils and reports from everyone else, answering 404 alike',
    { timeout: 90_000 },
    async () => {
      const { t, r, cls, code } = await classWithReader();
      const [rival, outsider] = await Promise.all([teacher('Mr Rival'), reader('Outsider')]);
      const rivalClass = await makeClass(rival, 'Rival room');
      const id = cls.id;
      for (const [method, path] of [
        ['GET', `/api/classes/${id}`],
        ['PATCH', `/api/classes/${id}`],
        ['DELETE', `/api/classes/${id}`],
        ['POST', `/api/classes/${id}/code`],
        ['DELETE', `/api/classes/${id}/code`],
        ['DELETE', `/api/classes/${id}/pupils/${r.userId}`],
        ['DELETE', `/api/classes/${rivalClass.id}/pupils/${r.userId}`],
        ['GET', `/api/classes/pupils/${r.userId}/report`],
        ['GET', `/api/classes/pupils/${outsider.userId}/report`],
        ['GET', `/api/classes/pupils/${rival.userId}/report`],
        ['GET', '/api/classes/pupils/no-such-user/report'],
        ['GET', `/api/classes/pupils/${encodeURIComponent("x' or '1'='1")}/report`],
        ['GET', `/api/classes/pupils/${'a'.repeat(129)}/report`],
        ['GET', `/api/classes/${crypto.randomUUID()}`],
        ['GET', '/api/classes/not-a-uuid'],
        ['PATCH', "/api/classes/1' or 1=1 --"],
        ['DELETE', `/api/classes/${crypto.randomUUID()}`],
        ['POST', `/api/classes/${crypto.randomUUID()}/code`],
        ['DELETE', `/api/classes/${id}/pupils/bad id!`],
      ] as const) {
        const res = await call(rival, path, {
          method,
          ...(method === 'PATCH' ? { json: { name: 'Taken' } } : {}),
        });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect((await errorOf(res)).code).toBe('not_found');
      }
      // Nothing changed: the class, its code and its reader are as they were.
      expect(await detailOf(t, id)).toMatchObject({
        class: { name: 'Room 4', code: { code } },
        pupils: [{ userId: r.userId }],
      });
      expect(PupilListSchema.parse(await (await call(rival, '/api/classes/pupils')).json()).pupils).toEqual(
        [],
      );
      expect((await listOf(rival)).map((c) => c.id)).toEqual([rivalClass.id]);
      // The teacher's own report of someone not in their classes, or of themselves: 404 too.
      for (const who of [outsider.userId, t.userId]) expect((await reportOf(t, who)).status).toBe(404);
      expect(await pupilReport(handle.db, rival.userId, r.userId, new Date())).toBeNull();
      // A reader leaving a class they are not in, or with a malformed id.
      for (const path of [
        `/api/classroom/${id}`,
        `/api/classroom/${rivalClass.id}`,
        '/api/classroom/pupils',
      ]) {
        const res = await call(outsider, path, { method: 'DELETE' });
        expect(res.status, path).toBe(404);
        expect((await errorOf(res)).code).toBe('not_found');
      }
      expect(await membershipsOf(r.userId)).toHaveLength(1);
    },
  );

  it('removes a pupil only from the class named, never through another of the teacher’s classes', async () => {
    const { t, r, cls } = await classWithReader();
    const second = await makeClass(t, 'Reading group');
    // The reader is in class 1 only: removing them through class 2 finds no one, and class 1 keeps them.
    const wrongClass = await call(t, `/api/classes/${second.id}/pupils/${r.userId}`, { method: 'DELETE' });
    expect(wrongClass.status).toBe(404);
    expect((await errorOf(wrongClass)).code).toBe('not_found');
    expect((await membershipsOf(r.userId)).map((m) => m.classId)).toEqual([cls.id]);
    expect((await detailOf(t, cls.id)).pupils.map((p) => p.userId)).toEqual([r.userId]);
    // In both: removed from the one named only.
    expect((await join(r, (await makeCode(t, second.id)).code)).status).toBe(201);
    expect((await call(t, `/api/classes/${second.id}/pupils/${r.userId}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await membershipsOf(r.userId)).map((m) => m.classId)).toEqual([cls.id]);
  });

  it('answers a join racing the class’s deletion 404 class_code_invalid, never 500', async () => {
    const t = await teacher();
    const r = await reader();
    // Deleted between the preview and the join: the code went with the class.
    const gone = await makeClass(t, 'Gone');
    const { code: goneCode } = await makeCode(t, gone.id);
    expect((await preview(r, goneCode)).status).toBe(200);
    expect((await call(t, `/api/classes/${gone.id}`, { method: 'DELETE' })).status).toBe(204);
    const late = await join(r, goneCode);
    expect(late.status).toBe(404);
    expect((await errorOf(late)).code).toBe('class_code_invalid');

    // Deleted after the join found the code and checked the bounds, just before it writes the membership: the
    // foreign key refuses the row. On PostgreSQL the deletion is another transaction, committed meanwhile; PGlite has
    // one connection, so there it is made in the join's own transaction (and rolled back with it).
    const racing = await makeClass(t, 'Racing');
    const { code } = await makeCode(t, racing.id);
    const deleteClass = (tx: Tx) => tx.delete(classes).where(eq(classes.id, racing.id));
    const db = interruptedBeforeInsert(handle.db, classMembers, (tx) =>
      testDatabaseKind === 'postgres' ? asSystem(handle.db, deleteClass) : deleteClass(tx),
    );
    const lines: string[] = [];
    const res = await routesApp({ db }, lines).request('/api/classroom/join', post(r.userId, { code }));
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe('class_code_invalid');
    expect(lines.join('\n')).not.toContain('unhandled error');
    expect(await membershipsOf(r.userId)).toEqual([]);
    expect(await classroomOf(r)).toEqual([]);
    const left = await asSystem(handle.db, (tx) =>
      tx.select().from(classes).where(eq(classes.id, racing.id)),
    );
    expect(left).toHaveLength(testDatabaseKind === 'postgres' ? 0 : 1);
  });

  it('refuses an expired code, a replaced one and one turned off', { timeout: 60_000 }, async () => {
    const t = await teacher();
    const r = await reader();
    const cls = await makeClass(t);
    const t0 = new Date('2027-06-01T08:00:00Z');
    const made = await makeClassCode(handle.db, t.userId, cls.id, t0);
    expect(made!.expiresAt).toBe('2027-06-08T08:00:00.000Z');
    const atExpiry = new Date(made!.expiresAt);
    for (const attempt of [previewClass, joinClass])
      await expect(attempt(handle.db, r.userId, made!.code, atExpiry)).rejects.toMatchObject({
        status: 404,
        code: 'class_code_invalid',
      });
    // A minute before, it works (and the reader joins at that time).
    const minuteBefore = new Date(atExpiry.getTime() - 60_000);
    expect((await previewClass(handle.db, r.userId, made!.code, minuteBefore)).joinedAt).toBeNull();
    expect(await joinClass(handle.db, r.userId, made!.code, minuteBefore)).toMatchObject({
      created: true,
      class: { id: cls.id, joinedAt: minuteBefore.toISOString() },
    });

    // Through the API, with the clock of the routes past the week.
    const late = await reader('Late');
    const fresh = await makeCode(t, cls.id);
    const clockApp = routesApp({ now: () => new Date(Date.now() + CLASS_CODE_TTL_DAYS * DAY + 1000) });
    const res = await clockApp.request('/api/classroom/join', post(late.userId, { code: fresh.code }));
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toMatchObject({ code: 'class_code_invalid' });
    const list = await clockApp.request('/api/classes', { headers: { 'x-user': t.userId } });
    expect(ClassListSchema.parse(await list.json()).classes[0]!.code).toBeNull();
    expect((await join(late, fresh.code)).status).toBe(201);

    // A new code replaces the old one, and is never the old one: a draw of it is drawn again.
    const next = await freeCode(handle, fresh.code);
    const redraw = routesApp({ randomCode: sequence(fresh.code, next) });
    const made2 = await redraw.request(`/api/classes/${cls.id}/code`, {
      method: 'POST',
      headers: { 'x-user': t.userId },
    });
    expect(made2.status).toBe(201);
    const newer = ClassCodeResponseSchema.parse(await made2.json());
    expect(newer.code).toBe(next);
    const old = await join(await reader('Old code'), fresh.code);
    expect(old.status).toBe(404);
    expect((await errorOf(old)).code).toBe('class_code_invalid');
    expect((await listOf(t))[0]!.code).toEqual(newer);

    // Turned off: the code stops, readers stay, the list shows no code; turning it off twice is fine.
    expect((await call(t, `/api/classes/${cls.id}/code`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(t, `/api/classes/${cls.id}/code`, { method: 'DELETE' })).status).toBe(204);
    expect(await codeRowOf(cls.id)).toBeUndefined();
    const off = await preview(await reader('Too late'), newer.code);
    expect(off.status).toBe(404);
    expect((await errorOf(off)).code).toBe('class_code_invalid');
    expect(await detailOf(t, cls.id)).toMatchObject({ class: { code: null, pupilCount: 2 } });
    // And on again with a new code.
    expect((await join(await reader('Back on'), (await makeCode(t, cls.id)).code)).status).toBe(201);
  });

  it('deletes expired class codes hourly, never a live one, and skips a row another request holds', async () => {
    // ADR 0046's amendment (server/jobs/class-code-cleanup.ts). In 2020, so no other file's code (made now, or in
    // 2026 and after) is due yet when files share one PostgreSQL database.
    const [a, b, c] = await Promise.all([
      createTestUser(handle, { userType: 'teacher' }),
      createTestUser(handle, { userType: 'teacher' }),
      createTestUser(handle, { userType: 'teacher' }),
    ]);
    const t0 = new Date('2020-01-01T08:00:00Z');
    const classA = await createClass(handle.db, a.id, { name: 'A' }, t0);
    const classB = await createClass(handle.db, b.id, { name: 'B' }, t0);
    const classC = await createClass(handle.db, c.id, { name: 'C' }, new Date());
    const codeA = (await makeClassCode(handle.db, a.id, classA.id, t0))!;
    const codeB = (await makeClassCode(handle.db, b.id, classB.id, new Date(t0.getTime() + 3 * DAY)))!;
    const codeC = (await makeClassCode(handle.db, c.id, classC.id, new Date()))!;
    const expiryA = new Date(codeA.expiresAt);
    const expiryB = new Date(codeB.expiresAt);

    // A millisecond before A's expiry, nothing of these is due.
    await deleteExpiredClassCodes(handle.db, { now: new Date(expiryA.getTime() - 1) });
    expect(await codeRowOf(classA.id)).toMatchObject({ code: codeA.code });
    // At its expiry (the moment joining refuses it), A's goes; B's, live till later, and C's stay.
    expect(await deleteExpiredClassCodes(handle.db, { now: expiryA })).toBeGreaterThanOrEqual(1);
    expect(await codeRowOf(classA.id)).toBeUndefined();
    expect(await codeRowOf(classB.id)).toMatchObject({ code: codeB.code });
    expect(await codeRowOf(classC.id)).toMatchObject({ code: codeC.code });
    // The class itself stays, without a code; its teacher makes a new one as before.
    expect(
      await asSystem(handle.db, (tx) =>
        tx.select({ id: classes.id }).from(classes).where(eq(classes.id, classA.id)),
      ),
    ).toEqual([{ id: classA.id }]);
    expect((await makeClassCode(handle.db, a.id, classA.id, expiryA))!.code).toMatch(/^\d{6}$/);

    if (testDatabaseKind === 'postgres') {
      // A row another transaction holds (a new code being made for B just now) is skipped, not waited for: the job
      // answers while the other transaction is open, and deletes the row on its next run.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = asSystem(handle.db, async (tx) => {
        await tx.select().from(classCodes).where(eq(classCodes.classId, classB.id)).for('update');
        locked();
        await held;
      });
      await isLocked;
      await deleteExpiredClassCodes(handle.db, { now: expiryB });
      expect(await codeRowOf(classB.id)).toMatchObject({ code: codeB.code });
      release();
      await holder;
    }
    await deleteExpiredClassCodes(handle.db, { now: expiryB });
    expect(await codeRowOf(classB.id)).toBeUndefined();
    expect(await codeRowOf(classC.id)).toMatchObject({ code: codeC.code });
  });

  it('draws another code when one drawn is another class’s live code, and reuses an expired one', async () => {
    const [a, b] = await Promise.all([
      createTestUser(handle, { userType: 'teacher' }),
      createTestUser(handle, { userType: 'teacher' }),
    ]);
    const now = new Date();
    const classA = await createClass(handle.db, a.id, { name: 'A' }, now);
    const classB = await createClass(handle.db, b.id, { name: 'B' }, now);
    const taken = randomClassCode();
    const free = otherCode(taken);
    expect((await makeClassCode(handle.db, a.id, classA.id, now, () => taken))!.code).toBe(taken);
    expect((await makeClassCode(handle.db, b.id, classB.id, now, sequence(taken, free)))!.code).toBe(free);
    expect(await codeRowOf(classA.id)).toMatchObject({ code: taken });
    // Past A's week, its code may be drawn for B: A's expired row gives way.
    const later = new Date(now.getTime() + (CLASS_CODE_TTL_DAYS + 1) * DAY);
    expect((await makeClassCode(handle.db, b.id, classB.id, later, () => taken))!.code).toBe(taken);
    expect(await codeRowOf(classA.id)).toBeUndefined();
    expect(await codeRowOf(classB.id)).toMatchObject({ code: taken });
    // Never two live rows with one code, and every draw taken: an error, nothing changed.
    await expect(makeClassCode(handle.db, a.id, classA.id, later, () => taken)).rejects.toThrow(
      /No free class code/,
    );
    expect(await codeRowOf(classB.id)).toMatchObject({ code: taken });
    // A draw of the class's own code, live or expired, is drawn again: a new code is never the old one.
    const renewed = await freeCode(handle, taken);
    expect((await makeClassCode(handle.db, b.id, classB.id, later, sequence(taken, renewed)))!.code).toBe(
      renewed,
    );
    const muchLater = new Date(later.getTime() + (CLASS_CODE_TTL_DAYS + 1) * DAY);
    const third = await freeCode(handle, taken, renewed);
    expect((await makeClassCode(handle.db, b.id, classB.id, muchLater, sequence(renewed, third)))!.code).toBe(
      third,
    );
    // Only ever the old code drawn: an error, and the old code is left as it was.
    const before = await codeRowOf(classB.id);
    await expect(makeClassCode(handle.db, b.id, classB.id, muchLater, () => third)).rejects.toThrow(
      /No free class code/,
    );
    expect(await codeRowOf(classB.id)).toEqual(before);
  });

  it(
    `holds ${MAX_CLASSES_PER_TEACHER} classes a teacher, ${MAX_CLASS_SIZE} readers a class and ${MAX_CLASSES_PER_READER} classes a reader, with requests arriving together`,
    { timeout: 180_000 },
    async () => {
      const t = await teacher();
      // Teachers' classes: 25 made at once, 20 kept.
      const now = new Date();
      const tries = await Promise.allSettled(
        Array.from({ length: MAX_CLASSES_PER_TEACHER + 5 }, (_, i) =>
          createClass(handle.db, t.userId, { name: `Class ${i}` }, now),
        ),
      );
      expect(tries.filter((x) => x.status === 'fulfilled')).toHaveLength(MAX_CLASSES_PER_TEACHER);
      for (const x of tries.filter((x) => x.status === 'rejected'))
        expect((x as PromiseRejectedResult).reason).toMatchObject({ status: 409, code: 'too_many_classes' });
      const full = await call(t, '/api/classes', { method: 'POST', json: { name: 'One more' } });
      expect(full.status).toBe(409);
      expect((await errorOf(full)).code).toBe('too_many_classes');
      const classesOfT = await listOf(t);
      expect(classesOfT).toHaveLength(MAX_CLASSES_PER_TEACHER);

      // Class size: 45 readers joining one class at once, 40 in.
      const cls = classesOfT[0]!;
      const { code } = await makeCode(t, cls.id);
      const readers = await Promise.all(
        Array.from({ length: MAX_CLASS_SIZE + 5 }, () => createTestUser(handle)),
      );
      const joins = await Promise.allSettled(
        readers.map((r) => joinClass(handle.db, r.id, code, new Date())),
      );
      expect(joins.filter((x) => x.status === 'fulfilled')).toHaveLength(MAX_CLASS_SIZE);
      for (const x of joins.filter((x) => x.status === 'rejected'))
        expect((x as PromiseRejectedResult).reason).toMatchObject({ status: 409, code: 'class_full' });
      expect((await detailOf(t, cls.id)).pupils).toHaveLength(MAX_CLASS_SIZE);
      const latecomer = await reader('Latecomer');
      const refused = await join(latecomer, code);
      expect(refused.status).toBe(409);
      expect((await errorOf(refused)).code).toBe('class_full');
      // Someone leaves: there is room again.
      expect(
        (await call(t, `/api/classes/${cls.id}/pupils/${readers[0]!.id}`, { method: 'DELETE' })).status,
      ).toBe(204);
      expect((await join(latecomer, code)).status).toBe(201);

      // A reader joining 7 classes at once: 5 kept.
      const codes = await Promise.all(
        classesOfT.slice(1, MAX_CLASSES_PER_READER + 3).map(async (c) => (await makeCode(t, c.id)).code),
      );
      const eager = await reader('Eager');
      const answers = await Promise.all(codes.map((c) => join(eager, c)));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX_CLASSES_PER_READER);
      for (const a of answers.filter((a) => a.status !== 201)) {
        expect(a.status).toBe(409);
        expect((await errorOf(a)).code).toBe('too_many_classes');
      }
      expect(await classroomOf(eager)).toHaveLength(MAX_CLASSES_PER_READER);
      // Already in a class: still answered 200, bound or not.
      const inIt = (await classroomOf(eager))[0]!;
      const codeOfIt = (await listOf(t)).find((c) => c.id === inIt.id)!.code!.code;
      expect((await join(eager, codeOfIt)).status).toBe(200);
    },
  );

  /** The class routes alone, with their own limiters and clock (and database); `x-user` names the signed-in user. */
  function routesApp(
    deps: Omit<Parameters<typeof createClassRoutes>[0], 'db'> & { db?: Database },
    lines: string[] = [],
  ) {
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const routes = createClassRoutes({ db: handle.db, ...deps });
    const own = new Hono<AppEnv>();
    own.use('*', async (c, next) => {
      c.set('log', log);
      c.set('currentUser', async () => {
        const id = c.req.header('x-user');
        return id ? { id, email: `${id}@example.test`, name: id, emailVerified: true } : null;
      });
      await next();
    });
    own.route('/api', routes);
    own.onError(handleError);
    return own;
  }
  const post = (userId: string, body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'x-user': userId, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  it(
    `limits a reader to ${CLASS_TRIES_PER_WINDOW} tries in ${CLASS_TRIES_WINDOW_MINUTES} minutes, previews included, right or wrong`,
    { timeout: 60_000 },
    async () => {
      const { t, cls, code } = await classWithReader();
      const r = await reader('Guesser');
      for (let i = 0; i < CLASS_TRIES_PER_WINDOW; i++) {
        const res = i % 2 ? await preview(r, otherCode(code)) : await join(r, otherCode(code));
        expect(res.status, `try ${i + 1}`).toBe(404);
      }
      for (const res of [await join(r, code), await preview(r, code)]) {
        expect(res.status).toBe(429);
        expect((await errorOf(res)).code).toBe('rate_limited');
        const retryAfter = Number(res.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(CLASS_TRIES_WINDOW_MINUTES * 60 - 60);
        expect(retryAfter).toBeLessThanOrEqual(CLASS_TRIES_WINDOW_MINUTES * 60);
      }
      expect(await membershipsOf(r.userId)).toEqual([]);
      // Another reader is not held back.
      expect((await join(await reader(), code)).status).toBe(201);
      expect((await detailOf(t, cls.id)).pupils).toHaveLength(2);
    },
  );

  it('pauses every reader’s tries once the server has taken too many wrong codes, logging no code', async () => {
    const t = await createTestUser(handle, { userType: 'teacher' });
    const now = new Date();
    const cls = await createClass(handle.db, t.id, { name: 'Paused' }, now);
    const { code } = (await makeClassCode(handle.db, t.id, cls.id, now))!;
    const readers = await Promise.all(Array.from({ length: 4 }, () => createTestUser(handle)));
    const lines: string[] = [];
    const own = routesApp(
      {
        classTries: createFixedWindowLimiter(2, 60_000),
        // Three wrong codes from everyone together, then every try waits.
        classFailures: createFixedWindowLimiter(2, 60_000),
      },
      lines,
    );
    // Per reader: two tries, right or wrong; the third is refused even when right.
    const first = readers[0]!.id;
    expect((await own.request('/api/classroom/preview', post(first, { code }))).status).toBe(200);
    expect((await own.request('/api/classroom/join', post(first, { code: otherCode(code) }))).status).toBe(
      404,
    );
    const third = await own.request('/api/classroom/join', post(first, { code }));
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // Two more wrong codes from two other readers: the server has taken three, and pauses.
    for (const r of readers.slice(1, 3))
      expect((await own.request('/api/classroom/join', post(r.id, { code: otherCode(code) }))).status).toBe(
        404,
      );
    const paused = await own.request('/api/classroom/join', post(readers[3]!.id, { code }));
    expect(paused.status).toBe(429);
    expect((await errorOf(paused)).code).toBe('rate_limited');
    const wait = Number(paused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await membershipsOf(readers[3]!.id)).toEqual([]);
    // Wrong codes are logged with who tried, never the code.
    const wrong = lines.filter((l) => l.includes('class_code_wrong'));
    expect(wrong).toHaveLength(3);
    expect(wrong[0]).toContain(first);
    // (without pino's own numbers, time and pid, which could hold the six digits by chance)
    expect(lines.map((l) => l.replace(/"(time|pid)":\d+/g, '')).join('\n')).not.toContain(code);
    // The app's own server is not paused by this one, and the code works there.
    const r = await reader();
    expect((await join(r, code)).status).toBe(201);
  });

  it('does not count a code of the reader’s own class toward the server’s pause', async () => {
    const t = await createTestUser(handle, { userType: 'teacher' });
    const now = new Date();
    const cls = await createClass(handle.db, t.id, { name: 'Theirs' }, now);
    const { code } = (await makeClassCode(handle.db, t.id, cls.id, now))!;
    // A reader who is a teacher too, with a class of their own.
    const both = await createTestUser(handle);
    await asSystem(handle.db, (tx) => tx.insert(userRoles).values({ userId: both.id, role: 'teacher' }));
    const own = await createClass(handle.db, both.id, { name: 'Mine' }, now);
    const { code: ownCode } = (await makeClassCode(handle.db, both.id, own.id, now))!;
    const [other, guesser] = await Promise.all([createTestUser(handle), createTestUser(handle)]);
    const lines: string[] = [];
    // The first wrong code pauses every try.
    const app1 = routesApp({ classFailures: createFixedWindowLimiter(0, 60_000) }, lines);
    // Their own code, tried and previewed: refused as a wrong code is, but no wrong code.
    for (const path of ['/api/classroom/join', '/api/classroom/preview', '/api/classroom/join']) {
      const res = await app1.request(path, post(both.id, { code: ownCode }));
      expect(res.status, path).toBe(404);
      expect((await errorOf(res)).code).toBe('class_code_invalid');
    }
    expect(lines.filter((l) => l.includes('class_code_wrong'))).toEqual([]);
    expect(await membershipsOf(both.id)).toEqual([]);
    // So nobody waits: another reader joins.
    expect((await app1.request('/api/classroom/join', post(other.id, { code }))).status).toBe(201);
    // A wrong code does count: then every try waits.
    expect(
      (await app1.request('/api/classroom/join', post(guesser.id, { code: await freeCode(handle) }))).status,
    ).toBe(404);
    expect(lines.filter((l) => l.includes('class_code_wrong'))).toHaveLength(1);
    expect((await app1.request('/api/classroom/preview', post(other.id, { code }))).status).toBe(429);
  });

  it(
    'removes classes with the teacher’s account and memberships with the reader’s',
    { timeout: 90_000 },
    async () => {
      const { t, r, cls, code } = await classWithReader('Ms Gone', 'Leaver');
      const stays = await reader('Stays');
      expect((await join(stays, code)).status).toBe(201);
      await asSystem(handle.db, (tx) =>
        tx.insert(readingSessions).values({ userId: stays.userId, storyTitle: 'Kept', wordsPerMinute: 30 }),
      );
      // The reader's account goes: their membership with it.
      const gone = await call(r, '/api/account', { method: 'DELETE', json: { password: PASSWORD } });
      expect(gone.status).toBe(200);
      expect(await membershipsOf(r.userId)).toEqual([]);
      expect((await detailOf(t, cls.id)).pupils.map((p) => p.displayName)).toEqual(['Stays']);
      expect((await reportOf(t, r.userId)).status).toBe(404);
      // The teacher's account goes: the class, its code and its memberships; the reader's readings stay.
      const deleted = await call(t, '/api/account', { method: 'DELETE', json: { password: PASSWORD } });
      expect(deleted.status).toBe(200);
      expect(
        await asSystem(handle.db, (tx) => tx.select().from(classes).where(eq(classes.teacherId, t.userId))),
      ).toEqual([]);
      expect(await codeRowOf(cls.id)).toBeUndefined();
      expect(await membershipsOf(stays.userId)).toEqual([]);
      expect(await classroomOf(stays)).toEqual([]);
      expect(
        await asSystem(handle.db, (tx) =>
          tx.select().from(readingSessions).where(eq(readingSessions.userId, stays.userId)),
        ),
      ).toHaveLength(1);
      expect((await join(stays, code)).status).toBe(404);
    },
  );

  it('holds in the database: RLS and grants of classes, class_codes and class_members', async () => {
    const { t, r, cls, code } = await classWithReader();
    const [rival, outsider, classmate] = await Promise.all([
      createTestUser(handle, { userType: 'teacher' }),
      createTestUser(handle),
      createTestUser(handle),
    ]);
    await joinClass(handle.db, classmate.id, code, new Date());
    const rivalClass = await createClass(handle.db, rival.id, { name: 'Rival' }, new Date());
    const seen = <T>(userId: string, work: (tx: Tx) => Promise<T>) => asUser(handle.db, userId, work);

    // Classes: the teacher sees their own; another teacher, the reader and an outsider see none of theirs.
    expect((await seen(t.userId, (tx) => tx.select().from(classes))).map((c) => c.id)).toEqual([cls.id]);
    expect((await seen(rival.id, (tx) => tx.select().from(classes))).map((c) => c.id)).toEqual([
      rivalClass.id,
    ]);
    for (const who of [r.userId, outsider.id]) {
      expect(await seen(who, (tx) => tx.select().from(classes))).toEqual([]);
      expect(await seen(who, (tx) => tx.select().from(classCodes))).toEqual([]);
    }
    expect(
      await seen(rival.id, (tx) => tx.select().from(classCodes).where(eq(classCodes.classId, cls.id))),
    ).toEqual([]);
    expect((await seen(t.userId, (tx) => tx.select().from(classCodes))).map((c) => c.classId)).toEqual([
      cls.id,
    ]);

    // Memberships: the class's teacher sees both readers'; each reader sees their own only, never a classmate's;
    // another teacher and an outsider see none.
    const membersSeenBy = async (who: string) =>
      (await seen(who, (tx) => tx.select().from(classMembers))).map((m) => m.studentId).sort();
    expect(await membersSeenBy(t.userId)).toEqual([r.userId, classmate.id].sort());
    expect(await membersSeenBy(r.userId)).toEqual([r.userId]);
    expect(await membersSeenBy(classmate.id)).toEqual([classmate.id]);
    for (const who of [rival.id, outsider.id]) expect(await membersSeenBy(who)).toEqual([]);
    // Nobody else deletes them (a classmate neither), renames the class or turns its code off.
    expect(
      await seen(classmate.id, (tx) =>
        tx.delete(classMembers).where(eq(classMembers.studentId, r.userId)).returning(),
      ),
    ).toEqual([]);
    for (const who of [rival.id, outsider.id]) {
      expect(
        await seen(who, (tx) => tx.delete(classMembers).where(eq(classMembers.classId, cls.id)).returning()),
      ).toEqual([]);
      expect(await seen(who, (tx) => tx.delete(classes).where(eq(classes.id, cls.id)).returning())).toEqual(
        [],
      );
      expect(
        await seen(who, (tx) =>
          tx.update(classes).set({ name: 'Taken' }).where(eq(classes.id, cls.id)).returning(),
        ),
      ).toEqual([]);
      expect(
        await seen(who, (tx) => tx.delete(classCodes).where(eq(classCodes.classId, cls.id)).returning()),
      ).toEqual([]);
    }

    // Nobody makes a membership, a class or a code as themselves: not the reader, not the class's teacher.
    for (const [who, values] of [
      [r.userId, { classId: rivalClass.id, studentId: r.userId }],
      [outsider.id, { classId: cls.id, studentId: outsider.id }],
      [t.userId, { classId: cls.id, studentId: outsider.id }],
    ] as const)
      await expectPgError(
        seen(who, (tx) => tx.insert(classMembers).values(values)),
        '42501',
      );
    await expectPgError(
      seen(t.userId, (tx) => tx.insert(classes).values({ teacherId: t.userId, name: 'Sneaky' })),
      '42501',
    );
    await expectPgError(
      seen(t.userId, (tx) =>
        tx
          .insert(classCodes)
          .values({ classId: cls.id, code: '000000', expiresAt: new Date(Date.now() + 60_000) }),
      ),
      '42501',
    );
    // A teacher renames their class but never hands it to another teacher, nor stretches a code's life.
    await expectPgError(
      seen(t.userId, (tx) => tx.update(classes).set({ teacherId: rival.id }).where(eq(classes.id, cls.id))),
      '42501',
    );
    await expectPgError(
      seen(t.userId, (tx) =>
        tx
          .update(classCodes)
          .set({ expiresAt: new Date(Date.now() + 365 * DAY) })
          .where(eq(classCodes.classId, cls.id)),
      ),
      '42501',
    );
    expect(
      (
        await seen(t.userId, (tx) =>
          tx.update(classes).set({ name: 'Room 9' }).where(eq(classes.id, cls.id)).returning(),
        )
      )[0],
    ).toMatchObject({ name: 'Room 9', teacherId: t.userId });
    // The database refuses what the API would: an empty or overlong name, an unknown grade, a malformed code.
    for (const values of [
      { teacherId: rival.id, name: '' },
      { teacherId: rival.id, name: 'x'.repeat(61) },
      { teacherId: rival.id, name: 'Room', grade: '13' },
    ])
      await expectPgError(
        asSystem(handle.db, (tx) => tx.insert(classes).values(values)),
        '23514',
      );
    await expectPgError(
      asSystem(handle.db, (tx) =>
        tx.insert(classCodes).values({ classId: rivalClass.id, code: '12345a', expiresAt: new Date() }),
      ),
      '23514',
    );
    // The teacher reaches none of the reader's rows as themselves.
    for (const table of [readingSessions, achievements, profiles])
      expect(await seen(t.userId, (tx) => tx.select().from(table).where(eq(table.userId, r.userId)))).toEqual(
        [],
      );
    // The reader leaves as themselves; the membership is gone for the teacher too.
    expect(
      await seen(r.userId, (tx) =>
        tx
          .delete(classMembers)
          .where(eq(classMembers.studentId, r.userId))
          .returning({ id: classMembers.id }),
      ),
    ).toHaveLength(1);
    expect(await membersSeenBy(t.userId)).toEqual([classmate.id]);
    expect(await membersSeenBy(r.userId)).toEqual([]);

    // The three tables force RLS, and the app role's grants are what the policies assume.
    const rows = await queryRows<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(
      handle.db,
      sql`select relname, relrowsecurity, relforcerowsecurity from pg_class where relname in ('classes', 'class_codes', 'class_members') and relkind = 'r' order by relname`,
    );
    expect(rows).toEqual([
      { relname: 'class_codes', relrowsecurity: true, relforcerowsecurity: true },
      { relname: 'class_members', relrowsecurity: true, relforcerowsecurity: true },
      { relname: 'classes', relrowsecurity: true, relforcerowsecurity: true },
    ]);
    const [grants] = await queryRows<Record<string, boolean>>(
      handle.db,
      sql`select has_table_privilege('app_user', 'class_members', 'INSERT') as "memberInsert",
            has_table_privilege('app_user', 'class_members', 'UPDATE') as "memberUpdate",
            has_table_privilege('app_user', 'classes', 'INSERT') as "classInsert",
            has_column_privilege('app_user', 'classes', 'name', 'UPDATE') as "nameUpdate",
            has_column_privilege('app_user', 'classes', 'teacher_id', 'UPDATE') as "teacherUpdate",
            has_table_privilege('app_user', 'class_codes', 'INSERT') as "codeInsert",
            has_table_privilege('app_user', 'class_codes', 'UPDATE') as "codeUpdate"`,
    );
    expect(grants).toEqual({
      memberInsert: false,
      memberUpdate: false,
      classInsert: false,
      nameUpdate: true,
      teacherUpdate: false,
      codeInsert: false,
      codeUpdate: false,
    });
  });

  it('serves many teachers and readers at once', { timeout: 180_000 }, async () => {
    const teachers = await Promise.all(Array.from({ length: 4 }, (_, i) => teacher(`Teacher ${i}`)));
    const made = await Promise.all(teachers.map((t, i) => makeClass(t, `Room ${i}`)));
    const codes = await Promise.all(teachers.map((t, i) => makeCode(t, made[i]!.id)));
    expect(new Set(codes.map((c) => c.code)).size).toBe(teachers.length);
    const readers = await Promise.all(Array.from({ length: 12 }, (_, i) => reader(`Reader ${i}`)));
    // Each reader joins the class of teacher i % 4, and previews it first, all at once.
    const previews = await Promise.all(readers.map((r, i) => preview(r, codes[i % 4]!.code)));
    expect(previews.map((p) => p.status)).toEqual(readers.map(() => 200));
    const joins = await Promise.all(readers.map((r, i) => join(r, codes[i % 4]!.code)));
    expect(joins.map((j) => j.status)).toEqual(readers.map(() => 201));
    const rosters = await Promise.all(teachers.map((t, i) => detailOf(t, made[i]!.id)));
    for (const [i, roster] of rosters.entries())
      expect(roster.pupils.map((p) => p.userId).sort()).toEqual(
        readers
          .filter((_, j) => j % 4 === i)
          .map((r) => r.userId)
          .sort(),
      );
    const reports = await Promise.all(readers.map((r, i) => reportOf(teachers[i % 4]!, r.userId)));
    expect(reports.map((x) => x.status)).toEqual(readers.map(() => 200));
    const strangers = await Promise.all(readers.map((r, i) => reportOf(teachers[(i + 1) % 4]!, r.userId)));
    expect(strangers.map((x) => x.status)).toEqual(readers.map(() => 404));
    const rooms = await Promise.all(readers.map((r) => classroomOf(r)));
    expect(rooms.map((c) => c.map((x) => x.teacherName))).toEqual(
      readers.map((_, i) => [`Teacher ${i % 4}`]),
    );
    const rows = await asSystem(handle.db, (tx) =>
      tx
        .select()
        .from(classMembers)
        .where(
          and(
            inArray(
              classMembers.studentId,
              readers.map((r) => r.userId),
            ),
            or(...made.map((c) => eq(classMembers.classId, c.id))),
          ),
        ),
    );
    expect(rows).toHaveLength(readers.length);
  });
});
