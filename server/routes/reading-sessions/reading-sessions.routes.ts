/**
 * Reading sessions (mounted at /api): save a scored read-aloud with its rewards, list and read sessions,
 * the reader's own recording, statistics and achievements. Payloads: core/api/reading-sessions.ts.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { normsGrade, seasonOf } from '#core/reading/season.ts';
import type { Database } from '../../db/client.ts';
import { asUser } from '../../db/rls.ts';
import { profiles, stories } from '../../db/schema.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError } from '../../http/errors.ts';
import { requireUser } from '../../http/require-user.ts';
import { SpeechError } from '../../speech/errors.ts';
import type { Recogniser } from '../../speech/recogniser.ts';
import { scoreAudio } from '../../speech/score-audio.ts';
import { MAX_AUDIO_BYTES } from '../../speech/wav.ts';
import { createFixedWindowLimiter, type RateLimiter } from '../fluency/rate-limit.ts';
import {
  findByIdempotencyKey,
  getReadingSession,
  replayReadingSession,
  listAchievements,
  listReadingSessions,
  readingStatsFor,
  saveReadingSession,
  toReadingSession,
} from './reading-sessions.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const FieldsSchema = z.object({
  storyId: z.string().regex(UUID, 'storyId must be a story id'),
  mode: z.enum(['practice', 'assessment']).default('practice'),
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'idempotencyKey must be 8–100 letters, digits, - or _'),
});

/** Build the reading-session routes. */
export function createReadingSessionRoutes(deps: {
  db: Database;
  recogniser: Recogniser;
  dataDir: string;
  rateLimiter?: RateLimiter;
  now?: () => Date;
}) {
  const { db, recogniser, dataDir } = deps;
  const limiter = deps.rateLimiter ?? createFixedWindowLimiter(10, 60_000);
  const now = deps.now ?? (() => new Date());
  const api = new Hono<AppEnv>();

  /** POST /api/reading-sessions (multipart audio, storyId, mode, idempotencyKey) → 201, or 200 on a replay. */
  api.post(
    '/reading-sessions',
    bodyLimit({
      maxSize: MAX_AUDIO_BYTES + 64 * 1024,
      onError: (c) => apiError(c, 413, 'audio_too_large', 'The audio file is larger than 10 MB.'),
    }),
    async (c) => {
      const user = requireUser(c);
      if (user instanceof Response) return user;
      let body: Record<string, string | File>;
      try {
        body = (await c.req.parseBody()) as Record<string, string | File>;
      } catch {
        return apiError(c, 400, 'bad_request', 'Send a multipart form with an "audio" file.');
      }
      const fields = FieldsSchema.safeParse(body);
      if (!fields.success)
        return apiError(c, 422, 'invalid_input', fields.error.issues.map((i) => i.message).join('; '));
      const { storyId, mode, idempotencyKey } = fields.data;
      const audio = body.audio;
      if (!(audio instanceof File))
        return apiError(c, 400, 'audio_missing', 'Attach the reading as an "audio" file.');

      // A retried upload is answered from what was saved, without scoring it again.
      const existing = await findByIdempotencyKey(db, user.id, idempotencyKey);
      if (existing) return c.json(await replayReadingSession(db, existing, now()), 200);

      const [story] = await asUser(db, user.id, (tx) =>
        tx.select({ title: stories.title, body: stories.body }).from(stories).where(eq(stories.id, storyId)),
      );
      if (!story) return apiError(c, 404, 'story_not_found', 'No such story.');

      const quota = limiter.take(user.id);
      if (!quota.ok) {
        c.header('Retry-After', String(quota.retryAfterSeconds));
        return apiError(
          c,
          429,
          'rate_limited',
          `Too many readings; try again in ${quota.retryAfterSeconds} s.`,
        );
      }

      const [profile] = await asUser(db, user.id, (tx) =>
        tx.select({ grade: profiles.grade }).from(profiles).where(eq(profiles.userId, user.id)),
      );
      const wav = new Uint8Array(await audio.arrayBuffer());
      const at = now();
      let result: FluencyResult;
      try {
        const grade = normsGrade(profile?.grade);
        result = await scoreAudio({
          wav,
          passageText: story.body,
          recogniser,
          mode,
          season: seasonOf(at),
          ...(grade !== undefined ? { grade } : {}),
          signal: c.req.raw.signal,
        });
      } catch (error) {
        if (error instanceof SpeechError) return apiError(c, error.status as 400, error.code, error.message);
        throw error;
      }
      if (result.wordsAttempted === 0) {
        return apiError(
          c,
          422,
          'no_speech',
          "We didn't hear any of the story's words. Please try again and read the words out loud.",
        );
      }
      const saved = await saveReadingSession(db, {
        userId: user.id,
        storyId,
        storyTitle: story.title,
        mode,
        idempotencyKey,
        result,
        wav,
        dataDir,
        now: at,
      });
      return c.json(saved, saved.replayed ? 200 : 201);
    },
  );

  /** GET /api/reading-sessions → { sessions } newest first. */
  api.get('/reading-sessions', async (c) => {
    const user = requireUser(c);
    if (user instanceof Response) return user;
    const rows = await listReadingSessions(db, user.id);
    return c.json({ sessions: rows.map(toReadingSession) });
  });

  /** GET /api/reading-sessions/:id → { session, result }. */
  api.get('/reading-sessions/:id', async (c) => {
    const user = requireUser(c);
    if (user instanceof Response) return user;
    const id = c.req.param('id');
    const row = UUID.test(id) ? await getReadingSession(db, user.id, id) : undefined;
    if (!row) return apiError(c, 404, 'session_not_found', 'No such reading session.');
    return c.json({
      session: toReadingSession(row),
      result: (row.wordResults as FluencyResult | null) ?? null,
    });
  });

  /** GET /api/reading-sessions/:id/audio → the reader's own recording (audio/wav), while it is kept. */
  api.get('/reading-sessions/:id/audio', async (c) => {
    const user = requireUser(c);
    if (user instanceof Response) return user;
    const id = c.req.param('id');
    const row = UUID.test(id) ? await getReadingSession(db, user.id, id) : undefined;
    if (!row?.audioPath) return apiError(c, 404, 'audio_not_found', 'This recording is no longer kept.');
    const root = resolve(dataDir);
    const path = resolve(root, row.audioPath);
    if (!path.startsWith(root + '/'))
      return apiError(c, 404, 'audio_not_found', 'This recording is no longer kept.');
    try {
      const bytes = await readFile(path);
      c.header('content-type', 'audio/wav');
      c.header('cache-control', 'private, max-age=3600');
      return c.body(new Uint8Array(bytes));
    } catch {
      return apiError(c, 404, 'audio_not_found', 'This recording is no longer kept.');
    }
  });

  /** GET /api/reading-stats → ReadingStats. */
  api.get('/reading-stats', async (c) => {
    const user = requireUser(c);
    if (user instanceof Response) return user;
    return c.json(await readingStatsFor(db, user.id, now()));
  });

  /** GET /api/achievements → { achievements } newest first. */
  api.get('/achievements', async (c) => {
    const user = requireUser(c);
    if (user instanceof Response) return user;
    return c.json({ achievements: await listAchievements(db, user.id) });
  });

  return api;
}
