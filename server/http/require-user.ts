/**
 * Who is signed in. `sessionLoader` (mounted once by the app) gives every request a
 * `c.var.currentUser()` that asks better-auth for the session on first call and remembers the answer
 * for the rest of the request; `requireUser` is the one middleware of routes that need a user: it
 * answers 401 `unauthenticated` without one, and sets `c.var.user` for the handler.
 *
 * better-auth's session lookup is the costliest part of a signed-in read (several database round trips
 * and a signature check), so answers are also kept for a few seconds across requests in a
 * {@link SessionCache}, keyed by the request's Cookie header. Anything that ends or changes a session
 * goes through better-auth's routes in this process, and the app empties the cache after each of
 * them (server/app.ts), so a sign-out or a password reset takes effect at once;
 * docs/decisions/0010-session-cache.md.
 */
import { createMiddleware } from 'hono/factory';
import type { Auth } from '../auth/auth.ts';
import type { AppEnv, RequestUser, UserEnv } from './app-env.ts';
import { apiError } from './errors.ts';

/** Spec §8 auth error for a request without a session. */
export const SESSION_MISSING = 'Auth session missing!';

/** How long a session lookup is reused across requests, in milliseconds. */
export const SESSION_CACHE_MS = 10_000;
/** Most Cookie headers remembered at once (a school of a few hundred readers fits many times over). */
export const SESSION_CACHE_ENTRIES = 5_000;

/** Session lookups remembered for {@link SESSION_CACHE_MS}, keyed by the Cookie header. */
export interface SessionCache {
  /** The cached lookup of `cookie`, or a new one made with `lookup` (concurrent callers share it). */
  get(cookie: string, lookup: () => Promise<RequestUser | null>): Promise<RequestUser | null>;
  /** Forget every lookup: call after anything that may end or change a session. */
  clear(): void;
}

/**
 * A session cache.
 * @param ttlMs how long an answer is reused, ms
 * @param maxEntries most entries kept; the oldest go first
 * @param now clock in ms (tests)
 */
export function createSessionCache(
  ttlMs = SESSION_CACHE_MS,
  maxEntries = SESSION_CACHE_ENTRIES,
  now: () => number = Date.now,
): SessionCache {
  const entries = new Map<string, { until: number; user: Promise<RequestUser | null> }>();
  return {
    get(cookie, lookup) {
      const t = now();
      const hit = entries.get(cookie);
      if (hit && hit.until > t) return hit.user;
      if (hit) entries.delete(cookie);
      const user = lookup();
      entries.set(cookie, { until: t + ttlMs, user });
      // A failed lookup is not remembered.
      user.catch(() => entries.delete(cookie));
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return user;
    },
    clear() {
      entries.clear();
    },
  };
}

/**
 * Sets `c.var.currentUser`: the session looked up at most once per request, and through `cache`
 * across requests. A request without cookies has no session and is not looked up.
 */
export function sessionLoader(auth: Pick<Auth, 'api'>, cache: SessionCache) {
  return createMiddleware<AppEnv>(async (c, next) => {
    let user: Promise<RequestUser | null> | undefined;
    c.set('currentUser', () => {
      const cookie = c.req.header('cookie');
      user ??= !cookie
        ? Promise.resolve(null)
        : cache.get(cookie, () =>
            auth.api.getSession({ headers: c.req.raw.headers }).then((session) =>
              session
                ? {
                    id: session.user.id,
                    email: session.user.email,
                    name: session.user.name,
                    emailVerified: session.user.emailVerified,
                  }
                : null,
            ),
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
