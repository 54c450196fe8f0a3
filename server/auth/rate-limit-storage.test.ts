import { describe, expect, it } from 'vitest';
import { createAuthRateLimitStorage } from './rate-limit-storage.ts';

const SIGN_IN = { window: 10, max: 100 };
const KEY = '203.0.113.7/sign-in/email';

describe("better-auth's per-address limit storage", () => {
  it('lets a steady stream through when no window holds more than the limit', async () => {
    let t = 1_000_000;
    const storage = createAuthRateLimitStorage(() => t);
    // A class behind one router: one sign-in every 2 s for 10 minutes, 300 in all, 5 per window.
    // better-auth's memory storage restarts its window at each allowed request and refuses the 101st.
    const refused: number[] = [];
    for (let i = 0; i < 300; i++, t += 2000) {
      if (!(await storage.consume(KEY, SIGN_IN)).allowed) refused.push(i);
    }
    expect(refused).toEqual([]);
  });

  it('refuses past the limit within one window, says when to retry, and opens the next window', async () => {
    let t = 5_000_000;
    const storage = createAuthRateLimitStorage(() => t);
    for (let i = 0; i < 100; i++) expect((await storage.consume(KEY, SIGN_IN)).allowed).toBe(true);
    t += 4000;
    expect(await storage.consume(KEY, SIGN_IN)).toEqual({ allowed: false, retryAfter: 6 });
    t += 5999;
    expect((await storage.consume(KEY, SIGN_IN)).allowed).toBe(false);
    t += 1;
    expect(await storage.consume(KEY, SIGN_IN)).toEqual({ allowed: true, retryAfter: null });
  });

  it('counts each key and each rule apart', async () => {
    const t = 0;
    const storage = createAuthRateLimitStorage(() => t);
    const reset = { window: 60, max: 2 };
    await storage.consume('198.51.100.1/request-password-reset', reset);
    await storage.consume('198.51.100.1/request-password-reset', reset);
    expect((await storage.consume('198.51.100.1/request-password-reset', reset)).allowed).toBe(false);
    expect((await storage.consume('198.51.100.2/request-password-reset', reset)).allowed).toBe(true);
    expect((await storage.consume('198.51.100.1/sign-in/email', { window: 60, max: 3 })).allowed).toBe(true);
  });

  it('keeps two storages (two servers in one process) apart', async () => {
    const one = createAuthRateLimitStorage(() => 0);
    const other = createAuthRateLimitStorage(() => 0);
    const rule = { window: 60, max: 1 };
    expect((await one.consume(KEY, rule)).allowed).toBe(true);
    expect((await one.consume(KEY, rule)).allowed).toBe(false);
    expect((await other.consume(KEY, rule)).allowed).toBe(true);
  });
});
