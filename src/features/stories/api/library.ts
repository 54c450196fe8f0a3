/**
 * GET /api/stories?grade=&theme=&justRight=1: the premade library with the reader's "just right"
 * band (server/routes/stories; contract in core/api/stories.ts).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { StoryListResponseSchema, type StoryGradeBand, type StoryTheme } from '#core/api/stories.ts';
import { apiFetch } from '../../../lib/api/http.ts';

/** Library filters; absent means "any". */
export interface LibraryFilters {
  grade?: StoryGradeBand;
  theme?: StoryTheme;
  justRight?: boolean;
}

/** The query string of a filter set ('' for none), e.g. `?grade=K&justRight=1`. */
export function libraryQueryString(filters: LibraryFilters): string {
  const query = new URLSearchParams();
  if (filters.grade) query.set('grade', filters.grade);
  if (filters.theme) query.set('theme', filters.theme);
  if (filters.justRight) query.set('justRight', '1');
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** Fetches the library for a filter set. @throws {ApiError} */
export function fetchLibrary(filters: LibraryFilters) {
  return apiFetch(`/api/stories${libraryQueryString(filters)}`, StoryListResponseSchema);
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
