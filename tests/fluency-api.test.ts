/**
 * Read-aloud scoring through the whole server: a signed-in reader uploads a real recording (made with
 * flite at test time) of a library story with one word left out, and gets the scored result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../server/db/client.ts';
import { createSignedInClient, TestClient, type TestApp } from './helpers/app.ts';
import { testDatabaseKind } from './helpers/database.ts';
import { audioForm, openStoryReadingFixture } from './helpers/readings.ts';

const STORY = 'The little red hen found a seed in the yard. She planted it in the warm brown dirt.';
const READ_ALOUD = 'The little red hen found a seed in the yard. She planted it in the warm dirt.';

describe(`read-aloud scoring API (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let storyId: string;
  let reading: Uint8Array;

  beforeAll(async () => {
    ({ handle, app, storyId, reading } = await openStoryReadingFixture(
      { title: 'The Red Hen', body: STORY, gradeBand: '1' },
      READ_ALOUD,
    ));
  });
  afterAll(async () => {
    await handle?.close();
  });

  const form = (fields: Record<string, string>, audio: Uint8Array | null = reading) =>
    audioForm(audio, fields);

  it('scores a library story read with one word left out', { timeout: 60_000 }, async () => {
    const { client } = await createSignedInClient(app, handle);
    const response = await client.request('/api/fluency/score', {
      method: 'POST',
      body: form({ storyId, grade: '1' }),
    });
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result.engine).toBe('pocketsphinx');
    expect(result.wordsTotal).toBe(18);
    const brown = result.words.find((w: { text: string }) => w.text === 'brown');
    expect(brown.status).toBe('omission');
    expect(result.errors).toBeGreaterThanOrEqual(1);
    expect(result.wordsCorrect).toBeGreaterThanOrEqual(16);
    expect(result.wcpm).toBeGreaterThan(0);
  });

  it('refuses a signed-out reader, an unknown story, missing audio and non-audio', async () => {
    const signedOut = await new TestClient(app).request('/api/fluency/score', {
      method: 'POST',
      body: form({ storyId }),
    });
    expect(signedOut.status).toBe(401);
    const { client } = await createSignedInClient(app, handle);
    const unknown = await client.request('/api/fluency/score', {
      method: 'POST',
      body: form({ storyId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(unknown.status).toBe(404);
    const notUuid = await client.request('/api/fluency/score', {
      method: 'POST',
      body: form({ storyId: 'abc' }),
    });
    expect(notUuid.status).toBe(404);
    const noAudio = await client.request('/api/fluency/score', {
      method: 'POST',
      body: form({ storyId }, null),
    });
    expect(noAudio.status).toBeGreaterThanOrEqual(400);
    expect(noAudio.status).toBeLessThan(500);
    const text = await client.request('/api/fluency/score', {
      method: 'POST',
      body: form({ storyId }, new TextEncoder().encode('this is not audio at all, just words')),
    });
    expect([415, 422]).toContain(text.status);
    expect((await text.json()).error.message).toBeTruthy();
  });

  it('refuses an upload from another site', async () => {
    const { client } = await createSignedInClient(app, handle);
    const response = await client.request('/api/fluency/score', {
      method: 'POST',
      body: form({ storyId }),
      headers: { origin: 'http://evil.example' },
    });
    expect(response.status).toBe(403);
  });
});
