/**
 * Hostile profile input (issue #14 item 13), on PGlite and PostgreSQL: a NUL byte in a name is a 422 with
 * the shared error shape (never a 500 that logs SQL parameters), and an avatar address must be https or
 * a path on this site.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../server/db/client.ts';
import { createBrowser, createSignedInClient, createTestApp, type TestApp } from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

describe(`hostile profile input (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('answers a NUL byte in a name with 422, on every route that takes one', async () => {
    const client = createBrowser(app, '198.19.0.1');
    const signUp = await client.request('/api/signup', {
      method: 'POST',
      json: {
        email: `nul-${randomUUID().slice(0, 8)}@example.test`,
        password: 'purple-otter-reads-42',
        data: { display_name: 'Maya\u0000', user_type: 'student' },
      },
    });
    expect(signUp.status).toBe(422);
    expect(((await signUp.json()) as { error: { code: string } }).error.code).toBe('invalid_input');

    const direct = await client.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: {
        email: `nul-${randomUUID().slice(0, 8)}@example.test`,
        password: 'purple-otter-reads-42',
        name: 'Maya\u0000',
      },
    });
    expect(direct.status).toBe(400);

    const { client: reader } = await createSignedInClient(app, handle);
    for (const json of [{ display_name: 'A\u0000B' }, { pets_name: 'Rex\u0000' }]) {
      const response = await reader.request('/api/profile', { method: 'PATCH', json });
      expect(response.status).toBe(422);
    }
    const onboarding = await reader.request('/api/onboarding', {
      method: 'POST',
      json: { display_name: 'Bad\u0000Name' },
    });
    expect(onboarding.status).toBe(422);
  });

  it('refuses a javascript:, data: or http: avatar and keeps an https one', async () => {
    const { client } = await createSignedInClient(app, handle);
    for (const avatar_url of [
      'javascript:alert(1)',
      'data:text/html,<script>',
      'http://x.example/a.png',
      '//x.example/a',
    ]) {
      const response = await client.request('/api/profile', { method: 'PATCH', json: { avatar_url } });
      expect(response.status, avatar_url).toBe(422);
    }
    const ok = await client.request('/api/profile', {
      method: 'PATCH',
      json: { avatar_url: 'https://example.org/fox.png' },
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { profile: { avatar_url: string } }).profile.avatar_url).toBe(
      'https://example.org/fox.png',
    );
  });
});
