import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { appQueryClient } from './query-client.ts';

/**
 * Gives the pages under it the app's one TanStack Query client (query-client.ts), which holds
 * `['me']` and every other server answer. The route modules that read server data (the signed-in
 * frame, the login page) wrap themselves in it, so the public pages, which read none, do not load
 * the query library (docs/decisions/0012-route-splitting.md). A client provided higher up (tests) is kept.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return <>{children}</>;
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
