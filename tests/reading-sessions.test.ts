/**
 * Reading sessions on PGlite and PostgreSQL: saving a real recording, paying tokens once however often
 * the upload is retried, achievements, streak, statistics, recording retention, and refusals.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { parseResponse } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FluencyResult } from '../core/fluency/result.schema.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem } from '../server/db/rls.ts';
import { profiles, readingSessions, tokenLedger } from '../server/db/schema.ts';
import { deleteExpiredRecordings } from '../server/jobs/audio-retention.ts';
import { saveReadingSession } from '../server/routes/reading-sessions/reading-sessions.service.ts';
import { createSignedInClient, type TestApp } from './helpers/app.ts';
import { testDatabaseKind } from './helpers/database.ts';
import { audioForm, makeSilence, openStoryReadingFixture } from './helpers/readings.ts';

const STORY = 'A small frog sat on a log. The sun was warm, and the frog was happy.';

/** A scored result as the engine would give it, for service-level tests that skip the recogniser. */
function result(figures: {
  wcpm: number;
  accuracy: number;
  words?: number;
  reached?: number;
}): FluencyResult {
  const words = figures.words ?? 16;
  const reached = figures.reached ?? words;
  return {
    engine: 'test',
    durationSeconds: 10,
    readingSeconds: 9,
    wordsTotal: words,
    wordsAttempted: reached,
    wordsCorrect: reached,
    errors: 0,
    wcpm: figures.wcpm,
    accuracy: figures.accuracy,
    fluencyScore: 60,
    words: [],
    insertions: [],
    repetitions: [],
  };
}

