/**
 * Stories API (mounted at /api): the premade library with filters, one story to read, and the user's
 * own saved stories. Payload schemas: core/api/stories.ts. All routes need a signed-in user.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { createMiddleware } from 'hono/factory';
import { StoryIdParamSchema, StoryListQuerySchema } from '#core/api/stories.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError } from '../../http/errors.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate } from '../../http/validate.ts';
import { getReadableStory, listLibrary, listOwnStories } from './stories.service.ts';

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

/** Build the story routes. */
export function createStoryRoutes(deps: { db: Database }) {
  const { db } = deps;
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
        validate('param', StoryIdParamSchema, () => ({
          status: 404,
          code: 'story_not_found',
          message: STORY_NOT_FOUND,
        })),
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
  );
}
