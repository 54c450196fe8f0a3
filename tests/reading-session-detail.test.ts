/**
 * Reading one past reading back (GET /api/reading-sessions/:id), which the fluency page opens again
 * from the progress (docs/decisions/0036-reopen-a-past-reading.md): the reader gets their own reading
 * with its per-word result; another reader's id, an unknown, deleted, malformed, hostile or oversized
 * one is the same 404, and so is an owner's look at someone else's reading (a child's readings are
 * theirs alone); no session is 401; many readers at once each get their own.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadingSessionDetailSchema } from '../core/api/reading-sessions.ts';
import type { FluencyResult } from '../core/fluency/result.schema.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem } from '../server/db/rls.ts';
import { stories, userRoles } from '../server/db/schema.ts';
import { saveReadingSession } from '../server/routes/reading-sessions/reading-sessions.service.ts';
import { createBrowser, createSignedInClient, createTestApp, errorOf, type TestApp } from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';
import { makeSilence } from './helpers/readings.ts';

/** A scored result with one word of each kind the page marks, tagged so that readers can be told apart. */
function result(tag: number): FluencyResult {
  const word = (index: number, text: string, status: 'correct' | 'omission' | 'substitution') => ({
    index,
    text,
    status,
    heard: status === 'substitution' ? 'mat' : status === 'correct' ? text : null,
    start: status === 'omission' ? null : index * 0.5,
    end: status === 'omission' ? null : index * 0.5 + 0.4,
    hesitation: false,
    unsure: false,
  });
  return {
    engine: 'test',
    durationSeconds: 2,
    readingSeconds: 2,
    wordsTotal: 3,
    wordsAttempted: 3,
    wordsCorrect: 1,
    errors: 2,
    wcpm: tag,
    accuracy: 33.3,
    fluencyScore: 20,
    words: [word(0, 'a', 'correct'), word(1, 'cat', 'substitution'), word(2, 'sat', 'omission')],
    insertions: [],
    repetitions: [],
  };
}

describe(`reading one past reading back (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let dataDir: string;
  let storyId: string;
  const wav = makeSilence(1);

  /** A signed-in reader who is not an owner (whatever order the accounts were made in). */
  async function reader() {
    const made = await createSignedInClient(app, handle);
    await asSystem(handle.db, (tx) =>
      tx.delete(userRoles).where(and(eq(userRoles.userId, made.userId), eq(userRoles.role, 'owner'))),
    );
    return made;
  }

  async function saveReading(userId: string, tag = 60) {
    const saved = await saveReadingSession(handle.db, {
      userId,
      storyId,
      storyTitle: 'A Cat',
      mode: 'practice',
      idempotencyKey: randomUUID(),
      result: result(tag),
      wav,
      dataDir,
    });
    return saved.session.id;
  }

  beforeAll(async () => {
    handle = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'sparky-detail-'));
    app = createTestApp(handle, { DATA_DIR: dataDir });
    const [story] = await asSystem(handle.db, (tx) =>
      tx.insert(stories).values({ title: 'A Cat', body: 'A cat sat.', gradeBand: 'K' }).returning(),
    );
    storyId = story!.id;
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('gives the reader their own reading with its per-word result', async () => {
    const { client, userId } = await reader();
    const id = await saveReading(userId, 61);
    const res = await client.api['reading-sessions'][':id'].$get({ param: { id } });
    expect(res.status).toBe(200);
    // The answer is the contract's shape (parsed, so a field gone wrong fails here).
    const body = ReadingSessionDetailSchema.parse(await res.json());
    expect(body.session).toMatchObject({ id, story_id: storyId, story_title: 'A Cat', has_audio: true });
    expect(body.result?.wcpm).toBe(61);
    expect(body.result?.words.map((w) => [w.text, w.status])).toEqual([
      ['a', 'correct'],
      ['cat', 'substitution'],
      ['sat', 'omission'],
    ]);
    // The page is never kept by the browser or anything between: a child's words stay on the server.
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 404 alike for another reader’s, an unknown, a deleted and an owner’s look at a child’s reading', async () => {
    const child = await reader();
    const other = await reader();
    const id = await saveReading(child.userId);
    const gone = await saveReading(child.userId);
    expect((await child.client.api['reading-sessions'][':id'].$delete({ param: { id: gone } })).status).toBe(
      200,
    );
    const owner = await reader();
    await asSystem(handle.db, (tx) => tx.insert(userRoles).values({ userId: owner.userId, role: 'owner' }));

    for (const [who, sessionId] of [
      [other, id],
      [owner, id],
      [child, gone],
      [child, randomUUID()],
    ] as const) {
      const res = await who.client.api['reading-sessions'][':id'].$get({ param: { id: sessionId } });
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe('session_not_found');
    }
    // The reading is still there for its reader.
    expect((await child.client.api['reading-sessions'][':id'].$get({ param: { id } })).status).toBe(200);
  });

  it('refuses malformed, hostile and oversized ids, and a request without a session', async () => {
    const { client, userId } = await reader();
    const id = await saveReading(userId);
    for (const bad of ['not-a-uuid', '..%2F..%2Fpglite', `${id}%00`, "1' or '1'='1", 'x'.repeat(5000)]) {
      const res = await client.request(`/api/reading-sessions/${bad}`);
      expect(res.status, bad).toBe(404);
      expect(['session_not_found', 'not_found']).toContain((await errorOf(res)).code);
    }
    const anonymous = await createBrowser(app).request(`/api/reading-sessions/${id}`);
    expect(anonymous.status).toBe(401);
  });

  it(
    'gives many readers at once each their own reading, and nobody else’s',
    { timeout: 60_000 },
    async () => {
      const readers = await Promise.all(Array.from({ length: 8 }, () => reader()));
      const ids = await Promise.all(readers.map((r, i) => saveReading(r.userId, 100 + i)));
      const answers = await Promise.all(
        readers.flatMap((r, i) => [
          r.client.api['reading-sessions'][':id'].$get({ param: { id: ids[i]! } }),
          r.client.api['reading-sessions'][':id'].$get({ param: { id: ids[(i + 1) % readers.length]! } }),
        ]),
      );
      for (let i = 0; i < readers.length; i += 1) {
        const own = answers[2 * i]!;
        expect(own.status).toBe(200);
        expect(ReadingSessionDetailSchema.parse(await own.json()).result?.wcpm).toBe(100 + i);
        expect(answers[2 * i + 1]!.status).toBe(404);
      }
    },
  );
});
