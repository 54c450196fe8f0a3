/**
 * Byte limits while the body streams in (issue #14 item 6): a chunked body with no Content-Length, far
 * larger than a route takes, is refused with 413 while it is still being sent, so the server never holds
 * it whole. Runs over a real socket (@hono/node-server), as production does: in-process requests would
 * not show whether the server waits for the end of the body.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../server/db/client.ts';
import { createSignedInClient, createTestApp, ORIGIN, type TestApp } from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

/** The most a test sends: a body the server buffered would take this much memory and never be answered early. */
const BODY_CAP_BYTES = 1024 ** 3;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

interface StreamedAnswer {
  status: number;
  body: string;
  /** Bytes the client had written when the answer's headers arrived. */
  sentBeforeAnswer: number;
}

/**
 * POST an endless chunked body (up to 1 GB) and stop sending as soon as the server answers. With
 * buffering, the server could only answer after the last byte.
 */
function streamEndlessBody(url: string, headers: Record<string, string>): Promise<StreamedAnswer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(url, { method: 'POST', headers: { origin: ORIGIN, ...headers } });
    req.on('response', (res) => {
      answered = true;
      const sentBeforeAnswer = sent;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(parts).toString('utf8'),
          sentBeforeAnswer,
        });
      });
    });
    // Once the server has answered and closed, further writes fail: that is expected.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < BODY_CAP_BYTES) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe(`streamed oversized bodies (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let server: ServerType;
  let base: string;
  let cookie: string;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { client } = await createSignedInClient(app, handle);
    cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await handle?.close();
  });

  const cases: Array<{ name: string; path: string; type: string; signedIn?: boolean; code: string }> = [
    // Public, no sign-in: the route of the 1 GB report.
    { name: 'not-found log as text', path: '/api/log/not-found', type: 'text/plain', code: 'body_too_large' },
    {
      name: 'not-found log as JSON',
      path: '/api/log/not-found',
      type: 'application/json',
      code: 'body_too_large',
    },
    {
      name: 'not-found log as a multipart form',
      path: '/api/log/not-found',
      type: 'multipart/form-data; boundary=x',
      code: 'body_too_large',
    },
    { name: 'sign-up', path: '/api/signup', type: 'application/json', code: 'body_too_large' },
    {
      name: 'sign-in as JSON',
      path: '/api/auth/sign-in/email',
      type: 'application/json',
      code: 'body_too_large',
    },
    {
      name: 'sign-in as a form',
      path: '/api/auth/sign-in/email',
      type: 'application/x-www-form-urlencoded',
      code: 'body_too_large',
    },
    {
      name: 'sign-in as a multipart form',
      path: '/api/auth/sign-in/email',
      type: 'multipart/form-data; boundary=x',
      code: 'body_too_large',
    },
    {
      name: 'onboarding (signed in)',
      path: '/api/onboarding',
      type: 'application/json',
      signedIn: true,
      code: 'body_too_large',
    },
    {
      name: 'roles as a multipart form (signed in)',
      path: '/api/roles',
      type: 'multipart/form-data; boundary=x',
      signedIn: true,
      code: 'body_too_large',
    },
    {
      name: 'a reading upload over 10 MB (signed in)',
      path: '/api/reading-sessions',
      type: 'multipart/form-data; boundary=x',
      signedIn: true,
      code: 'audio_too_large',
    },
    {
      name: 'a spoken command over 2 MB (signed in)',
      path: '/api/voice/command',
      type: 'multipart/form-data; boundary=x',
      signedIn: true,
      code: 'audio_too_large',
    },
  ];

  it.each(cases)(
    'refuses an endless chunked body with 413 before it ends: $name',
    async ({ path, type, signedIn, code }) => {
      const answer = await streamEndlessBody(`${base}${path}`, {
        'content-type': type,
        ...(signedIn ? { cookie } : {}),
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code } });
      // Answered long before the 1 GB cap: the server read about the limit, not the body.
      expect(answer.sentBeforeAnswer).toBeLessThan(64 * 1024 ** 2);
    },
    60_000,
  );

  it('keeps answering small requests afterwards', async () => {
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
  });
});
