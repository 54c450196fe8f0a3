/**
 * GET /api/stories?grade=&theme=&justRight=1: the premade library with the reader's "just right"
 * band (server/routes/stories; contract in core/api/stories.ts).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StoryGradeBand, StoryListQuery, StoryTheme } from '#core/api/stories.ts';
import { api } from '../../../lib/api/client.ts';
import { call } from '../../../lib/api/http.ts';

/** Library filters; absent means "any". */
export interface LibraryFilters {
  grade?: StoryGradeBand;
  theme?: StoryTheme;
  justRight?: boolean;
}

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

/** Query options of the library for a filter set. */
export function getLibraryQueryOptions(filters: LibraryFilters) {
  return queryOptions({
    queryKey: [
      'stories',
      'library',
      filters.grade ?? '',
      filters.theme ?? '',
      Boolean(filters.justRight),
    ] as const,
    queryFn: () => fetchLibrary(filters),
  });
}

/**
 * The library for a filter set; the previous list stays on screen while a new filter loads.
 * @param options.enabled false to wait (default true)
 */
export function useLibrary(filters: LibraryFilters, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...getLibraryQueryOptions(filters),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
