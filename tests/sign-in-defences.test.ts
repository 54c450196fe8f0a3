/**
 * Sign-in defences of issue #14 (docs/security.md), on PGlite and PostgreSQL: the lockout holds for
 * every body encoding better-auth accepts; a browser that signed in before is not locked out by
 * another's failures (device cookies); the per-address rate limit uses the socket's address and a
 * forged X-Forwarded-For does not escape it; the password policy guards every route that sets a
 * password; a password change ends other sessions; test mode keeps better-auth's origin checks.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../server/auth/lockout.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { loginAttempts, users } from '../server/db/schema.ts';
import {
  createBrowser,
  createTestApp,
  lastLink,
  pathOf,
  type TestApp,
  type TestBrowser,
} from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

const PASSWORD = 'purple-otter-reads-42';
const WRONG = 'wrong-password-123';
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;
/** A distinct client address per call, so tests never share better-auth's per-address buckets. */
let addressCounter = 0;
const nextAddress = () => `198.18.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

describe(`sign-in defences (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** A verified account; returns its e-mail. */
  async function account(label: string, password = PASSWORD): Promise<string> {
    const email = uniqueEmail(label);
    const client = createBrowser(app, nextAddress());
    const response = await client.request('/api/signup', {
      method: 'POST',
      json: { email, password, data: { display_name: 'Sam', user_type: 'student' } },
    });
    expect(response.status).toBe(201);
    await handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    return email;
  }

  const signInJson = (client: TestBrowser, email: string, password: string) =>
    client.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });

  const signInForm = (client: TestBrowser, email: string, password: string) =>
    client.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: new URLSearchParams({ email, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('counts form-encoded guesses and refuses a form-encoded sign-in to a locked account', async () => {
    const email = await account('form');
    const attacker = createBrowser(app, nextAddress());
    for (let i = 0; i < 5; i++) expect((await signInForm(attacker, email, WRONG)).status).toBe(401);
    const viaForm = await signInForm(attacker, email, PASSWORD);
    expect(viaForm.status).toBe(429);
    expect(((await viaForm.json()) as { code: string }).code).toBe('account_locked');
    expect(viaForm.headers.get('retry-after')).toBe('900');
    expect((await signInJson(createBrowser(app, nextAddress()), email, PASSWORD)).status).toBe(429);
  });

  it('lets a browser that signed in before in, while failures from other browsers lock out the rest', async () => {
    const email = await account('device');
    const own = createBrowser(app, nextAddress());
    expect((await signInJson(own, email, PASSWORD)).status).toBe(200);
    expect([...own.cookies.keys()]).toContain(DEVICE_COOKIE);
    await own.request('/api/auth/sign-out', { method: 'POST', json: {} });

    const classmate = createBrowser(app, nextAddress());
    for (let i = 0; i < 5; i++) expect((await signInJson(classmate, email, WRONG)).status).toBe(401);
    expect((await signInJson(classmate, email, PASSWORD)).status).toBe(429);
    // An unknown browser is limited per account…
    expect((await signInJson(createBrowser(app, nextAddress()), email, PASSWORD)).status).toBe(429);
    // …but the child's own browser still signs in.
    expect((await signInJson(own, email, PASSWORD)).status).toBe(200);
  });

  it('locks a trusted browser only by its own failures', async () => {
    const email = await account('trusted');
    const own = createBrowser(app, nextAddress());
    expect((await signInJson(own, email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signInJson(own, email, WRONG)).status).toBe(401);
    expect((await signInJson(own, email, PASSWORD)).status).toBe(429);
    expect((await signInJson(createBrowser(app, nextAddress()), email, PASSWORD)).status).toBe(200);
  });

  it('prunes failure counts whose window and lock have passed', async () => {
    const email = await account('prune');
    const old = new Date(Date.now() - 60 * 60_000);
    await handle.db
      .insert(loginAttempts)
      .values({ email: `stale-${email}`, device: '', failures: 3, firstFailureAt: old, lockedUntil: old });
    await signInJson(createBrowser(app, nextAddress()), email, WRONG);
    const stale = await handle.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.email, `stale-${email}`));
    expect(stale).toHaveLength(0);
    const fresh = await handle.db.select().from(loginAttempts).where(eq(loginAttempts.email, email));
    expect(fresh).toHaveLength(1);
  });

  // The per-address limits are better-auth's (per address and path); the password-reset request is the
  // cheapest limited route (30 a minute), so these tests do not spend a second hashing per request.
  const resetRequest = (client: TestBrowser, forwardedFor: string) =>
    client.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: uniqueEmail('spray'), redirectTo: '/login' },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('limits one address however it forges X-Forwarded-For, without limiting another address', async () => {
    const attacker = createBrowser(app, nextAddress());
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) statuses.push((await resetRequest(attacker, `203.0.113.${i}`)).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses.slice(30)).toEqual(Array(5).fill(429));
    expect((await resetRequest(createBrowser(app, nextAddress()), '203.0.113.1')).status).toBe(200);
  });

  it("keeps each server's per-address counts its own (better-auth's memory store is one per process)", async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await resetRequest(createBrowser(app, address), address)).status);
    expect(statuses.at(-2)).toBe(200);
    expect(statuses.at(-1)).toBe(429);
    // A second server in the same process (ADR 0034) has not seen this address yet.
    const other = createTestApp(handle);
    expect((await resetRequest(createBrowser(other, address), address)).status).toBe(200);
  });

  it('believes X-Forwarded-For only from TRUST_PROXY hops', async () => {
    const proxied = createTestApp(handle, { TRUST_PROXY: '1' });
    const proxy = createBrowser(proxied, '10.0.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) statuses.push((await resetRequest(proxy, `198.51.100.${i}`)).status);
    // Each forwarded client has its own bucket: none of them reached the limit…
    expect(statuses).toEqual(Array(35).fill(200));
    // …while one forwarded client is limited like any other address.
    const one: number[] = [];
    for (let i = 0; i < 31; i++) one.push((await resetRequest(proxy, '198.51.100.200')).status);
    expect(one.at(-1)).toBe(429);
  });

  it('refuses a weak password on better-auth’s own sign-up, change and reset routes', async () => {
    const client = createBrowser(app, nextAddress());
    const signUp = await client.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: uniqueEmail('direct'), password: '12345678', name: 'Sam' },
    });
    expect(signUp.status).toBe(400);
    const signUpBody = (await signUp.json()) as { code: string; reasons: string[] };
    expect(signUpBody.code).toBe('weak_password');
    expect(signUpBody.reasons.length).toBeGreaterThan(0);

    const email = await account('change');
    const own = createBrowser(app, nextAddress());
    expect((await signInJson(own, email, PASSWORD)).status).toBe(200);
    const change = await own.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: PASSWORD, newPassword: '12345678' },
    });
    expect(change.status).toBe(400);
    expect(((await change.json()) as { code: string }).code).toBe('weak_password');

    const reset = await own.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email, redirectTo: '/login' },
    });
    expect(reset.status).toBe(200);
    const outbox = (await (await own.request(`/api/test/outbox?to=${encodeURIComponent(email)}`)).json()) as {
      messages: { subject: string; text: string }[];
    };
    const mail = outbox.messages.find((m) => m.subject.startsWith('Reset your'));
    const landing = await own.request(pathOf(lastLink(mail!.text)), { redirect: 'manual' });
    const token = new URL(landing.headers.get('location')!, 'http://localhost:3000').searchParams.get(
      'token',
    );
    const weakReset = await own.request('/api/auth/reset-password', {
      method: 'POST',
      json: { newPassword: 'password', token },
    });
    expect(weakReset.status).toBe(400);
    expect(((await weakReset.json()) as { code: string }).code).toBe('weak_password');
  });

  it('ends the other sessions when a password is changed', async () => {
    const email = await account('sessions');
    const phone = createBrowser(app, nextAddress());
    const tablet = createBrowser(app, nextAddress());
    expect((await signInJson(phone, email, PASSWORD)).status).toBe(200);
    expect((await signInJson(tablet, email, PASSWORD)).status).toBe(200);
    const change = await tablet.request('/api/auth/change-password', {
      method: 'POST',
      // The client asks to keep the other sessions; the server ends them anyway.
      json: { currentPassword: PASSWORD, newPassword: 'green-heron-sings-77', revokeOtherSessions: false },
    });
    expect(change.status).toBe(200);
    expect((await phone.request('/api/me')).status).toBe(401);
    expect((await tablet.request('/api/me')).status).toBe(200);
  });

  it('counts a signed-in user’s wrong passwords (account deletion, password change) as failed sign-ins', async () => {
    // A stolen session is no way round the lockout: each wrong password is a guess at the account.
    const email = await account('stolen-session');
    const thief = createBrowser(app, nextAddress());
    expect((await signInJson(thief, email, PASSWORD)).status).toBe(200);
    const deleteWith = (password: string) =>
      thief.request('/api/account', { method: 'DELETE', json: { password } });
    for (let i = 0; i < 3; i++) expect((await deleteWith(WRONG)).status).toBe(403);
    const changeWith = (currentPassword: string) =>
      thief.request('/api/auth/change-password', {
        method: 'POST',
        json: { currentPassword, newPassword: 'green-heron-sings-77' },
      });
    for (let i = 0; i < 2; i++) expect((await changeWith(WRONG)).status).toBe(400);
    // Five failures: the right password no longer works from this browser, in any of the three places.
    const locked = await deleteWith(PASSWORD);
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { error: { code: string } }).error.code).toBe('account_locked');
    expect(locked.headers.get('retry-after')).toBe('900');
    expect((await changeWith(PASSWORD)).status).toBe(429);
    expect((await signInJson(thief, email, PASSWORD)).status).toBe(429);
    // Nothing was deleted or changed.
    expect(await handle.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect((await thief.request('/api/me')).status).toBe(200);
  });

  it('keeps better-auth’s origin checks in test mode: no reset link to another site', async () => {
    const email = await account('redirect');
    const client = createBrowser(app, nextAddress());
    const response = await client.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email, redirectTo: 'https://evil.example/steal' },
    });
    expect(response.status).toBe(403);
  });

  it('accepts a same-origin sign-in at any address the app was opened at, and refuses cross-site', async () => {
    const email = await account('lan');
    const tablet = createBrowser(app, nextAddress());
    const lan = await tablet.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: PASSWORD, callbackURL: 'http://192.168.1.20:3000/home' },
      headers: { origin: 'http://192.168.1.20:3000', host: '192.168.1.20:3000' },
    });
    expect(lan.status).toBe(200);
    const signUp = await tablet.request('/api/signup', {
      method: 'POST',
      json: {
        email: uniqueEmail('lan'),
        password: PASSWORD,
        data: { display_name: 'Ana', user_type: 'student' },
      },
      headers: { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' },
    });
    expect(signUp.status).toBe(201);
    const crossSite = await tablet.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: PASSWORD },
      headers: { origin: 'http://evil.example', host: '192.168.1.20:3000' },
    });
    expect(crossSite.status).toBe(403);
    const markedCrossSite = await tablet.request('/api/signup', {
      method: 'POST',
      json: {
        email: uniqueEmail('x'),
        password: PASSWORD,
        data: { display_name: 'Ana', user_type: 'student' },
      },
      headers: {
        origin: 'http://192.168.1.20:3000',
        host: '192.168.1.20:3000',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(markedCrossSite.status).toBe(403);
  });
});
