/**
 * Read-aloud scoring through the whole server: a signed-in reader uploads a real recording (made with
 * flite at test time) of a library story with one word left out, and gets the scored result.
 */
import { parseResponse } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../server/db/client.ts';
import { createBrowser, createSignedInClient, errorOf, type TestApp } from './helpers/app.ts';
import { testDatabaseKind } from './helpers/database.ts';
import { audioForm, makeSilence, openStoryReadingFixture } from './helpers/readings.ts';
import { sharedMoonshineSecondOpinion } from '../server/speech/command-moonshine.ts';
import { createPocketsphinxRecogniser } from '../server/speech/pocketsphinx.ts';
import { createMoonshineNominator, type Nominator } from '../server/speech/reading-moonshine.ts';

const STORY = 'The little red hen found a seed in the yard. She planted it in the warm brown dirt.';
const READ_ALOUD = 'The little red hen found a seed in the yard. She planted it in the warm dirt.';

describe(`read-aloud scoring API (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let storyId: string;
  let reading: Uint8Array;
  /** Readings the app's Moonshine nominator was asked about (the app's own nominator, counted). */
  let nominated = 0;
  const moonshine = createMoonshineNominator(sharedMoonshineSecondOpinion());
  const countingNominator: Nominator = (...args) => {
    nominated++;
    return moonshine(...args);
  };

  beforeAll(async () => {
    ({ handle, app, storyId, reading } = await openStoryReadingFixture(
      { title: 'The Red Hen', body: STORY, gradeBand: '1' },
      READ_ALOUD,
      { recogniser: createPocketsphinxRecogniser({ nominate: countingNominator }) },
    ));
  });
  afterAll(async () => {
    await handle?.close();
  });

  const form = (fields: Record<string, string>, audio: Uint8Array | null = reading) =>
    audioForm(audio, fields);
  const wav = () => new File([reading as BlobPart], 'reading.wav', { type: 'audio/wav' });

  it('scores a library story read with one word left out', { timeout: 60_000 }, async () => {
    const { client } = await createSignedInClient(app, handle);
    const before = nominated;
    const result = await parseResponse(
      client.api.fluency.score.$post({ form: { audio: wav(), storyId, grade: '1' } }),
    );
    expect(result.engine).toBe('pocketsphinx');
    expect(result.wordsTotal).toBe(18);
    const brown = result.words.find((w) => w.text === 'brown');
    expect(brown?.status).toBe('omission');
    expect(result.errors).toBeGreaterThanOrEqual(1);
    expect(result.wordsCorrect).toBeGreaterThanOrEqual(16);
    expect(result.wcpm).toBeGreaterThan(0);
    expect(nominated).toBe(before + 1);
  });

  it(
    'checks whether the reader reached the end without Moonshine (purpose=reading_end)',
    { timeout: 60_000 },
    async () => {
      const { client } = await createSignedInClient(app, handle);
      const before = nominated;
      const result = await parseResponse(
        client.api.fluency.score.$post({ form: { audio: wav(), storyId, purpose: 'reading_end' } }),
      );
      expect(nominated).toBe(before);
      expect(result.engine).toBe('pocketsphinx');
      expect(result.words.at(-1)).toMatchObject({ text: 'dirt', status: 'correct' });
      const bad = await client.api.fluency.score.$post({
        form: { audio: wav(), storyId, purpose: 'end' as 'reading_end' },
      });
      expect(bad.status).toBe(422);
    },
  );

  it('refuses a signed-out reader, an unknown story, missing audio and non-audio', async () => {
    const signedOut = await createBrowser(app).api.fluency.score.$post({ form: { audio: wav(), storyId } });
    expect(signedOut.status).toBe(401);
    expect(await errorOf(signedOut)).toEqual({ code: 'unauthenticated', message: 'Auth session missing!' });
    const { client } = await createSignedInClient(app, handle);
    const unknown = await client.api.fluency.score.$post({
      form: { audio: wav(), storyId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe('story_not_found');
    const notUuid = await client.api.fluency.score.$post({ form: { audio: wav(), storyId: 'abc' } });
    expect(notUuid.status).toBe(422);
    expect((await errorOf(notUuid)).code).toBe('invalid_input');
    const noAudio = await client.request('/api/fluency/score', {
      method: 'POST',
      body: form({ storyId }, null),
    });
    expect(noAudio.status).toBe(400);
    expect((await errorOf(noAudio)).code).toBe('audio_missing');
    const text = await client.request('/api/fluency/score', {
      method: 'POST',
      body: form({ storyId }, new TextEncoder().encode('this is not audio at all, just words')),
    });
    expect(text.status).toBe(415);
    expect((await errorOf(text)).code).toBe('audio_not_wav');
  });

  it('refuses an upload from another site', async () => {
    const { client } = await createSignedInClient(app, handle);
    const response = await client.request('/api/fluency/score', {
      method: 'POST',
      body: form({ storyId }),
      headers: { origin: 'http://evil.example' },
    });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe('forbidden');
  });

  it(
    'shares one rate limit with POST /api/reading-sessions: 10 scorings a minute per reader',
    { timeout: 60_000 },
    async () => {
      const { client } = await createSignedInClient(app, handle);
      // Silence is refused by the recogniser's front door, after the quota is taken, so no decoding runs.
      const silent = () => new File([makeSilence(1) as BlobPart], 'silence.wav', { type: 'audio/wav' });
      for (let i = 0; i < 5; i++) {
        const scored = await client.api.fluency.score.$post({ form: { audio: silent(), storyId } });
        expect((await errorOf(scored)).code).toBe('audio_silent');
        const saved = await client.api['reading-sessions'].$post({
          form: { audio: silent(), storyId, idempotencyKey: `quota-${i}-${Date.now()}` },
        });
        expect((await errorOf(saved)).code).toBe('audio_silent');
      }
      const limited = await client.api.fluency.score.$post({ form: { audio: silent(), storyId } });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBeTruthy();
      expect((await errorOf(limited)).code).toBe('rate_limited');
    },
  );
});
