import type { BetterAuthOptions } from 'better-auth';
import { createFixedWindowLimiter, type RateLimiter } from '../http/rate-limit.ts';

/** better-auth's rate-limit storage interface: one atomic `consume(key, { window, max })`. */
export type AuthRateLimitStorage = NonNullable<NonNullable<BetterAuthOptions['rateLimit']>['customStorage']>;

/**
 * better-auth's per-address limits (`rateLimit.customRules` in auth.ts) kept in fixed windows that
 * belong to one server.
 *
 * better-auth's own memory storage has two faults for a school (ADR 0034):
 * - its window restarts at every allowed request, so a steady stream from one address (a class
 *   behind one router signing in one pupil every few seconds) never resets, and request 101 of
 *   the morning is refused although no 10 s held more than a handful;
 * - its map is shared by every server in the process, so two servers (two test apps, or one app
 *   built twice) count each other's requests.
 *
 * Here a rule `{ window, max }` allows `max` requests per key (better-auth's key: address and
 * path) in each window of `window` seconds counted from the window's first request, and the map
 * lives and dies with the returned object. A refused request is counted in its window too.
 *
 * @param now clock in milliseconds since the epoch (injectable for tests).
 * @returns a storage for better-auth's `rateLimit.customStorage`; `retryAfter` is in whole seconds.
 */
export function createAuthRateLimitStorage(now: () => number = Date.now): AuthRateLimitStorage {
  const limiters = new Map<string, RateLimiter>();
  return {
    async consume(key, rule) {
      const id = `${rule.window}/${rule.max}`;
      let limiter = limiters.get(id);
      if (!limiter) {
        limiter = createFixedWindowLimiter(rule.max, rule.window * 1000, now);
        limiters.set(id, limiter);
      }
      const { ok, retryAfterSeconds } = limiter.take(key);
      return ok ? { allowed: true, retryAfter: null } : { allowed: false, retryAfter: retryAfterSeconds };
    },
  };
}
