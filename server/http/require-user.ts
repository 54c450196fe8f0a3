/**
 * Who is signed in. `sessionLoader` (mounted once by the app) gives every request a
 * `c.var.currentUser()` that asks better-auth for the session on first call and remembers the answer
 * for the rest of the request; `requireUser` is the one middleware of routes that need a user: it
 * answers 401 `unauthenticated` without one, and sets `c.var.user` for the handler.
 */
import { createMiddleware } from 'hono/factory';
import type { Auth } from '../auth/auth.ts';
import type { AppEnv, RequestUser, UserEnv } from './app-env.ts';
import { apiError } from './errors.ts';

/** Spec §8 auth error for a request without a session. */
export const SESSION_MISSING = 'Auth session missing!';

/** Sets `c.var.currentUser`: the session looked up at most once per request. */
export function sessionLoader(auth: Pick<Auth, 'api'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    let user: Promise<RequestUser | null> | undefined;
    c.set('currentUser', () => {
      user ??= auth.api.getSession({ headers: c.req.raw.headers }).then((session) =>
        session
          ? {
              id: session.user.id,
              email: session.user.email,
              name: session.user.name,
              emailVerified: session.user.emailVerified,
            }
          : null,
      );
      return user;
    });
    await next();
  });
}

/** 401 `unauthenticated` ('Auth session missing!') without a session; else `c.var.user` is the user. */
export const requireUser = createMiddleware<AppEnv & UserEnv>(async (c, next) => {
  const user = await c.var.currentUser();
  if (!user) return apiError(c, 401, 'unauthenticated', SESSION_MISSING);
  c.set('user', user);
  await next();
});
