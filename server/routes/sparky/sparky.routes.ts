/**
 * Sparky's chat API (mounted at /api; issue 13): `POST /api/sparky/chat` answers a question the
 * offline script did not understand — by the language model when OPENAI_API_KEY is set
 * (sparky-chat.service.ts: moderation in and out, a child-safe system prompt), else offline. Signed-in
 * readers only, limited per user. Payloads: core/api/sparky.ts.
 */
import { Hono } from 'hono';
import { SparkyChatRequestSchema } from '#core/api/sparky.ts';
import { MAX_QUESTION_LENGTH } from '#core/sparky/chat.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { ApiFailure } from '../../http/errors.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate, type RefusalFor } from '../../http/validate.ts';
import { createFixedWindowLimiter, type RateLimiter } from '../../http/rate-limit.ts';
import type { SparkyChat } from './sparky-chat.service.ts';

/**
 * Questions one reader may send a minute: a child chatting asks a few; a script asking in a loop (or
 * a stuck key) would spend the operator's money.
 */
export const SPARKY_CHAT_PER_MINUTE = 20;

/**
 * Refusals of POST /api/sparky/chat: a question over {@link MAX_QUESTION_LENGTH} characters 413
 * `text_too_long`; an empty one 422 `text_missing`; anything else (not a string, other fields, control
 * or bidirectional-override characters) 422 `invalid_input`.
 */
const chatRefusal: RefusalFor = (issues) => {
  const question = issues.find((i) => i.path === 'question');
  if (question?.code === 'too_big')
    return {
      status: 413,
      code: 'text_too_long',
      message: question.message,
      details: { maxChars: MAX_QUESTION_LENGTH },
    };
  if (question?.code === 'too_small') return { status: 422, code: 'text_missing', message: question.message };
  return {
    status: 422,
    code: 'invalid_input',
    message: issues[0]?.message ?? 'Invalid input.',
    details: issues,
  };
};

/**
 * Builds the routes.
 * @param deps.chat the chat service (sparky-chat.service.ts)
 * @param deps.rateLimiter per-user limit (default {@link SPARKY_CHAT_PER_MINUTE} a minute)
 */
export function createSparkyRoutes(deps: { chat: SparkyChat; rateLimiter?: RateLimiter }) {
  const limiter = deps.rateLimiter ?? createFixedWindowLimiter(SPARKY_CHAT_PER_MINUTE, 60_000);
  return new Hono<AppEnv>().post(
    /**
     * POST /api/sparky/chat `{ question }` → `{ source: 'model' | 'offline' | 'refused', text, note }`.
     * 401 `unauthenticated`; 413 `text_too_long`; 422 `text_missing` / `invalid_input`; 429
     * `rate_limited` with Retry-After. A failing or slow model is not an error: the answer is offline,
     * with a note.
     */
    '/sparky/chat',
    requireUser,
    validate('json', SparkyChatRequestSchema, chatRefusal),
    async (c) => {
      const userId = c.var.user.id;
      const quota = limiter.take(userId);
      if (!quota.ok) {
        c.var.log.warn({ userId }, 'sparky chat rate-limited');
        throw new ApiFailure(
          429,
          'rate_limited',
          'Sparky needs a little rest. Ask again in a minute.',
          { retryAfterSeconds: quota.retryAfterSeconds },
          { 'retry-after': String(quota.retryAfterSeconds) },
        );
      }
      return c.json(await deps.chat.answer(c.req.valid('json').question, userId), 200);
    },
  );
}
