import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv, RequestUser } from './app-env.ts';
import { createSessionCache, requireUser, sessionLoader } from './require-user.ts';

const reader: RequestUser = { id: 'u1', email: 'a@b.c', name: 'A', emailVerified: true };

/** A fake better-auth that counts its session lookups; `cookie: s=good` is signed in. */
function fakeAuth() {
  const auth = {
    lookups: 0,
    api: {
      getSession: async ({ headers }: { headers: Headers }) => {
        auth.lookups++;
        return headers.get('cookie') === 's=good'
          ? { user: reader, session: { expiresAt: new Date(Date.now() + 3_600_000) } }
          : null;
      },
    },
  };
  return auth;
}

function appWith(auth: ReturnType<typeof fakeAuth>, cache = createSessionCache()) {
  return new Hono<AppEnv>()
    .use(sessionLoader(auth as never, cache))
    .get('/me', requireUser, async (c) => {
      // A second ask in the same request is answered from the first.
      await c.var.currentUser();
      return c.json(c.var.user);
    })
    .get('/public', (c) => c.text('ok'));
}

describe('requireUser and the session cache', () => {
  it('answers 401 unauthenticated without a session, and the user with one', async () => {
    const auth = fakeAuth();
    const app = appWith(auth);
    const none = await app.request('/me');
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({
      error: { code: 'unauthenticated', message: 'Auth session missing!' },
    });
    expect(auth.lookups).toBe(0);
    const bad = await app.request('/me', { headers: { cookie: 's=forged' } });
    expect(bad.status).toBe(401);
    const good = await app.request('/me', { headers: { cookie: 's=good' } });
    expect(await good.json()).toEqual(reader);
  });

  it('looks a session up once per request, and once per cookie while the cache holds it', async () => {
    let t = 0;
    const auth = fakeAuth();
    const app = appWith(
      auth,
      createSessionCache(10_000, 100, () => t),
    );
    await Promise.all([1, 2, 3].map(() => app.request('/me', { headers: { cookie: 's=good' } })));
    expect(auth.lookups).toBe(1);
    await app.request('/public', { headers: { cookie: 's=good' } });
    expect(auth.lookups).toBe(1);
    t = 10_001;
    await app.request('/me', { headers: { cookie: 's=good' } });
    expect(auth.lookups).toBe(2);
  });

  it('forgets every session on clear, and keeps at most its number of entries', async () => {
    const cache = createSessionCache(10_000, 2);
    let calls = 0;
    const lookup = async () => {
      calls++;
      return reader;
    };
    await cache.get('a', lookup);
    await cache.get('a', lookup);
    expect(calls).toBe(1);
    cache.clear();
    await cache.get('a', lookup);
    expect(calls).toBe(2);
    await cache.get('b', lookup);
    await cache.get('c', lookup);
    await cache.get('a', lookup); // 'a' was the oldest of three: dropped
    expect(calls).toBe(5);
  });

  it('does not keep a failed lookup', async () => {
    const cache = createSessionCache();
    await expect(cache.get('a', () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect(await cache.get('a', async () => reader)).toEqual(reader);
  });
});
