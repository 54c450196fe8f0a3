/**
 * Class Analytics on PGlite and PostgreSQL (docs/decisions/0050-class-analytics-and-reports.md;
 * core/api/class-analytics.ts): GET /api/classes/:classId/analytics gives a class's assignments in a period with the
 * class's medians, every reader now in the class with their latest counted reading of each, and the words read
 * wrong. A class with a known timeline (set in the past through the services, with their `now`) checks every figure;
 * then what does not count, the period, bad input, who may ask, row-level security, account deletion and several
 * teachers at once.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLASS_WORDS_TO_TEACH_MAX,
  ClassAnalyticsSchema,
  READER_WORDS_TO_PRACTISE_MAX,
  type ClassAnalytics,
} from '../core/api/class-analytics.ts';
import type { FluencyResult } from '../core/fluency/result.schema.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem, asUser } from '../server/db/rls.ts';
import { assignments, classes, classMembers, readingSessions, stories } from '../server/db/schema.ts';
import { createAssignment } from '../server/routes/assignments/assignments.service.ts';
import { roundedMedian } from '../server/routes/class-analytics/class-analytics.service.ts';
import {
  createClass,
  joinClass,
  leaveClass,
  makeClassCode,
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

const PASSWORD = 'purple-otter-reads-42';

/** A time of March 2026 (UTC), to build a timeline in the past. */
const at = (iso: string) => new Date(`2026-03-${iso}Z`);

type Mark = 'correct' | 'substitution' | 'omission' | 'unsure';

/** A scored result (core/fluency/result.schema.ts) of these passage words, as printed, with their marks. */
function resultOf(words: [string, Mark][]): FluencyResult {
  const errors = words.filter(([, m]) => m === 'substitution' || m === 'omission').length;
  return {
    engine: 'pocketsphinx',
    durationSeconds: 10,
    readingSeconds: 8,
    wordsTotal: words.length,
    wordsAttempted: words.length,
    wordsCorrect: words.length - errors,
    errors,
    wcpm: 60,
    accuracy: 90,
    fluencyScore: 60,
    words: words.map(([text, mark], index) => ({
      index,
      text,
      status: mark === 'unsure' ? 'correct' : mark,
      heard: mark === 'omission' ? null : text.toLowerCase(),
      start: mark === 'omission' ? null : index,
      end: mark === 'omission' ? null : index + 0.5,
      hesitation: false,
      unsure: mark === 'unsure',
    })),
    insertions: [],
    repetitions: [],
  };
}

describe('roundedMedian', () => {
  it('is the middle value, or the mean of the middle two, rounded; null for none', () => {
    expect(roundedMedian([])).toBeNull();
    expect(roundedMedian([40, 70.5, 60.5])).toBe(61);
    expect(roundedMedian([91, 80])).toBe(86);
    expect(roundedMedian([99, 96])).toBe(98);
    expect(roundedMedian([10, 20, 30, 1000])).toBe(25);
    expect(roundedMedian([7.4])).toBe(7);
  });
});

