/**
 * The Reading Screening's API (mounted at /api; docs/decisions/0049-reading-screening.md). Payloads:
 * core/api/screening.ts; errors: core/api/errors.ts. Every route needs a signed-in user (401 `unauthenticated`) with a
 * reader's account (403 `not_a_reader` for a teacher's or guardian's) and, like every /api answer, is sent with
 * `Cache-Control: no-store`. A screening's readings are uploaded through POST /api/reading-sessions with
 * `screeningId` (reading-sessions.routes.ts). Who may see what: screening.service.ts.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { ScreeningList, ScreeningResponse, ScreeningState } from '#core/api/screening.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError, ApiFailure } from '../../http/errors.ts';
import { createFixedWindowLimiter, type RateLimiter } from '../../http/rate-limit.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate, validateEmptyBody, type RefusalFor } from '../../http/validate.ts';
import { deleteScreening, listScreenings, screeningStateOf, startScreening } from './screening.service.ts';

/** Screenings a reader may start (or resume) in an hour: far more than a child reads, few enough to bound the rows. */
export const SCREENING_STARTS_PER_HOUR = 20;

/** POST /api/screenings takes nothing: no body, or `{}`. */
const EmptyBodySchema = z.strictObject({});
const ScreeningIdParamSchema = z.object({ screeningId: z.uuid() });
const NO_SUCH_SCREENING = 'We could not find that screening.';
const screeningNotFound: RefusalFor = () => ({ status: 404, code: 'not_found', message: NO_SUCH_SCREENING });

/** A wait in whole minutes, in words ("a minute", "12 minutes"). */
function minutes(seconds: number): string {
  const m = Math.ceil(seconds / 60);
  return m === 1 ? 'a minute' : `${m} minutes`;
}

/**
 * Build the screening routes.
 * @param deps.now the clock (the resume window, the season and school year of a new screening); default the system's
 * @param deps.startLimiter screenings a reader may start or resume (default {@link SCREENING_STARTS_PER_HOUR} an
 *   hour, per user id)
 */
export function createScreeningRoutes(deps: { db: Database; now?: () => Date; startLimiter?: RateLimiter }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const startLimiter = deps.startLimiter ?? createFixedWindowLimiter(SCREENING_STARTS_PER_HOUR, 3_600_000);
  return (
    new Hono<AppEnv>()
      /**
       * GET /api/screening → 200 ScreeningState `{ refusal, current, last }`: whether the reader may take the
       * screening (`refusal` null, or `pre_reader` / `no_grade`), the unfinished screening started less than
       * SCREENING_RESUME_HOURS ago (or null) and the newest complete one (or null). 403 `not_a_reader`.
       */
      .get('/screening', requireUser, async (c) => {
        const body: ScreeningState = await screeningStateOf(db, c.var.user.id, now());
        return c.json(body, 200);
      })

      /**
       * POST /api/screenings, no body or `{}` → 201 ScreeningResponse `{ screening }` for a new screening (up to
       * three library passages chosen by the server), or 200 with the unfinished one started less than
       * SCREENING_RESUME_HOURS ago. Refusals, which start nothing: 429 `rate_limited` with Retry-After after
       * {@link SCREENING_STARTS_PER_HOUR} in an hour; 403 `not_a_reader`; 409 `screening_not_available` with
       * `details.reason` (`pre_reader`, `no_grade`; `no_passages` for a library without stories); 422 `invalid_input`
       * for any field or a body not sent as JSON; 400 `invalid_json`; 413 `body_too_large` over MAX_JSON_BYTES.
       */
      .post('/screenings', requireUser, validateEmptyBody(EmptyBodySchema), async (c) => {
        const quota = startLimiter.take(c.var.user.id);
        if (!quota.ok) {
          throw new ApiFailure(
            429,
            'rate_limited',
            `That is a lot of screenings at once. Please wait ${minutes(quota.retryAfterSeconds)} and try again.`,
            { retryAfterSeconds: quota.retryAfterSeconds },
            { 'retry-after': String(quota.retryAfterSeconds) },
          );
        }
        const { screening, resumed } = await startScreening(db, c.var.user.id, now());
        const body: ScreeningResponse = { screening };
        return resumed ? c.json(body, 200) : c.json(body, 201);
      })

      /** GET /api/screenings → 200 ScreeningList: the reader's complete screenings, newest first. 403 `not_a_reader`. */
      .get('/screenings', requireUser, async (c) => {
        const body: ScreeningList = await listScreenings(db, c.var.user.id);
        return c.json(body, 200);
      })

      /**
       * DELETE /api/screenings/:screeningId → 204: the reader's own screening, unfinished or complete (its readings
       * stay in their reading sessions). 404 `not_found` for a malformed, unknown or another reader's id alike;
       * 403 `not_a_reader`.
       */
      .delete(
        '/screenings/:screeningId',
        requireUser,
        validate('param', ScreeningIdParamSchema, screeningNotFound),
        async (c) => {
          const deleted = await deleteScreening(db, c.var.user.id, c.req.valid('param').screeningId);
          if (!deleted) return apiError(c, 404, 'not_found', NO_SUCH_SCREENING);
          c.var.log.info({ event: 'screening_deleted' }, 'a screening was deleted');
          return c.body(null, 204);
        },
      )
  );
}
