/** An in-process app on the test database, and a tiny cookie-keeping client for it. */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createApp } from '../../server/app.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { loadEnv } from '../../server/env.ts';

export const ORIGIN = 'http://localhost:3000';

/** Build the app with test settings; extra settings override. */
export function createTestApp(handle: DatabaseHandle, settings: Record<string, string> = {}) {
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '3000',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'sparky-test-data-')),
    STATIC_DIR: './no-such-dist',
    ...settings,
  });
  return createApp({
    env,
    database: handle,
    log: pino({ level: 'silent' }),
    version: 'test',
    authSecret: 'test-secret-that-is-long-enough-for-better-auth',
  });
}

export type TestApp = ReturnType<typeof createTestApp>;

/**
 * A browser-like client: keeps cookies, sends the app's Origin, and comes from a fixed client address
 * (the TCP peer the server sees, as @hono/node-server would report it).
 */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(
    private app: TestApp,
    private address = '203.0.113.7',
  ) {}

  async request(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', ORIGIN);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const response = await this.app.request(
      path,
      { ...init, headers, body },
      { incoming: { socket: { remoteAddress: this.address } } },
    );
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** The raw Set-Cookie headers of a response are checked by tests; this exposes the jar. */
  get cookieNames(): string[] {
    return [...this.cookies.keys()];
  }
}

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
  data: Record<string, unknown> = {},
): Promise<{ client: TestClient; userId: string; email: string }> {
  const client = new TestClient(app);
  const email = `reader-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'purple-otter-reads-42';
  const signUp = await client.request('/api/signup', {
    method: 'POST',
    json: { email, password, data: { display_name: 'Reader', user_type: 'student', ...data } },
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  await handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const signIn = await client.request('/api/auth/sign-in/email', {
    method: 'POST',
    json: { email, password },
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const me = (await (await client.request('/api/me')).json()) as { user: { id: string } };
  return { client, userId: me.user.id, email };
}
