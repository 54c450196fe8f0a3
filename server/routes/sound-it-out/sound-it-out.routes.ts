/**
 * Sound It Out's API (mounted at /api; docs/decisions/0043-sound-it-out.md). Payloads:
 * core/api/sound-it-out.ts; errors: core/api/errors.ts. Both routes need a signed-in user and act only on
 * that user's rows. The sounds themselves come from GET /api/speech/phone/:phone (server/routes/speech/).
 */
import { Hono } from 'hono';
import { WordSoundedRequestSchema } from '#core/api/sound-it-out.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { ApiFailure } from '../../http/errors.ts';
import { createFixedWindowLimiter, type RateLimiter } from '../../http/rate-limit.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate } from '../../http/validate.ts';
import { soundItOutProgress, wordSounded } from './sound-it-out.service.ts';

/**
 * Words one reader may send a minute. A child answers a round in five seconds at best (the sounds and
 * Sparky's lines alone last that long): 12 a minute, so 60 is far above play (a few failed saves sent again
 * included) and far below a script in a loop.
 */
export const WORDS_SOUNDED_PER_MINUTE = 60;

/**
 * Build Sound It Out's routes.
 * @param deps.now - the clock (tests)
 * @param deps.rateLimiter - per-user limit of POSTs (default {@link WORDS_SOUNDED_PER_MINUTE} a minute)
 */
export function createSoundItOutRoutes(deps: { db: Database; now?: () => Date; rateLimiter?: RateLimiter }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const limiter = deps.rateLimiter ?? createFixedWindowLimiter(WORDS_SOUNDED_PER_MINUTE, 60_000);
  return (
    new Hono<AppEnv>()
      /**
       * GET /api/sound-it-out → 200 SoundItOutProgress `{ today, total }`: the words sounded out on the
       * reader's today (their profile's time zone, else UTC), each once, and in all (each counted once a
       * day); 401 `unauthenticated` without a session.
       */
      .get('/sound-it-out', requireUser, async (c) =>
        c.json(await soundItOutProgress(db, c.var.user.id, now())),
      )

      /**
       * POST /api/sound-it-out/sounded { word } → 200 WordSoundedResponse `{ progress, counted }`; a word
       * already sounded out today answers `counted: false` and keeps nothing. Refusals, which keep nothing:
       * 401 `unauthenticated`; 422 `invalid_input` for a word not in the game's lists (capitals, spaces,
       * another word), another field such as a userId, or a body not sent as JSON; 400 `invalid_json`; 413
       * `body_too_large` over MAX_JSON_BYTES (64 KiB); 429 `rate_limited` (with Retry-After) over
       * {@link WORDS_SOUNDED_PER_MINUTE} a minute.
       */
      .post(
        '/sound-it-out/sounded',
        requireUser,
        validate('json', WordSoundedRequestSchema),
        // After validation: only a word that reaches the database counts (a refused body costs nothing).
        async (c, next) => {
          const quota = limiter.take(c.var.user.id);
          if (!quota.ok)
            throw new ApiFailure(
              429,
              'rate_limited',
              'Too many words at once. Please wait a moment.',
              { retryAfterSeconds: quota.retryAfterSeconds },
              { 'retry-after': String(quota.retryAfterSeconds) },
            );
          await next();
        },
        async (c) => c.json(await wordSounded(db, c.var.user.id, c.req.valid('json').word, now())),
      )
  );
}