describe(`reading sessions (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let storyId: string;
  let reading: Uint8Array;

  beforeAll(async () => {
    ({ handle, app, storyId, reading } = await openStoryReadingFixture({
      title: 'Frog on a Log',
      body: STORY,
      gradeBand: 'K',
    }));
  });
  afterAll(async () => {
    await handle?.close();
  });

  it(
    'saves a scored reading, pays tokens once per recording, and awards speed_reader',
    { timeout: 90_000 },
    async () => {
      const { client, userId } = await createSignedInClient(app, handle, { grade: '1' });
      const key = `rec-${randomUUID()}`;
      const first = await client.request('/api/reading-sessions', {
        method: 'POST',
        body: audioForm(reading, { storyId, idempotencyKey: key }),
      });
      expect(first.status).toBe(201);
      const saved = await first.json();
      expect(saved.replayed).toBe(false);
      expect(saved.session).toMatchObject({
        story_title: 'Frog on a Log',
        story_id: storyId,
        has_audio: true,
        mode: 'practice',
      });
      expect(saved.result.wordsTotal).toBe(16);
      expect(saved.tokensAwarded).toBeGreaterThan(0);
      // A first reading may also complete today's Story Time challenge (target 1 or 2), paid with it.
      const challengeTokens = saved.completedChallenges.reduce(
        (sum: number, c: { reward_tokens: number }) => sum + c.reward_tokens,
        0,
      );
      expect(saved.balance).toBe(saved.tokensAwarded + challengeTokens);
      expect(saved.newAchievements.map((a: { achievement_type: string }) => a.achievement_type)).toContain(
        'speed_reader',
      );

      const replay = await client.request('/api/reading-sessions', {
        method: 'POST',
        body: audioForm(reading, { storyId, idempotencyKey: key }),
      });
      expect(replay.status).toBe(200);
      const replayed = await replay.json();
      expect(replayed).toMatchObject({
        replayed: true,
        tokensAwarded: 0,
        balance: saved.balance,
        newAchievements: [],
        completedChallenges: [],
      });
      expect(replayed.session.id).toBe(saved.session.id);

      const rows = await asSystem(handle.db, (tx) =>
        tx.select().from(readingSessions).where(eq(readingSessions.userId, userId)),
      );
      expect(rows).toHaveLength(1);
      const ledger = await asSystem(handle.db, (tx) =>
        tx.select().from(tokenLedger).where(eq(tokenLedger.userId, userId)),
      );
      expect(ledger).toHaveLength(1 + saved.completedChallenges.length);

      const me = await parseResponse(client.api.me.$get());
      const profile = me.profile!;
      expect(profile.tokens).toBe(saved.balance);
      expect(me.hasReadingSessions).toBe(true);
      expect(me.streak).toBe(1);
      // Spec §4.7: the first reading gives a reader without a Lexile level an estimate, clamped to grade 1.
      const lexile = profile.lexile_level!;
      expect(lexile).toBeGreaterThanOrEqual(200);
      expect(lexile).toBeLessThanOrEqual(400);
      expect(profile.estimated_lexile_range).toBe(`${lexile - 50}L - ${lexile + 100}L`);

      const list = await parseResponse(client.api['reading-sessions'].$get());
      // The list carries only what the progress table shows, with the story and the mode (a reading
      // check is marked, and a second one takes another passage: ADR 0038); no word results.
      const {
        id,
        created_at,
        story_id,
        story_title,
        mode,
        wcpm,
        accuracy_percentage,
        fluency_score,
        tokens_awarded,
        has_audio,
        screening_id,
        for_screening,
      } = saved.session;
      expect(screening_id).toBeNull();
      expect(for_screening).toBe(false);
      expect(mode).toBe('practice');
      expect(list.sessions).toEqual([
        {
          id,
          created_at,
          story_id,
          story_title,
          mode,
          wcpm,
          accuracy_percentage,
          fluency_score,
          tokens_awarded,
          has_audio,
          screening_id,
          for_screening,
        },
      ]);
      const detail = await parseResponse(
        client.api['reading-sessions'][':id'].$get({ param: { id: saved.session.id } }),
      );
      expect(detail.result?.words).toHaveLength(16);
      const audio = await client.api['reading-sessions'][':id'].audio.$get({
        param: { id: saved.session.id },
      });
      expect(audio.status).toBe(200);
      expect(audio.headers.get('content-type')).toBe('audio/wav');
      expect(new Uint8Array(await audio.arrayBuffer()).length).toBe(reading.length);

      const achievements = await parseResponse(client.api.achievements.$get());
      expect(achievements.achievements.map((a) => a.achievement_type)).toEqual(['speed_reader']);

      const stranger = await createSignedInClient(app, handle);
      expect(
        (await stranger.client.api['reading-sessions'][':id'].$get({ param: { id: saved.session.id } }))
          .status,
      ).toBe(404);
      expect(
        (await stranger.client.api['reading-sessions'][':id'].audio.$get({ param: { id: saved.session.id } }))
          .status,
      ).toBe(404);
    },
  );

  it('pays once when the same upload arrives twice at the same time', async () => {
    const { userId } = await createSignedInClient(app, handle);
    const input = {
      userId,
      storyId,
      storyTitle: 'Frog on a Log',
      mode: 'practice' as const,
      idempotencyKey: `dup-${randomUUID()}`,
      result: result({ wcpm: 40, accuracy: 95 }),
      wav: new Uint8Array([1, 2, 3]),
      dataDir: join(tmpdir(), `sparky-${randomUUID()}`),
      // Today's Story Time then needs two readings, so this one pays only the session's tokens.
      random: () => 0.99,
    };
    const outcomes = await Promise.all([
      saveReadingSession(handle.db, input),
      saveReadingSession(handle.db, input),
    ]);
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    const [profile] = await asSystem(handle.db, (tx) =>
      tx.select().from(profiles).where(eq(profiles.userId, userId)),
    );
    expect(profile?.tokens).toBe(10);
  });

  it('a partial reading (most words not reached) earns no tokens and no speed achievement (issue 17)', async () => {
    const { userId } = await createSignedInClient(app, handle);
    const dataDir = join(tmpdir(), `sparky-partial-${randomUUID()}`);
    const save = (reached: number) =>
      saveReadingSession(handle.db, {
        userId,
        storyId,
        storyTitle: 'Frog on a Log',
        mode: 'practice',
        idempotencyKey: `partial-${reached}-${randomUUID()}`,
        // The audit's reading: fast and 100 % right, but stopped after 19 of 62 words.
        result: result({ wcpm: 90, accuracy: 100, words: 62, reached }),
        wav: new Uint8Array([0]),
        dataDir,
      });
    const partial = await save(19);
    expect(partial.tokensAwarded).toBe(0);
    expect(partial.newAchievements).toEqual([]);
    expect(partial.session.tokens_awarded).toBe(0);
    // Read to the end, the same figures earn both.
    const whole = await save(62);
    expect(whole.tokensAwarded).toBeGreaterThan(0);
    expect(whole.newAchievements.map((a) => a.achievement_type)).toEqual(['speed_reader']);
  });

  it('awards streak badges and computes statistics over days', async () => {
    const { client, userId } = await createSignedInClient(app, handle);
    const dataDir = join(tmpdir(), `sparky-${randomUUID()}`);
    const today = new Date();
    const earned: string[] = [];
    for (const [daysAgo, wcpm] of [
      [2, 30],
      [1, 36],
      [0, 41],
    ] as const) {
      const at = new Date(today.getTime() - daysAgo * 86_400_000);
      const saved = await saveReadingSession(handle.db, {
        userId,
        storyId,
        storyTitle: 'Frog on a Log',
        mode: 'practice',
        idempotencyKey: `day-${daysAgo}-${randomUUID()}`,
        result: result({ wcpm, accuracy: 80 }),
        wav: new Uint8Array([0]),
        dataDir,
        now: at,
      });
      earned.push(...saved.newAchievements.map((a) => a.achievement_type));
    }
    expect(earned).toEqual(['reading_streak_3']);
    const stats = await parseResponse(client.api['reading-stats'].$get());
    expect(stats.streak).toBe(3);
    expect(stats.chart.map((p) => p.wcpm)).toEqual([30, 36, 41]);
    expect(stats.averages).toEqual({ fluency: 60, accuracy: 80, wcpm: 36, sessions: 3 });
    expect(stats.recentProgress).toMatchObject({ wcpm: 5, accuracy: 0 });
    expect(stats.perStory[0]).toMatchObject({
      attempts: 3,
      improvement: { wcpm: 11 },
      trend: { wcpm: 'up' },
    });
  });

  it('deletes recordings 30 days after the session, and only those', async () => {
    const { client, userId } = await createSignedInClient(app, handle);
    const dataDir = join(tmpdir(), `sparky-retention-${randomUUID()}`);
    const save = (now: Date) =>
      saveReadingSession(handle.db, {
        userId,
        storyId,
        storyTitle: 'Frog on a Log',
        mode: 'practice',
        idempotencyKey: `ret-${randomUUID()}`,
        result: result({ wcpm: 20, accuracy: 70 }),
        wav: reading,
        dataDir,
        now,
      });
    const now = new Date();
    const old = await save(new Date(now.getTime() - 31 * 86_400_000));
    const recent = await save(new Date(now.getTime() - 10 * 86_400_000));
    const oldFile = join(dataDir, 'recordings', userId, `${old.session.id}.wav`);
    const recentFile = join(dataDir, 'recordings', userId, `${recent.session.id}.wav`);
    expect(existsSync(oldFile) && existsSync(recentFile)).toBe(true);

    await deleteExpiredRecordings(handle.db, { dataDir, now });
    expect(existsSync(oldFile)).toBe(false);
    expect(existsSync(recentFile)).toBe(true);

    // A moved clock: 21 days later the second one expires too.
    await deleteExpiredRecordings(handle.db, { dataDir, now: new Date(now.getTime() + 21 * 86_400_000) });
    expect(existsSync(recentFile)).toBe(false);
    for (const { session } of [old, recent]) {
      const detail = await (
        await client.api['reading-sessions'][':id'].$get({ param: { id: session.id } })
      ).json();
      expect(detail).toMatchObject({ session: { id: session.id, has_audio: false } });
    }
  });

  it('refuses bad uploads clearly and saves nothing', { timeout: 60_000 }, async () => {
    const { client, userId } = await createSignedInClient(app, handle);
    const post = (body: FormData) => client.request('/api/reading-sessions', { method: 'POST', body });
    const key = `bad-${randomUUID()}`;
    expect((await post(audioForm(reading, { storyId, idempotencyKey: 'short' }))).status).toBe(422);
    expect((await post(audioForm(reading, { idempotencyKey: key }))).status).toBe(422);
    expect((await post(audioForm(null, { storyId, idempotencyKey: key }))).status).toBe(400);
    const unknown = await post(audioForm(reading, { storyId: randomUUID(), idempotencyKey: key }));
    expect(unknown.status).toBe(404);
    const silent = await post(audioForm(makeSilence(3), { storyId, idempotencyKey: key }));
    expect(silent.status).toBe(422);
    expect((await silent.json()).error.code).toBe('audio_silent');
    const notAudio = await post(
      audioForm(new TextEncoder().encode('hello'), { storyId, idempotencyKey: key }),
    );
    expect([400, 415, 422]).toContain(notAudio.status);
    const rows = await asSystem(handle.db, (tx) =>
      tx.select().from(readingSessions).where(eq(readingSessions.userId, userId)),
    );
    expect(rows).toHaveLength(0);
  });
});
