/**
 * Family links' API (mounted at /api; docs/decisions/0041-family-links.md). Payloads: core/api/family.ts; errors:
 * core/api/errors.ts. Every route needs a signed-in user (401 `unauthenticated` without one) and, like every /api
 * answer, is sent with `Cache-Control: no-store`. Who may see what: family.service.ts.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  LINK_FAILURES_PER_WINDOW,
  LINK_TRIES_PER_WINDOW,
  LINK_TRIES_WINDOW_MINUTES,
  RedeemLinkCodeRequestSchema,
  type Family,
  type LinkCodeResponse,
  type RedeemLinkCodeResponse,
} from '#core/api/family.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError, ApiFailure } from '../../http/errors.ts';
import { createFixedWindowLimiter, type RateLimiter } from '../../http/rate-limit.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate, validateEmptyBody, type RefusalFor } from '../../http/validate.ts';
import {
  childReport,
  familyOf,
  makeLinkCode,
  randomLinkCode,
  redeemLinkCode,
  removeLink,
  type LinkCodeSource,
} from './family.service.ts';

/** POST /api/family/code takes nothing: no body, or `{}`. */
const EmptyBodySchema = z.strictObject({});
const LinkIdParamSchema = z.object({ linkId: z.uuid() });
/** A user id as better-auth makes them (letters and digits) or tests do (`test-<uuid>`); anything else is no one. */
export const ChildIdParamSchema = z.object({ childId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/) });
const notFound: RefusalFor = () => ({ status: 404, code: 'not_found', message: 'No such link.' });
const noSuchReader: RefusalFor = () => ({
  status: 404,
  code: 'not_found',
  message: 'You do not follow this reader.',
});

/** A wait in whole minutes, in words ("a minute", "12 minutes"). */
function minutes(seconds: number): string {
  const m = Math.ceil(seconds / 60);
  return m === 1 ? 'a minute' : `${m} minutes`;
}

/**
 * Build the family routes.
 * @param deps.now - the clock (tests move it past a code's expiry); default the system's
 * @param deps.linkTries - codes a guardian may try (default {@link LINK_TRIES_PER_WINDOW} per
 *   {@link LINK_TRIES_WINDOW_MINUTES} minutes, per user id, right or wrong)
 * @param deps.linkFailures - wrong codes the whole server takes (default {@link LINK_FAILURES_PER_WINDOW} per
 *   {@link LINK_TRIES_WINDOW_MINUTES} minutes, from every guardian together); past it, every try is refused until
 *   the window ends, so many accounts cannot pool their tries to guess a live code
 * @param deps.randomCode - where new codes come from; default node:crypto's `randomInt`
 */
