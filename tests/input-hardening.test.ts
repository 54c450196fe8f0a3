/**
 * Hostile profile input (issue #14 item 13), on PGlite and PostgreSQL: a NUL byte in a name is a 422 with
 * the shared error shape (never a 500 that logs SQL parameters), and an avatar address must be https or
 * a path on this site. Passage and command words that name Object.prototype's members ("constructor",
 * "__proto__") are read as words, not looked up behind a table (a 500 before 27 Nov 2026).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../server/db/client.ts';
import { createBrowser, createSignedInClient, createTestApp, errorOf, type TestApp } from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';
import { audioForm, makeSilence } from './helpers/readings.ts';

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

  it('reads a passage or a command named like an Object.prototype member ("constructor", "__proto__")', async () => {
    const { client } = await createSignedInClient(app, handle);
    // Silence is refused after the passage and the command list are read, so nothing is decoded.
    const silence = makeSilence(1);
    const outcome = async (response: Response) => ({
      status: response.status,
      code: (await errorOf(response)).code,
    });
    const score = await client.request('/api/fluency/score', {
      method: 'POST',
      body: audioForm(silence, { text: 'The constructor gave __proto__ a toString and hasOwnProperty.' }),
    });
    expect(await outcome(score)).toEqual({ status: 422, code: 'audio_silent' });
    const commands = ['constructor', '__proto__', 'toString', 'value of'].map((phrase) => ({
      phrase,
      intent: 'action',
      target: `press:${phrase}`,
    }));
    const command = await client.request('/api/voice/command', {
      method: 'POST',
      body: audioForm(silence, { commands: JSON.stringify(commands) }),
    });
    expect(await outcome(command)).toEqual({ status: 422, code: 'audio_silent' });
  });
});
