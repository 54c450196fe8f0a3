/** GET /api/stories/:id: one story the reader may read (library or own), with its text. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoryDetail } from '#core/api/stories.ts';
import { api } from '../../../lib/api/client.ts';
import { ApiError, call } from '../../../lib/api/http.ts';

/** Fetches one story. @throws {ApiError} 404 `story_not_found` when missing or not readable */
export async function fetchStory(storyId: string): Promise<StoryDetail> {
  const { story } = await call(api.stories[':id'].$get({ param: { id: storyId } }));
  return story;
}

/** Query options of one story. A 404 is not retried: the story will not appear by asking again. */
export function getStoryQueryOptions(storyId: string) {
  return queryOptions({
    queryKey: ['stories', 'one', storyId] as const,
    queryFn: () => fetchStory(storyId),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 3,
  });
}

/** One story. */
export function useStory(storyId: string) {
  return useQuery(getStoryQueryOptions(storyId));
}
