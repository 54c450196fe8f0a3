/**
 * Security headers over a real socket (issue #14 item 12): JSON API answers keep CSP, nosniff and the
 * frame options, and API answers are never cached (`Cache-Control: no-store`), signed in or not. Runs
 * the app under @hono/node-server as production does, since header handling differs from in-process.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../server/db/client.ts';
import { createSignedInClient, createTestApp, type TestApp } from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

describe(`security headers over HTTP (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let server: ServerType;
  let base: string;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await handle?.close();
  });

  function expectSecurityHeaders(response: Response) {
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-request-id')).toBeTruthy();
  }

  it('keeps them on a JSON 404 that echoes a script, typed as JSON', async () => {
    const response = await fetch(`${base}/api/%3Cscript%3Ealert(1)%3C%2Fscript%3E`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expectSecurityHeaders(response);
  });

  it('keeps them on signed-out and signed-in answers, and on better-auth’s', async () => {
    expectSecurityHeaders(await fetch(`${base}/api/me`));
    expectSecurityHeaders(await fetch(`${base}/api/auth/get-session`));
    const { client } = await createSignedInClient(app, handle);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const me = await fetch(`${base}/api/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expectSecurityHeaders(me);
  });
});
