/**
 * The word builder's API (mounted at /api; docs/decisions/0039-word-builder.md). Payloads:
 * core/api/word-builder.ts; errors: core/api/errors.ts. Both routes need a signed-in user and act only on
 * that user's rows.
 */
import { Hono } from 'hono';
import { WordBuiltRequestSchema } from '#core/api/word-builder.ts';
import type { RandomSource } from '#core/challenges/daily-challenges.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate } from '../../http/validate.ts';
import { wordBuilderProgress, wordBuilt } from './word-builder.service.ts';

/** Build the word builder's routes. `now` and `random` are injectable for tests. */
export function createWordBuilderRoutes(deps: { db: Database; now?: () => Date; random?: RandomSource }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;
  return (
    new Hono<AppEnv>()
      /**
       * GET /api/word-builder → 200 WordBuilderProgress `{ today, total }`: the words built on the reader's
       * today (their profile's time zone, else UTC), each once, and the words built in all (each counted once
       * a day); 401 `unauthenticated` without a session. Like every /api answer, `Cache-Control: no-store`.
       */
      .get('/word-builder', requireUser, async (c) =>
        c.json(await wordBuilderProgress(db, c.var.user.id, now())),
      )

      /**
       * POST /api/word-builder/built { word } → 200 WordBuiltResponse `{ progress, counted, newAchievements,
       * completedChallenges, balance }`; a word already built today answers `counted: false` and keeps
       * nothing (spec §3 progress_tracking, §4.4, §4.5; word-builder.service.ts). Refusals, which keep
       * nothing: 401 `unauthenticated`; 422 `invalid_input` for a word not in the builder's lists (capitals,
       * spaces, another word), another field such as a userId, or a body not sent as JSON; 400
       * `invalid_json` for a body that does not parse; 413 `body_too_large` over MAX_JSON_BYTES (64 KiB).
       */
      .post('/word-builder/built', requireUser, validate('json', WordBuiltRequestSchema), async (c) =>
        c.json(await wordBuilt(db, c.var.user.id, c.req.valid('json').word, now(), random)),
      )
  );
}
