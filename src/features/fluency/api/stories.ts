/**
 * GET /api/stories: the premade library (and the reader's band), for the practice story picker.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { call } from '../../../lib/api/http.ts';

/** Query key of the story list. */
export const STORIES_QUERY_KEY = ['stories'] as const;

/** Fetches the library. @throws {ApiError} */
export function fetchStories() {
  return call(api.stories.$get({ query: {} }));
}

/** Query options of the story list. */
export function getStoriesQueryOptions() {
  return queryOptions({ queryKey: STORIES_QUERY_KEY, queryFn: fetchStories });
}

/** The story library. */
export function useStories() {
  return useQuery(getStoriesQueryOptions());
}
