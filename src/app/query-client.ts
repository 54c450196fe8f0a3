import { QueryClient } from '@tanstack/react-query';

/** How long fetched data counts as fresh: 5 minutes (spec §9 data cache). */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
/** The longest wait between retries: 30 s (spec §9 data cache). */
export const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Exponential back-off between retries: 1 s, 2 s, 4 s, … capped at {@link MAX_RETRY_DELAY_MS}
 * (spec §9: "exponential, capped at 30 s").
 *
 * @param failureCount failures so far, starting at 0 for the first retry
 * @returns milliseconds to wait
 */
export function retryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

/**
 * The app's TanStack Query client with the spec §9 data-cache defaults: queries retry 3 times,
 * mutations once, data stays fresh 5 minutes, no refetch on window focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 3,
        retryDelay,
        staleTime: QUERY_STALE_TIME_MS,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: 1,
        retryDelay,
      },
    },
  });
}

let appClient: QueryClient | undefined;

/**
 * The app's one query client, made on first use: every page that reads server data shares it, so
 * the login page's `['me']` is the signed-in frame's `['me']`.
 */
export function appQueryClient(): QueryClient {
  appClient ??= createQueryClient();
  return appClient;
}
