/**
 * The motivation loop's API (mounted at /api, issue #13): today's daily challenges (spec §4.4), the token
 * ledger, achievements with progress (spec §4.5) and the avatar shop. Payloads: core/api/rewards.ts;
 * errors: core/api/errors.ts. Every route needs a signed-in user and acts only on that user's rows.
 */
import { Hono } from 'hono';
import { OutfitUpdateSchema, PurchaseRequestSchema } from '#core/api/rewards.ts';
import type { RandomSource } from '#core/challenges/daily-challenges.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate } from '../../http/validate.ts';
import { getTodaysChallenges } from './daily-challenges.service.ts';
import { avatarShopFor, buyAvatarItem, rewardsFor, tokenHistory, updateOutfit } from './rewards.service.ts';

/** Build the rewards routes. `now` and `random` are injectable for tests. */
export function createRewardsRoutes(deps: { db: Database; now?: () => Date; random?: RandomSource }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;
  return (
    new Hono<AppEnv>()
      /** GET /api/daily-challenges → DailyChallengesResponse: today's two, made on first ask (§4.4). */
      .get('/daily-challenges', requireUser, async (c) =>
        c.json(await getTodaysChallenges(db, c.var.user.id, now(), random)),
      )

      /** GET /api/tokens → TokensResponse: balance, totals, newest ledger rows. */
      .get('/tokens', requireUser, async (c) => c.json(await tokenHistory(db, c.var.user.id)))

      /** GET /api/rewards → RewardsResponse: the seven achievements, earned or with progress. */
      .get('/rewards', requireUser, async (c) => c.json(await rewardsFor(db, c.var.user.id, now())))

      /** GET /api/avatar-shop → AvatarShopResponse. */
      .get('/avatar-shop', requireUser, async (c) => c.json(await avatarShopFor(db, c.var.user.id)))

      /**
       * POST /api/avatar-shop/purchases { itemId, idempotencyKey } → 201 PurchaseResponse, or 200 with the
       * first purchase on a replay of its key; 404 `item_not_found`, 409 `already_owned`,
       * `insufficient_tokens`, `idempotency_conflict`; 422 `invalid_input` (any other field, e.g. a userId).
       */
      .post('/avatar-shop/purchases', requireUser, validate('json', PurchaseRequestSchema), async (c) => {
        const bought = await buyAvatarItem(db, c.var.user.id, c.req.valid('json'));
        return c.json(bought, bought.replayed ? 200 : 201);
      })

      /** PUT /api/avatar-shop/outfit { slot: itemId | null } → { outfit }; 409 `item_not_owned`. */
      .put('/avatar-shop/outfit', requireUser, validate('json', OutfitUpdateSchema), async (c) =>
        c.json({ outfit: await updateOutfit(db, c.var.user.id, c.req.valid('json')) }),
      )
  );
}
