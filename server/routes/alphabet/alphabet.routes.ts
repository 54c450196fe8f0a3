/**
 * The letter game's API (mounted at /api; docs/decisions/0037-alphabet-learning.md). Payloads:
 * core/api/alphabet.ts; errors: core/api/errors.ts. Both routes need a signed-in user and act only on
 * that user's rows.
 */
import { Hono } from 'hono';
import { LetterFoundRequestSchema } from '#core/api/alphabet.ts';
import type { RandomSource } from '#core/challenges/daily-challenges.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate } from '../../http/validate.ts';
import { alphabetProgress, letterFound } from './alphabet.service.ts';

/** Build the alphabet routes. `now` and `random` are injectable for tests. */
export function createAlphabetRoutes(deps: { db: Database; now?: () => Date; random?: RandomSource }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;
  return (
    new Hono<AppEnv>()
      /**
       * GET /api/alphabet → 200 AlphabetProgress `{ found, today, completed }`: the letters found, ever and on
       * the reader's today (their profile's time zone, else UTC), each once in alphabet order; 401
       * `unauthenticated` without a session. Like every /api answer, `Cache-Control: no-store`.
       */
      .get('/alphabet', requireUser, async (c) => c.json(await alphabetProgress(db, c.var.user.id, now())))

      /**
       * POST /api/alphabet/found { letter: 'A'…'Z' } → 200 LetterFoundResponse `{ progress, counted,
       * newAchievements, completedChallenges, balance }`; a letter already found today answers
       * `counted: false` and keeps nothing (spec §3 progress_tracking, §4.4, §4.5; alphabet.service.ts).
       * Refusals, which keep nothing: 401 `unauthenticated`; 422 `invalid_input` for anything else (a small
       * letter, two letters, a number, another field such as a userId, a body not sent as JSON); 400
       * `invalid_json` for a body that does not parse; 413 `body_too_large` over MAX_JSON_BYTES (64 KiB).
       */
      .post('/alphabet/found', requireUser, validate('json', LetterFoundRequestSchema), async (c) =>
        c.json(await letterFound(db, c.var.user.id, c.req.valid('json').letter, now(), random)),
      )
  );
}
