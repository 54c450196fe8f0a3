/**
 * GET /api/stories/:id: one story with its text, shown large while the child reads.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { call } from '../../../lib/api/http.ts';

/** Query key of one story. */
export const storyQueryKey = (id: string) => ['stories', id] as const;

/** Fetches one story. @throws {ApiError} (404 `story_not_found`) */
export async function fetchStory(id: string) {
  return (await call(api.stories[':id'].$get({ param: { id } }))).story;
}

/** Query options of one story. */
export function getStoryQueryOptions(id: string) {
  return queryOptions({ queryKey: storyQueryKey(id), queryFn: () => fetchStory(id), enabled: id !== '' });
}

/** One story (idle while `id` is empty). */
export function useStory(id: string | null) {
  return useQuery(getStoryQueryOptions(id ?? ''));
}
