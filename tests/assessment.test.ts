/**
 * The Reading Assessment's server side on PGlite and PostgreSQL (docs/decisions/0038-reading-assessment.md): who
 * GET /api/assessment-eligibility sends to it (spec §4.2 step 4, §7.4; check_assessment_eligibility of migration
 * 0009), "Not now" (POST /api/assessment/defer) and its refusals, and what an assessment reading sets on the
 * profile (spec §3, §4.7, §9) once, however often its upload is replayed. Readings are real flite WAVs uploaded
 * through POST /api/reading-sessions; the recogniser is scripted (it hears the passage's words spread over the
 * recording, leaving out the ones a test names), so each test knows the WCPM and accuracy it gets without
 * decoding: the real recogniser's scoring is tests/reading-sessions.test.ts's.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { parseResponse } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT_DEFER_HOURS, DeferAssessmentResponseSchema } from '../core/api/assessment.ts';
import { EligibilityResponseSchema, type SignUpRequest } from '../core/api/account.ts';
import { estimateReaderLexile } from '../core/lexile/reader-lexile.ts';
import { MAX_JSON_BYTES } from '../server/app.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem, asUser } from '../server/db/rls.ts';
import { profiles, readingSessions, stories } from '../server/db/schema.ts';
import { queryRows } from '../server/db/sql-rows.ts';
import type { Recogniser } from '../server/speech/recogniser.ts';
import {
  createBrowser,
  createSignedInClient,
  errorOf,
  type TestApp,
  type TestBrowser,
} from './helpers/app.ts';
import { testDatabaseKind } from './helpers/database.ts';
import { audioForm, makeSilence, openStoryReadingFixture } from './helpers/readings.ts';

const PASSWORD = 'purple-otter-reads-42';
const HOUR_MS = 3_600_000;

/** A grade-3 library story (28 words). */
const STORY =
  'Max the dog liked to dig in the garden. One morning he found an old red box under the roses. ' +
  'Inside it was a shiny key.';

/** Passage words (by index) the scripted recogniser leaves out of the next reading: omissions, each an error. */
let missed: ReadonlySet<number> = new Set();

/** Hears the passage as printed, its words spread evenly from 0.5 s to 0.5 s before the recording's end. */
const scripted: Recogniser = {
  name: 'scripted',
  recognise: async ({ audio, passage }) => {
    const tokens = passage.filter((w) => !missed.has(w.index)).flatMap((w) => w.spoken[0] ?? []);
    const step = (audio.durationSeconds - 1) / tokens.length;
    return tokens.map((word, i) => ({ word, start: 0.5 + i * step, end: 0.5 + (i + 0.8) * step }));
  },
};

