/**
 * In-memory per-user rate limit (fixed window). Enough for one server process; a cluster
 * would need a shared store.
 */
export interface RateLimiter {
  /** Counts one request for `key`; `ok` false when over the limit. */
  take(key: string): { ok: boolean; retryAfterSeconds: number };
}

/**
 * @param limit requests allowed per window (default 10).
 * @param windowMs window length, milliseconds (default 60 000).
 * @param now clock, milliseconds (injectable for tests).
 */
export function createFixedWindowLimiter(
  limit = 10,
  windowMs = 60_000,
  now: () => number = Date.now,
): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key) {
      const t = now();
      let w = windows.get(key);
      if (!w || t - w.start >= windowMs) {
        w = { start: t, count: 0 };
        windows.set(key, w);
        if (windows.size > 10_000)
          for (const [k, v] of windows) if (t - v.start >= windowMs) windows.delete(k);
      }
      w.count++;
      return {
        ok: w.count <= limit,
        retryAfterSeconds: Math.max(1, Math.ceil((w.start + windowMs - t) / 1000)),
      };
    },
  };
}
