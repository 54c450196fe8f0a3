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
      /** GET /api/alphabet → AlphabetProgress: the letters found, ever and today. */
      .get('/alphabet', requireUser, async (c) => c.json(await alphabetProgress(db, c.var.user.id, now())))

      /**
       * POST /api/alphabet/found { letter: 'A'…'Z' } → LetterFoundResponse; 422 `invalid_input` for anything
       * else (a small letter, two letters, another field such as a userId).
       */
      .post('/alphabet/found', requireUser, validate('json', LetterFoundRequestSchema), async (c) =>
        c.json(await letterFound(db, c.var.user.id, c.req.valid('json').letter, now(), random)),
      )
  );
}
