import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv, RequestUser } from '#server/http/app-env.ts';
import { FluencyResultSchema } from '#core/fluency/result.schema.ts';
import type { Recogniser } from '#server/speech/recogniser.ts';
import { encodeWav } from '#server/speech/wav.ts';
import { createFluencyRoutes, type FluencyRoutesDeps } from '#server/routes/fluency/fluency.routes.ts';
import { createFixedWindowLimiter } from '#server/routes/fluency/rate-limit.ts';

/** A recogniser that "hears" a fixed script, one word every 0.5 s. */
const scripted = (script: string): Recogniser => ({
  name: 'fake',
  recognise: async () =>
    script.split(' ').map((word, k) => ({ word, start: 0.5 + k * 0.5, end: 0.9 + k * 0.5 })),
});

function speechWav(seconds = 3, rate = 16000): Uint8Array<ArrayBuffer> {
  const s = new Int16Array(seconds * rate);
  for (let k = 0; k < s.length; k++) s[k] = Math.round(6000 * Math.sin((2 * Math.PI * 180 * k) / rate));
  return encodeWav(s, rate);
}

function makeApp(overrides: Partial<FluencyRoutesDeps> = {}, user: { id: string } | null = { id: 'u1' }) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set(
      'user',
      user
        ? ({ id: user.id, email: 'a@b.c', name: 'A', emailVerified: true } as unknown as RequestUser)
        : undefined,
    );
    await next();
  });
  app.route(
    '/api/fluency',
    createFluencyRoutes({
      recogniser: scripted('the cat sat on the mat'),
      getStoryText: async (id, userId) => (id === 's1' && userId === 'u1' ? 'The cat sat on the hat.' : null),
      ...overrides,
    }),
  );
  return app;
}

function form(fields: Record<string, string | Blob>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const post = (app: Hono<AppEnv>, body: FormData) =>
  app.request('/api/fluency/score', { method: 'POST', body });
const wavBlob = (bytes: Uint8Array<ArrayBuffer> = speechWav()) => new Blob([bytes], { type: 'audio/wav' });

describe('POST /api/fluency/score', () => {
  it('scores a reading of a passage sent as text', async () => {
    const res = await post(
      makeApp(),
      form({ audio: wavBlob(), text: 'The cat sat on the mat.', grade: '2', mode: 'practice' }),
    );
    expect(res.status).toBe(200);
    const body = FluencyResultSchema.parse(await res.json());
    expect(body).toMatchObject({
      engine: 'fake',
      wordsTotal: 6,
      wordsCorrect: 6,
      errors: 0,
      durationSeconds: 3,
    });
  });

  it('scores a story looked up by id for the signed-in user', async () => {
    const res = await post(makeApp(), form({ audio: wavBlob(), storyId: 's1' }));
    expect(res.status).toBe(200);
    const body = FluencyResultSchema.parse(await res.json());
    expect(body.words[5]).toMatchObject({ text: 'hat', status: 'substitution', heard: 'mat' });
    expect((await post(makeApp(), form({ audio: wavBlob(), storyId: 'nope' }))).status).toBe(404);
  });

  it('answers 401 JSON without a signed-in user', async () => {
    const res = await post(makeApp({}, null), form({ audio: wavBlob(), text: 'The cat.' }));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });

  it('answers 400 for a missing file or passage', async () => {
    const noAudio = await post(makeApp(), form({ text: 'The cat.' }));
    expect(noAudio.status).toBe(400);
    expect(((await noAudio.json()) as { error: { code: string } }).error.code).toBe('audio_missing');
    const noText = await post(makeApp(), form({ audio: wavBlob() }));
    expect(noText.status).toBe(400);
    const badGrade = await post(makeApp(), form({ audio: wavBlob(), text: 'x', grade: '99' }));
    expect(badGrade.status).toBe(400);
    const openai = await post(makeApp(), form({ audio: wavBlob(), text: 'The cat.', engine: 'openai' }));
    expect(((await openai.json()) as { error: { code: string } }).error.code).toBe('engine_unavailable');
  });

  it('answers 415 for non-audio and 422 for silent audio', async () => {
    const text = await post(
      makeApp(),
      form({ audio: new Blob(['just some text'], { type: 'text/plain' }), text: 'The cat.' }),
    );
    expect(text.status).toBe(415);
    expect(((await text.json()) as { error: { code: string } }).error.code).toBe('audio_not_wav');
    const silent = await post(
      makeApp(),
      form({ audio: wavBlob(encodeWav(new Int16Array(32000), 16000)), text: 'The cat.' }),
    );
    expect(silent.status).toBe(422);
    expect(((await silent.json()) as { error: { code: string } }).error.code).toBe('audio_silent');
  });

  it('answers 413 for a body over the size limit', async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    const res = await post(makeApp(), form({ audio: new Blob([big]), text: 'The cat.' }));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('audio_too_large');
  });

  it('rate-limits per user and says when to retry', async () => {
    let t = 0;
    const app = makeApp({ rateLimiter: createFixedWindowLimiter(2, 60_000, () => t) });
    const send = () => post(app, form({ audio: wavBlob(), text: 'The cat sat on the mat.' }));
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    t = 61_000;
    expect((await send()).status).toBe(200);
  });

  it('maps recogniser failures to 503', async () => {
    const { SpeechError } = await import('#server/speech/errors.ts');
    const broken: Recogniser = {
      name: 'broken',
      recognise: async () => {
        throw new SpeechError('recogniser_timeout', 'too slow');
      },
    };
    const res = await post(makeApp({ recogniser: broken }), form({ audio: wavBlob(), text: 'The cat.' }));
    expect(res.status).toBe(503);
  });
});
