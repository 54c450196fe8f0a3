/** The HTTP app in-process: health, API errors, the not-found log and the front-end fallback. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../server/app.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { loadEnv } from '../server/env.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

describe(`HTTP app (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createApp>;
  const logged: unknown[] = [];

  beforeAll(async () => {
    handle = await openTestDatabase();
    const staticDir = mkdtempSync(join(tmpdir(), 'sparky-static-'));
    writeFileSync(
      join(staticDir, 'index.html'),
      '<!doctype html><title>Sparky Reads</title><div id="root"></div>',
    );
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'assets', 'app-123.js'), 'console.log(1)');
    const log = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    app = createApp({ env: loadEnv({ STATIC_DIR: staticDir }), database: handle, log, version: '9.9.9' });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('GET /api/health reports version, database kind and applied migrations', async () => {
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'ok', version: '9.9.9', database: { kind: handle.kind } });
    expect(body.database.migrations.upToDate).toBe(true);
    expect(body.database.migrations.applied).toBeGreaterThanOrEqual(3);
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await app.request('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'No API route GET /api/nothing-here.' },
    });
  });

  it('logs the attempted path of a not-found page', async () => {
    const response = await app.request('/api/log/not-found', {
      method: 'POST',
      body: JSON.stringify({ path: '/no/such/page' }),
    });
    expect(response.status).toBe(204);
    expect(logged).toContainEqual(
      expect.objectContaining({ attemptedPath: '/no/such/page', msg: 'page not found' }),
    );
  });

  it('refuses a bad not-found report clearly', async () => {
    const notJson = await app.request('/api/log/not-found', { method: 'POST', body: '{oops' });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error.code).toBe('invalid_json');
    const noPath = await app.request('/api/log/not-found', {
      method: 'POST',
      body: JSON.stringify({ path: '' }),
    });
    expect(noPath.status).toBe(422);
    const tooLong = await app.request('/api/log/not-found', {
      method: 'POST',
      body: JSON.stringify({ path: 'x'.repeat(3000) }),
    });
    expect(tooLong.status).toBe(422);
  });

  it('serves index.html for deep links and hashed assets with a long cache', async () => {
    for (const path of ['/', '/about', '/read-story/abc', '/no/such/page']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
    const asset = await app.request('/assets/app-123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('sends security headers, allowing the microphone only for itself', async () => {
    const response = await app.request('/');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('permissions-policy')).toContain('microphone=(self)');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
