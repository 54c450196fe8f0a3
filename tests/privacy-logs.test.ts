/**
 * Secrets stay out of the request log, and the test outbox out of reach (issue #14 items 9 and 10):
 * following a reset link logs its path with the token redacted; the outbox endpoint exists only on a
 * test server bound to loopback.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../server/db/client.ts';
import type { OutboxResponse } from '../core/api/account.ts';
import { asSystem } from '../server/db/rls.ts';
import { userRoles } from '../server/db/schema.ts';
import {
  createBrowser,
  createSignedInClient,
  createTestApp,
  errorOf,
  lastLink,
  pathOf,
} from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

describe(`secrets and the log (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('logs a followed reset link with its token redacted', async () => {
    let logged = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    });
    const app = createTestApp(handle, {}, pino({ level: 'trace' }, sink));
    const { email } = await createSignedInClient(app, handle);
    const browser = createBrowser(app, '198.20.0.1');
    const requested = await browser.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email, redirectTo: '/login' },
    });
    expect(requested.status).toBe(200);
    const outbox = (await (
      await browser.request(`/api/test/outbox?to=${encodeURIComponent(email)}`)
    ).json()) as {
      messages: { subject: string; text: string }[];
    };
    const link = lastLink(outbox.messages.find((m) => m.subject.startsWith('Reset your'))!.text);
    const token = new URL(link).pathname.split('/').at(-1)!;
    expect(token.length).toBeGreaterThan(10);
    const landing = await browser.request(pathOf(link), { redirect: 'manual' });
    expect(landing.status).toBe(302);
    const requestLines = logged.split('\n').filter((line) => line.includes('"msg":"request"'));
    expect(requestLines.join('\n')).toContain('/api/auth/reset-password/[redacted]');
    expect(requestLines.join('\n')).not.toContain(token);
    // Without SMTP the mail went to the outbox, and no line of the log holds its link or address.
    expect(logged).toContain('mail kept in the outbox');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('verify-email?token=');
    expect(logged).not.toContain(email);
  });

  it('shows the outbox in the app to owners and admins only', async () => {
    const app = createTestApp(handle);
    const reader = await createSignedInClient(app, handle);
    const outbox = (client: { request: (path: string) => Promise<Response> }) =>
      client.request('/api/outbox');
    expect((await outbox(createBrowser(app))).status).toBe(401);
    const refused = await outbox(reader.client);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('forbidden');
    for (const role of ['owner', 'admin'] as const) {
      const staff = await createSignedInClient(app, handle, { user_type: 'teacher' });
      await asSystem(handle.db, (tx) => tx.insert(userRoles).values({ userId: staff.userId, role }));
      const answer = await staff.client.api.outbox.$get();
      expect(answer.status, role).toBe(200);
      const body = (await answer.json()) as OutboxResponse;
      expect(body).toMatchObject({ transport: 'outbox', keepDays: 7 });
      const mail = body.messages.find((m) => m.to === reader.email);
      expect(mail?.subject).toBe('Confirm your e-mail for Sparky Reads');
      expect(mail?.text).toMatch(/\/api\/auth\/verify-email\?token=/);
    }
  });

  it('has the test outbox only on a test server bound to loopback', async () => {
    const onLoopback = createTestApp(handle);
    expect((await createBrowser(onLoopback).request(`/api/test/outbox?to=x@example.test`)).status).toBe(200);
    const settingsList: Record<string, string>[] = [{ HOST: '0.0.0.0' }, { NODE_ENV: 'production' }];
    for (const settings of settingsList) {
      const app = createTestApp(handle, settings);
      const response = await createBrowser(app).request(`/api/test/outbox?to=${randomUUID()}@example.test`);
      expect(response.status, JSON.stringify(settings)).toBe(404);
    }
  });
});
