import { Hono } from 'hono';
import { testClient } from 'hono/testing';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '#server/http/app-env.ts';
import { handleError } from '#server/http/errors.ts';
import { FluencyResultSchema } from '#core/fluency/result.schema.ts';
import type { Recogniser } from '#server/speech/recogniser.ts';
import { encodeWav } from '#core/audio/wav.ts';
import { createFluencyRoutes } from '#server/routes/fluency/fluency.routes.ts';
import { createScoringService, type ScoringDeps } from '#server/routes/fluency/fluency.service.ts';
import { createFixedWindowLimiter } from '#server/http/rate-limit.ts';
import { createScoringQueue } from '#server/jobs/scoring-queue.ts';

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

const STORY_ID = '5d0c3a52-3c1e-4f5e-9a55-2b7a4b1c9d10';

function makeApp(overrides: Partial<ScoringDeps> = {}, user: { id: string } | null = { id: 'u1' }) {
  const queue = createScoringQueue({ concurrency: 2 });
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('currentUser', async () =>
        user ? { id: user.id, email: 'a@b.c', name: 'A', emailVerified: true } : null,
      );
      await next();
    })
    .route(
      '/api',
      createFluencyRoutes({
        scoring: createScoringService({
          recogniser: scripted('the cat sat on the mat'),
          queue,
          ...overrides,
        }),
        queue,
        storyText: async (id, userId) =>
          id === STORY_ID && userId === 'u1' ? 'The cat sat on the hat.' : null,
      }),
    );
  app.onError(handleError);
  return testClient(app).api.fluency.score;
}

type Form = Parameters<ReturnType<typeof makeApp>['$post']>[0]['form'];
const post = (score: ReturnType<typeof makeApp>, form: Partial<Form>) => score.$post({ form: form as Form });
const wavFile = (bytes: Uint8Array<ArrayBuffer> = speechWav()) =>
  new File([bytes], 'reading.wav', { type: 'audio/wav' });
const codeOf = async (res: { json(): Promise<unknown> }): Promise<string> =>
  ((await res.json()) as { error: { code: string } }).error.code;

describe('POST /api/fluency/score', () => {
  it('scores a reading of a passage sent as text', async () => {
    const res = await post(makeApp(), {
      audio: wavFile(),
      text: 'The cat sat on the mat.',
      grade: '2',
      mode: 'practice',
    });
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
    const res = await post(makeApp(), { audio: wavFile(), storyId: STORY_ID });
    expect(res.status).toBe(200);
    const body = FluencyResultSchema.parse(await res.json());
    expect(body.words[5]).toMatchObject({ text: 'hat', status: 'substitution', heard: 'mat' });
    expect(
      (await post(makeApp(), { audio: wavFile(), storyId: '00000000-0000-4000-8000-000000000000' })).status,
    ).toBe(404);
  });

  it('answers 401 JSON without a signed-in user', async () => {
    const res = await post(makeApp({}, null), { audio: wavFile(), text: 'The cat.' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: 'unauthenticated', message: 'Auth session missing!' },
    });
  });

  it('answers 400 for a missing file, 422 for a missing passage or bad field, like POST /api/reading-sessions', async () => {
    const noAudio = await post(makeApp(), { text: 'The cat.' });
    expect(noAudio.status).toBe(400);
    expect(await codeOf(noAudio)).toBe('audio_missing');
    const noText = await post(makeApp(), { audio: wavFile() });
    expect(noText.status).toBe(422);
    expect(await codeOf(noText)).toBe('invalid_input');
    const badGrade = await post(makeApp(), { audio: wavFile(), text: 'x', grade: '99' });
    expect(badGrade.status).toBe(422);
    const badStory = await post(makeApp(), { audio: wavFile(), storyId: 's1' });
    expect(badStory.status).toBe(422);
    const openai = await post(makeApp(), { audio: wavFile(), text: 'The cat.', engine: 'openai' });
    expect(openai.status).toBe(400);
    expect(await codeOf(openai)).toBe('engine_unavailable');
  });

  it('answers 415 for non-audio and 422 for silent audio', async () => {
    const text = await post(makeApp(), {
      audio: new File(['just some text'], 'notes.txt', { type: 'text/plain' }),
      text: 'The cat.',
    });
    expect(text.status).toBe(415);
    expect(await codeOf(text)).toBe('audio_not_wav');
    const silent = await post(makeApp(), {
      audio: wavFile(encodeWav(new Int16Array(32000), 16000)),
      text: 'The cat.',
    });
    expect(silent.status).toBe(422);
    expect(await codeOf(silent)).toBe('audio_silent');
  });

  it('answers 413 for a body over the size limit', async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    const res = await post(makeApp(), { audio: new File([big], 'big.wav'), text: 'The cat.' });
    expect(res.status).toBe(413);
    expect(await codeOf(res)).toBe('audio_too_large');
  });

  it('rate-limits per user and says when to retry', async () => {
    let t = 0;
    const app = makeApp({ rateLimiter: createFixedWindowLimiter(2, 60_000, () => t) });
    const send = () => post(app, { audio: wavFile(), text: 'The cat sat on the mat.' });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await codeOf(limited)).toBe('rate_limited');
    t = 61_000;
    expect((await send()).status).toBe(200);
  });

  it('asks the recogniser only how far the reader got for the end-of-reading check (purpose=reading_end), everything else fully', async () => {
    const asked: (string | undefined)[] = [];
    const spy: Recogniser = {
      name: 'spy',
      recognise: async (input) => {
        asked.push(input.purpose);
        return [{ word: 'cat', start: 0.5, end: 0.9 }];
      },
    };
    const app = makeApp({ recogniser: spy });
    expect((await post(app, { audio: wavFile(), text: 'The cat.', purpose: 'reading_end' })).status).toBe(
      200,
    );
    expect((await post(app, { audio: wavFile(), text: 'The cat.', purpose: 'score' })).status).toBe(200);
    expect((await post(app, { audio: wavFile(), text: 'The cat.' })).status).toBe(200);
    expect(asked).toEqual(['reading_end', 'score', undefined]);
    const bad = await post(app, { audio: wavFile(), text: 'The cat.', purpose: 'end' as 'score' });
    expect(bad.status).toBe(422);
    expect(await codeOf(bad)).toBe('invalid_input');
  });

  it('maps recogniser failures to 503', async () => {
    const { SpeechError } = await import('#server/speech/errors.ts');
    const broken: Recogniser = {
      name: 'broken',
      recognise: async () => {
        throw new SpeechError('recogniser_timeout', 'too slow');
      },
    };
    const res = await post(makeApp({ recogniser: broken }), { audio: wavFile(), text: 'The cat.' });
    expect(res.status).toBe(503);
    expect(await codeOf(res)).toBe('recogniser_timeout');
  });
});

