/**
 * GET /api/tutor/plan (issue 12, the tutor after reading) on PGlite and PostgreSQL: the plan comes
 * from the signed-in reader's own readings only; any query (another reader's id, oversized or
 * hostile text) is refused with the shared error shape; many readers at once each get their own.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TutorPlanResponseSchema } from '../core/api/tutor.ts';
import type { FluencyResult } from '../core/fluency/result.schema.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem } from '../server/db/rls.ts';
import { queryRows } from '../server/db/sql-rows.ts';
import { saveReadingSession } from '../server/routes/reading-sessions/reading-sessions.service.ts';
import { createBrowser, createSignedInClient, createTestApp, errorOf, type TestApp } from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

/** A scored reading of `words` where those in `missed` were substitutions. */
function result(words: string[], missed: string[], accuracy: number): FluencyResult {
  return {
    engine: 'test',
    durationSeconds: 10,
    readingSeconds: 9,
    wordsTotal: words.length,
    wordsAttempted: words.length,
    wordsCorrect: words.length - missed.length,
    errors: missed.length,
    wcpm: 40,
    accuracy,
    fluencyScore: 60,
    words: words.map((text, index) => ({
      index,
      text,
      status: missed.includes(text) ? ('substitution' as const) : ('correct' as const),
      heard: null,
      start: null,
      end: null,
      hesitation: false,
      unsure: false,
    })),
    insertions: [],
    repetitions: [],
  };
}

describe(`GET /api/tutor/plan (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let story: { id: string; title: string };
  const dataDir = mkdtempSync(join(tmpdir(), 'sparky-tutor-'));

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
    const rows = await asSystem(handle.db, (tx) =>
      queryRows<{ id: string; title: string }>(
        tx,
        sql`select id, title from stories where owner_id is null order by word_count limit 1`,
      ),
    );
    story =
      rows[0] ??
      (
        await asSystem(handle.db, (tx) =>
          queryRows<{ id: string; title: string }>(
            tx,
            sql`insert into stories (title, body, word_count, lexile) values ('Frog', 'A frog sat on a log.', 6, 200) returning id, title`,
          ),
        )
      )[0]!;
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function read(userId: string, words: string[], missed: string[], accuracy = 80) {
    await saveReadingSession(handle.db, {
      userId,
      storyId: story.id,
      storyTitle: story.title,
      mode: 'practice',
      idempotencyKey: randomUUID(),
      result: result(words, missed, accuracy),
      wav: new Uint8Array(44),
      dataDir,
    });
  }

  it('builds the plan from the reader’s own readings, never another reader’s', async () => {
    const mia = await createSignedInClient(app, handle, { display_name: 'Mia' });
    const leo = await createSignedInClient(app, handle, { display_name: 'Leo' });
    await read(mia.userId, ['the', 'brown', 'barn', 'was', 'big'], ['brown', 'barn']);
    await read(mia.userId, ['a', 'brown', 'hen'], ['brown']);
    await read(leo.userId, ['secret', 'words', 'here'], ['secret']);

    const response = await mia.client.api.tutor.plan.$get({ query: {} });
    expect(response.status).toBe(200);
    const { plan } = TutorPlanResponseSchema.parse(await response.json());
    expect(plan.readings).toBe(2);
    expect(plan.practice).toEqual([
      { word: 'brown', missed: 2 },
      { word: 'barn', missed: 1 },
    ]);
    expect(plan.praise.length).toBeGreaterThan(0);
    expect(plan.next).not.toBeNull();
    // Mia's plan holds nothing of Leo's readings.
    expect(JSON.stringify(plan)).not.toContain('secret');
  });

  it('a reader with no readings gets an empty plan with a story at their level', async () => {
    const { client } = await createSignedInClient(app, handle);
    const { plan } = TutorPlanResponseSchema.parse(
      await (await client.api.tutor.plan.$get({ query: {} })).json(),
    );
    expect(plan).toMatchObject({ readings: 0, praise: [], practice: [] });
    expect(plan.next?.level).toBe('same');
  });

  it('refuses signed out, and refuses any query (another reader’s id, oversized, hostile) with the error shape', async () => {
    const anonymous = createBrowser(app);
    const signedOut = await anonymous.request('/api/tutor/plan');
    expect(signedOut.status).toBe(401);
    expect((await errorOf(signedOut)).code).toBe('unauthenticated');

    const mia = await createSignedInClient(app, handle);
    const leo = await createSignedInClient(app, handle);
    await read(leo.userId, ['hidden'], ['hidden']);
    for (const query of [
      `userId=${encodeURIComponent(leo.userId)}`,
      `x=${'a'.repeat(4000)}`,
      `name=${encodeURIComponent("'; drop table reading_sessions; --<script>")}`,
    ]) {
      const refused = await mia.client.request(`/api/tutor/plan?${query}`);
      expect(refused.status).toBe(422);
      const error = await errorOf(refused);
      expect(error.code).toBe('invalid_input');
    }
    // Nothing was lost or leaked: Leo's reading is still there, for Leo only.
    const leoPlan = TutorPlanResponseSchema.parse(
      await (await leo.client.api.tutor.plan.$get({ query: {} })).json(),
    ).plan;
    expect(leoPlan.practice).toEqual([{ word: 'hidden', missed: 1 }]);
    const miaPlan = TutorPlanResponseSchema.parse(
      await (await mia.client.api.tutor.plan.$get({ query: {} })).json(),
    ).plan;
    expect(miaPlan.readings).toBe(0);
  });

  it('many readers at once each get their own plan', async () => {
    const readers = await Promise.all(Array.from({ length: 8 }, () => createSignedInClient(app, handle)));
    await Promise.all(readers.map((r, k) => read(r.userId, [`word${k}`, 'same'], [`word${k}`])));
    const plans = await Promise.all(
      readers.map(
        async (r) =>
          TutorPlanResponseSchema.parse(await (await r.client.api.tutor.plan.$get({ query: {} })).json())
            .plan,
      ),
    );
    plans.forEach((plan, k) => expect(plan.practice).toEqual([{ word: `word${k}`, missed: 1 }]));
  });
});
