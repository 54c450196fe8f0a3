/**
 * Stories API (mounted at /api): the premade library with filters, one story to read, and the user's
 * own saved stories. Payload schemas: core/api/stories.ts. All routes need a signed-in user.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { createMiddleware } from 'hono/factory';
import {
  IMPORT_TEXT_MAX_CHARS,
  ImportStoryRequestSchema,
  IMPORTS_PER_MINUTE,
  StoryIdParamSchema,
  StoryListQuerySchema,
  type ImportStoryResponse,
} from '#core/api/stories.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { ApiFailure, apiError } from '../../http/errors.ts';
import { createFixedWindowLimiter, type RateLimiter } from '../../http/rate-limit.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate, type RefusalFor } from '../../http/validate.ts';
import { MakeStoryRequestSchema, type MakeStoryResponse } from '#core/api/story-maker.ts';
import type { RandomSource } from '#core/challenges/daily-challenges.ts';
import {
  deleteOwnStory,
  getReadableStory,
  importStory,
  makeOwnStory,
  listLibrary,
  listOwnStories,
} from './stories.service.ts';

/** Message of a story that does not exist or that the user may not read (the same for both). */
export const STORY_NOT_FOUND = 'We could not find that story.';

/**
 * Stories change rarely, so their answers carry an ETag and `cache-control: private, no-cache`: the
 * browser asks again each time, and gets 304 with no body when nothing changed (hono/etag compares).
 * The handlers set the ETag themselves from what the body is made of (the library's version, the
 * reader's band, the filters), so no answer is hashed whole per request.
 */
const revalidated = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.status === 200) c.header('cache-control', 'private, no-cache');
});

/** A strong ETag: the SHA-1 of `parts`, in base64url. */
function etagOf(...parts: unknown[]): string {
  return `"${createHash('sha1').update(JSON.stringify(parts)).digest('base64url')}"`;
}

/**
 * POST /api/stories refusals: a text over IMPORT_TEXT_MAX_CHARS 413 `text_too_long`; no text (or only spaces) 422
 * `text_missing`; anything else (no name, a text without a letter, other fields) 422 `invalid_input`.
 */
const importRefusal: RefusalFor = (issues) => {
  const text = issues.find((i) => i.path === 'text');
  if (text?.code === 'too_big') {
    return {
      status: 413,
      code: 'text_too_long',
      message: text.message,
      details: { maxChars: IMPORT_TEXT_MAX_CHARS },
    };
  }
  if (text?.code === 'too_small') return { status: 422, code: 'text_missing', message: text.message };
  const first = issues[0];
  return {
    status: 422,
    code: 'invalid_input',
    message: first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid input.',
    details: issues,
  };
};

/** The 404 of a story id that is malformed, unknown, or not the user's to read or delete. */
const storyNotFound: RefusalFor = () => ({ status: 404, code: 'story_not_found', message: STORY_NOT_FOUND });

/**
 * Build the story routes.
 * @param deps.importLimiter per-user limit of stories written, imported or made (default {@link IMPORTS_PER_MINUTE}
 *   a minute)
 * @param deps.now the clock (progress rows of made stories)
 * @param deps.random uniform [0, 1) source of the story maker's picks
 */