describe('GET /api/scoring-queue/:key', () => {
  it('tells a reader where their own waiting reading is, and nobody else', async () => {
    const queue = createScoringQueue({ concurrency: 1 });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const slow: Recogniser = {
      name: 'slow',
      recognise: async () => {
        await held;
        return [{ word: 'cat', start: 0.5, end: 0.9 }];
      },
    };
    const scoring = createScoringService({ recogniser: slow, queue });
    let current = 'u1';
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        const id = current;
        c.set('currentUser', async () => ({ id, email: 'a@b.c', name: 'A', emailVerified: true }));
        await next();
      })
      .route('/api', createFluencyRoutes({ scoring, queue, storyText: async () => null }));
    app.onError(handleError);
    const client = testClient(app).api['scoring-queue'][':key'];
    const reading = (key: string) =>
      scoring.score({ userId: 'u1', key, wav: speechWav(), passageText: 'The cat.' });
    const first = reading('key-one');
    const second = reading('key-two');
    await new Promise((r) => setTimeout(r, 10));
    const running = await client.$get({ param: { key: 'key-one' } });
    expect(await running.json()).toMatchObject({ state: 'scoring' });
    const waiting = await client.$get({ param: { key: 'key-two' } });
    expect(await waiting.json()).toMatchObject({ state: 'queued', position: 1, running: 1 });
    current = 'u2';
    const other = await client.$get({ param: { key: 'key-two' } });
    expect(other.status).toBe(404);
    expect(await codeOf(other)).toBe('not_queued');
    release();
    await Promise.all([first, second]);
    current = 'u1';
    expect((await client.$get({ param: { key: 'key-two' } })).status).toBe(404);
  });
});

