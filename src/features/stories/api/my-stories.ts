/** GET /api/my-stories: the reader's own saved stories, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorySummary } from '#core/api/stories.ts';
import { api } from '../../../lib/api/client.ts';
import { call } from '../../../lib/api/http.ts';

/** Fetches the reader's own stories. @throws {ApiError} */
export async function fetchMyStories(): Promise<StorySummary[]> {
  const { stories } = await call(api['my-stories'].$get());
  return stories;
}

/** Query options of the reader's own stories. */
export function getMyStoriesQueryOptions() {
  return queryOptions({ queryKey: ['stories', 'mine'] as const, queryFn: fetchMyStories });
}

/** The reader's own stories. */
export function useMyStories() {
  return useQuery(getMyStoriesQueryOptions());
}
