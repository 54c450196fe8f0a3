/**
 * Stories API (mounted at /api): the premade library with filters, one story to read, and the user's
 * own saved stories. Payload schemas: core/api/stories.ts. All routes need a signed-in user.
 */
import { Hono } from 'hono';
import { StoryListQuerySchema } from '#core/api/stories.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError } from '../../http/errors.ts';
import { requireUser } from '../../http/require-user.ts';
import { getReadableStory, listLibrary, listOwnStories } from './stories.service.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Message of a story that does not exist or that the user may not read (the same for both). */
export const STORY_NOT_FOUND = 'We could not find that story.';

/** Build the story routes. */
export function createStoryRoutes(deps: { db: Database }) {
  const { db } = deps;
  const api = new Hono<AppEnv>();

  /**
   * GET /api/stories?grade=K|1…5&theme=animals…&justRight=1 → { stories: StorySummary[], readerBand }.
   * 422 `invalid_query` for an unknown grade or theme.
   */
  api.get('/stories', async (c) => {
    const user = requireUser(c);
    if (user instanceof Response) return user;
    const parsed = StoryListQuerySchema.safeParse(c.req.query());
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return apiError(
        c,
        422,
        'invalid_query',
        `${issue?.path.join('.') || 'query'}: ${issue?.message ?? 'invalid'}`,
      );
    }
    const { grade, theme, justRight } = parsed.data;
    const result = await listLibrary(db, user.id, {
      grade,
      theme,
      justRight: justRight === '1' || justRight === 'true',
    });
    return c.json(result);
  });

  /**
   * GET /api/stories/:id → { story: StoryDetail }: a library story or the user's own.
   * 404 `story_not_found` for a malformed id, an unknown id, or another user's story.
   */
  api.get('/stories/:id', async (c) => {
    const user = requireUser(c);
    if (user instanceof Response) return user;
    const id = c.req.param('id');
    if (!UUID_PATTERN.test(id)) return apiError(c, 404, 'story_not_found', STORY_NOT_FOUND);
    const story = await getReadableStory(db, user.id, id);
    if (!story) return apiError(c, 404, 'story_not_found', STORY_NOT_FOUND);
    return c.json({ story });
  });

  /** GET /api/my-stories → { stories: StorySummary[] }: the user's own saved stories, newest first. */
  api.get('/my-stories', async (c) => {
    const user = requireUser(c);
    if (user instanceof Response) return user;
    return c.json({ stories: await listOwnStories(db, user.id) });
  });

  return api;
}