describe('the scoring service and the chunks Moonshine transcribed while the child read', () => {
  it('drops the user’s chunks after a full scoring, keeps them when the scoring failed (a retry uses them), lets the end-of-reading check read them', async () => {
    const { createReadingTranscriptCache } = await import('#server/speech/reading-transcripts.ts');
    const { SpeechError } = await import('#server/speech/errors.ts');
    const { ScoringBusyError } = await import('#server/jobs/scoring-queue.ts');
    const transcripts = createReadingTranscriptCache();
    const chunk = new Int16Array([1, 2, 3]);
    let failure: Error | null = null;
    // what each recognition was told of the chunk: no chunks given, none for these samples, or the text
    const told: (string | null | undefined)[] = [];
    const recogniser: Recogniser = {
      name: 'spy',
      recognise: async ({ knownChunks }) => {
        if (failure) throw failure;
        told.push(knownChunks ? ((await knownChunks(chunk)) ?? 'none') : undefined);
        return [{ word: 'cat', start: 0.5, end: 0.9 }];
      },
    };
    const scoring = createScoringService({ recogniser, transcripts });
    const request = { userId: 'u1', wav: speechWav(), passageText: 'The cat.' };
    transcripts.put('u1', chunk, Promise.resolve('the cat'));
    for (const error of [
      new ScoringBusyError(30),
      new SpeechError('recogniser_failed', 'decoder crashed'),
      new DOMException('The reading was abandoned.', 'AbortError'),
    ]) {
      failure = error;
      await expect(scoring.score(request)).rejects.toBeDefined();
      expect(transcripts.has('u1', chunk)).toBe(true);
    }
    // the end-of-reading check reads them (for its nominations) but neither takes nor drops them, twice
    failure = null;
    await scoring.score({ ...request, purpose: 'reading_end' });
    await scoring.score({ ...request, purpose: 'reading_end' });
    expect(transcripts.has('u1', chunk)).toBe(true);
    // another user's check: no chunks of a followed reading, so none are given (it would transcribe everything)
    await scoring.score({ ...request, userId: 'u2', purpose: 'reading_end' });
    await scoring.score(request);
    expect(transcripts.has('u1', chunk)).toBe(false);
    // the upload after a scoring took them finds none
    await scoring.score(request);
    expect(told).toEqual(['the cat', 'the cat', undefined, 'the cat', 'none']);
  });

  it('hands the warp and first pass of an end-of-reading check that heard the last word to the same reading’s upload, and drops them after the upload', async () => {
    const { createReadingWarpStore } = await import('#server/speech/reading-warps.ts');
    const warps = createReadingWarpStore();
    const given: (number | null | undefined)[] = [];
    const passes: unknown[] = [];
    const recogniser: Recogniser = {
      name: 'spy',
      recognise: async ({ audio, warpChosen, knownWarp, knownFirstPass }) => {
        given.push(await knownWarp?.(audio.samples));
        passes.push(knownFirstPass?.(audio.samples)?.pass);
        warpChosen?.(1.3, audio.samples, {
          warp: 1.3,
          length: audio.samples.length,
          grammarKey: 'g',
          pass: 'the check’s pass',
        });
        return [{ word: 'cat', start: 0.5, end: 0.9 }];
      },
    };
    const scoring = createScoringService({ recogniser, warps });
    const request = { userId: 'u1', wav: speechWav(), passageText: 'The cat.' };
    // a check that did not hear the last word chose on part of the reading: nothing is handed on
    await scoring.score({ ...request, passageText: 'The cat sat on the mat.', purpose: 'reading_end' });
    expect(warps.size).toBe(0);
    await scoring.score({ ...request, purpose: 'reading_end' });
    expect(warps.size).toBe(1);
    // another user's reading never finds it
    await scoring.score({ ...request, userId: 'u2' });
    await scoring.score(request);
    // a full scoring hands nothing on, and the upload's warp is dropped after it
    expect(warps.size).toBe(0);
    expect(given).toEqual([undefined, undefined, undefined, 1.3]);
    expect(passes).toEqual([undefined, undefined, undefined, 'the check’s pass']);
  });

  it("seeds each scoring with the reader's own warp; only a full scoring keeps the factor it chose", async () => {
    const { createReaderWarpStore } = await import('#server/speech/reader-warps.ts');
    const readerWarps = createReaderWarpStore();
    const seen: { userId: string; seed: number | undefined; keeps: boolean }[] = [];
    let chosen = 1.6;
    let userOfCall = '';
    const recogniser: Recogniser = {
      name: 'spy',
      recognise: async ({ readerWarp }) => {
        seen.push({ userId: userOfCall, seed: readerWarp?.seed, keeps: readerWarp?.keep !== undefined });
        readerWarp?.keep?.(chosen);
        return [{ word: 'cat', start: 0.5, end: 0.9 }];
      },
    };
    const scoring = createScoringService({ recogniser, readerWarps });
    const score = (userId: string, endCheck?: 'end check') => {
      userOfCall = userId;
      return scoring.score({
        userId,
        wav: speechWav(),
        passageText: 'The cat.',
        ...(endCheck ? { purpose: 'reading_end' as const } : {}),
      });
    };
    await score('u1'); // first reading: no seed; its choice is kept
    expect(readerWarps.get('u1')).toBe(1.6);
    chosen = 1.45;
    await score('u1', 'end check'); // the end-of-reading check uses the seed and keeps nothing
    expect(readerWarps.get('u1')).toBe(1.6);
    await score('u2'); // another reader never gets u1's warp
    expect(readerWarps.get('u2')).toBe(1.45);
    await score('u1');
    expect(readerWarps.get('u1')).toBe(1.45);
    expect(seen).toEqual([
      { userId: 'u1', seed: undefined, keeps: true },
      { userId: 'u1', seed: 1.6, keeps: false },
      { userId: 'u2', seed: undefined, keeps: true },
      { userId: 'u1', seed: 1.6, keeps: true },
    ]);
  });
});

