/**
 * Fluency scoring over HTTP. Mounted by the app at /api/fluency.
 *
 * POST /score (signed-in users) — multipart form:
 * - `audio`: WAV file (PCM 16-bit, mono or stereo, any rate; ≤ 10 MB, ≤ 180 s);
 * - `text` (the passage) or `storyId` (looked up with `getStoryText` for the signed-in user);
 * - optional `grade` (K, 0–12), `season` (fall|winter|spring), `mode` (practice|assessment),
 *   `engine` (pocketsphinx|openai; openai only when the server was given an OpenAI recogniser).
 * Answers 200 with the result contract (core/fluency/result.schema.ts), or
 * `{ error: { code, message } }` with 400, 401, 404, 413, 415, 422, 429, 502 or 503.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppEnv } from '#server/http/app-env.ts';
import { SpeechError } from '#server/speech/errors.ts';
import type { Recogniser } from '#server/speech/recogniser.ts';
import { scoreAudio } from '#server/speech/score-audio.ts';
import { MAX_AUDIO_BYTES } from '#server/speech/wav.ts';
import { createFixedWindowLimiter, type RateLimiter } from '#server/routes/fluency/rate-limit.ts';

export interface FluencyRoutesDeps {
  /** The offline recogniser (pocketsphinx). */
  recogniser: Recogniser;
  /** Set only when the operator enabled OpenAI transcription (OPENAI_API_KEY). */
  openaiRecogniser?: Recogniser;
  /** The text of a story the user may read, or null when it does not exist or is not theirs. */
  getStoryText(storyId: string, userId: string): Promise<string | null>;
  /** Default: 10 scorings per user per minute. */
  rateLimiter?: RateLimiter;
}

const MAX_PASSAGE_CHARS = 20_000;

const FieldsSchema = z
  .object({
    text: z.string().trim().min(1).max(MAX_PASSAGE_CHARS).optional(),
    storyId: z.string().trim().min(1).max(200).optional(),
    grade: z
      .string()
      .regex(/^(K|Pre-K|\d{1,2})$/i, 'grade must be K or 0–12')
      .transform((g) => (/^(K|Pre-K)$/i.test(g) ? ('K' as const) : Number(g)))
      .refine((g) => g === 'K' || g <= 12, 'grade must be K or 0–12')
      .optional(),
    season: z.enum(['fall', 'winter', 'spring']).optional(),
    mode: z.enum(['practice', 'assessment']).optional(),
    engine: z.enum(['pocketsphinx', 'openai']).optional(),
  })
  .refine((f) => f.text !== undefined || f.storyId !== undefined, {
    message: 'Send the passage as "text" or a "storyId".',
  });

type ErrorStatus = 400 | 401 | 404 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

const fail = (c: Context<AppEnv>, status: ErrorStatus, code: string, message: string): Response =>
  c.json({ error: { code, message } }, status);

/**
 * Creates the fluency routes.
 * @param deps recognisers, story lookup and rate limiter (see `FluencyRoutesDeps`).
 * @returns a Hono sub-app with `POST /score`.
 */
export function createFluencyRoutes(deps: FluencyRoutesDeps): Hono<AppEnv> {
  const limiter = deps.rateLimiter ?? createFixedWindowLimiter(10, 60_000);
  const app = new Hono<AppEnv>();

  app.post(
    '/score',
    async (c, next) => {
      if (!c.get('user')) return fail(c, 401, 'unauthorized', 'Sign in to score a reading.');
      await next();
    },
    bodyLimit({
      // the audio limit plus room for the passage and form boundaries
      maxSize: MAX_AUDIO_BYTES + MAX_PASSAGE_CHARS * 4 + 64 * 1024,
      onError: (c) =>
        c.json({ error: { code: 'audio_too_large', message: 'The audio file is larger than 10 MB.' } }, 413),
    }),
    async (c) => {
      const user = c.get('user');
      if (!user) return fail(c, 401, 'unauthorized', 'Sign in to score a reading.');
      const quota = limiter.take(user.id);
      if (!quota.ok) {
        c.header('Retry-After', String(quota.retryAfterSeconds));
        return fail(c, 429, 'rate_limited', `Too many readings; try again in ${quota.retryAfterSeconds} s.`);
      }

      let body: Record<string, string | File | (string | File)[]>;
      try {
        body = await c.req.parseBody({ all: true });
      } catch {
        return fail(c, 400, 'bad_request', 'Send a multipart form with an "audio" file.');
      }
      const audio = body.audio;
      if (!(audio instanceof File))
        return fail(c, 400, 'audio_missing', 'Attach the reading as an "audio" file.');
      const strings = Object.fromEntries(
        Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      const fields = FieldsSchema.safeParse(strings);
      if (!fields.success)
        return fail(c, 400, 'bad_request', fields.error.issues.map((i) => i.message).join('; '));
      const f = fields.data;

      let passageText = f.text;
      if (passageText === undefined && f.storyId !== undefined) {
        const story = await deps.getStoryText(f.storyId, user.id);
        if (story === null) return fail(c, 404, 'story_not_found', 'No such story.');
        passageText = story;
      }
      const recogniser = f.engine === 'openai' ? deps.openaiRecogniser : deps.recogniser;
      if (!recogniser)
        return fail(c, 400, 'engine_unavailable', 'OpenAI transcription is not enabled on this server.');

      try {
        const result = await scoreAudio({
          wav: new Uint8Array(await audio.arrayBuffer()),
          passageText: passageText ?? '',
          recogniser,
          ...(f.grade !== undefined ? { grade: f.grade } : {}),
          ...(f.season ? { season: f.season } : {}),
          ...(f.mode ? { mode: f.mode } : {}),
          signal: c.req.raw.signal,
        });
        return c.json(result, 200);
      } catch (err) {
        if (err instanceof SpeechError) return fail(c, err.status as ErrorStatus, err.code, err.message);
        c.get('log')?.error({ err }, 'fluency scoring failed');
        return fail(c, 500, 'internal', 'Scoring failed.');
      }
    },
  );
  return app;
}
