/**
 * Audio settings per user (issue 10; spec §3, §9): the §9 defaults until saved, a full replacement on
 * PUT, refusals of bad, oversized and hostile input that lose nothing, one user's settings invisible to
 * another, and many users saving at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUDIO_SETTINGS, type AudioSettings } from '#core/audio/settings.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import {
  createBrowser,
  createSignedInClient,
  createTestApp,
  type TestApp,
  type TestBrowser,
} from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

describe(`audio settings API (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let alice: TestBrowser;
  let bob: TestBrowser;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
    ({ client: alice } = await createSignedInClient(app, handle));
    ({ client: bob } = await createSignedInClient(app, handle));
  });
  afterAll(async () => {
    await handle?.close();
  });

  const put = (client: TestBrowser, json: unknown) =>
    client.request('/api/audio-settings', { method: 'PUT', json });
  const read = async (client: TestBrowser) => (await client.api['audio-settings'].$get()).json();

  it('gives the §9 defaults until the user saves, then what was saved', async () => {
    expect(await read(alice)).toEqual({ settings: DEFAULT_AUDIO_SETTINGS, saved: false });
    const mine: AudioSettings = {
      ...DEFAULT_AUDIO_SETTINGS,
      volume: 0.5,
      speed: 0.8,
      provider: 'openai',
      voice: 'nova',
      readButtons: true,
      captions: false,
    };
    const saved = await alice.api['audio-settings'].$put({ json: mine });
    expect(saved.status).toBe(200);
    expect(await read(alice)).toEqual({ settings: mine, saved: true });
    // Another user still has the defaults.
    expect(await read(bob)).toEqual({ settings: DEFAULT_AUDIO_SETTINGS, saved: false });
  });

  it('refuses bad, partial, hostile and oversized input with a clear code, and keeps what was saved', async () => {
    const before = await read(alice);
    const cases: [unknown, number, string][] = [
      [{ ...DEFAULT_AUDIO_SETTINGS, volume: 2 }, 422, 'invalid_input'],
      [{ ...DEFAULT_AUDIO_SETTINGS, speed: 0 }, 422, 'invalid_input'],
      [{ ...DEFAULT_AUDIO_SETTINGS, helpAfterSeconds: 30 }, 422, 'invalid_input'],
      [{ ...DEFAULT_AUDIO_SETTINGS, tutorAnnouncements: 'no' }, 422, 'invalid_input'],
      [{ ...DEFAULT_AUDIO_SETTINGS, voice: 'slt' }, 422, 'invalid_input'],
      [{ ...DEFAULT_AUDIO_SETTINGS, provider: 'speechify' }, 422, 'invalid_input'],
      [{ ...DEFAULT_AUDIO_SETTINGS, userId: 'someone-else' }, 422, 'invalid_input'],
      [{ volume: 0.3 }, 422, 'invalid_input'],
      [
        { ...DEFAULT_AUDIO_SETTINGS, fliteVoice: "slt'; drop table audio_settings; --" },
        422,
        'invalid_input',
      ],
      [{ ...DEFAULT_AUDIO_SETTINGS, padding: 'x'.repeat(70_000) }, 413, 'body_too_large'],
    ];
    for (const [json, status, code] of cases) {
      const response = await put(alice, json);
      expect(response.status, JSON.stringify(json).slice(0, 80)).toBe(status);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    const notJson = await alice.request('/api/audio-settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{volume:',
    });
    expect(notJson.status).toBe(400);
    expect(await read(alice)).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    const visitor = createBrowser(app);
    expect((await visitor.request('/api/audio-settings')).status).toBe(401);
    expect((await put(visitor, DEFAULT_AUDIO_SETTINGS)).status).toBe(401);
  });

  it('many users save at once, each keeping their own', async () => {
    const readers = await Promise.all(Array.from({ length: 6 }, () => createSignedInClient(app, handle)));
    await Promise.all(
      readers.map(({ client }, k) => put(client, { ...DEFAULT_AUDIO_SETTINGS, volume: k / 10 })),
    );
    const volumes = await Promise.all(
      readers.map(async ({ client }) => (await read(client)).settings.volume),
    );
    expect(volumes).toEqual(readers.map((_, k) => k / 10));
  });
});
