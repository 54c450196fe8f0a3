import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenisePassage } from '#core/text/normalize.ts';
import { SpeechError } from '#server/speech/errors.ts';
import { createOpenAiRecogniser } from '#server/speech/openai.ts';

/** A local stand-in for the transcription endpoint; never the internet. */
let server: Server;
let baseUrl = '';
const seen: { auth?: string | undefined; body: string; path?: string | undefined }[] = [];
let mode: 'ok' | 'error' | 'garbage' | 'slow' = 'ok';

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((body) => {
      seen.push({ auth: req.headers.authorization, body, path: req.url });
      if (mode === 'error') {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"bad key"}}');
      } else if (mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"words":"nope"}');
      } else if (mode === 'slow') {
        setTimeout(() => res.writeHead(200).end('{}'), 2000);
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            text: 'The cat sat.',
            words: [
              { word: 'cat', start: 0.9, end: 1.2 },
              { word: 'The', start: 0.5, end: 0.8 },
              { word: 'sat', start: 1.3, end: 1.7 },
            ],
          }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const input = () => ({
  audio: { sampleRate: 16000, channels: 1, samples: new Int16Array(16000), durationSeconds: 1 },
  passage: tokenisePassage('The cat sat.'),
});

describe('OpenAI recogniser', () => {
  it('posts the WAV with word timestamps requested and returns words in time order', async () => {
    mode = 'ok';
    const words = await createOpenAiRecogniser({ apiKey: 'sk-test', baseUrl }).recognise(input());
    expect(words.map((w) => w.word)).toEqual(['The', 'cat', 'sat']);
    const last = seen[seen.length - 1];
    expect(last?.path).toBe('/v1/audio/transcriptions');
    expect(last?.auth).toBe('Bearer sk-test');
    expect(last?.body).toContain('name="timestamp_granularities[]"');
    expect(last?.body).toContain('whisper-1');
    expect(last?.body).toContain('RIFF');
  });

  it('maps HTTP errors, bad bodies and timeouts to typed errors', async () => {
    mode = 'error';
    await expect(createOpenAiRecogniser({ apiKey: 'x', baseUrl }).recognise(input())).rejects.toMatchObject({
      code: 'recogniser_unavailable',
    });
    mode = 'garbage';
    await expect(createOpenAiRecogniser({ apiKey: 'x', baseUrl }).recognise(input())).rejects.toMatchObject({
      code: 'recogniser_failed',
    });
    mode = 'slow';
    await expect(
      createOpenAiRecogniser({ apiKey: 'x', baseUrl, timeoutMs: 200 }).recognise(input()),
    ).rejects.toBeInstanceOf(SpeechError);
  });

  it('reports an unreachable service', async () => {
    await expect(
      createOpenAiRecogniser({ apiKey: 'x', baseUrl: 'http://127.0.0.1:9/v1' }).recognise(input()),
    ).rejects.toMatchObject({
      code: 'recogniser_unavailable',
    });
  });
});
