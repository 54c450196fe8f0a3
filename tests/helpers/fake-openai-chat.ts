/**
 * A local HTTP server that speaks the two OpenAI endpoints Sparky's chat uses, so tests never reach the
 * internet: `POST /v1/moderations` (flags any input holding {@link FLAG_WORD}) and
 * `POST /v1/chat/completions` (answers `reply`). Either can be told to fail with a status or to hang
 * past the chat's time limit; every request is recorded with its headers and JSON body.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A word the fake moderation flags (as `violence`) wherever it appears. */
export const FLAG_WORD = 'zzflagme';

/** How the fake answers. */
export type FakeChatMode = 'ok' | 'error' | 'slow';

/** A request the fake received. */
export interface FakeChatRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** The running fake. */
export interface FakeOpenAiChat {
  /** `http://127.0.0.1:PORT/v1` for OPENAI_BASE_URL. */
  url: string;
  requests: FakeChatRequest[];
  /** How each endpoint answers now. */
  mode: { moderations: FakeChatMode; chat: FakeChatMode };
  /** What the chat model answers. */
  reply: string;
  close(): Promise<void>;
}

/** Starts the fake on a free loopback port. */
export async function startFakeOpenAiChat(): Promise<FakeOpenAiChat> {
  const hanging = new Set<() => void>();
  const fake: Omit<FakeOpenAiChat, 'url' | 'close'> = {
    requests: [],
    mode: { moderations: 'ok', chat: 'ok' },
    reply: 'Books are like doors to new worlds! Shall we read one together?',
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        body = {};
      }
      const path = req.url ?? '';
      fake.requests.push({ path, headers: req.headers, body });
      const endpoint = path.startsWith('/v1/moderations')
        ? 'moderations'
        : path.startsWith('/v1/chat/completions')
          ? 'chat'
          : null;
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (!endpoint) return json(404, { error: { message: 'no such endpoint' } });
      const mode = fake.mode[endpoint];
      if (mode === 'error')
        return json(500, { error: { message: 'the fake is down', type: 'server_error' } });
      if (mode === 'slow') {
        const finish = () => json(200, {});
        hanging.add(finish);
        res.on('close', () => hanging.delete(finish));
        return undefined;
      }
      if (endpoint === 'moderations') {
        const flagged = JSON.stringify(body.input ?? '').includes(FLAG_WORD);
        return json(200, {
          id: 'modr-fake',
          model: String(body.model),
          results: [
            {
              flagged,
              categories: { violence: flagged, harassment: false, 'self-harm': false, sexual: false },
              category_scores: { violence: flagged ? 0.97 : 0.01, harassment: 0, 'self-harm': 0, sexual: 0 },
            },
          ],
        });
      }
      return json(200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: String(body.model),
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            message: { role: 'assistant', content: fake.reply, refusal: null },
          },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return Object.assign(fake, {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        for (const finish of hanging) finish();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