export function createFamilyRoutes(deps: {
  db: Database;
  now?: () => Date;
  linkTries?: RateLimiter;
  linkFailures?: RateLimiter;
  randomCode?: LinkCodeSource;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const randomCode = deps.randomCode ?? randomLinkCode;
  const linkTries =
    deps.linkTries ?? createFixedWindowLimiter(LINK_TRIES_PER_WINDOW, LINK_TRIES_WINDOW_MINUTES * 60_000);
  const linkFailures =
    deps.linkFailures ??
    // The limiter refuses the take after its limit: the 100th wrong code itself starts the pause.
    createFixedWindowLimiter(LINK_FAILURES_PER_WINDOW - 1, LINK_TRIES_WINDOW_MINUTES * 60_000);
  /** While the server has taken too many wrong codes: when tries are taken again (ms since the epoch). */
  let failuresBlockedUntil = 0;
  const refuse = (retryAfterSeconds: number): never => {
    throw new ApiFailure(
      429,
      'rate_limited',
      `Too many codes tried. Please wait ${minutes(retryAfterSeconds)} and try again.`,
      { retryAfterSeconds },
      { 'retry-after': String(retryAfterSeconds) },
    );
  };
  return (
    new Hono<AppEnv>()
      /**
       * GET /api/family → 200 Family `{ children, guardians, codeExpiresAt }`: the readers the user follows and the
       * grown-ups who follow them, each oldest first, with the link's id, the other's user id, display name and
       * when the link was made; and when the user's current code stops working (null: none, or expired).
       */
      .get('/family', requireUser, async (c) => {
        const body: Family = await familyOf(db, c.var.user.id, now());
        return c.json(body, 200);
      })

      /**
       * POST /api/family/code, no body or `{}` → 201 LinkCodeResponse `{ code, expiresAt }`: a new one-time code of
       * LINK_CODE_LENGTH characters for a grown-up to enter, working for LINK_CODE_TTL_HOURS; the reader's earlier
       * code stops working. Refusals, which change nothing: 403 `not_a_reader` (a guardian's or teacher's account, or
       * one without a profile); 422 `invalid_input` for any field or a body not sent as JSON; 400 `invalid_json`;
       * 413 `body_too_large` over MAX_JSON_BYTES (64 KiB).
       */
      .post('/family/code', requireUser, validateEmptyBody(EmptyBodySchema), async (c) => {
        const body: LinkCodeResponse = await makeLinkCode(db, c.var.user.id, now(), randomCode);
        return c.json(body, 201);
      })

      /**
       * POST /api/family/links `{ code }` (spaces and dashes forgiven) → 201 RedeemLinkCodeResponse
       * `{ child }` for a new link, 200 with the same shape when the guardian already follows that reader (the code
       * is used up either way). Refusals, which leave the code working: 429 `rate_limited` with Retry-After after
       * LINK_TRIES_PER_WINDOW tries in LINK_TRIES_WINDOW_MINUTES minutes (every try counts, right or wrong), and
       * for everyone once the server has taken LINK_FAILURES_PER_WINDOW wrong codes in that time; 403
       * `not_a_guardian`; 404 `link_code_invalid` for an unknown, used or expired code; 409 `too_many_links` (either
       * side has MAX_LINKS); 422 `invalid_input` for a malformed code or another field; 400 `invalid_json`; 413.
       */
      .post('/family/links', requireUser, validate('json', RedeemLinkCodeRequestSchema), async (c) => {
        const userId = c.var.user.id;
        const blockedFor = Math.ceil((failuresBlockedUntil - Date.now()) / 1000);
        if (blockedFor > 0) {
          c.var.log.warn({ event: 'link_code_rate_limited', userId, scope: 'server' }, 'link codes paused');
          refuse(blockedFor);
        }
        const quota = linkTries.take(userId);
        if (!quota.ok) {
          c.var.log.warn({ event: 'link_code_rate_limited', userId }, 'too many link codes tried');
          refuse(quota.retryAfterSeconds);
        }
        let redeemed: Awaited<ReturnType<typeof redeemLinkCode>>;
        try {
          redeemed = await redeemLinkCode(db, userId, c.req.valid('json').code, now());
        } catch (error) {
          if (error instanceof ApiFailure && error.code === 'link_code_invalid') {
            // Logged with who tried (never the code), for an operator to see a guessing spree.
            c.var.log.warn({ event: 'link_code_wrong', userId }, 'a wrong link code was tried');
            const failures = linkFailures.take('server');
            if (!failures.ok) failuresBlockedUntil = Date.now() + failures.retryAfterSeconds * 1000;
          }
          throw error;
        }
        const { created, child } = redeemed;
        const body: RedeemLinkCodeResponse = { child };
        if (created) {
          c.var.log.info({ event: 'family_link_made' }, 'a guardian linked to a reader');
          return c.json(body, 201);
        }
        return c.json(body, 200);
      })

      /**
       * DELETE /api/family/links/:linkId → 204: either side removes the link; the guardian no longer sees the
       * reader's report. 404 `not_found` for a malformed id, an unknown link or other people's.
       */
      .delete(
        '/family/links/:linkId',
        requireUser,
        validate('param', LinkIdParamSchema, notFound),
        async (c) => {
          if (!(await removeLink(db, c.var.user.id, c.req.valid('param').linkId))) {
            return apiError(c, 404, 'not_found', 'No such link.');
          }
          c.var.log.info({ event: 'family_link_removed' }, 'a family link was removed');
          return c.body(null, 204);
        },
      )

      /**
       * GET /api/family/children/:childId/report → 200 ChildReport: a followed reader's profile figures, reading
       * statistics (GET /api/reading-stats's), letters found, words built, achievements (newest first) and their
       * learning path's result (next step, each step's status; ADR 0052). 404
       * `not_found` for any reader the user does not follow: an unknown or malformed id, another guardian's reader,
       * or the user's own id.
       */
      .get(
        '/family/children/:childId/report',
        requireUser,
        validate('param', ChildIdParamSchema, noSuchReader),
        async (c) => {
          const report = await childReport(db, c.var.user.id, c.req.valid('param').childId, now());
          if (!report) return apiError(c, 404, 'not_found', 'You do not follow this reader.');
          return c.json(report, 200);
        },
      )
  );
}
