/**
 * better-auth's own routes (mounted at /api): GET and POST /api/auth/*. The lockout and password policy
 * run inside better-auth as hooks (server/auth/hooks.ts), so they hold for every body encoding it
 * accepts. It learns the client's address only from CLIENT_IP_HEADER, which is always replaced here by
 * the address resolved from the socket (and TRUST_PROXY hops). better-auth answers in its own shapes,
 * so these paths are not part of the typed client; the browser calls them through better-auth's client.
 */
import { Hono } from 'hono';
import type { Auth } from '../../auth/auth.ts';
import { CLIENT_IP_HEADER } from '../../http/client-ip.ts';
import type { AppEnv } from '../../http/app-env.ts';

/** Build the better-auth mount. */
export function createAuthRoutes(deps: { auth: Auth }) {
  const { auth } = deps;
  const api = new Hono<AppEnv>();
  api.on(['GET', 'POST'], '/auth/*', (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get('clientIp'));
    return auth.handler(new Request(c.req.raw, { headers }));
  });
  return api;
}
