/**
 * Reading assignments on PGlite and PostgreSQL (docs/decisions/0047-assignments.md; core/api/assignments.ts): a
 * teacher sets a library story for a class, its readers see it on My Classroom and it is done once they save a
 * scored reading of it since it was set; the teacher sees who has read it. Roles, other teachers' classes and
 * assignments, readers who leave, bad and hostile input, the per-class bound under concurrent requests, the rate
 * limit, row-level security checked in the database itself, and many users at once.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSIGNMENT_DUE_MAX_DAYS,
  ASSIGNMENT_NOTE_MAX_CHARS,
  AssignmentDetailSchema,
  AssignmentListSchema,
  AssignmentReadingSchema,
  AssignmentResponseSchema,
  MAX_ASSIGNMENTS_PER_CLASS,
  ReaderAssignmentListSchema,
} from '../core/api/assignments.ts';
import { encodeWav } from '../core/audio/wav.ts';
import { ClassCodeResponseSchema } from '../core/api/classes.ts';
import type { FluencyResult } from '../core/fluency/result.schema.ts';
import { MAX_JSON_BYTES } from '../server/app.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem, asUser, type Tx } from '../server/db/rls.ts';
import { queryRows } from '../server/db/sql-rows.ts';
import { assignments, readingSessions, stories, users } from '../server/db/schema.ts';
import type { AppEnv } from '../server/http/app-env.ts';
import { handleError } from '../server/http/errors.ts';
import { parseWav } from '../server/speech/wav.ts';
import { createFixedWindowLimiter } from '../server/http/rate-limit.ts';
import { createAssignmentRoutes } from '../server/routes/assignments/assignments.routes.ts';
import { createAssignment, dueDayRange } from '../server/routes/assignments/assignments.service.ts';
import { createClass, joinClass, makeClassCode } from '../server/routes/classes/classes.service.ts';
import {
  createBrowser,
  createSignedInClient,
  createTestApp,
  errorOf,
  type TestApp,
  type TestBrowser,
} from './helpers/app.ts';
import { createTestUser, openTestDatabase, testDatabaseKind } from './helpers/database.ts';
import { joinWithCode, makeClass } from './helpers/classes.ts';
import { expectPgError } from './helpers/pg-errors.ts';

const DAY = 86_400_000;

/** The UTC day `days` after today, YYYY-MM-DD. */
const dayAfter = (days: number, from = Date.now()) => new Date(from + days * DAY).toISOString().slice(0, 10);

/** A scored reading's word-by-word result (core/fluency/result.schema.ts), one word marked "check this word". */
const result: FluencyResult = {
  engine: 'pocketsphinx',
  durationSeconds: 4,
  readingSeconds: 3,
  wordsTotal: 6,
  wordsAttempted: 6,
  wordsCorrect: 5,
  errors: 1,
  wcpm: 100,
  accuracy: 83.3,
  fluencyScore: 60,
  words: [
    {
      index: 0,
      text: 'The',
      status: 'correct',
      heard: 'the',
      start: 0.5,
      end: 0.7,
      hesitation: false,
      unsure: false,
    },
    {
      index: 1,
      text: 'red',
      status: 'correct',
      heard: 'red',
      start: 0.7,
      end: 1,
      hesitation: false,
      unsure: false,
    },
    {
      index: 2,
      text: 'hen',
      status: 'substitution',
      heard: 'hand',
      start: 1,
      end: 1.4,
      hesitation: false,
      unsure: false,
    },
    {
      index: 3,
      text: 'found',
      status: 'correct',
      heard: 'found',
      start: 1.5,
      end: 2,
      hesitation: false,
      unsure: false,
    },
    {
      index: 4,
      text: 'a',
      status: 'correct',
      heard: 'a',
      start: 2,
      end: 2.1,
      hesitation: false,
      unsure: false,
    },
    {
      index: 5,
      text: 'seed.',
      status: 'correct',
      heard: 'seed',
      start: 2.2,
      end: 3.5,
      hesitation: false,
      unsure: true,
    },
  ],
  insertions: [{ afterIndex: 3, heard: 'big', start: 2.0, end: 2.1 }],
  repetitions: [],
};

