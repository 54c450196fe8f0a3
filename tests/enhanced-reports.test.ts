/**
 * Enhanced Reports on PGlite and PostgreSQL (docs/decisions/0053-enhanced-reports.md; core/api/enhanced-reports.ts):
 * a reader's own report (GET /api/reports/enhanced) and a guardian's of a followed reader (GET
 * /api/family/children/:childId/enhanced-report) give exact weekly figures, miscues by type and words to practise
 * from seeded readings; the reader's time zone decides the weeks; the newest ENHANCED_READINGS_MAX are counted; bad
 * and hostile queries are refused; only a followed reader's report is answered, and not after the link or the
 * account is gone; many requests at once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENHANCED_READINGS_MAX,
  EnhancedReportSchema,
  type EnhancedReport,
} from '../core/api/enhanced-reports.ts';
import { computeMetrics } from '../core/fluency/metrics.ts';
import type { FluencyResult } from '../core/fluency/result.schema.ts';
import { weekStartOf } from '../core/goals/week.ts';
import { addDays } from '../core/time/calendar-day.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem } from '../server/db/rls.ts';
import { profiles, readingSessions, stories } from '../server/db/schema.ts';
import {
  childEnhancedReport,
  ownEnhancedReport,
} from '../server/routes/enhanced-reports/enhanced-reports.service.ts';
import { createBrowser, createTestApp, errorOf, type TestApp } from './helpers/app.ts';
import { createTestUser, openTestDatabase, testDatabaseKind } from './helpers/database.ts';
import { follow, signUpGuardian, signUpReader, type FamilyPerson } from './helpers/family.ts';

const PASSWORD = 'purple-otter-reads-42';

type Status = FluencyResult['words'][number]['status'];

/**
 * A saved result (core/fluency/result.schema.ts) of these passage words with their statuses; a word marked 'paused'
 * came after a pause of more than 3 s (`hesitation`).
 */
function resultOf(
  words: ([string, Status] | [string, Status, 'paused'])[],
  extra: { insertions?: string[]; repetitions?: number } = {},
): FluencyResult {
  const errors = words.filter(([, s]) => s === 'substitution' || s === 'omission').length;
  return {
    engine: 'pocketsphinx',
    durationSeconds: 10,
    readingSeconds: 8,
    wordsTotal: words.length,
    wordsAttempted: words.filter(([, s]) => s !== 'not_reached').length,
    wordsCorrect: words.filter(([, s]) => s === 'correct' || s === 'self_correction').length,
    errors,
    wcpm: 60,
    accuracy: 90,
    fluencyScore: 60,
    words: words.map(([text, status, paused], index) => ({
      index,
      text,
      status,
      heard: status === 'omission' || status === 'not_reached' ? null : text.toLowerCase(),
      start: index,
      end: index + 0.5,
      hesitation: paused === 'paused',
      unsure: false,
    })),
    insertions: (extra.insertions ?? []).map((heard, i) => ({
      afterIndex: i,
      heard,
      start: i,
      end: i + 0.2,
    })),
    repetitions: Array.from({ length: extra.repetitions ?? 0 }, (_, i) => ({
      index: i,
      start: i,
      end: i + 0.3,
    })),
  };
}

/** One reading row to insert. */
interface Seed {
  at: Date;
  wpm: number | null;
  accuracy: number | null;
  fluency?: number | null;
  seconds?: number | null;
  result?: FluencyResult | null;
  forScreening?: boolean;
  mode?: 'practice' | 'assessment';
  storyId?: string;
}

/** Noon UTC of `day` (YYYY-MM-DD), plus `minutes`. */
const noon = (day: string, minutes = 0) => new Date(Date.parse(`${day}T12:00:00Z`) + minutes * 60_000);

