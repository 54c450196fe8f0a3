import type { Context } from 'hono';
import type { AppEnv, RequestUser } from './app-env.ts';
import { apiError } from './errors.ts';

/** Spec §8 auth error for a request without a session. */
export const SESSION_MISSING = 'Auth session missing!';

/**
 * The signed-in user, or a 401 response to return. Usage:
 * `const user = requireUser(c); if (user instanceof Response) return user;`
 */
export function requireUser(c: Context<AppEnv>): RequestUser | Response {
  const user = c.get('user');
  return user ?? apiError(c, 401, 'unauthenticated', SESSION_MISSING);
}