describe(`assignments (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  /** The app's DATA_DIR, where kept recordings live. */
  let dataDir: string;
  let storyId: string;
  let otherStoryId: string;
  /** A library story nobody assigns. */
  let unassignedStoryId: string;

  beforeAll(async () => {
    handle = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'sparky-assignments-data-'));
    app = createTestApp(handle, { DATA_DIR: dataDir });
    const made = await asSystem(handle.db, (tx) =>
      tx
        .insert(stories)
        .values([
          {
            title: 'The Red Hen',
            body: 'The red hen found a seed.',
            gradeBand: '1',
            lexile: 320,
            wordCount: 6,
          },
          { title: 'A Big Dog', body: 'A big dog ran.', gradeBand: 'K', wordCount: 4 },
          { title: 'The Sun', body: 'The sun is hot.', gradeBand: 'K', wordCount: 4 },
        ])
        .returning({ id: stories.id }),
    );
    storyId = made[0]!.id;
    otherStoryId = made[1]!.id;
    unassignedStoryId = made[2]!.id;
  });
  afterAll(async () => {
    await handle?.close();
  });

  type Person = { client: TestBrowser; userId: string; email: string };
  const teacher = (name = 'Ms Rivera') =>
    createSignedInClient(app, handle, { display_name: name, user_type: 'teacher' });
  const reader = (name = 'Mia') =>
    createSignedInClient(app, handle, { display_name: name, user_type: 'student' });
  const call = (person: Person, path: string, init: RequestInit & { json?: unknown } = {}) =>
    person.client.request(path, init);

  const assign = (person: Person, classId: string, json: unknown) =>
    call(person, `/api/classes/${classId}/assignments`, { method: 'POST', json });
  async function assigned(person: Person, classId: string, json: unknown) {
    const res = await assign(person, classId, json);
    expect(res.status).toBe(201);
    return AssignmentResponseSchema.parse(await res.json()).assignment;
  }
  async function listOf(person: Person) {
    const res = await call(person, '/api/assignments');
    expect(res.status).toBe(200);
    return AssignmentListSchema.parse(await res.json()).assignments;
  }
  async function detailOf(person: Person, id: string) {
    const res = await call(person, `/api/assignments/${id}`);
    expect(res.status).toBe(200);
    return AssignmentDetailSchema.parse(await res.json());
  }
  async function toReadOf(person: Person) {
    const res = await call(person, '/api/classroom/assignments');
    expect(res.status).toBe(200);
    return ReaderAssignmentListSchema.parse(await res.json()).assignments;
  }
  /**
   * A reading saved as the reading route saves one (server work), at `at`; scored unless `scored` is false.
   * @returns its id
   */
  async function saveReading(
    userId: string,
    story: string,
    at: Date,
    wpm = 60,
    accuracy = 95,
    scored = true,
    extra: Partial<typeof readingSessions.$inferInsert> = {},
  ): Promise<string> {
    const [row] = await asSystem(handle.db, (tx) =>
      tx
        .insert(readingSessions)
        .values({
          userId,
          storyId: story,
          storyTitle: 'A story',
          fluencyScore: 70,
          wordsPerMinute: scored ? wpm : null,
          accuracyPercentage: scored ? accuracy : null,
          createdAt: at,
          ...extra,
        })
        .returning({ id: readingSessions.id }),
    );
    return row!.id;
  }
  /** A teacher with a class, and readers in it, all through the API. */
  async function classWith(teacherName: string, ...readerNames: string[]) {
    const [t, ...rs] = await Promise.all([teacher(teacherName), ...readerNames.map((n) => reader(n))]);
    const cls = await makeClass(t!);
    await joinWithCode(t!, cls.id, ...rs);
    return { t: t!, rs, cls };
  }

  it(
    'takes an assignment from its setting to the readers reading it and the teacher seeing the figures',
    { timeout: 120_000 },
    async () => {
      const { t, rs, cls } = await classWith('Ms Rivera', 'Mia', 'Zed');
      const [mia, zed] = rs as [Person, Person];
      expect(await listOf(t)).toEqual([]);
      expect(await toReadOf(mia)).toEqual([]);
      // A scored reading of the story before it is set does not count.
      await saveReading(mia.userId, storyId, new Date(Date.now() - DAY), 99, 99);

      const dueOn = dayAfter(7);
      const res = await assign(t, cls.id, { storyId, note: '  Read it   twice ', dueOn });
      expect(res.status).toBe(201);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const a = AssignmentResponseSchema.parse(await res.json()).assignment;
      expect(a).toMatchObject({
        classId: cls.id,
        className: 'Room 4',
        storyId,
        storyTitle: 'The Red Hen',
        lexile: 320,
        wordCount: 6,
        note: 'Read it twice',
        dueOn,
        pupilCount: 2,
        doneCount: 0,
      });
      const setAt = Date.parse(a.assignedAt);
      await new Promise((resolve) => setTimeout(resolve, 5));
      // A second, without a note or day: the list is newest first.
      const b = await assigned(t, cls.id, { storyId: otherStoryId, note: '', dueOn: null });
      expect(b).toMatchObject({ note: null, dueOn: null, storyTitle: 'A Big Dog', lexile: null });
      expect((await listOf(t)).map((x) => x.id)).toEqual([b.id, a.id]);

      // The reader sees both, neither done: the one with a day first.
      const mine = await toReadOf(mia);
      expect(mine).toEqual([
        {
          id: a.id,
          classId: cls.id,
          className: 'Room 4',
          teacherName: 'Ms Rivera',
          storyId,
          storyTitle: 'The Red Hen',
          note: 'Read it twice',
          dueOn,
          assignedAt: a.assignedAt,
          done: false,
        },
        expect.objectContaining({ id: b.id, done: false, dueOn: null }),
      ]);
      expect((await detailOf(t, a.id)).results).toEqual([
        { userId: mia.userId, displayName: 'Mia', done: false, readings: 0, latest: null, bestWpm: null },
        { userId: zed.userId, displayName: 'Zed', done: false, readings: 0, latest: null, bestWpm: null },
      ]);

      // Readings of another story, or unscored, do not count; two scored readings of the story do.
      await saveReading(mia.userId, unassignedStoryId, new Date(setAt + 500), 30, 80);
      await saveReading(mia.userId, storyId, new Date(setAt + 600), 1, 1, false);
      await saveReading(zed.userId, storyId, new Date(setAt + 1000), 80, 90, false);
      expect((await toReadOf(zed)).every((x) => !x.done)).toBe(true);
      await saveReading(mia.userId, storyId, new Date(setAt + 2000), 72, 96);
      const latestId = await saveReading(mia.userId, storyId, new Date(setAt + 3000), 65.5, 91);
      const after = await toReadOf(mia);
      // Not done first (b), then done (a).
      expect(after.map((x) => [x.id, x.done])).toEqual([
        [b.id, false],
        [a.id, true],
      ]);
      expect((await toReadOf(zed)).map((x) => x.done)).toEqual([false, false]);
      const detail = await detailOf(t, a.id);
      expect(detail.assignment).toMatchObject({ id: a.id, pupilCount: 2, doneCount: 1 });
      expect(detail.results).toEqual([
        {
          userId: mia.userId,
          displayName: 'Mia',
          done: true,
          readings: 2,
          latest: { id: latestId, at: new Date(setAt + 3000).toISOString(), wpm: 65.5, accuracy: 91 },
          bestWpm: 72,
        },
        { userId: zed.userId, displayName: 'Zed', done: false, readings: 0, latest: null, bestWpm: null },
      ]);
      expect((await listOf(t)).map((x) => [x.id, x.doneCount, x.pupilCount])).toEqual([
        [b.id, 0, 2],
        [a.id, 1, 2],
      ]);
      // Zed reads the other story after it was set: b is done for Zed only.
      await saveReading(zed.userId, otherStoryId, new Date(Date.parse(b.assignedAt) + 1000));
      expect((await detailOf(t, b.id)).results.map((r) => [r.displayName, r.done])).toEqual([
        ['Mia', false],
        ['Zed', true],
      ]);

      // Deleting an assignment leaves the readings.
      expect((await call(t, `/api/assignments/${b.id}`, { method: 'DELETE' })).status).toBe(204);
      expect((await call(t, `/api/assignments/${b.id}`, { method: 'DELETE' })).status).toBe(404);
      expect((await call(t, `/api/assignments/${b.id}`)).status).toBe(404);
      expect((await toReadOf(zed)).map((x) => x.id)).toEqual([a.id]);
      const readings = await asSystem(handle.db, (tx) =>
        tx.select().from(readingSessions).where(eq(readingSessions.userId, zed.userId)),
      );
      expect(readings).toHaveLength(2);

      // Mia leaves: she no longer sees it, and the teacher no longer sees her.
      expect((await call(mia, `/api/classroom/${cls.id}`, { method: 'DELETE' })).status).toBe(204);
      expect(await toReadOf(mia)).toEqual([]);
      const later = await detailOf(t, a.id);
      expect(later.assignment).toMatchObject({ pupilCount: 1, doneCount: 0 });
      expect(later.results.map((r) => r.userId)).toEqual([zed.userId]);

      // Deleting the class deletes its assignments.
      expect((await call(t, `/api/classes/${cls.id}`, { method: 'DELETE' })).status).toBe(204);
      expect(await listOf(t)).toEqual([]);
      expect(await toReadOf(zed)).toEqual([]);
      expect(
        await asSystem(handle.db, (tx) =>
          tx.select().from(assignments).where(eq(assignments.classId, cls.id)),
        ),
      ).toEqual([]);
    },
  );

  it(
    'opens an assigned reading word by word, and its recording while kept, to the teacher who set it and no one else',
    { timeout: 120_000 },
    async () => {
      const { t, rs, cls } = await classWith('Ms Kay', 'Ivy', 'Max');
      const [ivy, max] = rs as [Person, Person];
      const before = await saveReading(ivy.userId, storyId, new Date(Date.now() - DAY), 50, 90, true, {
        wordResults: result,
      });
      const a = await assigned(t, cls.id, { storyId });
      const b = await assigned(t, cls.id, { storyId: otherStoryId });
      const setAt = Date.parse(a.assignedAt);
      // Ivy's recording, kept under DATA_DIR as the reading route keeps one.
      mkdirSync(join(dataDir, 'recordings'), { recursive: true });
      // 4 s at 16 kHz, each sample telling its own time (a tone whose level rises with time), so a clip shows where
      // it was cut from.
      const rate = 16_000;
      const tone = Int16Array.from({ length: 4 * rate }, (_, i) =>
        Math.round(Math.sin(i / 5) * (1000 + (i * 20_000) / (4 * rate))),
      );
      writeFileSync(join(dataDir, 'recordings', 'ivy.wav'), encodeWav(tone, rate));
      const first = await saveReading(ivy.userId, storyId, new Date(setAt + 1000), 40, 80, true, {
        wordResults: result,
      });
      const kept = await saveReading(ivy.userId, storyId, new Date(setAt + 2000), 55.5, 92, true, {
        wordResults: result,
        mode: 'assessment',
        audioPath: 'recordings/ivy.wav',
        audioExpiresAt: new Date(Date.now() + DAY),
      });
      const unscored = await saveReading(ivy.userId, storyId, new Date(setAt + 3000), 1, 1, false, {
        wordResults: result,
      });
      const otherStory = await saveReading(ivy.userId, unassignedStoryId, new Date(setAt + 3000), 60, 95);
      const maxs = await saveReading(max.userId, storyId, new Date(setAt + 4000), 70, 97);
      const path = (assignmentId: string, readingId: string) =>
        `/api/assignments/${assignmentId}/readings/${readingId}`;

      // The results give the latest reading's id; it opens, word by word, with the other readings newest first.
      const detail = await detailOf(t, a.id);
      expect(detail.results.find((r) => r.userId === ivy.userId)?.latest?.id).toBe(kept);
      const res = await call(t, path(a.id, kept));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const record = AssignmentReadingSchema.parse(await res.json());
      expect(record).toEqual({
        assignment: { id: a.id, classId: cls.id, className: 'Room 4', storyId, storyTitle: 'The Red Hen' },
        reader: { userId: ivy.userId, displayName: 'Ivy', grade: null },
        reading: {
          id: kept,
          at: new Date(setAt + 2000).toISOString(),
          wpm: 55.5,
          accuracy: 92,
          mode: 'assessment',
          result,
          hasRecording: true,
        },
        readings: [
          { id: kept, at: new Date(setAt + 2000).toISOString(), wpm: 55.5, accuracy: 92, mode: 'assessment' },
          { id: first, at: new Date(setAt + 1000).toISOString(), wpm: 40, accuracy: 80, mode: 'practice' },
        ],
      });
      expect(record.reading.result?.words.filter((w) => w.unsure).map((w) => w.text)).toEqual(['seed.']);
      // One word at a time, cut on the server: "hen" (1.0–1.4 s) and 0.12 s either side, never the whole recording.
      const audio = await call(t, `${path(a.id, kept)}/audio?word=2`);
      expect(audio.status).toBe(200);
      expect(audio.headers.get('content-type')).toBe('audio/wav');
      expect(audio.headers.get('cache-control')).toBe('no-store');
      const clip = parseWav(new Uint8Array(await audio.arrayBuffer()));
      expect(clip.sampleRate).toBe(rate);
      expect(clip.durationSeconds).toBeCloseTo(0.64, 3);
      expect([...clip.samples.subarray(0, 50)]).toEqual([...tone.subarray(0.88 * rate, 0.88 * rate + 50)]);
      expect(clip.samples.at(-1)).toBe(tone[1.52 * rate - 1]);
      // The first word's clip starts at the recording's start; a word not in the passage has no audio.
      const firstWord = await call(t, `${path(a.id, kept)}/audio?word=0`);
      expect(parseWav(new Uint8Array(await firstWord.arrayBuffer())).samples[0]).toBe(tone[0.38 * rate]);
      const noWord = await call(t, `${path(a.id, kept)}/audio?word=6`);
      expect(noWord.status).toBe(404);
      expect((await errorOf(noWord)).code).toBe('audio_not_found');
      // The word is asked for, as one whole number, and nothing else is.
      for (const query of [
        '',
        '?word=',
        '?word=-1',
        '?word=1.5',
        '?word=abc',
        '?word=1&word=2',
        '?word=1&x=2',
        '?word=9999999',
      ]) {
        const refused = await call(t, `${path(a.id, kept)}/audio${query}`);
        expect(refused.status, query).toBe(422);
        expect((await errorOf(refused)).code).toBe('invalid_input');
      }
      // A reading without a recording opens with hasRecording false, and its audio is 404 audio_not_found.
      const older = AssignmentReadingSchema.parse(await (await call(t, path(a.id, first))).json());
      expect(older.reading.hasRecording).toBe(false);
      const noAudio = await call(t, `${path(a.id, first)}/audio?word=2`);
      expect(noAudio.status).toBe(404);
      expect((await errorOf(noAudio)).code).toBe('audio_not_found');
      // Max's reading opens too, with only his readings listed.
      const maxRecord = AssignmentReadingSchema.parse(await (await call(t, path(a.id, maxs))).json());
      expect(maxRecord.reader.displayName).toBe('Max');
      expect(maxRecord.reading.result).toBeNull();
      expect(maxRecord.readings.map((r) => r.id)).toEqual([maxs]);

      // Not through another assignment (another story), nor from before it was set, unscored, or of a story not
      // set: all alike 404 reading_not_found, for the record and its audio.
      const random = '00000000-0000-4000-8000-000000000000';
      for (const [assignmentId, readingId] of [
        [b.id, kept],
        [a.id, before],
        [a.id, unscored],
        [a.id, otherStory],
        [a.id, random],
        [random, kept],
        ['not-a-uuid', kept],
        [a.id, 'not-a-uuid'],
        [a.id, `${kept}'--`],
      ] as const) {
        const refused = await call(t, path(assignmentId, readingId));
        expect(refused.status, `${assignmentId} ${readingId}`).toBe(404);
        expect((await errorOf(refused)).code).toBe('reading_not_found');
        const refusedAudio = await call(t, `${path(assignmentId, readingId)}/audio?word=2`);
        expect(refusedAudio.status).toBe(404);
        expect((await errorOf(refusedAudio)).code).toBe('audio_not_found');
      }

      // Another teacher: not through Ms Kay's assignment, even with Ivy in a class of theirs; through their own
      // assignment of the same story, yes (they asked for it too).
      const other = await teacher('Mr Lee');
      expect((await call(other, path(a.id, kept))).status).toBe(404);
      const lees = await makeClass(other, 'Room 9');
      await joinWithCode(other, lees.id, ivy);
      expect((await call(other, path(a.id, kept))).status).toBe(404);
      const leesAssignment = await assigned(other, lees.id, { storyId });
      // A reading from before Mr Lee set it is not one he asked for.
      const beforeLee = await saveReading(
        ivy.userId,
        storyId,
        new Date(Date.parse(leesAssignment.assignedAt) - 1000),
      );
      expect((await call(other, path(leesAssignment.id, beforeLee))).status).toBe(404);
      const forLee = await saveReading(
        ivy.userId,
        storyId,
        new Date(Date.parse(leesAssignment.assignedAt) + 1000),
      );
      expect((await call(other, path(leesAssignment.id, forLee))).status).toBe(200);
      // A reader, even the one who read it, is not a teacher.
      const asIvy = await call(ivy, path(a.id, kept));
      expect(asIvy.status).toBe(403);
      expect((await errorOf(asIvy)).code).toBe('not_a_teacher');
      expect((await call(ivy, `${path(a.id, kept)}/audio?word=2`)).status).toBe(403);
      // The teacher cannot read the reading as themselves: only through the record's server step.
      const direct = await asUser(handle.db, t.userId, (tx) =>
        tx.select().from(readingSessions).where(eq(readingSessions.id, kept)),
      );
      expect(direct).toEqual([]);

      // A recording past its time is not played, even before the retention job has run; nor one whose path leaves
      // DATA_DIR.
      await asSystem(handle.db, (tx) =>
        tx
          .update(readingSessions)
          .set({ audioExpiresAt: new Date(Date.now() - 1000) })
          .where(eq(readingSessions.id, kept)),
      );
      expect(
        AssignmentReadingSchema.parse(await (await call(t, path(a.id, kept))).json()).reading.hasRecording,
      ).toBe(false);
      expect((await call(t, `${path(a.id, kept)}/audio?word=2`)).status).toBe(404);
      await asSystem(handle.db, (tx) =>
        tx
          .update(readingSessions)
          .set({ audioExpiresAt: new Date(Date.now() + DAY), audioPath: '../../etc/passwd' })
          .where(eq(readingSessions.id, kept)),
      );
      expect((await call(t, `${path(a.id, kept)}/audio?word=2`)).status).toBe(404);

      // Ivy deletes a reading: it no longer opens. Ivy leaves the class: none of hers does.
      expect((await call(ivy, `/api/reading-sessions/${first}`, { method: 'DELETE' })).status).toBe(200);
      expect((await call(t, path(a.id, first))).status).toBe(404);
      const left = AssignmentReadingSchema.parse(await (await call(t, path(a.id, kept))).json()).readings;
      // (Ivy's reading "before Mr Lee set it" may fall after Ms Kay set hers: only the deleted one must be gone.)
      expect(left.map((r) => r.id)).toEqual(expect.arrayContaining([kept, forLee]));
      expect(left.map((r) => r.id)).not.toContain(first);
      expect((await call(ivy, `/api/classroom/${cls.id}`, { method: 'DELETE' })).status).toBe(204);
      expect((await call(t, path(a.id, kept))).status).toBe(404);
      expect((await call(t, path(a.id, maxs))).status).toBe(200);
      // Deleting the assignment closes Max's too; his reading stays his.
      expect((await call(t, `/api/assignments/${a.id}`, { method: 'DELETE' })).status).toBe(204);
      expect((await call(t, path(a.id, maxs))).status).toBe(404);
      expect((await call(max, `/api/reading-sessions/${maxs}`)).status).toBe(200);
    },
  );

  it(
    'counts a reader’s readings only from when they joined the class: not before, and again from a new join',
    { timeout: 120_000 },
    async () => {
      const { t, rs, cls } = await classWith('Ms Ode', 'Kit');
      const kit = rs[0]!;
      const a = await assigned(t, cls.id, { storyId });
      const setAt = Date.parse(a.assignedAt);
      const late = await reader('Lou');
      // Lou reads the story after it was set, then joins: that reading was not asked of Lou.
      const before = await saveReading(late.userId, storyId, new Date(setAt + 1000), 80, 97, true, {
        wordResults: result,
      });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await joinWithCode(t, cls.id, late);
      const path = (readingId: string) => `/api/assignments/${a.id}/readings/${readingId}`;
      expect((await call(t, path(before))).status).toBe(404);
      const lou = () => detailOf(t, a.id).then((d) => d.results.find((r) => r.userId === late.userId)!);
      expect(await lou()).toMatchObject({ done: false, readings: 0, latest: null });
      expect((await detailOf(t, a.id)).assignment.doneCount).toBe(0);
      expect((await toReadOf(late)).map((x) => x.done)).toEqual([false]);
      // A reading made for a Reading Screening is the reader's own check-up (ADR 0049): it does not count, or open.
      const screened = await saveReading(late.userId, storyId, new Date(Date.now() + 500), 70, 95, true, {
        mode: 'assessment',
        forScreening: true,
      });
      expect((await call(t, path(screened))).status).toBe(404);
      expect(await lou()).toMatchObject({ done: false, readings: 0, latest: null });
      // A reading after joining counts, and opens.
      const after = await saveReading(late.userId, storyId, new Date(Date.now() + 1000), 60, 90);
      expect(await lou()).toMatchObject({ done: true, readings: 1, latest: { id: after } });
      expect((await call(t, path(after))).status).toBe(200);
      expect((await toReadOf(late)).map((x) => x.done)).toEqual([true]);
      // Kit leaves and joins again: Kit's earlier reading no longer counts for this teacher.
      const kits = await saveReading(kit.userId, storyId, new Date(Date.now() + 1000));
      expect((await call(t, path(kits))).status).toBe(200);
      expect((await call(kit, `/api/classroom/${cls.id}`, { method: 'DELETE' })).status).toBe(204);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await joinWithCode(t, cls.id, kit);
      expect((await call(t, path(kits))).status).toBe(404);
      expect((await detailOf(t, a.id)).results.find((r) => r.userId === kit.userId)).toMatchObject({
        done: false,
        readings: 0,
      });
    },
  );

  it('tells when each reader who has not read a story joined, so a late joiner is not counted overdue', async () => {
    // ADR 0051's amendment: Class Calendar counts a past due day overdue only for readers who had joined by it.
    const [t, ann, ben, cal] = await Promise.all([
      teacher('Ms Early'),
      reader('Ann'),
      reader('Ben'),
      reader('Cal'),
    ]);
    const setAt = new Date(Date.now() - 10 * DAY);
    const dueOn = dayAfter(5, setAt.getTime());
    // Made as the services make them, at these times: the class and a code three days before the story was set,
    // Cal joining then, Ann the day before it was set; Ben joins today with a new code, after the due day.
    const madeAt = new Date(setAt.getTime() - 3 * DAY);
    const cls = await createClass(handle.db, t.userId, { name: 'Room 9', grade: '2' }, madeAt);
    const early = (await makeClassCode(handle.db, t.userId, cls.id, madeAt))!.code;
    const calJoined = madeAt;
    const annJoined = new Date(setAt.getTime() - DAY);
    await joinClass(handle.db, cal.userId, early, calJoined);
    await joinClass(handle.db, ann.userId, early, annJoined);
    const a = await createAssignment(handle.db, t.userId, cls.id, { storyId, dueOn }, setAt);
    const benJoined = new Date();
    const today = (await makeClassCode(handle.db, t.userId, cls.id, benJoined))!.code;
    await joinClass(handle.db, ben.userId, today, benJoined);
    // Cal has read it since it was set; Ann and Ben have not.
    await saveReading(cal.userId, storyId, new Date(setAt.getTime() + DAY));

    const listed = (await listOf(t)).find((x) => x.id === a.id)!;
    expect(listed).toMatchObject({ dueOn, pupilCount: 3, doneCount: 1 });
    // Earliest first: Ann (before the due day), then Ben (after it). Cal, who has read it, is not listed.
    expect(listed.notReadJoinedAt).toEqual([annJoined.toISOString(), benJoined.toISOString()]);
    const owing = (x: { notReadJoinedAt: string[] }) =>
      x.notReadJoinedAt.filter((at) => at.slice(0, 10) <= dueOn);
    expect(owing(listed)).toEqual([annJoined.toISOString()]);
    // The detail's headline is the list's, from its own rows.
    const detail = await detailOf(t, a.id);
    expect(detail.assignment).toEqual(listed);
    expect(detail.results.filter((r) => !r.done).map((r) => r.displayName)).toEqual(['Ann', 'Ben']);

    // Once Ann has read it, only Ben is left, and he joined after the due day: nobody is late.
    await saveReading(ann.userId, storyId, new Date());
    const after = (await listOf(t)).find((x) => x.id === a.id)!;
    expect(after).toMatchObject({ pupilCount: 3, doneCount: 2, notReadJoinedAt: [benJoined.toISOString()] });
    expect(owing(after)).toEqual([]);
    // A new assignment's answer carries the field too: nobody has read it yet, so everyone, earliest first.
    const fresh = await assigned(t, cls.id, { storyId: otherStoryId });
    expect(fresh.notReadJoinedAt).toEqual([calJoined, annJoined, benJoined].map((d) => d.toISOString()));
  });

  it('orders a reader’s list: not done by due day (no day last, then oldest), then done newest first', async () => {
    const { t, rs, cls } = await classWith('Mr Ode', 'Ana');
    const ana = rs[0]!;
    const second = await makeClass(t, 'Room 5');
    await joinWithCode(t, second.id, ana);
    // Set a second apart, in this order, an hour ago (requests in one millisecond would tie): written as the
    // service writes them, with their times.
    const base = Date.now() - 3_600_000;
    const specs = [
      { classId: cls.id, storyId, dueOn: null },
      { classId: second.id, storyId: otherStoryId, dueOn: dayAfter(9) },
      { classId: cls.id, storyId: otherStoryId, dueOn: dayAfter(2) },
      { classId: second.id, storyId, dueOn: null },
      { classId: cls.id, storyId, dueOn: dayAfter(1) },
      { classId: second.id, storyId, dueOn: dayAfter(1) },
    ];
    const made = await asSystem(handle.db, (tx) =>
      tx
        .insert(assignments)
        .values(specs.map((x, i) => ({ ...x, teacherId: t.userId, createdAt: new Date(base + i * 1000) })))
        .returning({ id: assignments.id }),
    );
    const [noDay, later, sooner, noDayToo, doneOld, doneNew] = made as [
      { id: string },
      { id: string },
      { id: string },
      { id: string },
      { id: string },
      { id: string },
    ];
    // One scored reading of the story after all were set: every assignment of it is done.
    await saveReading(ana.userId, storyId, new Date());
    expect((await toReadOf(ana)).map((x) => [x.id, x.done])).toEqual([
      [sooner.id, false],
      [later.id, false],
      [doneNew.id, true],
      [doneOld.id, true],
      [noDayToo.id, true],
      [noDay.id, true],
    ]);
  });

  it('keeps every class’s assignments to its teacher and its readers', { timeout: 60_000 }, async () => {
    const one = await classWith('Ms One', 'Ben');
    const two = await classWith('Mr Two', 'Cy');
    const a = await assigned(one.t, one.cls.id, { storyId });
    const ben = one.rs[0]!;
    const cy = two.rs[0]!;
    expect(await toReadOf(cy)).toEqual([]);
    expect((await toReadOf(ben)).map((x) => x.id)).toEqual([a.id]);
    expect(await listOf(two.t)).toEqual([]);
    // Another teacher: their class is no class of mine, my assignment none of theirs (404, like unknown ids).
    for (const [method, path] of [
      ['GET', `/api/assignments/${a.id}`],
      ['DELETE', `/api/assignments/${a.id}`],
      ['GET', `/api/assignments/${crypto.randomUUID()}`],
      ['GET', '/api/assignments/not-a-uuid'],
      ['DELETE', '/api/assignments/not-a-uuid'],
    ] as const) {
      const res = await call(two.t, path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await errorOf(res)).code).toBe('not_found');
    }
    for (const classId of [one.cls.id, crypto.randomUUID(), 'assignments', 'not-a-uuid']) {
      const res = await assign(two.t, classId, { storyId });
      expect(res.status, classId).toBe(404);
      expect((await errorOf(res)).code).toBe('not_found');
    }
    expect((await detailOf(one.t, a.id)).results.map((r) => r.userId)).toEqual([ben.userId]);
    // A reader of one class reading the story appears nowhere else.
    await saveReading(cy.userId, storyId, new Date(Date.parse(a.assignedAt) + 1000));
    expect((await listOf(one.t))[0]).toMatchObject({ pupilCount: 1, doneCount: 0 });
  });

  it(
    'lets only teachers set and see assignments and only readers list theirs; 401 without a session',
    { timeout: 60_000 },
    async () => {
      const { t, rs, cls } = await classWith('Ms Rivera', 'Mia');
      const mia = rs[0]!;
      const a = await assigned(t, cls.id, { storyId });
      const guardian = await createSignedInClient(app, handle, {
        display_name: 'Gran',
        user_type: 'guardian',
      });
      for (const person of [mia, guardian]) {
        for (const [method, path] of [
          ['POST', `/api/classes/${cls.id}/assignments`],
          ['GET', '/api/assignments'],
          ['GET', `/api/assignments/${a.id}`],
          ['DELETE', `/api/assignments/${a.id}`],
        ] as const) {
          const res = await call(person, path, {
            method,
            ...(method === 'POST' ? { json: { storyId } } : {}),
          });
          expect(res.status, `${method} ${path}`).toBe(403);
          expect((await errorOf(res)).code).toBe('not_a_teacher');
        }
      }
      for (const person of [t, guardian]) {
        const res = await call(person, '/api/classroom/assignments');
        expect(res.status).toBe(403);
        expect((await errorOf(res)).code).toBe('not_a_reader');
      }
      const stranger = createBrowser(app);
      for (const [method, path] of [
        ['POST', `/api/classes/${cls.id}/assignments`],
        ['GET', '/api/assignments'],
        ['GET', `/api/assignments/${a.id}`],
        ['DELETE', `/api/assignments/${a.id}`],
        ['GET', '/api/classroom/assignments'],
      ] as const) {
        const res = await stranger.request(path, {
          method,
          ...(method === 'POST' ? { json: { storyId } } : {}),
        });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect((await errorOf(res)).code).toBe('unauthenticated');
      }
      expect((await listOf(t)).map((x) => x.id)).toEqual([a.id]);
    },
  );

  it('refuses stories not in the library, bad days and notes, extra fields and bad bodies, setting nothing', async () => {
    const { t, cls } = await classWith('Ms Rivera');
    const [own] = await asSystem(handle.db, (tx) =>
      tx
        .insert(stories)
        .values({ ownerId: t.userId, title: 'My own', body: 'Mine alone.', wordCount: 2 })
        .returning({ id: stories.id }),
    );
    for (const id of [own!.id, crypto.randomUUID()]) {
      const res = await assign(t, cls.id, { storyId: id });
      expect(res.status, id).toBe(404);
      expect((await errorOf(res)).code).toBe('story_not_found');
    }
    const bad: unknown[] = [
      { storyId, dueOn: dayAfter(-3) },
      { storyId, dueOn: dayAfter(ASSIGNMENT_DUE_MAX_DAYS + 3) },
      { storyId, dueOn: '2026-02-30' },
      { storyId, dueOn: 'tomorrow' },
      { storyId, dueOn: 20261204 },
      { storyId, note: 'x'.repeat(ASSIGNMENT_NOTE_MAX_CHARS + 1) },
      { storyId, note: 'Read\u0000it' },
      { storyId, note: 'Read\u202eit' },
      { storyId, note: 42 },
      { storyId, teacherId: 'someone' },
      { storyId: 'not-a-uuid' },
      {},
      [],
      storyId,
    ];
    for (const body of bad) {
      const res = await assign(t, cls.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await errorOf(res)).code).toBe('invalid_input');
    }
    const json = { 'content-type': 'application/json' };
    const path = `/api/classes/${cls.id}/assignments`;
    const broken = await call(t, path, { method: 'POST', headers: json, body: '{"storyId": "' });
    expect(broken.status).toBe(400);
    expect((await errorOf(broken)).code).toBe('invalid_json');
    const huge = await call(t, path, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ storyId, note: 'x'.repeat(MAX_JSON_BYTES) }),
    });
    expect(huge.status).toBe(413);
    expect((await errorOf(huge)).code).toBe('body_too_large');
    expect(await listOf(t)).toEqual([]);
    // The longest note is taken.
    expect(
      (await assigned(t, cls.id, { storyId, note: 'x'.repeat(ASSIGNMENT_NOTE_MAX_CHARS) })).note,
    ).toHaveLength(ASSIGNMENT_NOTE_MAX_CHARS);
  });

  it('takes due days from the UTC day before today to a day past ASSIGNMENT_DUE_MAX_DAYS', async () => {
    const t = await createTestUser(handle, { userType: 'teacher' });
    const cls = await createClass(handle.db, t.id, { name: 'Days' }, new Date());
    const now = new Date('2026-03-10T12:00:00Z');
    const range = dueDayRange(now);
    expect(range).toEqual({
      earliest: '2026-03-09',
      latest: dayAfter(ASSIGNMENT_DUE_MAX_DAYS + 1, now.getTime()),
    });
    for (const dueOn of [range.earliest, '2026-03-10', range.latest])
      expect((await createAssignment(handle.db, t.id, cls.id, { storyId, dueOn }, now)).dueOn).toBe(dueOn);
    for (const dueOn of ['2026-03-08', dayAfter(ASSIGNMENT_DUE_MAX_DAYS + 2, now.getTime())])
      await expect(createAssignment(handle.db, t.id, cls.id, { storyId, dueOn }, now)).rejects.toMatchObject({
        status: 422,
        code: 'invalid_input',
      });
  });

  it(
    `holds ${MAX_ASSIGNMENTS_PER_CLASS} assignments a class with requests arriving together`,
    { timeout: 120_000 },
    async () => {
      const { t, cls } = await classWith('Ms Busy');
      const now = new Date();
      const tries = await Promise.allSettled(
        Array.from({ length: MAX_ASSIGNMENTS_PER_CLASS + 6 }, () =>
          createAssignment(handle.db, t.userId, cls.id, { storyId }, now),
        ),
      );
      expect(tries.filter((x) => x.status === 'fulfilled')).toHaveLength(MAX_ASSIGNMENTS_PER_CLASS);
      for (const x of tries.filter((x) => x.status === 'rejected'))
        expect((x as PromiseRejectedResult).reason).toMatchObject({
          status: 409,
          code: 'too_many_assignments',
        });
      const full = await assign(t, cls.id, { storyId });
      expect(full.status).toBe(409);
      expect(await errorOf(full)).toMatchObject({
        code: 'too_many_assignments',
        details: { max: MAX_ASSIGNMENTS_PER_CLASS },
      });
      expect(await listOf(t)).toHaveLength(MAX_ASSIGNMENTS_PER_CLASS);
      // Another class of the teacher's has its own room.
      const other = await makeClass(t, 'Room 5');
      expect((await assign(t, other.id, { storyId })).status).toBe(201);
    },
  );

  it('limits how many assignments a teacher sets in a minute', async () => {
    const t = await createTestUser(handle, { userType: 'teacher' });
    const cls = await createClass(handle.db, t.id, { name: 'Quick' }, new Date());
    const own = new Hono<AppEnv>();
    own.use('*', async (c, next) => {
      c.set('log', pino({ level: 'silent' }));
      c.set('currentUser', async () => ({ id: t.id, email: t.email, name: 'T', emailVerified: true }));
      await next();
    });
    own.route(
      '/api',
      createAssignmentRoutes({
        db: handle.db,
        dataDir: dataDir,
        setLimiter: createFixedWindowLimiter(2, 60_000),
      }),
    );
    own.onError(handleError);
    const post = () =>
      own.request(`/api/classes/${cls.id}/assignments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ storyId }),
      });
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(201);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await errorOf(refused)).code).toBe('rate_limited');
  });

  it('holds in the database: RLS and grants of assignments', async () => {
    const t = await createTestUser(handle, { userType: 'teacher' });
    const [rival, pupil] = await Promise.all([
      createTestUser(handle, { userType: 'teacher' }),
      createTestUser(handle),
    ]);
    const now = new Date();
    const cls = await createClass(handle.db, t.id, { name: 'Mine' }, now);
    const code = await makeClassCode(handle.db, t.id, cls.id, now);
    await joinClass(handle.db, pupil.id, code!.code, now);
    const a = await createAssignment(handle.db, t.id, cls.id, { storyId }, now);
    const seen = <T>(userId: string, work: (tx: Tx) => Promise<T>) => asUser(handle.db, userId, work);

    expect((await seen(t.id, (tx) => tx.select().from(assignments))).map((x) => x.id)).toEqual([a.id]);
    for (const who of [rival.id, pupil.id]) {
      expect(await seen(who, (tx) => tx.select().from(assignments))).toEqual([]);
      expect(
        await seen(who, (tx) => tx.delete(assignments).where(eq(assignments.id, a.id)).returning()),
      ).toEqual([]);
    }
    // Nobody sets one as themselves: not the class's teacher, not another.
    for (const who of [t.id, rival.id, pupil.id])
      await expectPgError(
        seen(who, (tx) => tx.insert(assignments).values({ classId: cls.id, teacherId: who, storyId })),
        '42501',
      );
    // Nor changes one.
    await expectPgError(
      seen(t.id, (tx) => tx.update(assignments).set({ note: 'Changed' }).where(eq(assignments.id, a.id))),
      '42501',
    );
    // The database refuses an overlong or empty note.
    for (const note of ['', 'x'.repeat(ASSIGNMENT_NOTE_MAX_CHARS + 1)])
      await expectPgError(
        asSystem(handle.db, (tx) =>
          tx.insert(assignments).values({ classId: cls.id, teacherId: t.id, storyId, note }),
        ),
        '23514',
      );
    expect(
      await seen(t.id, (tx) =>
        tx.delete(assignments).where(eq(assignments.id, a.id)).returning({ id: assignments.id }),
      ),
    ).toHaveLength(1);

    const rows = await queryRows<{ relrowsecurity: boolean; relforcerowsecurity: boolean }>(
      handle.db,
      sql`select relrowsecurity, relforcerowsecurity from pg_class where relname = 'assignments' and relkind = 'r'`,
    );
    expect(rows).toEqual([{ relrowsecurity: true, relforcerowsecurity: true }]);
    const [grants] = await queryRows<Record<string, boolean>>(
      handle.db,
      sql`select has_table_privilege('app_user', 'assignments', 'INSERT') as "insert",
            has_table_privilege('app_user', 'assignments', 'UPDATE') as "update",
            has_table_privilege('app_user', 'assignments', 'SELECT') as "select",
            has_table_privilege('app_user', 'assignments', 'DELETE') as "delete"`,
    );
    expect(grants).toEqual({ insert: false, update: false, select: true, delete: true });

    // Deleting the teacher's account deletes their assignments.
    const b = await createAssignment(handle.db, t.id, cls.id, { storyId }, now);
    await handle.db.delete(users).where(eq(users.id, t.id));
    expect(
      await asSystem(handle.db, (tx) => tx.select().from(assignments).where(eq(assignments.id, b.id))),
    ).toEqual([]);
  });

  it(
    'gives a detail whose headline counts agree with its rows while readers join and leave',
    { timeout: 60_000 },
    async () => {
      const { t, rs, cls } = await classWith('Ms Count', 'Ann', 'Ben', 'Cal', 'Dot');
      const a = await assigned(t, cls.id, { storyId });
      for (const r of rs.slice(0, 2))
        await saveReading(r.userId, storyId, new Date(Date.parse(a.assignedAt) + 1000));
      const codeRes = await call(t, `/api/classes/${cls.id}/code`, { method: 'POST' });
      expect(codeRes.status).toBe(201);
      const { code } = ClassCodeResponseSchema.parse(await codeRes.json());
      // Ann (done) and Cal (not) leave and join again while the teacher keeps reading the detail.
      const churn = async (r: Person) => {
        for (let i = 0; i < 3; i++) {
          expect((await call(r, `/api/classroom/${cls.id}`, { method: 'DELETE' })).status).toBe(204);
          expect((await call(r, '/api/classroom/join', { method: 'POST', json: { code } })).status).toBe(201);
        }
      };
      const reads = async () => {
        const seen = [];
        for (let i = 0; i < 8; i++) seen.push(await detailOf(t, a.id));
        return seen;
      };
      const [, , ...details] = await Promise.all([churn(rs[0]!), churn(rs[2]!), reads(), reads()]);
      for (const d of details.flat()) {
        expect(d.assignment.pupilCount).toBe(d.results.length);
        expect(d.assignment.doneCount).toBe(d.results.filter((r) => r.done).length);
      }
      const settled = await detailOf(t, a.id);
      expect(settled.assignment).toMatchObject({ pupilCount: 4, doneCount: 2 });
      expect((await listOf(t)).find((x) => x.id === a.id)).toMatchObject({ pupilCount: 4, doneCount: 2 });
    },
  );

  it('serves many teachers and readers at once', { timeout: 180_000 }, async () => {
    const teachers = await Promise.all(Array.from({ length: 4 }, (_, i) => teacher(`Teacher ${i}`)));
    const made = await Promise.all(teachers.map((t, i) => makeClass(t, `Room ${i}`)));
    const readers = await Promise.all(Array.from({ length: 12 }, (_, i) => reader(`Reader ${i}`)));
    await Promise.all(
      teachers.map((t, i) => joinWithCode(t, made[i]!.id, ...readers.filter((_, j) => j % 4 === i))),
    );
    const set = await Promise.all(
      teachers.map((t, i) => assigned(t, made[i]!.id, { storyId, dueOn: dayAfter(i) })),
    );
    // Readers 0–5 read it after it was set, at once.
    await Promise.all(
      readers
        .slice(0, 6)
        .map((r, j) => saveReading(r.userId, storyId, new Date(Date.parse(set[j % 4]!.assignedAt) + 1000))),
    );
    const lists = await Promise.all(readers.map((r) => toReadOf(r)));
    expect(lists.map((l) => l.map((x) => [x.id, x.teacherName, x.done]))).toEqual(
      readers.map((_, j) => [[set[j % 4]!.id, `Teacher ${j % 4}`, j < 6]]),
    );
    const details = await Promise.all(teachers.map((t, i) => detailOf(t, set[i]!.id)));
    for (const [i, d] of details.entries()) {
      const mine = readers.map((r, j) => ({ r, j })).filter(({ j }) => j % 4 === i);
      expect(d.results.map((x) => [x.userId, x.done]).sort()).toEqual(
        mine.map(({ r, j }) => [r.userId, j < 6]).sort(),
      );
      expect(d.assignment.doneCount).toBe(mine.filter(({ j }) => j < 6).length);
    }
    const strangers = await Promise.all(
      teachers.map((t, i) => call(t, `/api/assignments/${set[(i + 1) % 4]!.id}`)),
    );
    expect(strangers.map((s) => s.status)).toEqual([404, 404, 404, 404]);
  });
});