describe(`enhanced reports (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  type Person = FamilyPerson;
  const reader = (name = 'Mia') => signUpReader(app, handle, name, { grade: '2' });
  const guardian = (name = 'Dad') => signUpGuardian(app, handle, name);
  const own = (person: Person, query = '') => person.client.request(`/api/reports/enhanced${query}`);
  const ofChild = (person: Person, childId: string, query = '') =>
    person.client.request(`/api/family/children/${encodeURIComponent(childId)}/enhanced-report${query}`);
  async function reportOf(res: Response): Promise<EnhancedReport> {
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return EnhancedReportSchema.parse(await res.json());
  }
  async function seed(userId: string, rows: Seed[]) {
    if (rows.length === 0) return;
    await asSystem(handle.db, (tx) =>
      tx.insert(readingSessions).values(
        rows.map((r, i) => ({
          userId,
          storyTitle: `Story ${i}`,
          createdAt: r.at,
          wordsPerMinute: r.wpm,
          accuracyPercentage: r.accuracy,
          fluencyScore: r.fluency === undefined ? 70 : r.fluency,
          readingSeconds: r.seconds === undefined ? 30 : r.seconds,
          wordResults: r.result ?? null,
          forScreening: r.forScreening ?? false,
          mode: r.mode ?? 'practice',
          storyId: r.storyId ?? null,
        })),
      ),
    );
  }

  /**
   * A reader's readings about this week (UTC: a new account has no time zone): two this Monday, one two weeks ago,
   * one five weeks ago, one without a fluency score (not counted); and a stranger's reading.
   */
  async function seededReader() {
    const child = await reader('Mia');
    const [story] = await asSystem(handle.db, (tx) =>
      tx
        .insert(stories)
        .values({ title: 'Sam and the Dog', body: 'The Dog ran. I saw Sam.', gradeBand: '1' })
        .returning({ id: stories.id }),
    );
    const today = new Date().toISOString().slice(0, 10);
    const w0 = weekStartOf(today);
    await seed(child.userId, [
      {
        at: noon(w0),
        wpm: 60,
        accuracy: 95,
        seconds: 30,
        result: resultOf(
          [
            ['The', 'correct'],
            ['Dog,', 'substitution'],
            ['ran.', 'omission'],
            ['big', 'self_correction'],
          ],
          { insertions: ['and', '[unclear]'], repetitions: 1 },
        ),
      },
      {
        at: noon(w0, 60),
        wpm: 70,
        accuracy: 90,
        seconds: 45.5,
        result: resultOf([
          ['The', 'correct'],
          ['dog', 'substitution'],
          ['sat', 'substitution'],
          ['down.', 'not_reached'],
        ]),
        forScreening: true,
      },
      {
        at: noon(addDays(w0, -12)),
        wpm: 40,
        accuracy: 80,
        seconds: 20,
        result: resultOf([
          ['“Dog”', 'omission'],
          ['ran', 'correct'],
          ['Sam.', 'substitution'],
        ]),
        storyId: story!.id,
      },
      { at: noon(addDays(w0, -33)), wpm: 30, accuracy: 70, seconds: null, result: null },
      { at: noon(w0, 120), wpm: 99, accuracy: 99, fluency: null },
    ]);
    const stranger = await createTestUser(handle);
    await seed(stranger.id, [{ at: noon(w0), wpm: 10, accuracy: 10 }]);
    return { child, today, w0 };
  }

  it('gives a reader their own weeks, miscues and words to practise, exactly', async () => {
    const { child, today, w0 } = await seededReader();

    const four = await reportOf(await own(child));
    expect(four).toMatchObject({
      reader: { userId: child.userId, displayName: 'Mia', grade: '2', expectedWpm: 70 },
      period: 'last-4-weeks',
      today,
      firstDay: addDays(w0, -21),
      totals: { readings: 3, secondsRead: 95.5, medianWpm: 60, medianAccuracy: 90 },
      capped: false,
    });
    expect(four.weeks).toEqual([
      { weekStart: addDays(w0, -21), readings: 0, secondsRead: 0, medianWpm: null, medianAccuracy: null },
      { weekStart: addDays(w0, -14), readings: 1, secondsRead: 20, medianWpm: 40, medianAccuracy: 80 },
      { weekStart: addDays(w0, -7), readings: 0, secondsRead: 0, medianWpm: null, medianAccuracy: null },
      // 92.5 rounds to 93.
      { weekStart: w0, readings: 2, secondsRead: 75.5, medianWpm: 65, medianAccuracy: 93 },
    ]);
    // Self-corrections, insertions (not the unclear-speech marker) and repetitions are counted, not errors.
    expect(four.miscues).toEqual({
      wordsReached: 10,
      substitutions: 4,
      omissions: 2,
      longPauses: 0,
      insertions: 1,
      selfCorrections: 1,
      repetitions: 1,
    });
    // "Dog," "dog" and “Dog” are one word (the scorer's key), once a reading, shown as first printed; a name keeps
    // its capital where its story shows it belongs to the word.
    expect(four.wordsToPractise).toEqual([
      { word: 'dog', count: 3 },
      { word: 'ran', count: 1 },
      { word: 'Sam', count: 1 },
      { word: 'sat', count: 1 },
    ]);

    const twelve = await reportOf(await own(child, '?period=last-12-weeks'));
    expect(twelve.firstDay).toBe(addDays(w0, -77));
    expect(twelve.weeks).toHaveLength(12);
    expect(twelve.weeks.find((w) => w.weekStart === addDays(w0, -35))).toEqual({
      weekStart: addDays(w0, -35),
      readings: 1,
      secondsRead: 0,
      medianWpm: 30,
      medianAccuracy: 70,
    });
    expect(twelve.totals).toEqual({ readings: 4, secondsRead: 95.5, medianWpm: 50, medianAccuracy: 85 });
    expect(twelve.miscues.wordsReached).toBe(10);

    const all = await reportOf(await own(child, '?period=all'));
    expect(all.firstDay).toBe(addDays(w0, -35));
    expect(all.weeks.map((w) => [w.weekStart, w.readings])).toEqual([
      [addDays(w0, -35), 1],
      [addDays(w0, -14), 1],
      [w0, 2],
    ]);

    // A reader with no reading: empty weeks, nulls, nothing to practise.
    const fresh = await reader('New');
    const empty = await reportOf(await own(fresh, '?period=all'));
    expect(empty).toMatchObject({ firstDay: null, weeks: [], wordsToPractise: [], capped: false });
    expect(empty.totals).toEqual({ readings: 0, secondsRead: 0, medianWpm: null, medianAccuracy: null });
  });

  it('gives a guardian the same report of a reader they follow, and nothing once they stop', async () => {
    const { child } = await seededReader();
    const adult = await guardian();
    const linkId = await follow(child, adult);
    for (const query of ['', '?period=last-12-weeks', '?period=all']) {
      const theirs = await reportOf(await ofChild(adult, child.userId, query));
      const mine = await reportOf(await own(child, query));
      expect(theirs, query).toEqual(mine);
    }

    // Another guardian, the guardian's own id, an unknown id, a malformed one: 404, whatever the query.
    const other = await guardian('Stranger');
    for (const [who, id] of [
      [other, child.userId],
      [adult, adult.userId],
      [adult, 'test-no-such-reader'],
      [adult, '../reports/enhanced'],
      [adult, 'x'.repeat(129)],
    ] as const) {
      const res = await ofChild(who, id);
      expect(res.status, id).toBe(404);
      expect((await errorOf(res)).code).toBe('not_found');
    }
    // A reader asking for another reader's report by id.
    expect((await ofChild(await reader('Nosy'), child.userId)).status).toBe(404);

    // The guardian stops following: 404 from then on.
    const removed = await adult.client.request(`/api/family/links/${linkId}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect((await ofChild(adult, child.userId)).status).toBe(404);
    expect(await childEnhancedReport(handle.db, adult.userId, child.userId, 'all', new Date())).toBeNull();
  });

  it('follows the reader’s own time zone for days and weeks', async () => {
    const tz = await createTestUser(handle, { displayName: 'Kiri', timeZone: 'Pacific/Kiritimati' });
    const utc = await createTestUser(handle, { displayName: 'Greenwich' });
    // Sunday 29 November 2026, 12:00 UTC is Monday 30 November, 02:00 in Kiritimati (UTC+14).
    const now = new Date('2026-11-29T12:00:00Z');
    const rows: Seed[] = [
      // Monday 30 November 00:30 there: this week's.
      { at: new Date('2026-11-29T10:30:00Z'), wpm: 50, accuracy: 90 },
      // Monday 9 November 00:30 there: the first day of the 4 weeks.
      { at: new Date('2026-11-08T10:30:00Z'), wpm: 40, accuracy: 80 },
      // Monday 2 November 23:00 there: before them.
      { at: new Date('2026-11-02T09:00:00Z'), wpm: 30, accuracy: 70 },
    ];
    await seed(tz.id, rows);
    await seed(utc.id, rows);
    const there = await ownEnhancedReport(handle.db, tz.id, 'last-4-weeks', now);
    expect(there).toMatchObject({ today: '2026-11-30', firstDay: '2026-11-09' });
    expect(there.weeks.map((w) => [w.weekStart, w.readings])).toEqual([
      ['2026-11-09', 1],
      ['2026-11-16', 0],
      ['2026-11-23', 0],
      ['2026-11-30', 1],
    ]);
    const here = await ownEnhancedReport(handle.db, utc.id, 'last-4-weeks', now);
    expect(here).toMatchObject({ today: '2026-11-29', firstDay: '2026-11-02' });
    expect(here.weeks.map((w) => [w.weekStart, w.readings])).toEqual([
      ['2026-11-02', 2],
      ['2026-11-09', 0],
      ['2026-11-16', 0],
      ['2026-11-23', 1],
    ]);
    // An unknown zone saved by hand falls back to UTC.
    await asSystem(handle.db, (tx) =>
      tx.update(profiles).set({ timeZone: 'Mars/Olympus' }).where(eq(profiles.userId, tz.id)),
    );
    expect((await ownEnhancedReport(handle.db, tz.id, 'last-4-weeks', now)).today).toBe('2026-11-29');
  });

  it('counts a long pause in a reading check as an error, as the scorer does, and not in practice', async () => {
    const child = await reader('Pia');
    const adult = await guardian();
    await follow(child, adult);
    const w0 = weekStartOf(new Date().toISOString().slice(0, 10));
    // A reading check (a Reading Assessment or a screening's passage is saved in assessment mode).
    const check = resultOf([
      ['The', 'correct'],
      ['Owl', 'correct', 'paused'],
      ['flew.', 'self_correction', 'paused'],
      ['High', 'substitution', 'paused'],
      ['up', 'self_correction'],
      ['trees', 'omission'],
    ]);
    // The same pauses in practice are no error.
    const practice = resultOf([
      ['owl', 'correct', 'paused'],
      ['sky', 'self_correction', 'paused'],
    ]);
    await seed(child.userId, [
      { at: noon(w0), wpm: 20, accuracy: 33.3, mode: 'assessment', result: check },
      { at: noon(w0, 30), wpm: 60, accuracy: 100, mode: 'practice', result: practice },
    ]);
    const report = await reportOf(await own(child));
    // Each word under one kind: "flew." put right after a long pause is a long pause, not a self-correction.
    expect(report.miscues).toEqual({
      wordsReached: 8,
      substitutions: 1,
      omissions: 1,
      longPauses: 2,
      insertions: 0,
      selfCorrections: 2,
      repetitions: 0,
    });
    // The errors are the scorer's own, so they agree with the accuracy it saved.
    const { substitutions, omissions, longPauses } = report.miscues;
    expect(substitutions + omissions + longPauses).toBe(
      computeMetrics(check.words, 'assessment').errors + computeMetrics(practice.words, 'practice').errors,
    );
    expect(report.wordsToPractise).toEqual([
      { word: 'flew', count: 1 },
      { word: 'high', count: 1 },
      { word: 'owl', count: 1 },
      { word: 'trees', count: 1 },
    ]);
    expect(await reportOf(await ofChild(adult, child.userId))).toEqual(report);
  });

  it('leaves out a malformed word of a saved result, and only that word', async () => {
    const child = await reader('Odd');
    const good = resultOf([
      ['cat', 'substitution'],
      ['mat', 'omission'],
      ['sat', 'correct'],
    ]);
    const broken = {
      ...good,
      words: [
        ...good.words,
        { index: 3, text: 42, status: 'substitution' },
        { index: 4, status: 'omission' },
        'nonsense',
        null,
        { index: 5, text: 'hat', status: 'substitution', hesitation: 'yes' },
      ],
    } as unknown as FluencyResult;
    await seed(child.userId, [
      { at: noon(weekStartOf(new Date().toISOString().slice(0, 10))), wpm: 50, accuracy: 60, result: broken },
    ]);
    const report = await reportOf(await own(child));
    expect(report.totals.readings).toBe(1);
    expect(report.miscues).toMatchObject({ substitutions: 1, omissions: 1, longPauses: 0 });
    expect(report.wordsToPractise).toEqual([
      { word: 'cat', count: 1 },
      { word: 'mat', count: 1 },
    ]);
  });

  it('sends a guardian no time zone: only what the page shows (ADR 0041)', async () => {
    const child = await reader('Zone');
    await asSystem(handle.db, (tx) =>
      tx.update(profiles).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(profiles.userId, child.userId)),
    );
    const adult = await guardian();
    await follow(child, adult);
    for (const res of [await ofChild(adult, child.userId), await own(child)]) {
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toMatch(/Kiritimati|timeZone|time_zone/i);
      expect(Object.keys((JSON.parse(text) as EnhancedReport).reader).sort()).toEqual([
        'displayName',
        'expectedWpm',
        'grade',
        'userId',
      ]);
    }
  });

  it('counts the newest ENHANCED_READINGS_MAX readings and says so', { timeout: 60_000 }, async () => {
    const busy = await createTestUser(handle, { displayName: 'Busy' });
    const now = new Date('2026-11-29T12:00:00Z');
    // The oldest reading is the slowest: left out, so the median stays.
    await seed(busy.id, [
      { at: new Date('2026-01-05T08:00:00Z'), wpm: 1, accuracy: 1 },
      ...Array.from({ length: ENHANCED_READINGS_MAX }, (_, i) => ({
        at: new Date(Date.parse('2026-06-01T08:00:00Z') + i * 60_000),
        wpm: 80,
        accuracy: 95,
      })),
    ]);
    const all = await ownEnhancedReport(handle.db, busy.id, 'all', now);
    expect(all).toMatchObject({ capped: true, firstDay: '2026-06-01' });
    expect(all.totals).toMatchObject({ readings: ENHANCED_READINGS_MAX, medianWpm: 80 });
    expect((await ownEnhancedReport(handle.db, busy.id, 'last-4-weeks', now)).capped).toBe(false);
  });

  it('refuses bad, oversized and hostile queries with 422, and strangers with 401', async () => {
    const child = await reader('Query');
    const adult = await guardian();
    await follow(child, adult);
    for (const query of [
      '?period=week',
      '?period=',
      '?period=ALL',
      '?period=all&period=all',
      '?period=last-4-weeks&x=1',
      '?from=2026-01-01',
      `?period=${'a'.repeat(10_000)}`,
      '?period[]=all',
      '?period=all%00',
      '?__proto__=all',
      '?constructor=x',
      '?period=%27%3B%20drop%20table%20reading_sessions%3B--',
    ]) {
      for (const res of [await own(child, query), await ofChild(adult, child.userId, query)]) {
        expect(res.status, query).toBe(422);
        expect((await errorOf(res)).code).toBe('invalid_input');
      }
    }
    const anonymous = createBrowser(app);
    expect((await anonymous.request('/api/reports/enhanced')).status).toBe(401);
    expect((await anonymous.request(`/api/family/children/${child.userId}/enhanced-report`)).status).toBe(
      401,
    );
  });

  it('answers 20 requests at once, each the same', { timeout: 60_000 }, async () => {
    const { child } = await seededReader();
    const adult = await guardian();
    await follow(child, adult);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? own(child, '?period=all') : ofChild(adult, child.userId, '?period=all'),
      ),
    );
    const reports = await Promise.all(answers.map(reportOf));
    for (const r of reports) expect(r).toEqual(reports[0]);
    expect(reports[0]!.totals.readings).toBe(4);
  });

  it('goes with the reader’s account', { timeout: 90_000 }, async () => {
    const { child } = await seededReader();
    const adult = await guardian();
    await follow(child, adult);
    expect((await ofChild(adult, child.userId)).status).toBe(200);
    const deleted = await child.client.request('/api/account', {
      method: 'DELETE',
      json: { password: PASSWORD },
    });
    expect(deleted.status).toBe(200);
    expect((await ofChild(adult, child.userId)).status).toBe(404);
    expect((await own(child)).status).toBe(401);
    const left = await asSystem(handle.db, (tx) =>
      tx.select().from(readingSessions).where(eq(readingSessions.userId, child.userId)),
    );
    expect(left).toEqual([]);
  });
});