export function createStoryRoutes(deps: {
  db: Database;
  importLimiter?: RateLimiter;
  now?: () => Date;
  random?: RandomSource;
}) {
  const { db } = deps;
  const importLimiter = deps.importLimiter ?? createFixedWindowLimiter(IMPORTS_PER_MINUTE, 60_000);
  const now = deps.now ?? (() => new Date());
  /** Counts one story written by the user; 429 with Retry-After over the limit. */
  const takeQuota = (userId: string) => {
    const quota = importLimiter.take(userId);
    if (!quota.ok) {
      throw new ApiFailure(
        429,
        'rate_limited',
        `That is a lot of stories at once. Please wait ${quota.retryAfterSeconds} seconds and try again.`,
        { retryAfterSeconds: quota.retryAfterSeconds },
        { 'retry-after': String(quota.retryAfterSeconds) },
      );
    }
  };
  return (
    new Hono<AppEnv>()
      /**
       * GET /api/stories?grade=K|1…5&theme=animals…&justRight=1 → { stories: StorySummary[], readerBand }.
       * 422 `invalid_input` for an unknown grade or theme.
       */
      .get(
        '/stories',
        requireUser,
        revalidated,
        etag(),
        validate('query', StoryListQuerySchema),
        async (c) => {
          const { grade, theme, justRight } = c.req.valid('query');
          const filters = { grade, theme, justRight: justRight === '1' || justRight === 'true' };
          const { libraryVersion, ...result } = await listLibrary(db, c.var.user.id, filters);
          c.header('etag', etagOf('library', libraryVersion, result.readerBand, filters));
          return c.json(result);
        },
      )

      /**
       * GET /api/stories/:id → { story: StoryDetail }: a library story or the user's own.
       * 404 `story_not_found` for a malformed id, an unknown id, or another user's story.
       */
      .get(
        '/stories/:id',
        requireUser,
        revalidated,
        etag(),
        validate('param', StoryIdParamSchema, storyNotFound),
        async (c) => {
          const story = await getReadableStory(db, c.var.user.id, c.req.valid('param').id);
          if (!story) return apiError(c, 404, 'story_not_found', STORY_NOT_FOUND);
          c.header('etag', etagOf('story', story));
          return c.json({ story });
        },
      )

      /** GET /api/my-stories → { stories: StorySummary[] }: the user's own saved stories, newest first. */
      .get('/my-stories', requireUser, async (c) =>
        c.json({ stories: await listOwnStories(db, c.var.user.id) }),
      )

      /**
       * POST /api/stories `{ title, text }` (Import Text, docs/decisions/0044-import-text.md) → 201
       * ImportStoryResponse `{ story, created: true }`, the text saved as the user's own story, measured (Lexile,
       * words); 200 with `created: false` and the story the user already had with this name and text. Refusals,
       * which save nothing: 413 `text_too_long` (details `{ maxChars }`); 422 `text_missing`, `invalid_input`;
       * 409 `too_many_stories` at MAX_OWN_STORIES; 429 `rate_limited` with Retry-After after IMPORTS_PER_MINUTE
       * in a minute; 400 `invalid_json`; 413 `body_too_large` over MAX_JSON_BYTES (64 KiB).
       */
      .post('/stories', requireUser, validate('json', ImportStoryRequestSchema, importRefusal), async (c) => {
        const userId = c.var.user.id;
        takeQuota(userId);
        const { title, text } = c.req.valid('json');
        const body: ImportStoryResponse = await importStory(db, userId, title, text);
        if (body.created)
          c.var.log.info({ event: 'story_imported', userId, words: body.story.wordCount }, 'text imported');
        return c.json(body, body.created ? 201 : 200);
      })

      /**
       * POST /api/stories/made `{ hero, place, plot }` (Create Story, docs/decisions/0045-create-story.md) → 201
       * MakeStoryResponse `{ story, created: true, newAchievements, completedChallenges, balance }`: a story made
       * from the choices at the reader's level, kept as their own (Story Starter for the first); 200 with `created:
       * false` and the story kept already when the same story comes out again. Refusals, which keep nothing: 422
       * `invalid_input` (an unknown choice, another field, `pet` without a pet's name on the profile); 409
       * `too_many_stories`; 429 `rate_limited` (shared with imports); 400 `invalid_json`; 413 `body_too_large`.
       */
      .post('/stories/made', requireUser, validate('json', MakeStoryRequestSchema), async (c) => {
        const userId = c.var.user.id;
        takeQuota(userId);
        const body: MakeStoryResponse = await makeOwnStory(
          db,
          userId,
          c.req.valid('json'),
          now(),
          deps.random,
        );
        if (body.created) c.var.log.info({ event: 'story_made', userId }, 'story made');
        return c.json(body, body.created ? 201 : 200);
      })

      /**
       * DELETE /api/stories/:id → 204: one of the user's own stories deleted (readings of it keep their title and
       * scores). 404 `story_not_found` for a malformed or unknown id, a library story, or another user's story.
       */
      .delete(
        '/stories/:id',
        requireUser,
        validate('param', StoryIdParamSchema, storyNotFound),
        async (c) => {
          const deleted = await deleteOwnStory(db, c.var.user.id, c.req.valid('param').id);
          if (!deleted) return apiError(c, 404, 'story_not_found', STORY_NOT_FOUND);
          return c.body(null, 204);
        },
      )
  );
}
