/**
 * Stories, for every page that shows them (the library, My Stories, the reader, fluency practice):
 * GET /api/stories (the premade library with the reader's "just right" band), GET /api/my-stories
 * (the reader's own) and GET /api/stories/:id (one story with its text). One module and one key
 * factory, so a story is cached once whichever page asked for it first (contract in
 * core/api/stories.ts, server/routes/stories).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  StoryDetail,
  StoryGradeBand,
  StoryListQuery,
  StorySummary,
  StoryTheme,
} from '#core/api/stories.ts';
import { api } from './client.ts';
import { ApiError, call } from './http.ts';

/** Library filters; absent means "any". */
export interface LibraryFilters {
  grade?: StoryGradeBand;
  theme?: StoryTheme;
  justRight?: boolean;
}

/**
 * The query keys of stories, one factory for all: invalidate `storyKeys.all` to refetch every
 * story query, or a narrower key for one list or one story.
 */
export const storyKeys = {
  /** Every story query. */
  all: ['stories'] as const,
  /** Every library list, whatever its filters. */
  libraries: () => [...storyKeys.all, 'library'] as const,
  /** The library for one filter set (no filter: the whole library). */
  library: (filters: LibraryFilters) =>
    [...storyKeys.libraries(), filters.grade ?? '', filters.theme ?? '', Boolean(filters.justRight)] as const,
  /** The reader's own stories. */
  mine: () => [...storyKeys.all, 'mine'] as const,
  /** One story with its text. */
  detail: (storyId: string) => [...storyKeys.all, 'detail', storyId] as const,
};

/** The query of a filter set (no key for "any"), e.g. `{ grade: 'K', justRight: '1' }`. */
export function libraryQuery(filters: LibraryFilters): StoryListQuery {
  return {
    ...(filters.grade && { grade: filters.grade }),
    ...(filters.theme && { theme: filters.theme }),
    ...(filters.justRight && { justRight: '1' as const }),
  };
}

/** Fetches the library for a filter set. @throws {ApiError} */
export function fetchLibrary(filters: LibraryFilters) {
  return call(api.stories.$get({ query: libraryQuery(filters) }));
}

/** Query options of the library for a filter set (`{}` for the whole library). */
export function getLibraryQueryOptions(filters: LibraryFilters = {}) {
  return queryOptions({ queryKey: storyKeys.library(filters), queryFn: () => fetchLibrary(filters) });
}

/**
 * The library for a filter set; the previous list stays on screen while a new filter loads.
 *
 * @param options.enabled false to wait (default true)
 */
export function useLibrary(filters: LibraryFilters = {}, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...getLibraryQueryOptions(filters),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** Fetches the reader's own stories, newest first. @throws {ApiError} */
export async function fetchMyStories(): Promise<StorySummary[]> {
  const { stories } = await call(api['my-stories'].$get());
  return stories;
}

/** Query options of the reader's own stories. */
export function getMyStoriesQueryOptions() {
  return queryOptions({ queryKey: storyKeys.mine(), queryFn: fetchMyStories });
}

/** The reader's own stories. */
export function useMyStories() {
  return useQuery(getMyStoriesQueryOptions());
}

/** Fetches one story the reader may read (library or own). @throws {ApiError} 404 `story_not_found` */
export async function fetchStory(storyId: string): Promise<StoryDetail> {
  const { story } = await call(api.stories[':id'].$get({ param: { id: storyId } }));
  return story;
}

/** Query options of one story. A 404 is not retried: the story will not appear by asking again. */
export function getStoryQueryOptions(storyId: string) {
  return queryOptions({
    queryKey: storyKeys.detail(storyId),
    queryFn: () => fetchStory(storyId),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 3,
  });
}

/** One story; idle while `storyId` is empty or null (nothing chosen yet). */
export function useStory(storyId: string | null) {
  return useQuery({ ...getStoryQueryOptions(storyId ?? ''), enabled: Boolean(storyId) });
}
