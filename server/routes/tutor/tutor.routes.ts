/**
 * The tutor after reading's API (mounted at /api; issue 12, spec §1): GET /api/tutor/plan and
 * POST /api/tutor/chat. Payloads: core/api/tutor.ts; errors: core/api/errors.ts.
 */
import { Hono } from 'hono';
import { TutorChatRequestSchema, TutorPlanQuerySchema } from '#core/api/tutor.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError, ApiFailure } from '../../http/errors.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate } from '../../http/validate.ts';
import { createFixedWindowLimiter } from '../../http/rate-limit.ts';
import type { TutorChat } from './tutor-chat.ts';
import { tutorPlanFor } from './tutor.service.ts';

/** Chat messages one reader may send per minute (a child talks slowly; a runaway client cannot run up the bill). */
export const TUTOR_CHAT_PER_MINUTE = 20;

/**
 * Build the tutor routes.
 *
 * GET /api/tutor/plan → `{ plan, chat }` (TutorPlanResponse): praise, the 3 words missed most and the
 * next story, from the signed-in reader's own readings only; `chat` tells whether POST /api/tutor/chat
 * works. 401 signed out; 422 `invalid_input` for any query parameter (there is no way to ask for
 * another reader's plan).
 *
 * POST /api/tutor/chat `{ message }` (1–300 characters) → `{ reply }`: Sparky's answer through
 * OpenAI, told about this reader's plan. 503 `tutor_chat_unavailable` without OPENAI_API_KEY; 502
 * `tutor_chat_failed` when OpenAI fails; 422 `invalid_input` (empty, too long, any other field);
 * 429 `rate_limited` over {@link TUTOR_CHAT_PER_MINUTE} a minute.
 */
export function createTutorRoutes(deps: { db: Database; chat?: TutorChat | null }) {
  const { db } = deps;
  const chat = deps.chat ?? null;
  const limiter = createFixedWindowLimiter(TUTOR_CHAT_PER_MINUTE, 60_000);
  return new Hono<AppEnv>()
    .get('/tutor/plan', requireUser, validate('query', TutorPlanQuerySchema), async (c) =>
      c.json({ plan: await tutorPlanFor(db, c.var.user.id), chat: chat !== null }, 200),
    )
    .post('/tutor/chat', requireUser, validate('json', TutorChatRequestSchema), async (c) => {
      if (!chat)
        return apiError(
          c,
          503,
          'tutor_chat_unavailable',
          'The tutor talks offline only here: there is no OpenAI key.',
        );
      const quota = limiter.take(c.var.user.id);
      if (!quota.ok)
        throw new ApiFailure(
          429,
          'rate_limited',
          `Too many messages; try again in ${quota.retryAfterSeconds} s.`,
          { retryAfterSeconds: quota.retryAfterSeconds },
          { 'retry-after': String(quota.retryAfterSeconds) },
        );
      const plan = await tutorPlanFor(db, c.var.user.id);
      try {
        const reply = await chat.reply(plan, c.req.valid('json').message, c.req.raw.signal);
        return c.json({ reply }, 200);
      } catch {
        return apiError(c, 502, 'tutor_chat_failed', 'Sparky could not think of an answer. Try again.');
      }
    });
}
