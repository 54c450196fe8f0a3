/** An in-process app on the test database, and a browser-like typed client for it. */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { SignUpRequest } from '../../core/api/account.ts';
import { ApiErrorBodySchema } from '../../core/api/errors.ts';
import { users } from '../../server/db/schema.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testClient } from 'hono/testing';
import { pino, type Logger } from 'pino';
import { createApp, type AppDeps } from '../../server/app.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { loadEnv } from '../../server/env.ts';

export const ORIGIN = 'http://localhost:3000';

/**
 * Build the app with test settings; extra settings override; `log` (silent by default) gets the logs; `deps`
 * replaces the app's own recogniser (a spy around the real one), the Moonshine of its nominator and its warp search.
 */
export function createTestApp(
  handle: DatabaseHandle,
  settings: Record<string, string> = {},
  log: Logger = pino({ level: 'silent' }),
  deps: Pick<
    AppDeps,
    | 'recogniser'
    | 'readingTranscriber'
    | 'warpSearch'
    | 'readerWarps'
    | 'readingTranscripts'
    | 'readingWarps'
    | 'earlyChecks'
  > = {},
) {
  const env = loadEnv({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '3000',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'sparky-test-data-')),
    STATIC_DIR: './no-such-dist',
    ...settings,
  });
  return createApp({
    env,
    database: handle,
    log,
    version: 'test',
    authSecret: 'test-secret-that-is-long-enough-for-better-auth',
    ...deps,
  });
}

export type TestApp = ReturnType<typeof createTestApp>;

/**
 * A browser for tests: Hono's `testClient` over the app, typed by its routes (`browser.api.me.$get()`),
 * sending the app's Origin and the cookies the browser holds, from a fixed client address (the TCP
 * peer the server sees, passed as @hono/node-server's bindings would carry it). better-auth's
 * routes are not in the typed contract: `browser.request(path, init)` calls any path (and sends
 * hostile input the types would refuse), and is where the session cookies are set and cleared.
 */
export function createBrowser(app: TestApp, address = '203.0.113.7') {
  const cookies = new Map<string, string>();
  const headers = (): Record<string, string> => ({
    origin: ORIGIN,
    ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
  });
  const bindings = { incoming: { socket: { remoteAddress: address } } };
  const client = testClient(app, bindings, undefined, { headers });

  /** Any request, as a browser would send it (a `json` body is serialised); keeps the cookies it sets. */
  async function request(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const { json, ...rest } = init;
    const sent = new Headers(init.headers);
    for (const [name, value] of Object.entries(headers())) if (!sent.has(name)) sent.set(name, value);
    let body = init.body;
    if (json !== undefined) {
      sent.set('content-type', 'application/json');
      body = JSON.stringify(json);
    }
    const response = await app.request(path, { ...rest, headers: sent, body }, bindings);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(cookie)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  }

  return { api: client.api, request, cookies };
}

/** A browser made by {@link createBrowser}. */
export type TestBrowser = ReturnType<typeof createBrowser>;

/** The last link in a text (the one mails ask the reader to follow). */
export function lastLink(text: string): string {
  const links = text.match(/https?:\/\/\S+/g);
  if (!links?.length) throw new Error(`no link in: ${text}`);
  return links[links.length - 1]!;
}

/** Path and query of an absolute URL, to request it from the in-process app. */
export function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

/**
 * Sign up through the API, mark the address verified (as if the mail link was followed), and sign in.
 * Returns the client holding the session cookie and the user id.
 */
export async function createSignedInClient(
  app: TestApp,
  handle: DatabaseHandle,
  data: Partial<SignUpRequest['data']> = {},
): Promise<{ client: TestBrowser; userId: string; email: string }> {
  const client = createBrowser(app);
  const email = `reader-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'purple-otter-reads-42';
  const signUp = await client.api.signup.$post({
    json: { email, password, data: { display_name: 'Reader', user_type: 'student', ...data } },
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  await handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const signIn = await client.request('/api/auth/sign-in/email', {
    method: 'POST',
    json: { email, password },
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const me = await (await client.api.me.$get()).json();
  if (!('user' in me)) throw new Error(`not signed in: ${JSON.stringify(me)}`);
  return { client, userId: me.user.id, email };
}

/**
 * The error of a refused answer, checked against the API's one error shape (core/api/errors.ts):
 * `{ code, message, details? }` with a code from the shared list.
 */
export async function errorOf(response: { json(): Promise<unknown> }) {
  return ApiErrorBodySchema.parse(await response.json()).error;
}
