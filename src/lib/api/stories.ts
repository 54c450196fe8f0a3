/**
 * Stories, for every page that shows them (the library, My Stories, the reader, fluency practice):
 * GET /api/stories (the premade library with the reader's "just right" band), GET /api/my-stories
 * (the reader's own) and GET /api/stories/:id (one story with its text). One module and one key
 * factory, so a story is cached once whichever page asked for it first (contract in
 * core/api/stories.ts, server/routes/stories).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MakeStoryRequest, MakeStoryResponse } from '#core/api/story-maker.ts';
import type {
  ImportStoryRequest,
  ImportStoryResponse,
  StoryDetail,
  StoryGradeBand,
  StoryListQuery,
  StorySummary,
  StoryTheme,
} from '#core/api/stories.ts';
import { api } from './client.ts';
import { refreshAfterGameFind } from './rewards.ts';
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

/**
 * Saves an imported text as one of the reader's stories (POST /api/stories, docs/decisions/0044-import-text.md).
 * @throws {ApiError} 413 `text_too_long`, 422 `text_missing` / `invalid_input`, 409 `too_many_stories`, 429
 */
export async function importStory(request: ImportStoryRequest): Promise<ImportStoryResponse> {
  return call(api.stories.$post({ json: request }));
}

/**
 * Import a text; My Stories is refreshed after. Not retried: the server finds a second copy of the same text,
 * but a refusal (too long, too many) would only be refused again.
 */
export function useImportStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importStory,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storyKeys.mine() }),
  });
}

/** Deletes one of the reader's own stories (DELETE /api/stories/:id). @throws {ApiError} 404 `story_not_found` */
export async function deleteStory(storyId: string): Promise<void> {
  await call(api.stories[':id'].$delete({ param: { id: storyId } }));
}

/** Delete one of the reader's stories; My Stories is refreshed and the story's own cache dropped. */
export function useDeleteStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStory,
    onSuccess: (_, storyId) => {
      queryClient.removeQueries({ queryKey: storyKeys.detail(storyId) });
      return queryClient.invalidateQueries({ queryKey: storyKeys.mine() });
    },
  });
}

/**
 * Makes a story from a child's choices (POST /api/stories/made, docs/decisions/0045-create-story.md).
 * @throws {ApiError} 422 `invalid_input` (e.g. a pet story without a pet's name), 409 `too_many_stories`, 429
 */
export async function makeStory(request: MakeStoryRequest): Promise<MakeStoryResponse> {
  return call(api.stories.made.$post({ json: request }));
}

/**
 * Make a story; My Stories, and after a new one the header's tokens, challenges and badges, are refreshed. Not
 * retried: a second try would only be refused again, and the same story is kept once anyway.
 */
export function useMakeStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeStory,
    retry: false,
    onSuccess: (answer) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: storyKeys.mine() }),
        refreshAfterGameFind(queryClient, { counted: answer.created, balance: answer.balance }),
      ]),
  });
}