describe(`class analytics (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  /** The Red Hen, A Big Dog, The Sun (never set). */
  let henId: string;
  let dogId: string;
  let sunId: string;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
    const made = await asSystem(handle.db, (tx) =>
      tx
        .insert(stories)
        .values([
          { title: 'The Red Hen', body: 'The red hen found a seed.', gradeBand: '1', wordCount: 6 },
          { title: 'A Big Dog', body: 'A big dog ran.', gradeBand: 'K', wordCount: 4 },
          { title: 'The Sun', body: 'The sun is hot.', gradeBand: 'K' },
        ])
        .returning({ id: stories.id }),
    );
    [henId, dogId, sunId] = made.map((s) => s.id) as [string, string, string];
  });
  afterAll(async () => {
    await handle?.close();
  });

  type Person = { client: TestBrowser; userId: string };
  const teacher = (name: string) =>
    createSignedInClient(app, handle, { display_name: name, user_type: 'teacher' });
  const analyticsOf = (person: Person, classId: string, query = '') =>
    person.client.request(`/api/classes/${classId}/analytics${query}`);
  async function figuresOf(person: Person, classId: string, query = ''): Promise<ClassAnalytics> {
    const res = await analyticsOf(person, classId, query);
    expect(res.status, query).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return ClassAnalyticsSchema.parse(await res.json());
  }
  /** A reader account (no session): their profile's name and grade. */
  const pupil = (displayName: string, grade: string | null = null) =>
    createTestUser(handle, { displayName, grade }).then((u) => u.id);
  /** A class of `teacherId` made at `now`, with a code live from then. */
  async function classAt(teacherId: string, name: string, now: Date) {
    const cls = await createClass(handle.db, teacherId, { name, grade: '2' }, now);
    const code = (await makeClassCode(handle.db, teacherId, cls.id, now))!.code;
    return { cls, code };
  }
  /** A reading saved as the reading route saves one (server work); scored unless wpm is null. @returns its id */
  async function saveReading(
    userId: string,
    storyId: string,
    createdAt: Date,
    wpm: number | null,
    accuracy: number | null,
    extra: Partial<typeof readingSessions.$inferInsert> = {},
  ): Promise<string> {
    const [row] = await asSystem(handle.db, (tx) =>
      tx
        .insert(readingSessions)
        .values({
          userId,
          storyId,
          storyTitle: 'A story',
          fluencyScore: 70,
          wordsPerMinute: wpm,
          accuracyPercentage: accuracy,
          createdAt,
          ...extra,
        })
        .returning({ id: readingSessions.id }),
    );
    return row!.id;
  }

  /**
   * Ms Rivera's Room 4 (March 2026): Ann, ben (lower case: sorted as a person reads), Dot and Eve join on the 2nd,
   * Cal on the 5th. A1 (The Red Hen) is set at the last millisecond of the 3rd, A2 (A Big Dog) at the first of the
   * 10th. Dot leaves after reading both. Eve reads nothing.
   */
  async function roomFour() {
    const t = await teacher('Ms Rivera');
    const { cls, code } = await classAt(t.userId, 'Room 4', at('02T08:00:00'));
    const [ann, ben, cal, dot, eve] = await Promise.all([
      pupil('Ann', '2'),
      pupil('ben', '3'),
      pupil('Cal'),
      pupil('Dot', '2'),
      pupil('Eve', 'K'),
    ]);
    for (const id of [ann, ben, dot, eve]) await joinClass(handle.db, id!, code, at('02T09:00:00'));
    await joinClass(handle.db, cal!, code, at('05T12:00:00'));
    const a1 = await createAssignment(handle.db, t.userId, cls.id, { storyId: henId }, at('03T23:59:59.999'));
    const a2 = await createAssignment(handle.db, t.userId, cls.id, { storyId: dogId }, at('10T00:00:00.000'));
    const r = {
      // Ann, A1: before it was set (no), an older reading, the latest, then unscored, for a screening, another story.
      annBefore: await saveReading(ann!, henId, at('03T12:00:00'), 200, 100),
      annOld: await saveReading(ann!, henId, at('04T10:00:00'), 50, 80, {
        wordResults: resultOf([
          ['The', 'correct'],
          ['found', 'substitution'],
        ]),
      }),
      annA1: await saveReading(ann!, henId, at('05T10:00:00'), 60.5, 90.5, {
        wordResults: resultOf([
          ['“Dog,”', 'substitution'],
          ['red', 'unsure'],
          ['hen', 'omission'],
          ['dog', 'omission'],
          ['seed.', 'unsure'],
        ]),
      }),
      annUnscored: await saveReading(ann!, henId, at('06T10:00:00'), null, null),
      annScreening: await saveReading(ann!, henId, at('06T11:00:00'), 150, 100, {
        mode: 'assessment',
        forScreening: true,
      }),
      annSun: await saveReading(ann!, sunId, at('06T12:00:00'), 33, 99),
      annA2: await saveReading(ann!, dogId, at('11T10:00:00'), 80, 96, {
        wordResults: resultOf([
          ['A', 'correct'],
          ['big', 'omission'],
          ['dog', 'substitution'],
        ]),
      }),
      // ben: two readings of A1 at one time (the greater id wins); A2 read twice (the later wins).
      benA1: await benTie(ben!),
      benOldA2: await saveReading(ben!, dogId, at('10T05:00:00'), 20, 50, {
        wordResults: resultOf([['ran', 'omission']]),
      }),
      benA2: await saveReading(ben!, dogId, at('11T11:00:00'), 91, 99, {
        wordResults: resultOf([['big', 'substitution']]),
      }),
      // Cal reads A1 after it was set but before joining (not asked of Cal), and A2 with a damaged result (it
      // counts, without words).
      calBeforeJoin: await saveReading(cal!, henId, at('05T11:00:00'), 300, 100),
      calA2: await saveReading(cal!, dogId, at('12T09:00:00'), 40, 70, {
        wordResults: { words: [{ text: 'hen', status: 'omission' }, 'garbage'] },
      }),
      // Dot reads both, then leaves.
      dotA1: await saveReading(dot!, henId, at('04T09:00:00'), 999, 100, {
        wordResults: resultOf([['zebra', 'omission']]),
      }),
      dotA2: await saveReading(dot!, dogId, at('11T09:00:00'), 999, 100, {
        wordResults: resultOf([['zebra', 'omission']]),
      }),
    };
    expect(await leaveClass(handle.db, dot!, cls.id)).toBe(true);
    return { t, cls, a1, a2, r, ids: { ann: ann!, ben: ben!, cal: cal!, dot: dot!, eve: eve! } };
  }
  /** Two scored readings of A1 by `benId` at one time: the one with the greater id counts. @returns its id */
  async function benTie(benId: string): Promise<string> {
    const [low, high] = [randomUUID(), randomUUID()].sort() as [string, string];
    const time = at('04T11:00:00');
    await saveReading(benId, henId, time, 10, 10, { id: low, wordResults: resultOf([['seed', 'omission']]) });
    await saveReading(benId, henId, time, 70.5, 95, {
      id: high,
      wordResults: resultOf([
        ['Hen!', 'substitution'],
        ['the', 'unsure'],
      ]),
    });
    return high;
  }
  /** Room 4, made once for the tests that read it (none of them changes it for the next). */
  let four: ReturnType<typeof roomFour> | undefined;
  const fourSetUp = () => (four ??= roomFour());

  it(
    'gives the whole picture of a class: medians, points in order, words to practise and to teach',
    { timeout: 90_000 },
    async () => {
      const { t, cls, a1, a2, r, ids } = await fourSetUp();
      const body = await figuresOf(t, cls.id);
      expect(body).toEqual({
        class: { id: cls.id, name: 'Room 4', grade: '2' },
        from: null,
        to: null,
        assignments: [
          {
            id: a1.id,
            storyId: henId,
            storyTitle: 'The Red Hen',
            wordCount: 6,
            dueOn: null,
            assignedAt: '2026-03-03T23:59:59.999Z',
            pupilCount: 4,
            doneCount: 2,
            // An even count: wpm (60.5 + 70.5) / 2 = 65.5 → 66; accuracy (90.5 + 95) / 2 = 92.75 → 93
            medianWpm: 66,
            medianAccuracy: 93,
          },
          {
            id: a2.id,
            storyId: dogId,
            storyTitle: 'A Big Dog',
            wordCount: 4,
            dueOn: null,
            assignedAt: '2026-03-10T00:00:00.000Z',
            pupilCount: 4,
            doneCount: 3,
            // wpm 40, 80, 91 → 80; accuracy 70, 96, 99 → 96
            medianWpm: 80,
            medianAccuracy: 96,
          },
        ],
        readers: [
          {
            userId: ids.ann,
            displayName: 'Ann',
            grade: '2',
            joinedAt: '2026-03-02T09:00:00.000Z',
            points: [
              {
                assignmentId: a1.id,
                readingId: r.annA1,
                at: '2026-03-05T10:00:00.000Z',
                wpm: 60.5,
                accuracy: 90.5,
                unsureCount: 2,
              },
              {
                assignmentId: a2.id,
                readingId: r.annA2,
                at: '2026-03-11T10:00:00.000Z',
                wpm: 80,
                accuracy: 96,
                unsureCount: 0,
              },
            ],
            // “Dog,” and dog are one word, once a reading: in 2 assignments. Her older reading's "found" is gone.
            wordsToPractise: [
              { word: 'dog', count: 2 },
              { word: 'big', count: 1 },
              { word: 'hen', count: 1 },
            ],
          },
          {
            userId: ids.ben,
            displayName: 'ben',
            grade: '3',
            joinedAt: '2026-03-02T09:00:00.000Z',
            points: [
              {
                assignmentId: a1.id,
                readingId: r.benA1,
                at: '2026-03-04T11:00:00.000Z',
                wpm: 70.5,
                accuracy: 95,
                unsureCount: 1,
              },
              {
                assignmentId: a2.id,
                readingId: r.benA2,
                at: '2026-03-11T11:00:00.000Z',
                wpm: 91,
                accuracy: 99,
                unsureCount: 0,
              },
            ],
            wordsToPractise: [
              { word: 'big', count: 1 },
              { word: 'hen', count: 1 },
            ],
          },
          {
            userId: ids.cal,
            displayName: 'Cal',
            grade: null,
            joinedAt: '2026-03-05T12:00:00.000Z',
            points: [
              {
                assignmentId: a2.id,
                readingId: r.calA2,
                at: '2026-03-12T09:00:00.000Z',
                wpm: 40,
                accuracy: 70,
                unsureCount: 0,
              },
            ],
            wordsToPractise: [],
          },
          {
            userId: ids.eve,
            displayName: 'Eve',
            grade: 'K',
            joinedAt: '2026-03-02T09:00:00.000Z',
            points: [],
            wordsToPractise: [],
          },
        ],
        // By readers: big (Ann, ben), hen (Ann, ben), dog (Ann). Dot's "zebra" left with Dot.
        wordsToTeach: [
          { word: 'big', count: 2 },
          { word: 'hen', count: 2 },
          { word: 'dog', count: 1 },
        ],
      });
    },
  );

  it('counts a reader’s latest reading, and nothing made before the set or the join, of another story, unscored or for a screening', async () => {
    const { t, cls, a1, r, ids } = await fourSetUp();
    const body = await figuresOf(t, cls.id, '?to=2026-03-09');
    const readingIds = body.readers.flatMap((x) => x.points.map((p) => p.readingId));
    for (const not of [
      r.annBefore,
      r.annOld,
      r.annUnscored,
      r.annScreening,
      r.annSun,
      r.benOldA2,
      r.calBeforeJoin,
      r.dotA1,
    ])
      expect(readingIds).not.toContain(not);
    expect(body.readers.map((x) => x.userId)).not.toContain(ids.dot);
    // A later reading becomes the one that counts, and its figures move the median (60.5, 70.5, 100 → 71; 90.5, 95,
    // 100 → 95); a later unscored one does not.
    const newer = await saveReading(ids.eve, henId, new Date(), 100, 100, {
      wordResults: resultOf([['seed.', 'omission']]),
    });
    await saveReading(ids.eve, henId, new Date(Date.now() + 1000), null, null);
    let after: ClassAnalytics;
    try {
      after = await figuresOf(t, cls.id, '?to=2026-03-09');
    } finally {
      await asSystem(handle.db, (tx) =>
        tx.delete(readingSessions).where(eq(readingSessions.userId, ids.eve)),
      );
    }
    expect(after.assignments[0]).toMatchObject({
      id: a1.id,
      doneCount: 3,
      medianWpm: 71,
      medianAccuracy: 95,
    });
    expect(after.readers.find((x) => x.userId === ids.eve)!.points).toEqual([
      expect.objectContaining({ assignmentId: a1.id, readingId: newer, wpm: 100 }),
    ]);
    expect(after.wordsToTeach).toEqual([
      { word: 'hen', count: 2 },
      { word: 'dog', count: 1 },
      { word: 'seed', count: 1 },
    ]);
  });

  it('selects assignments by the UTC day they were set, both edges included', async () => {
    const { t, cls, a1, a2 } = await fourSetUp();
    const cases: [string, string[]][] = [
      ['', [a1.id, a2.id]],
      ['?from=2026-03-03&to=2026-03-10', [a1.id, a2.id]],
      ['?from=2026-03-03&to=2026-03-03', [a1.id]],
      ['?from=2026-03-10&to=2026-03-10', [a2.id]],
      ['?from=2026-03-04&to=2026-03-09', []],
      ['?from=2026-03-04', [a2.id]],
      ['?from=2026-03-11', []],
      ['?to=2026-03-09', [a1.id]],
      ['?to=2026-03-02', []],
    ];
    for (const [query, expected] of cases) {
      const body = await figuresOf(t, cls.id, query);
      expect(
        body.assignments.map((a) => a.id),
        query,
      ).toEqual(expected);
      const params = new URLSearchParams(query);
      expect([body.from, body.to]).toEqual([params.get('from'), params.get('to')]);
      // Every reader now in the class stays listed; only points of the period's assignments.
      expect(body.readers).toHaveLength(4);
      for (const reader of body.readers)
        for (const p of reader.points) expect(expected).toContain(p.assignmentId);
    }
    // Words come from the period's readings only.
    expect((await figuresOf(t, cls.id, '?from=2026-03-04')).wordsToTeach).toEqual([
      { word: 'big', count: 2 },
      { word: 'dog', count: 1 },
    ]);
  });

  it(
    'refuses bad queries (422) and answers a class not the teacher’s as unknown (404)',
    { timeout: 90_000 },
    async () => {
      const { t, cls } = await fourSetUp();
      for (const query of [
        '?from=2026-03-10&to=2026-03-03',
        '?from=2026-02-30',
        '?to=10/03/2026',
        '?from=',
        '?from=2026-3-1',
        '?grade=2',
        '?from=2026-03-03&from=2026-03-04',
        `?from=${'2026-03-03'.repeat(2000)}`,
        // Days the database cannot take (a year 0, or the day after 9999-12-31), and far outside a school's years.
        '?to=9999-12-31',
        '?from=0000-01-01',
        '?to=0000-01-01',
        '?from=1999-12-31',
        '?to=3000-01-01',
      ]) {
        const res = await analyticsOf(t, cls.id, query);
        expect(res.status, query.slice(0, 60)).toBe(422);
        expect((await errorOf(res)).code).toBe('invalid_input');
      }
      const other = await teacher('Mr Lee');
      const refusals = [
        await analyticsOf(other, cls.id),
        await analyticsOf(t, randomUUID()),
        await analyticsOf(t, 'not-a-uuid'),
        await analyticsOf(t, `${cls.id}'--`),
      ];
      const bodies = await Promise.all(
        refusals.map(async (res) => {
          expect(res.status).toBe(404);
          return res.json();
        }),
      );
      for (const b of bodies) expect(b).toEqual({ error: { code: 'not_found', message: 'No such class.' } });
    },
  );

  it(
    'answers only a signed-in teacher: 403 for a reader or guardian, 401 signed out',
    { timeout: 90_000 },
    async () => {
      const { cls } = await fourSetUp();
      const [reader, guardian] = await Promise.all([
        createSignedInClient(app, handle, { display_name: 'Kit', user_type: 'student' }),
        createSignedInClient(app, handle, { display_name: 'Gran', user_type: 'guardian' }),
      ]);
      for (const person of [reader, guardian]) {
        const res = await analyticsOf(person, cls.id);
        expect(res.status).toBe(403);
        expect((await errorOf(res)).code).toBe('not_a_teacher');
      }
      const res = await createBrowser(app).request(`/api/classes/${cls.id}/analytics`);
      expect(res.status).toBe(401);
      expect((await errorOf(res)).code).toBe('unauthenticated');
    },
  );

  it(
    'keeps one teacher’s figures from another, even for a reader in both their classes',
    { timeout: 90_000 },
    async () => {
      const { t, cls, ids } = await fourSetUp();
      const lee = await teacher('Mr Lee');
      const { cls: nine, code } = await classAt(lee.userId, 'Room 9', at('04T00:00:00'));
      await joinClass(handle.db, ids.ann, code, at('04T01:00:00'));
      // Mr Lee sets The Red Hen too: Ann's reading of the 5th is one he asked for as well.
      const his = await createAssignment(
        handle.db,
        lee.userId,
        nine.id,
        { storyId: henId },
        at('05T00:00:00'),
      );
      const body = await figuresOf(lee, nine.id);
      expect(body.assignments).toEqual([
        expect.objectContaining({
          id: his.id,
          pupilCount: 1,
          doneCount: 1,
          medianWpm: 61,
          medianAccuracy: 91,
        }),
      ]);
      expect(body.readers).toEqual([
        expect.objectContaining({
          userId: ids.ann,
          points: [expect.objectContaining({ assignmentId: his.id, readingId: expect.any(String) })],
          wordsToPractise: [
            { word: 'dog', count: 1 },
            { word: 'hen', count: 1 },
          ],
        }),
      ]);
      // Ms Rivera's A Big Dog is not his: its reading and words are not in his figures.
      expect(body.wordsToTeach.map((w) => w.word)).not.toContain('big');
      expect((await analyticsOf(lee, cls.id)).status).toBe(404);
      // Nor may he read her class, memberships or assignments as himself in the database.
      const direct = await asUser(handle.db, lee.userId, async (tx) => ({
        classes: await tx.select().from(classes).where(eq(classes.id, cls.id)),
        members: await tx.select().from(classMembers).where(eq(classMembers.classId, cls.id)),
        assignments: await tx.select().from(assignments).where(eq(assignments.classId, cls.id)),
        readings: await tx.select().from(readingSessions).where(eq(readingSessions.userId, ids.ann)),
      }));
      expect(direct).toEqual({ classes: [], members: [], assignments: [], readings: [] });
      // Ms Rivera's figures did not change with his class.
      expect((await figuresOf(t, cls.id)).readers.map((x) => x.points.length)).toEqual([2, 2, 1, 0]);
    },
  );

  it('gives an empty class empty figures', async () => {
    const t = await teacher('Ms New');
    const { cls } = await classAt(t.userId, 'Empty', new Date());
    expect(await figuresOf(t, cls.id, '?from=2026-01-01')).toEqual({
      class: { id: cls.id, name: 'Empty', grade: '2' },
      from: '2026-01-01',
      to: null,
      assignments: [],
      readers: [],
      wordsToTeach: [],
    });
  });

  it(`lists at most ${CLASS_WORDS_TO_TEACH_MAX} words to teach and ${READER_WORDS_TO_PRACTISE_MAX} to practise, most first then A–Z`, async () => {
    const t = await teacher('Ms Words');
    const now = new Date();
    const { cls, code } = await classAt(t.userId, 'Words', now);
    const [pia, raj] = await Promise.all([pupil('Pia'), pupil('Raj')]);
    for (const id of [pia!, raj!]) await joinClass(handle.db, id, code, now);
    const a = await createAssignment(handle.db, t.userId, cls.id, { storyId: henId }, now);
    const words = Array.from({ length: 15 }, (_, i) => `w${String(i).padStart(2, '0')}`);
    // Pia misses all 15; Raj the last 3 (so w12–w14 are read wrong by two readers).
    await saveReading(pia!, henId, new Date(now.getTime() + 1000), 50, 50, {
      wordResults: resultOf(words.map((w) => [w, 'omission'])),
    });
    await saveReading(raj!, henId, new Date(now.getTime() + 1000), 50, 50, {
      wordResults: resultOf(words.slice(12).map((w) => [w, 'substitution'])),
    });
    const body = await figuresOf(t, cls.id);
    expect(body.assignments.map((x) => x.id)).toEqual([a.id]);
    expect(body.wordsToTeach).toEqual([
      ...['w12', 'w13', 'w14'].map((word) => ({ word, count: 2 })),
      ...words.slice(0, CLASS_WORDS_TO_TEACH_MAX - 3).map((word) => ({ word, count: 1 })),
    ]);
    expect(body.readers[0]!.wordsToPractise).toEqual(
      words.slice(0, READER_WORDS_TO_PRACTISE_MAX).map((word) => ({ word, count: 1 })),
    );
  });

  it('shows a name and "I" with their capital, a word capitalised only at a sentence start lower-cased', async () => {
    // ADR 0050's amendment (core/text/shown-word.ts): the passage decides, not the word as the reading had it.
    const [story] = await asSystem(handle.db, (tx) =>
      tx
        .insert(stories)
        .values({
          title: 'Sam at the Park',
          body: 'Sam ran to the park. The dog saw Sam and Max. I ran too.',
          gradeBand: '1',
        })
        .returning({ id: stories.id }),
    );
    const t = await teacher('Ms Capital');
    const now = new Date();
    const { cls, code } = await classAt(t.userId, 'Capitals', now);
    const [kai, lu] = await Promise.all([pupil('Kai'), pupil('Lu')]);
    for (const id of [kai!, lu!]) await joinClass(handle.db, id, code, now);
    await createAssignment(handle.db, t.userId, cls.id, { storyId: story!.id }, now);
    // "Sam" as the reading had it starts a sentence, but the passage prints him mid-sentence too.
    await saveReading(kai!, story!.id, new Date(now.getTime() + 1000), 40, 70, {
      wordResults: resultOf([
        ['Sam', 'omission'],
        ['The', 'substitution'],
        ['I', 'omission'],
        ['Max.', 'omission'],
        ['park.', 'substitution'],
      ]),
    });
    await saveReading(lu!, story!.id, new Date(now.getTime() + 1000), 40, 70, {
      wordResults: resultOf([['Sam', 'substitution']]),
    });
    const body = await figuresOf(t, cls.id);
    expect(body.wordsToTeach).toEqual([
      { word: 'Sam', count: 2 },
      { word: 'I', count: 1 },
      { word: 'Max', count: 1 },
      { word: 'park', count: 1 },
      { word: 'the', count: 1 },
    ]);
    expect(body.readers.find((r) => r.userId === lu)!.wordsToPractise).toEqual([{ word: 'Sam', count: 1 }]);
  });

  it('takes each word’s capital from the passage of the story it was read wrong in', async () => {
    // Each passage prints one name mid-sentence and the other only at a sentence start: a word read wrong is shown
    // as its own story prints it, not as another story set to the class does (nor one nobody read wrong).
    const [dogPip, catMax, unread] = await asSystem(handle.db, (tx) =>
      tx
        .insert(stories)
        .values([
          { title: 'Pip and the Dog', body: 'The dog saw Pip. Max ran home.', gradeBand: '1' },
          { title: 'Max and the Cat', body: 'Pip ran. The cat saw Max.', gradeBand: '1' },
          { title: 'Nobody Misses', body: 'Then Max and Pip and Kit sat.', gradeBand: '1' },
        ])
        .returning({ id: stories.id }),
    );
    const t = await teacher('Ms Passages');
    const now = new Date();
    const { cls, code } = await classAt(t.userId, 'Passages', now);
    const [nia, oz] = await Promise.all([pupil('Nia'), pupil('Oz')]);
    for (const id of [nia!, oz!]) await joinClass(handle.db, id, code, now);
    for (const story of [dogPip!, catMax!, unread!])
      await createAssignment(handle.db, t.userId, cls.id, { storyId: story.id }, now);
    await saveReading(nia!, dogPip!.id, new Date(now.getTime() + 1000), 40, 70, {
      wordResults: resultOf([['Max', 'omission']]),
    });
    await saveReading(oz!, catMax!.id, new Date(now.getTime() + 1000), 40, 70, {
      wordResults: resultOf([['Pip', 'substitution']]),
    });
    await saveReading(oz!, unread!.id, new Date(now.getTime() + 1000), 40, 100, {
      wordResults: resultOf([['Kit', 'correct']]),
    });
    const body = await figuresOf(t, cls.id);
    expect(body.wordsToTeach).toEqual([
      { word: 'max', count: 1 },
      { word: 'pip', count: 1 },
    ]);
    expect(body.readers.find((r) => r.userId === nia)!.wordsToPractise).toEqual([{ word: 'max', count: 1 }]);
  });

  it('drops a reader whose account is deleted', { timeout: 90_000 }, async () => {
    const t = await teacher('Ms Gone');
    const now = new Date();
    const { cls, code } = await classAt(t.userId, 'Leavers', now);
    const leaver = await createSignedInClient(app, handle, { display_name: 'Leaver', user_type: 'student' });
    const stays = await pupil('Stays');
    await joinClass(handle.db, leaver.userId, code, now);
    await joinClass(handle.db, stays!, code, now);
    await createAssignment(handle.db, t.userId, cls.id, { storyId: dogId }, now);
    await saveReading(leaver.userId, dogId, new Date(now.getTime() + 1000), 30, 60, {
      wordResults: resultOf([['ran', 'omission']]),
    });
    await saveReading(stays!, dogId, new Date(now.getTime() + 1000), 50, 90);
    const before = await figuresOf(t, cls.id);
    expect(before.assignments[0]).toMatchObject({ pupilCount: 2, doneCount: 2, medianWpm: 40 });
    expect(before.wordsToTeach).toEqual([{ word: 'ran', count: 1 }]);
    const gone = await leaver.client.request('/api/account', {
      method: 'DELETE',
      json: { password: PASSWORD },
    });
    expect(gone.status).toBe(200);
    const after = await figuresOf(t, cls.id);
    expect(after.readers.map((x) => x.displayName)).toEqual(['Stays']);
    expect(after.assignments[0]).toMatchObject({
      pupilCount: 1,
      doneCount: 1,
      medianWpm: 50,
      medianAccuracy: 90,
    });
    expect(after.wordsToTeach).toEqual([]);
  });

  it('gives each of several teachers asking at once their own figures', { timeout: 120_000 }, async () => {
    const teachers = await Promise.all(['Ms A', 'Mr B', 'Ms C', 'Mr D'].map((n) => teacher(n)));
    const now = new Date();
    const setUp = await Promise.all(
      teachers.map(async (t, i) => {
        const { cls, code } = await classAt(t.userId, `Room ${i}`, now);
        const readerId = (await pupil(`Reader ${i}`))!;
        await joinClass(handle.db, readerId, code, now);
        const a = await createAssignment(handle.db, t.userId, cls.id, { storyId: henId }, now);
        await saveReading(readerId, henId, new Date(now.getTime() + 1000), 10 * (i + 1), 90, {
          wordResults: resultOf([[`word${i}`, 'omission']]),
        });
        return { t, cls, a, readerId, i };
      }),
    );
    const asked = Array.from({ length: 20 }, (_, k) => setUp[k % setUp.length]!);
    const answers = await Promise.all(asked.map((s) => figuresOf(s.t, s.cls.id)));
    for (const [k, body] of answers.entries()) {
      const s = asked[k]!;
      expect(body.class.id).toBe(s.cls.id);
      expect(body.assignments.map((a) => [a.id, a.medianWpm])).toEqual([[s.a.id, 10 * (s.i + 1)]]);
      expect(body.readers.map((r) => r.userId)).toEqual([s.readerId]);
      expect(body.wordsToTeach).toEqual([{ word: `word${s.i}`, count: 1 }]);
    }
  });
});
