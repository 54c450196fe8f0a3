/**
 * GET /api/auth-config: what sign-in this server offers (the social providers whose client id and
 * secret are set). The login page shows a provider's button only when it is listed here.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAuthConfig } from './auth-client.ts';

/** Query key of the server's sign-in configuration. */
export const AUTH_CONFIG_QUERY_KEY = ['auth-config'] as const;

/** Query options: the configuration changes only with a server restart, so it is never stale. */
export function getAuthConfigQueryOptions() {
  return queryOptions({ queryKey: AUTH_CONFIG_QUERY_KEY, queryFn: fetchAuthConfig, staleTime: Infinity });
}

/** The server's sign-in configuration (undefined while it loads or when it failed). */
export function useAuthConfig() {
  return useQuery(getAuthConfigQueryOptions());
}
