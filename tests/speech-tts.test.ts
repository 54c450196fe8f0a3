/**
 * Read-to-me speech through the whole server with the real flite: a signed-in reader asks for a
 * passage and gets a WAV and word timings that line up with the text; the cache answers repeats and
 * stays bounded; refusals are clear.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpeechResponse } from '#core/api/speech.ts';
import { SPEECH_MAX_CHARS, speakableTokens } from '#core/api/stories.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { createFliteTts } from '../server/speech/tts.ts';
import {
  createSignedInClient,
  createTestApp,
  createBrowser,
  type TestApp,
  type TestBrowser as Client,
} from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

const PASSAGE = 'Pig is in the mud. "Hello!" said Hen, from the log — then she ate forty-two seeds.';

describe(`read-to-me speech API (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let client: Client;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
    ({ client } = await createSignedInClient(app, handle));
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('speaks a passage with one timing per written word, in order, inside the audio', async () => {
    const response = await client.api.speech.$get({ query: { text: PASSAGE } });
    expect(response.status).toBe(200);
    const speech = (await response.json()) as SpeechResponse;
    const tokens = speakableTokens(PASSAGE);
    expect(speech.words.map((w) => w.text)).toEqual(tokens);
    expect(speech.words.map((w) => w.index)).toEqual(tokens.map((_, i) => i));
    expect(speech.voice).toBe('flite slt');
    expect(speech).toMatchObject({ provider: 'flite', fellBack: false, timing: 'exact' });
    expect(speech.duration).toBeGreaterThan(3);
    let previousEnd = 0;
    for (const word of speech.words) {
      expect(word.start, word.text).toBeGreaterThanOrEqual(previousEnd - 0.001);
      expect(word.end, word.text).toBeGreaterThan(word.start);
      expect(word.end).toBeLessThanOrEqual(speech.duration);
      previousEnd = word.end;
    }
    // "forty-two" is several spoken words for one written token; it still gets one span, longer than "Pig".
    const fortyTwo = speech.words.find((w) => w.text === 'forty-two')!;
    const pig = speech.words[0]!;
    expect(fortyTwo.end - fortyTwo.start).toBeGreaterThan(pig.end - pig.start);
    // The first word starts after flite's leading pause, the last ends before the trailing one.
    expect(pig.start).toBeGreaterThan(0.05);

    const audio = await client.request(speech.audioUrl);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    const bytes = new Uint8Array(await audio.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('RIFF');

    // A repeat comes from the cache: same audio, same timings.
    const again = (await (
      await client.api.speech.$get({ query: { text: PASSAGE } })
    ).json()) as SpeechResponse;
    expect(again).toEqual(speech);
  });

  it('refuses empty text, text over the limit and an unknown audio key; speaks to a signed-out visitor', async () => {
    const empty = await client.request('/api/speech?text=%20%20');
    expect(empty.status).toBe(422);
    expect((await empty.json()).error.code).toBe('text_missing');

    const long = await client.request(
      `/api/speech?text=${encodeURIComponent('a '.repeat(SPEECH_MAX_CHARS))}`,
    );
    expect(long.status).toBe(413);
    const body = await long.json();
    expect(body.error).toMatchObject({ code: 'text_too_long', details: { maxChars: SPEECH_MAX_CHARS } });
    expect(body.error.message).toContain(String(SPEECH_MAX_CHARS));

    // Signed out (the public pages' guidance): spoken too.
    expect((await createBrowser(app).request('/api/speech?text=Hello')).status).toBe(200);
    expect((await client.request(`/api/speech/audio/${'0'.repeat(64)}.wav`)).status).toBe(404);
    expect((await client.request('/api/speech/audio/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });
});

describe('speech cache', () => {
  it('keeps at most the configured number of texts, newest first', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'sparky-tts-cache-'));
    const tts = createFliteTts({ cacheDir, maxEntries: 2 });
    const first = await tts.speak({ text: 'The sun is up.' });
    await new Promise((r) => setTimeout(r, 20));
    await tts.speak({ text: 'The dog can run.' });
    await new Promise((r) => setTimeout(r, 20));
    await tts.speak({ text: 'A bug is on a rug.' });
    const files = readdirSync(cacheDir);
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(2);
    expect(files.filter((f) => f.endsWith('.wav'))).toHaveLength(2);
    expect(await tts.audioPath(first.key)).toBeNull();
  });

  it('answers many requests at once, queued two at a time, and makes a text asked for twice only once', async () => {
    const tts = createFliteTts({ cacheDir: mkdtempSync(join(tmpdir(), 'sparky-tts-burst-')) });
    const texts = ['One red hen.', 'Two blue birds.', 'Three big bugs.', 'Four fat frogs.', 'One red hen.'];
    const results = await Promise.all(texts.map((text) => tts.speak({ text })));
    expect(results.every((r) => r.words.length === 3 && r.duration > 0)).toBe(true);
    expect(results[4]!.key).toBe(results[0]!.key);
    expect(new Set(results.map((r) => r.key)).size).toBe(4);
  });
});