describe(`the Reading Assessment's API (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let storyId: string;
  let reading: Uint8Array;

  beforeAll(async () => {
    ({ handle, app, storyId, reading } = await openStoryReadingFixture(
      { title: 'The Old Red Box', body: STORY, gradeBand: '3' },
      STORY,
      { recogniser: scripted },
    ));
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** A signed-in user who finished onboarding (POST /api/onboarding, as the page does). */
  async function onboarded(
    data: Partial<SignUpRequest['data']> = {},
    onboarding: { grade?: SignUpRequest['data']['grade'] | null; age?: number | null } = {},
  ) {
    const made = await createSignedInClient(app, handle, data);
    const answer = await made.client.api.onboarding.$post({ json: onboarding });
    expect(answer.status).toBe(200);
    return made;
  }
  const eligibilityOf = async (client: TestBrowser) => {
    const answer = await client.api['assessment-eligibility'].$get();
    expect(answer.status).toBe(200);
    return EligibilityResponseSchema.parse(await answer.json());
  };
  const defer = (client: TestBrowser, init: RequestInit & { json?: unknown } = {}) =>
    client.request('/api/assessment/defer', { method: 'POST', ...init });
  const profileRow = async (userId: string) => {
    const [row] = await asSystem(handle.db, (tx) =>
      tx.select().from(profiles).where(eq(profiles.userId, userId)),
    );
    return row;
  };
  const setDeferral = (userId: string, until: Date | null) =>
    asSystem(handle.db, (tx) =>
      tx.update(profiles).set({ assessmentDeferredUntil: until }).where(eq(profiles.userId, userId)),
    );
  /** Uploads the flite reading of the story as a real browser does; `missing` are passage words not heard. */
  async function upload(
    client: TestBrowser,
    mode: 'practice' | 'assessment',
    key = `rec-${randomUUID()}`,
    missing: number[] = [],
  ) {
    missed = new Set(missing);
    try {
      const answer = await client.request('/api/reading-sessions', {
        method: 'POST',
        body: audioForm(reading, { storyId, mode, idempotencyKey: key }),
      });
      return { status: answer.status, body: await answer.json(), key };
    } finally {
      missed = new Set();
    }
  }

  it('answers each reason through the API, in the function’s order', async () => {
    const cases: [Partial<SignUpRequest['data']>, Parameters<typeof onboarded>[1], string][] = [
      [{ user_type: 'teacher' }, {}, 'not_a_reader'],
      [{ user_type: 'guardian', grade: '3' }, {}, 'not_a_reader'],
      [{}, { grade: 'K', age: 5 }, 'pre_reader'],
      [{}, { grade: 'Pre-K', age: 4 }, 'pre_reader'],
      [{ age: 5 }, { grade: null, age: 5 }, 'pre_reader'],
      [{}, { grade: '3', age: 8 }, 'eligible'],
      [{ user_type: 'other' }, { grade: '1' }, 'eligible'],
    ];
    for (const [data, onboarding, reason] of cases) {
      const { client } = await onboarded(data, onboarding);
      expect(await eligibilityOf(client), JSON.stringify({ data, onboarding })).toEqual({
        eligible: reason === 'eligible',
        reason,
      });
    }
    // Before onboarding, onboarding comes first, even for a teacher.
    const early = await createSignedInClient(app, handle, { user_type: 'teacher' });
    expect(await eligibilityOf(early.client)).toEqual({ eligible: false, reason: 'onboarding_incomplete' });
  });

  it('"Not now" defers a reader for a day; eligible again once the day is past', async () => {
    const { client, userId } = await onboarded({}, { grade: '3', age: 8 });
    expect(await eligibilityOf(client)).toEqual({ eligible: true, reason: 'eligible' });

    const before = Date.now();
    const answer = await client.api.assessment.defer.$post();
    const after = Date.now();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { deferredUntil } = DeferAssessmentResponseSchema.parse(await answer.json());
    const until = new Date(deferredUntil).getTime();
    // The database's clock: allow a second either way for the transaction's start.
    expect(until).toBeGreaterThanOrEqual(before + ASSESSMENT_DEFER_HOURS * HOUR_MS - 1_000);
    expect(until).toBeLessThanOrEqual(after + ASSESSMENT_DEFER_HOURS * HOUR_MS + 1_000);
    expect((await profileRow(userId))?.assessmentDeferredUntil?.getTime()).toBe(until);
    expect(await eligibilityOf(client)).toEqual({ eligible: false, reason: 'deferred' });

    // An empty JSON object is no input too; "Not now" again moves the time on.
    await setDeferral(userId, new Date(Date.now() + HOUR_MS));
    const again = await defer(client, { json: {} });
    expect(again.status).toBe(200);
    const later = new Date(DeferAssessmentResponseSchema.parse(await again.json()).deferredUntil);
    expect(later.getTime()).toBeGreaterThan(Date.now() + (ASSESSMENT_DEFER_HOURS - 1) * HOUR_MS);

    await setDeferral(userId, new Date(Date.now() - 1_000));
    expect(await eligibilityOf(client)).toEqual({ eligible: true, reason: 'eligible' });

    // A practice reading in the meantime: never sent again (spec §4.2 "no reading sessions"), deferred or not.
    await setDeferral(userId, new Date(Date.now() + HOUR_MS));
    expect((await upload(client, 'practice')).status).toBe(201);
    expect(await eligibilityOf(client)).toEqual({ eligible: false, reason: 'has_reading_sessions' });
  });

  it('an assessment reading sets the results, the Lexile level over an estimate, and ends a deferral', async () => {
    const { client, userId } = await onboarded({}, { grade: '3', age: 8 });
    expect((await defer(client)).status).toBe(200);
    // An earlier estimate, outside what this reading gives: the assessment replaces it (ADR 0038).
    await asSystem(handle.db, (tx) =>
      tx
        .update(profiles)
        .set({ lexileLevel: 999, estimatedLexileRange: '949L - 1099L' })
        .where(eq(profiles.userId, userId)),
    );

    const first = await upload(client, 'assessment', undefined, [3]);
    expect(first.status).toBe(201);
    expect(first.body.session.mode).toBe('assessment');
    const { wcpm, accuracy } = first.body.result as { wcpm: number; accuracy: number };
    expect(accuracy).toBeLessThan(100);
    expect(wcpm).toBeGreaterThan(0);
    const lexile = estimateReaderLexile('3', wcpm, accuracy);
    expect(lexile.level).not.toBe(999);

    const me = await parseResponse(client.api.me.$get());
    expect(me.profile).toMatchObject({
      assessment_completed: true,
      lexile_level: lexile.level,
      estimated_lexile_range: lexile.range,
    });
    expect(me.profile!.last_assessment_wcpm).toBeCloseTo(wcpm, 3);
    expect(me.profile!.last_assessment_accuracy).toBeCloseTo(accuracy, 3);
    expect((await profileRow(userId))?.assessmentDeferredUntil).toBeNull();
    expect(await eligibilityOf(client)).toEqual({ eligible: false, reason: 'assessment_completed' });

    // A second assessment (a new recording) is the newer measure; then replaying the first changes nothing.
    const second = await upload(client, 'assessment');
    expect(second.status).toBe(201);
    const newer = second.body.result as { wcpm: number; accuracy: number };
    expect(newer.accuracy).toBe(100);
    const newerLexile = estimateReaderLexile('3', newer.wcpm, newer.accuracy);
    const afterSecond = await profileRow(userId);
    expect(afterSecond).toMatchObject({ assessmentCompleted: true, lexileLevel: newerLexile.level });
    expect(afterSecond?.lastAssessmentAccuracy).toBeCloseTo(100, 3);

    const replay = await upload(client, 'assessment', first.key, []);
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ replayed: true, session: { id: first.body.session.id } });
    const afterReplay = await profileRow(userId);
    expect(afterReplay).toEqual(afterSecond);
    // Five replays at once change nothing either, and save no session.
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => upload(client, 'assessment', first.key, [1, 2])),
    );
    expect(replays.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await profileRow(userId)).toEqual(afterSecond);
    const sessions = await asSystem(handle.db, (tx) =>
      tx.select().from(readingSessions).where(eq(readingSessions.userId, userId)),
    );
    expect(sessions.map((s) => s.mode)).toEqual(['assessment', 'assessment']);

    // A practice reading afterwards keeps the assessment's level and results (spec §4.7: only a missing level).
    expect((await upload(client, 'practice', undefined, [0, 1, 2, 3, 4, 5])).status).toBe(201);
    expect(await profileRow(userId)).toMatchObject({
      assessmentCompleted: true,
      lexileLevel: newerLexile.level,
      lastAssessmentAccuracy: afterSecond?.lastAssessmentAccuracy,
    });

    // Done: "Not now" has nothing to put off.
    const refused = await defer(client);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe('assessment_completed');
    expect((await profileRow(userId))?.assessmentDeferredUntil).toBeNull();
  });

  it('times the minute as DIBELS 8 does: a reader who stalled is credited with the words read, and a short stop sets no level', async () => {
    // The reading, then silence up to 58 s: a reader the minute stopped, ten words in (the scripted
    // recogniser hears the first ten of the story's 28 words, the rest not reached).
    const folder = mkdtempSync(join(tmpdir(), 'sparky-minute-'));
    writeFileSync(join(folder, 'reading.wav'), reading);
    writeFileSync(join(folder, 'silence.wav'), makeSilence(50));
    execFileSync('sox', [
      ...[join(folder, 'reading.wav'), join(folder, 'silence.wav'), join(folder, 'minute.wav')],
      ...['trim', '0', '58'],
    ]);
    const minute = new Uint8Array(readFileSync(join(folder, 'minute.wav')));
    const unheard = Array.from({ length: 18 }, (_, i) => 10 + i);
    const send = async (client: TestBrowser, audio: Uint8Array) => {
      missed = new Set(unheard);
      try {
        const answer = await client.request('/api/reading-sessions', {
          method: 'POST',
          body: audioForm(audio, { storyId, mode: 'assessment', idempotencyKey: `rec-${randomUUID()}` }),
        });
        expect(answer.status).toBe(201);
        return (await answer.json()) as {
          tokensAwarded: number;
          result: { wordsAttempted: number; wordsCorrect: number; wcpm: number; accuracy: number };
        };
      } finally {
        missed = new Set();
      }
    };
    const stalled = await onboarded({}, { grade: '3', age: 8 });
    const assessment = await send(stalled.client, minute);
    expect(assessment.result).toMatchObject({ wordsAttempted: 10, wordsCorrect: 10, wcpm: 10 });
    // Short of half the story: no tokens, as in practice.
    expect(assessment.tokensAwarded).toBe(0);
    expect(await profileRow(stalled.userId)).toMatchObject({
      assessmentCompleted: true,
      lexileLevel: estimateReaderLexile('3', 10, assessment.result.accuracy).level,
    });

    // The same ten words in a reading stopped after a few seconds: saved, but no level and not done.
    const stopped = await onboarded({}, { grade: '3', age: 8 });
    const short = await send(stopped.client, reading);
    expect(short.result.wordsAttempted).toBe(10);
    expect(await profileRow(stopped.userId)).toMatchObject({
      assessmentCompleted: false,
      lexileLevel: null,
      lastAssessmentWpm: null,
    });
    expect(await eligibilityOf(stopped.client)).toEqual({ eligible: false, reason: 'has_reading_sessions' });
  });

  it("a reading's story sets the reading level that Sparky's 'Ready to Level Up!' compares with", async () => {
    // The same passage as a library story with a Lexile measure (the fixture's has none).
    const [levelled] = await asSystem(handle.db, (tx) =>
      tx
        .insert(stories)
        .values({ title: 'The Old Red Box, levelled', body: STORY, gradeBand: '2', lexile: 310 })
        .returning(),
    );
    const { client, userId } = await onboarded({}, { grade: '3', age: 8 });
    const send = async (id: string) => {
      const answer = await client.request('/api/reading-sessions', {
        method: 'POST',
        body: audioForm(reading, { storyId: id, mode: 'assessment', idempotencyKey: `rec-${randomUUID()}` }),
      });
      expect(answer.status).toBe(201);
      return (await answer.json()) as { result: { wcpm: number; accuracy: number } };
    };
    const { result } = await send(levelled!.id);
    const row = await profileRow(userId);
    expect(row?.readingLevel).toBe('310L');
    expect(row?.lexileLevel).toBe(estimateReaderLexile('3', result.wcpm, result.accuracy).level);
    // A story without a measure leaves the reading level as it was.
    await send(storyId);
    expect((await profileRow(userId))?.readingLevel).toBe('310L');
  });

  it('a practice reading estimates a missing level and sets no assessment result', async () => {
    const { client, userId } = await onboarded({}, { grade: '3', age: 8 });
    expect((await defer(client)).status).toBe(200);
    const practice = await upload(client, 'practice', undefined, [5]);
    expect(practice.status).toBe(201);
    const { wcpm, accuracy } = practice.body.result as { wcpm: number; accuracy: number };
    const row = await profileRow(userId);
    expect(row).toMatchObject({
      assessmentCompleted: false,
      lastAssessmentWpm: null,
      lastAssessmentAccuracy: null,
      lexileLevel: estimateReaderLexile('3', wcpm, accuracy).level,
    });
    // The deferral is the reader's until it runs out: practice does not end it.
    expect(row?.assessmentDeferredUntil).not.toBeNull();
    expect(await eligibilityOf(client)).toEqual({ eligible: false, reason: 'has_reading_sessions' });
  });

  it('refuses "Not now" without a session and with any body but none or {}, changing nothing', async () => {
    const stranger = createBrowser(app);
    const anonymous = await stranger.api.assessment.defer.$post();
    expect(anonymous.status).toBe(401);
    expect((await errorOf(anonymous)).code).toBe('unauthenticated');

    const { client, userId } = await onboarded({}, { grade: '3' });
    const other = await onboarded({}, { grade: '4' });
    const refusals: [RequestInit & { json?: unknown }, number, string][] = [
      [{ json: { userId: other.userId } }, 422, 'invalid_input'],
      [{ json: { hours: 1 } }, 422, 'invalid_input'],
      [{ json: [] }, 422, 'invalid_input'],
      [{ json: null }, 422, 'invalid_input'],
      [{ json: 'later' }, 422, 'invalid_input'],
      [{ headers: { 'content-type': 'application/json' }, body: '{"later": true' }, 400, 'invalid_json'],
      [{ headers: { 'content-type': 'application/json' }, body: ' ' }, 400, 'invalid_json'],
      [{ headers: { 'content-type': 'text/plain' }, body: '{}' }, 422, 'invalid_input'],
      [{ headers: { 'content-type': 'text/plain' }, body: 'not now' }, 422, 'invalid_input'],
      [{ headers: {}, body: '{}' }, 422, 'invalid_input'],
      [{ body: new URLSearchParams({ userId: other.userId }) }, 422, 'invalid_input'],
    ];
    for (const [init, status, code] of refusals) {
      const answer = await defer(client, init);
      expect(answer.status, JSON.stringify(init)).toBe(status);
      expect((await errorOf(answer)).code, JSON.stringify(init)).toBe(code);
    }
    // Bodies are limited to MAX_JSON_BYTES (server/app.ts): one byte over is refused before it is read,
    // whatever it is sent as.
    const padded = (bytes: number) => JSON.stringify({ pad: 'x'.repeat(bytes - '{"pad":""}'.length) });
    for (const [type, body] of [
      ['application/json', padded(MAX_JSON_BYTES + 1)],
      ['text/plain', 'x'.repeat(MAX_JSON_BYTES + 1)],
      ['application/json', padded(1_000_000)],
    ] as const) {
      const huge = await defer(client, { headers: { 'content-type': type }, body });
      expect(huge.status, `${type} ${body.length} bytes`).toBe(413);
      expect((await errorOf(huge)).code).toBe('body_too_large');
    }
    // At the limit the body is read, and refused for its field, not its size.
    const atLimit = await defer(client, {
      headers: { 'content-type': 'application/json' },
      body: padded(MAX_JSON_BYTES),
    });
    expect(atLimit.status).toBe(422);

    expect((await profileRow(userId))?.assessmentDeferredUntil).toBeNull();
    expect((await profileRow(other.userId))?.assessmentDeferredUntil).toBeNull();
    expect(await eligibilityOf(client)).toEqual({ eligible: true, reason: 'eligible' });
  });

  it('keeps each reader’s deferral and eligibility to themselves, in the database too', async () => {
    const one = await onboarded({}, { grade: '2' });
    const two = await onboarded({}, { grade: '2' });
    expect((await defer(one.client)).status).toBe(200);
    expect(await eligibilityOf(one.client)).toEqual({ eligible: false, reason: 'deferred' });
    expect(await eligibilityOf(two.client)).toEqual({ eligible: true, reason: 'eligible' });
    expect((await profileRow(two.userId))?.assessmentDeferredUntil).toBeNull();

    // Under row-level security (app_user as `one`), `two` has no profile to check nor to defer.
    const seen = await asUser(handle.db, one.userId, (tx) =>
      queryRows<{ result: unknown }>(tx, sql`select check_assessment_eligibility(${two.userId}) as result`),
    );
    expect(seen[0]?.result).toEqual({ eligible: false, reason: 'no_profile', readingSessions: 0 });
    const changed = await asUser(handle.db, one.userId, (tx) =>
      tx
        .update(profiles)
        .set({ assessmentDeferredUntil: new Date(Date.now() + HOUR_MS) })
        .where(eq(profiles.userId, two.userId))
        .returning({ userId: profiles.userId }),
    );
    expect(changed).toEqual([]);
    expect((await profileRow(two.userId))?.assessmentDeferredUntil).toBeNull();
    // The reader's own role may defer itself but not mark its assessment done (migration 0002's grants).
    await expect(
      asUser(handle.db, two.userId, (tx) =>
        tx.update(profiles).set({ assessmentCompleted: true }).where(eq(profiles.userId, two.userId)),
      ),
    ).rejects.toThrow();
    expect((await profileRow(two.userId))?.assessmentCompleted).toBe(false);
  });

  it('defers 8 readers at once, each only their own, and one reader’s 8 at once', async () => {
    const readers = await Promise.all(Array.from({ length: 8 }, () => onboarded({}, { grade: '5' })));
    const bystander = await onboarded({}, { grade: '5' });
    const answers = await Promise.all(readers.map((r) => defer(r.client)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const untils = await Promise.all(
      answers.map(async (a) => DeferAssessmentResponseSchema.parse(await a.json()).deferredUntil),
    );
    for (const [i, r] of readers.entries()) {
      expect((await profileRow(r.userId))?.assessmentDeferredUntil?.toISOString()).toBe(untils[i]);
      expect(await eligibilityOf(r.client)).toEqual({ eligible: false, reason: 'deferred' });
    }
    expect(await eligibilityOf(bystander.client)).toEqual({ eligible: true, reason: 'eligible' });

    const same = await Promise.all(Array.from({ length: 8 }, () => defer(bystander.client)));
    expect(same.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(await eligibilityOf(bystander.client)).toEqual({ eligible: false, reason: 'deferred' });
  });

  it('deletes an account that deferred and did the assessment, and only that one', async () => {
    const { client, userId } = await onboarded({}, { grade: '3' });
    const other = await onboarded({}, { grade: '3' });
    expect((await defer(client)).status).toBe(200);
    expect((await defer(other.client)).status).toBe(200);
    expect((await upload(client, 'assessment')).status).toBe(201);
    expect((await profileRow(userId))?.assessmentCompleted).toBe(true);

    const deleted = await client.request('/api/account', { method: 'DELETE', json: { password: PASSWORD } });
    expect(deleted.status).toBe(200);
    expect(await profileRow(userId)).toBeUndefined();
    const sessions = await asSystem(handle.db, (tx) =>
      tx.select().from(readingSessions).where(eq(readingSessions.userId, userId)),
    );
    expect(sessions).toEqual([]);
    expect((await client.api.assessment.defer.$post()).status).toBe(401);
    expect((await profileRow(other.userId))?.assessmentDeferredUntil).not.toBeNull();
    expect(await eligibilityOf(other.client)).toEqual({ eligible: false, reason: 'deferred' });
  });
});
