/**
 * The speech provider chain through the whole server (docs/requirements.md §7.5): ElevenLabs and OpenAI
 * through their official SDKs against a local fake of their APIs (never the internet), falling back on
 * failure and on time-out, flite last; the cache by text, voice and speed; refusals of bad input; and a
 * flood from one user that is limited without starving another reader.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SpeechResponse } from '#core/api/speech.ts';
import { SPEECH_MAX_CHARS } from '#core/api/stories.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { createTextToSpeech } from '../server/speech/tts.ts';
import { createFliteProvider } from '../server/speech/tts-flite.ts';
import { createOpenAiSpeechProvider } from '../server/speech/tts-openai.ts';
import {
  createBrowser,
  createSignedInClient,
  createTestApp,
  type TestApp,
  type TestBrowser,
} from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';
import { FAKE_MP3, startFakeSpeechApis, type FakeSpeechApis } from './helpers/fake-speech-apis.ts';

const RACHEL = '21m00Tcm4TlvDq8ikWAM';

describe(`speech provider chain (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let fake: FakeSpeechApis;
  let app: TestApp;
  let client: TestBrowser;

  beforeAll(async () => {
    handle = await openTestDatabase();
    fake = await startFakeSpeechApis();
    app = createTestApp(handle, {
      OPENAI_API_KEY: 'sk-test-openai',
      OPENAI_BASE_URL: fake.openaiUrl,
      ELEVENLABS_API_KEY: 'el-test-key',
      ELEVENLABS_BASE_URL: fake.elevenlabsUrl,
      SPEECH_TIMEOUT_MS: '800',
    });
    ({ client } = await createSignedInClient(app, handle));
  });
  afterAll(async () => {
    await fake?.close();
    await handle?.close();
  });
  beforeEach(() => {
    fake.mode.openai = 'ok';
    fake.mode.elevenlabs = 'ok';
    fake.requests.length = 0;
  });

  async function speak(query: Record<string, string>): Promise<SpeechResponse> {
    const response = await client.api.speech.$get({ query: query as { text: string } });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as SpeechResponse;
  }

  it('OpenAI speaks with voice alloy through the SDK; word times are estimated; the WAV is served', async () => {
    const speech = await speak({ text: 'Pick a story to read.', voice: 'alloy', speed: '1.2' });
    expect(speech).toMatchObject({
      provider: 'openai',
      fellBack: false,
      timing: 'estimated',
      voice: 'openai alloy',
    });
    expect(speech.duration).toBeCloseTo(1.2, 2);
    expect(speech.words.map((w) => w.text)).toEqual(['Pick', 'a', 'story', 'to', 'read.']);
    const [request] = fake.requests;
    expect(request).toMatchObject({
      api: 'openai',
      path: '/v1/audio/speech',
      body: { voice: 'alloy', input: 'Pick a story to read.', response_format: 'wav', speed: 1.2 },
    });
    expect(request!.headers.authorization).toBe('Bearer sk-test-openai');
    const audio = await client.request(speech.audioUrl);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    expect(new TextDecoder().decode(new Uint8Array(await audio.arrayBuffer()).slice(0, 4))).toBe('RIFF');
  });

  it('ElevenLabs speaks with word times from its character alignment; the MP3 is served intact', async () => {
    const speech = await speak({ text: 'Hi Sam, well done!', voice: RACHEL });
    expect(speech).toMatchObject({ provider: 'elevenlabs', fellBack: false, timing: 'exact' });
    // 0.06 s per character in the fake: "Sam," starts at character 3.
    expect(speech.words[1]).toEqual({ index: 1, text: 'Sam,', start: 0.18, end: 0.42 });
    const [request] = fake.requests;
    expect(request!.path).toBe(`/v1/text-to-speech/${RACHEL}/with-timestamps?output_format=mp3_44100_128`);
    expect(request!.headers['xi-api-key']).toBe('el-test-key');
    expect(request!.body).toMatchObject({ text: 'Hi Sam, well done!', model_id: 'eleven_flash_v2_5' });
    const audio = await client.request(speech.audioUrl);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await audio.arrayBuffer()).equals(FAKE_MP3)).toBe(true);
  });

  it('a failing provider falls back to the next: ElevenLabs (500) to OpenAI, both to flite', async () => {
    fake.mode.elevenlabs = 'error';
    const toOpenAi = await speak({ text: 'Press the green button.', voice: RACHEL });
    expect(toOpenAi).toMatchObject({ provider: 'openai', fellBack: true, voice: 'openai alloy' });
    fake.mode.openai = 'error';
    const toFlite = await speak({ text: 'Press the red button.', voice: RACHEL });
    expect(toFlite).toMatchObject({ provider: 'flite', fellBack: true, voice: 'flite slt', timing: 'exact' });
    expect(fake.requests.map((r) => r.api)).toEqual(['elevenlabs', 'openai', 'elevenlabs', 'openai']);
  });

  it('a provider that passes its time limit falls back to the next', async () => {
    fake.mode.openai = 'slow';
    fake.mode.elevenlabs = 'slow';
    const started = performance.now();
    const speech = await speak({ text: 'Say start reading.', voice: 'alloy' });
    expect(speech).toMatchObject({ provider: 'flite', fellBack: true });
    // Two cloud providers at 0.8 s each, then flite: well under the SDKs' own minutes.
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(fake.requests.map((r) => r.api)).toEqual(['openai', 'elevenlabs']);
  });

  it('caches by text, voice and speed: a repeat asks no provider, another speed or voice does', async () => {
    await speak({ text: 'Well done, reader!', voice: 'alloy' });
    await speak({ text: 'Well done, reader!', voice: 'alloy' });
    expect(fake.requests).toHaveLength(1);
    await speak({ text: 'Well done, reader!', voice: 'alloy', speed: '0.8' });
    await speak({ text: 'Well done, reader!', voice: 'nova' });
    expect(fake.requests).toHaveLength(3);
    const flite = await speak({ text: 'Well done, reader!' });
    expect(flite.provider).toBe('flite');
    expect(fake.requests).toHaveLength(3);
  });

  it('lists the providers it can use and their voices', async () => {
    const response = await client.api.speech.voices.$get();
    const body = await response.json();
    expect(body.providers).toEqual(['elevenlabs', 'openai', 'flite']);
    expect(body.voices.map((v) => v.id)).toContain('alloy');
    expect(body.voices.map((v) => v.id)).toContain('slt');
  });

  it('refuses empty text, too long text, an unknown voice and a bad speed; the voice list needs a user', async () => {
    const codeOf = async (r: Response) => ((await r.json()) as { error: { code: string } }).error.code;
    const empty = await client.request('/api/speech?text=%20');
    expect([empty.status, await codeOf(empty)]).toEqual([422, 'text_missing']);
    const long = await client.request(`/api/speech?text=${'a'.repeat(SPEECH_MAX_CHARS + 1)}`);
    expect([long.status, await codeOf(long)]).toEqual([413, 'text_too_long']);
    const voice = await client.request('/api/speech?text=Hi&voice=darth');
    expect([voice.status, await codeOf(voice)]).toEqual([422, 'voice_unknown']);
    const hostile = await client.request(
      `/api/speech?text=Hi&voice=${encodeURIComponent('../../etc/passwd')}`,
    );
    expect(await codeOf(hostile)).toBe('voice_unknown');
    const speed = await client.request('/api/speech?text=Hi&speed=9');
    expect([speed.status, await codeOf(speed)]).toEqual([422, 'invalid_input']);
    expect((await createBrowser(app).request('/api/speech/voices')).status).toBe(401);
    expect((await client.request(`/api/speech/audio/${'a'.repeat(64)}.mp3`)).status).toBe(404);
    expect(fake.requests).toHaveLength(0);
  });

  it('a flood from one user is refused (429) while another reader is still served', async () => {
    const { client: other } = await createSignedInClient(app, handle);
    const flood = Array.from({ length: 16 }, (_, k) =>
      client.request(`/api/speech?text=${encodeURIComponent(`Flood line number ${k} for the test.`)}`),
    );
    const reader = other.request(`/api/speech?text=${encodeURIComponent('Once upon a time, a fox sat.')}`);
    const [readerAnswer, ...floodAnswers] = await Promise.all([reader, ...flood]);
    expect(readerAnswer.status).toBe(200);
    const statuses = floodAnswers.map((r) => r.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    const refused = floodAnswers.find((r) => r.status === 429)!;
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
  });

  it('a signed-out visitor gets flite whatever voice it asks for, and its own per-address limit', async () => {
    const visitor = createBrowser(app, '198.51.100.9');
    const answer = await visitor.request('/api/speech?text=Welcome%20to%20Sparky&voice=alloy');
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as SpeechResponse).provider).toBe('flite');
    expect(fake.requests).toHaveLength(0);
    let last = 200;
    for (let k = 0; k < 70 && last === 200; k++)
      last = (await visitor.request('/api/speech?text=Welcome%20to%20Sparky')).status;
    expect(last).toBe(429);
    // Another address, and a signed-in reader, are not affected.
    expect((await createBrowser(app, '198.51.100.10').request('/api/speech?text=Hi')).status).toBe(200);
    expect((await client.request('/api/speech?text=Hi')).status).toBe(200);
  });

  it(`more than the per-minute bound of requests is refused for that user only`, async () => {
    const { client: busy } = await createSignedInClient(app, handle);
    await busy.request('/api/speech?text=Hello');
    let last = 200;
    for (let k = 0; k < 130 && last === 200; k++)
      last = (await busy.request('/api/speech?text=Hello')).status;
    expect(last).toBe(429);
    expect((await client.request('/api/speech?text=Hello')).status).toBe(200);
  });
});

describe('speech chain logging', () => {
  it('logs a provider that times out and the fallback', async () => {
    const fake = await startFakeSpeechApis();
    try {
      fake.mode.openai = 'slow';
      const lines: { obj: Record<string, unknown>; msg: string }[] = [];
      const log = {
        warn: (obj: object, msg: string) => lines.push({ obj: obj as Record<string, unknown>, msg }),
        error: () => undefined,
      };
      const tts = createTextToSpeech({
        cacheDir: mkdtempSync(join(tmpdir(), 'sparky-tts-chain-')),
        timeoutMs: 500,
        log: log as never,
        providers: [
          createOpenAiSpeechProvider({ apiKey: 'sk-test', baseURL: fake.openaiUrl }),
          createFliteProvider(),
        ],
      });
      const result = await tts.speak({ text: 'Time to read.', voice: 'alloy' });
      expect(result).toMatchObject({ provider: 'flite', fellBack: true });
      expect(lines).toEqual([
        expect.objectContaining({
          msg: 'speech provider timed out; trying the next',
          obj: expect.objectContaining({ provider: 'openai', timedOut: true }),
        }),
      ]);
    } finally {
      await fake.close();
    }
  });
});
