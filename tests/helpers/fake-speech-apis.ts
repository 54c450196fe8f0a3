/**
 * A local HTTP server that speaks the two cloud speech APIs the provider chain uses, so tests never
 * reach the internet: OpenAI's `POST /v1/audio/speech` (a WAV) and ElevenLabs'
 * `POST /v1/text-to-speech/{voice}/with-timestamps` (base64 audio and character times). Each API can be
 * told to answer, fail with a status, or hang past the chain's time limit; every request is recorded.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How an API answers. */
export type FakeMode = 'ok' | 'error' | 'slow';

/** A request the fake received. */
export interface FakeRequest {
  api: 'openai' | 'elevenlabs';
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** The running fake. */
export interface FakeSpeechApis {
  /** `http://127.0.0.1:PORT/v1` for OPENAI_BASE_URL. */
  openaiUrl: string;
  /** `http://127.0.0.1:PORT` for ELEVENLABS_BASE_URL. */
  elevenlabsUrl: string;
  requests: FakeRequest[];
  mode: Record<'openai' | 'elevenlabs', FakeMode>;
  close(): Promise<void>;
}

/** A silent 16-bit mono WAV of `seconds` at 24 kHz, as OpenAI sends (data size unknown when streamed). */
export function silentWav(seconds: number, rate = 24_000): Buffer {
  const dataBytes = Math.round(seconds * rate) * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(0xffffffff, 4);
  wav.write('WAVE', 8);
  wav.write('fmt ', 12);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(0xffffffff, 40);
  return wav;
}

/** Bytes that stand for an MP3 (an ID3 tag and padding); the tests only check they come back intact. */
export const FAKE_MP3 = Buffer.concat([
  Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000'),
  Buffer.alloc(200, 0xff),
]);

/** Starts the fake on a free loopback port. */
export async function startFakeSpeechApis(): Promise<FakeSpeechApis> {
  const requests: FakeRequest[] = [];
  const mode: FakeSpeechApis['mode'] = { openai: 'ok', elevenlabs: 'ok' };
  const hanging = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = { raw };
      }
      const path = req.url ?? '';
      const api = path.startsWith('/v1/audio/speech')
        ? 'openai'
        : path.startsWith('/v1/text-to-speech/')
          ? 'elevenlabs'
          : null;
      if (!api) {
        res.writeHead(404).end();
        return;
      }
      requests.push({ api, path, headers: req.headers, body });
      if (mode[api] === 'slow') {
        // Never answers in time; released when the fake closes.
        hanging.add(() => res.destroy());
        return;
      }
      if (mode[api] === 'error') {
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'boom' } }));
        return;
      }
      if (api === 'openai') {
        res.writeHead(200, { 'content-type': 'audio/wav' }).end(silentWav(1.2));
        return;
      }
      const text = String(body.text ?? '');
      const characters = [...text];
      const starts = characters.map((_, k) => Math.round(k * 0.06 * 1000) / 1000);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          audio_base64: FAKE_MP3.toString('base64'),
          alignment: {
            characters,
            character_start_times_seconds: starts,
            character_end_times_seconds: starts.map((s) => Math.round((s + 0.06) * 1000) / 1000),
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    openaiUrl: `http://127.0.0.1:${port}/v1`,
    elevenlabsUrl: `http://127.0.0.1:${port}`,
    requests,
    mode,
    async close() {
      for (const release of hanging) release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
