/**
 * Reading sessions (mounted at /api): save a scored read-aloud with its rewards, list and read sessions,
 * the reader's own recording, statistics and achievements. Payloads: core/api/reading-sessions.ts.
 * Every route needs a signed-in user.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { ReadingUploadFormSchema } from '#core/api/reading-sessions.ts';
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError } from '../../http/errors.ts';
import { requireUser } from '../../http/require-user.ts';
import { audioBodyLimit, uploadRefusal } from '../../http/upload.ts';
import { validate, type RefusalFor } from '../../http/validate.ts';
import { deleteReadingSession, deleteRecordingsOf } from './delete-readings.service.ts';
import { RECORDING_GONE, sendRecording } from './recording-file.ts';
import type { ScoringService } from '../fluency/fluency.service.ts';
import {
  getReadingSession,
  listAchievements,
  listReadingSessions,
  readingStatsFor,
  scoreAndSaveReading,
  toReadingSession,
  toReadingSessionSummary,
} from './reading-sessions.service.ts';

const SessionIdParamSchema = z.object({ id: z.uuid() });
const sessionNotFound: RefusalFor = () => ({
  status: 404,
  code: 'session_not_found',
  message: 'No such reading session.',
});
const audioNotFound: RefusalFor = () => ({
  status: 404,
  code: 'audio_not_found',
  message: RECORDING_GONE,
});

/** Build the reading-session routes. */
export function createReadingSessionRoutes(deps: {
  db: Database;
  scoring: ScoringService;
  dataDir: string;
  now?: () => Date;
}) {
  const { db, scoring, dataDir } = deps;
  const now = deps.now ?? (() => new Date());
  return (
    new Hono<AppEnv>()
      /**
       * POST /api/reading-sessions (multipart ReadingUploadFormSchema) → 201 SaveReadingSessionResponse,
       * or 200 with the same saved session on a replay of its idempotency key. With `screeningId` (a Reading
       * Screening's passage, ADR 0049) the answer carries the screening; 422 `invalid_input` without
       * `mode=assessment`, 404 `screening_not_found`, 409 `screening_passage_mismatch`, each before scoring.
       */
      .post(
        '/reading-sessions',
        requireUser,
        audioBodyLimit(),
        validate('form', ReadingUploadFormSchema, uploadRefusal),
        async (c) => {
          const { audio, storyId, mode, idempotencyKey, screeningId } = c.req.valid('form');
          const saved = await scoreAndSaveReading(db, scoring, {
            userId: c.var.user.id,
            storyId,
            mode,
            idempotencyKey,
            ...(screeningId !== undefined ? { screeningId } : {}),
            wav: new Uint8Array(await audio.arrayBuffer()),
            dataDir,
            now: now(),
            signal: c.req.raw.signal,
          });
          return c.json(saved, saved.replayed ? 200 : 201);
        },
      )

      /** GET /api/reading-sessions → { sessions } (summaries, the newest 500) newest first. */
      .get('/reading-sessions', requireUser, async (c) => {
        const rows = await listReadingSessions(db, c.var.user.id);
        return c.json({ sessions: rows.map(toReadingSessionSummary) });
      })

      /** GET /api/reading-sessions/:id → { session, result }; 404 `session_not_found`. */
      .get(
        '/reading-sessions/:id',
        requireUser,
        validate('param', SessionIdParamSchema, sessionNotFound),
        async (c) => {
          const row = await getReadingSession(db, c.var.user.id, c.req.valid('param').id);
          if (!row) return apiError(c, 404, 'session_not_found', 'No such reading session.');
          return c.json({
            session: toReadingSession(row),
            result: (row.wordResults as FluencyResult | null) ?? null,
          });
        },
      )

      /** GET /api/reading-sessions/:id/audio → the reader's own recording (audio/wav), while it is kept. */
      .get(
        '/reading-sessions/:id/audio',
        requireUser,
        validate('param', SessionIdParamSchema, audioNotFound),
        async (c) => {
          const row = await getReadingSession(db, c.var.user.id, c.req.valid('param').id);
          return sendRecording(c, dataDir, row?.audioPath ?? null);
        },
      )

      /**
       * DELETE /api/reading-sessions/:id → { deleted: true }: the session, its recording and its activity
       * row (issue #14 item 11). The reader's own, or anyone's for an owner; 404 `session_not_found` for
       * an unknown, malformed or another user's id alike.
       */
      .delete(
        '/reading-sessions/:id',
        requireUser,
        validate('param', SessionIdParamSchema, sessionNotFound),
        async (c) => {
          const deleted = await deleteReadingSession(db, c.var.user.id, c.req.valid('param').id, dataDir);
          if (!deleted) return apiError(c, 404, 'session_not_found', 'No such reading session.');
          c.var.log.info({ event: 'reading_deleted' }, 'a reading session was deleted');
          return c.json({ deleted: true as const });
        },
      )

      /**
       * DELETE /api/recordings → { deleted: n }: every recording of the signed-in user; the scores stay
       * (issue #14 item 11).
       */
      .delete('/recordings', requireUser, async (c) => {
        const deleted = await deleteRecordingsOf(db, c.var.user.id, dataDir);
        c.var.log.info({ event: 'recordings_deleted', count: deleted }, 'a user deleted their recordings');
        return c.json({ deleted });
      })

      /** GET /api/reading-stats → ReadingStats. */
      .get('/reading-stats', requireUser, async (c) =>
        c.json(await readingStatsFor(db, c.var.user.id, now())),
      )

      /** GET /api/achievements → { achievements } newest first. */
      .get('/achievements', requireUser, async (c) =>
        c.json({ achievements: await listAchievements(db, c.var.user.id) }),
      )
  );
}
