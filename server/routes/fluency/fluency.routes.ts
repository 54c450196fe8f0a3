/**
 * Fluency scoring over HTTP, without saving (mounted at /api): POST /api/fluency/score. The app saves
 * readings through POST /api/reading-sessions; this route scores a reading of any passage (for
 * tools and operators) through the same scoring service and rate limit (./fluency.service.ts).
 */
import { Hono } from 'hono';
import { FluencyScoreFormSchema, MAX_PASSAGE_CHARS } from '#core/api/reading-sessions.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { apiError } from '#server/http/errors.ts';
import { requireUser } from '#server/http/require-user.ts';
import { audioBodyLimit, uploadRefusal } from '#server/http/upload.ts';
import { validate } from '#server/http/validate.ts';
import type { ScoringQueue } from '../../jobs/scoring-queue.ts';
import type { ScoringService } from './fluency.service.ts';

/** What the fluency routes need. */
export interface FluencyRoutesDeps {
  scoring: ScoringService;
  /** The scoring queue, for the page's "where is my reading" question. */
  queue: ScoringQueue;
  /** The text of a story the user may read, or null when it does not exist or is not theirs. */
  storyText(storyId: string, userId: string): Promise<string | null>;
}

/**
 * Creates the fluency routes.
 *
 * POST /api/fluency/score — multipart form (FluencyScoreFormSchema): `audio` WAV (PCM 16-bit, mono or
 * stereo, any rate; ≤ 10 MB, ≤ 180 s) and `text` or `storyId`, optional `grade`, `season`, `mode`,
 * `engine`, `purpose`. `purpose=reading_end` is the fluency page's end-of-reading check (did the reader reach the
 * last word?): pocketsphinx's first pass alone, without Moonshine's nominations and the later passes, which can
 * change which words are errors but not how far the reader got (same answer shape; its word verdicts are rough);
 * the default `score` scores fully.
 * Answers 200 with the result contract (core/fluency/result.schema.ts), or the API error
 * shape with 400 `audio_missing` / `engine_unavailable`, 401, 404 `story_not_found`, 413, 415,
 * 422 `invalid_input` or an audio code, 429 `rate_limited`, 502 or 503.
 */
export function createFluencyRoutes(deps: FluencyRoutesDeps) {
  return (
    new Hono<AppEnv>()
      /**
       * GET /api/scoring-queue/:key → where the signed-in user's reading with this idempotency key is:
       * `{ state: 'queued', position, running, estimatedWaitSeconds }` or `{ state: 'scoring', progress,
       * elapsedSeconds, estimatedSeconds }`; 404 `not_queued` when it neither waits nor runs (done, or
       * never sent). Only the user's own readings are visible.
       */
      .get('/scoring-queue/:key', requireUser, (c) => {
        const status = deps.queue.status(c.var.user.id, c.req.param('key'));
        if (!status) return apiError(c, 404, 'not_queued', 'This reading is not waiting or being scored.');
        return c.json(status, 200);
      })
      .post(
        '/fluency/score',
        requireUser,
        // the audio limit plus room for the passage
        audioBodyLimit(MAX_PASSAGE_CHARS * 4 + 64 * 1024),
        validate('form', FluencyScoreFormSchema, uploadRefusal),
        async (c) => {
          const { audio, text, storyId, grade, season, mode, engine, purpose } = c.req.valid('form');
          const userId = c.var.user.id;
          const passageText = text ?? (storyId === undefined ? null : await deps.storyText(storyId, userId));
          if (passageText === null) return apiError(c, 404, 'story_not_found', 'No such story.');
          const result = await deps.scoring.score({
            userId,
            wav: new Uint8Array(await audio.arrayBuffer()),
            passageText,
            ...(grade !== undefined ? { grade } : {}),
            ...(season ? { season } : {}),
            ...(mode ? { mode } : {}),
            ...(engine ? { engine } : {}),
            ...(purpose ? { purpose } : {}),
            signal: c.req.raw.signal,
          });
          return c.json(result, 200);
        },
      )
  );
}