describe("the scoring service and the server's early end-of-reading checks", () => {
  it("answers the page's check with the early check's words when only silence followed, and decodes otherwise", async () => {
    const { createEarlyCheckStore } = await import('#server/speech/early-checks.ts');
    const earlyChecks = createEarlyCheckStore();
    const decoded: number[] = [];
    const recogniser: Recogniser = {
      name: 'spy',
      recognise: async ({ audio }) => {
        decoded.push(audio.samples.length);
        return [
          { word: 'the', start: 0.5, end: 0.8 },
          { word: 'cat', start: 0.9, end: 1.3 },
        ];
      },
    };
    // the user's own quota allows one request a minute: the early check is counted apart
    const scoring = createScoringService({
      recogniser,
      earlyChecks,
      rateLimiter: createFixedWindowLimiter(1, 60_000),
    });
    const tone = (seconds: number) => {
      const s = new Int16Array(seconds * 16000);
      for (let k = 0; k < s.length; k++) s[k] = Math.round(6000 * Math.sin((2 * Math.PI * 180 * k) / 16000));
      return s;
    };
    const reading = new Int16Array(5 * 16000);
    reading.set(tone(2));
    const checked = reading.subarray(0, 3 * 16000);
    const early = await scoring.score({
      userId: 'u1',
      wav: encodeWav(checked, 16000),
      passageText: 'The cat.',
      purpose: 'reading_end',
      early: true,
    });
    expect(early.wordsAttempted).toBe(2);
    expect(earlyChecks.size).toBe(1);
    // the page asks 2 s later: the same samples and silence, no decode
    const page = await scoring.score({
      userId: 'u1',
      wav: encodeWav(reading, 16000),
      passageText: 'The cat.',
      purpose: 'reading_end',
    });
    expect(page.wordsAttempted).toBe(2);
    expect(decoded).toEqual([checked.length]);
    // another user's check of the same audio decodes (its own quota)
    await scoring.score({
      userId: 'u2',
      wav: encodeWav(reading, 16000),
      passageText: 'The cat.',
      purpose: 'reading_end',
    });
    expect(decoded).toEqual([checked.length, reading.length]);
    // speech after the checked samples: decoded (a fresh quota for the test)
    const spoken = new Int16Array(5 * 16000);
    spoken.set(tone(2));
    spoken.set(tone(1), 4 * 16000);
    const fresh = createScoringService({ recogniser, earlyChecks });
    await fresh.score({
      userId: 'u1',
      wav: encodeWav(spoken, 16000),
      passageText: 'The cat.',
      purpose: 'reading_end',
    });
    expect(decoded).toEqual([checked.length, reading.length, spoken.length]);
    // a full scoring forgets the early check
    await fresh.score({ userId: 'u1', wav: encodeWav(reading, 16000), passageText: 'The cat.' });
    expect(earlyChecks.size).toBe(0);
  });

  it('stops an early check when the store drops it (speech after it, a new reading, a deleted account)', async () => {
    const { createEarlyCheckStore } = await import('#server/speech/early-checks.ts');
    const earlyChecks = createEarlyCheckStore();
    let aborted = false;
    const recogniser: Recogniser = {
      name: 'slow',
      recognise: ({ signal }) =>
        new Promise((_, reject) => {
          signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('stopped', 'AbortError'));
          });
        }),
    };
    const scoring = createScoringService({ recogniser, earlyChecks });
    const running = scoring.score({
      userId: 'u1',
      wav: speechWav(),
      passageText: 'The cat.',
      purpose: 'reading_end',
      early: true,
    });
    await expect.poll(() => earlyChecks.size).toBe(1);
    earlyChecks.drop('u1');
    await expect(running).rejects.toBeDefined();
    expect(aborted).toBe(true);
  });
});
