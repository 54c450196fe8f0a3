/**
 * The follow-along WebSocket, `GET /api/follow` (issue 12, spec §7.6), over a real socket: who may
 * open it, a reading streamed in 100 ms chunks with sequence numbers and acks, word events and the
 * provisional result at the stop, a dropped socket resumed without losing audio, another reader's
 * stream refused, and hostile frames (not JSON, out of order, oversized).
 */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioChunk } from '../core/tutor/follow-protocol.ts';
import { closeWebSockets, injectWebSockets } from '../server/app.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { parseWav, toRecogniserFormat } from '../server/speech/wav.ts';
import { createSignedInClient, ORIGIN, type TestApp, type TestBrowser } from './helpers/app.ts';
import { testDatabaseKind } from './helpers/database.ts';
import { openStoryReadingFixture } from './helpers/readings.ts';
import { createPocketsphinxRecogniser, createPocketsphinxWarpSearch } from '../server/speech/pocketsphinx.ts';
import { createMoonshineNominator, type ReadingTranscriber } from '../server/speech/reading-moonshine.ts';
import { createEarlyCheckStore } from '../server/speech/early-checks.ts';
import { encodeWav } from '../core/audio/wav.ts';

/** The `ws` client (a dependency of @hono/node-ws; Node 20 has no WebSocket of its own). */
interface Socket {
  readyState: number;
  send(data: string | Uint8Array): void;
  close(): void;
  terminate(): void;
  on(event: 'message', fn: (data: Buffer, binary: boolean) => void): void;
  on(event: 'close', fn: (code: number) => void): void;
  on(event: 'open', fn: () => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
  on(event: 'unexpected-response', fn: (req: unknown, res: { statusCode: number }) => void): void;
}
const WS = createRequire(import.meta.url)('ws') as new (url: string, options: object) => Socket;

const PASSAGE = 'The little fox ran to the river to drink some cold water.';

describe(`follow-along socket (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let server: ServerType;
  let url: string;
  let storyId: string;
  let samples: Int16Array;
  let reader: TestBrowser;
  let readerId: string;
  let other: TestBrowser;
  /** The server's early end-of-reading checks, looked into by the test. */
  const earlyChecks = createEarlyCheckStore();
  let wav: Uint8Array;
  /**
   * Moonshine's stand-in, for the socket's early transcription and the upload's nominator alike: it counts the
   * chunks it was asked for and hears nothing (so the scorer is pocketsphinx's own).
   */
  const moonshineCalls: number[] = [];
  const moonshine: ReadingTranscriber = {
    transcribe: async (audio) => {
      moonshineCalls.push(audio.samples.length);
      return '';
    },
  };

  /**
   * A spy around pocketsphinx_batch, for the recogniser and the socket's warp search alike: it notes every
   * decoder run's arguments (one line each) before running it.
   */
  const spyDir = mkdtempSync(join(tmpdir(), 'sparky-decoder-spy-'));
  const decoderLog = join(spyDir, 'runs');
  const decoder = join(spyDir, 'pocketsphinx_batch');
  writeFileSync(decoderLog, '');
  writeFileSync(
    decoder,
    `#!/bin/bash\necho "$*" >> ${JSON.stringify(decoderLog)}\nexec pocketsphinx_batch "$@"\n`,
  );
  chmodSync(decoder, 0o755);
  /** First-pass decodes so far (the only decodes writing a CTM), by where they ran: the upload or the socket. */
  const firstPasses = () => {
    const runs = readFileSync(decoderLog, 'utf8')
      .split('\n')
      .filter((l) => l.includes('-ctm '));
    return {
      upload: runs.filter((l) => l.includes('sparky-ps-')).length,
      socket: runs.filter((l) => l.includes('sparky-warp-')).length,
    };
  };

  const cookieOf = (b: TestBrowser) => [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  /** Opens a socket; resolves with it and its messages, or with the refused status. */
  function open(browser: TestBrowser | null, origin = ORIGIN) {
    const socket = new WS(url, { headers: { origin, ...(browser ? { cookie: cookieOf(browser) } : {}) } });
    const messages: Record<string, unknown>[] = [];
    const waiters: {
      test: (m: Record<string, unknown>) => boolean;
      resolve: (m: Record<string, unknown>) => void;
    }[] = [];
    let closed: number | null = null;
    socket.on('message', (data, binary) => {
      if (binary) return;
      const m = JSON.parse(data.toString()) as Record<string, unknown>;
      messages.push(m);
      for (const w of [...waiters])
        if (w.test(m)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(m);
        }
    });
    socket.on('close', (code) => (closed = code));
    const next = (test: (m: Record<string, unknown>) => boolean) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const seen = messages.find(test);
        if (seen) resolve(seen);
        else waiters.push({ test, resolve });
      });
    const ready = new Promise<number>((resolve) => {
      socket.on('open', () => resolve(101));
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode));
      socket.on('error', () => resolve(0));
    });
    return { socket, messages, next, ready, closed: () => closed };
  }

  beforeAll(async () => {
    const fixture = await openStoryReadingFixture(
      { title: 'The fox', body: PASSAGE, gradeBand: 'K-2' },
      PASSAGE,
      {
        recogniser: createPocketsphinxRecogniser({
          nominate: createMoonshineNominator(moonshine),
          binary: decoder,
        }),
        readingTranscriber: moonshine,
        warpSearch: createPocketsphinxWarpSearch({ binary: decoder }),
        earlyChecks,
      },
    );
    ({ handle, app, storyId } = fixture);
    wav = fixture.reading;
    samples = (await toRecogniserFormat(parseWav(fixture.reading))).samples;
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    injectWebSockets(app, server as never);
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/follow`;
    ({ client: reader, userId: readerId } = await createSignedInClient(app, handle));
    ({ client: other } = await createSignedInClient(app, handle));
  });
  afterAll(async () => {
    closeWebSockets(app);
    await new Promise((r) => server?.close(r));
    await handle?.close();
  });

  it('is refused without a session, from another site, and without the upgrade', async () => {
    expect(await open(null).ready).toBe(401);
    expect(await open(reader, 'https://evil.example').ready).toBe(403);
    const plain = await fetch(url.replace('ws:', 'http:'), {
      headers: { cookie: cookieOf(reader), origin: ORIGIN },
    });
    expect(plain.status).toBe(426);
    expect(((await plain.json()) as { error: { code: string } }).error.code).toBe('upgrade_required');
  });

  it(
    'follows a reading chunk by chunk, survives a dropped socket, and ends with the result',
    { timeout: 120_000 },
    async () => {
      const first = open(reader);
      expect(await first.ready).toBe(101);
      first.socket.send(JSON.stringify({ type: 'start', storyId }));
      const ready = await first.next((m) => m.type === 'ready');
      expect(ready.expectSeq).toBe(0);
      const streamId = ready.streamId as string;
      const chunks: Int16Array[] = [];
      for (let k = 0; k < samples.length; k += 1600) chunks.push(samples.subarray(k, k + 1600));
      const half = Math.floor(chunks.length / 2);
      for (let seq = 0; seq < half; seq++) first.socket.send(audioChunk(seq, chunks[seq]!));
      await first.next((m) => m.type === 'ack' && m.seq === half - 1);
      first.socket.terminate(); // the network drops

      // Another reader cannot take the stream over.
      const thief = open(other);
      expect(await thief.ready).toBe(101);
      thief.socket.send(JSON.stringify({ type: 'resume', streamId }));
      expect(await thief.next((m) => m.type === 'error')).toMatchObject({ code: 'stream_not_found' });

      const second = open(reader);
      expect(await second.ready).toBe(101);
      second.socket.send(JSON.stringify({ type: 'resume', streamId }));
      expect(await second.next((m) => m.type === 'ready')).toMatchObject({ streamId, expectSeq: half });
      // a chunk sent twice is acked again and not used twice; a gap is refused
      second.socket.send(audioChunk(half - 1, chunks[half - 1]!));
      await second.next((m) => m.type === 'ack' && m.seq === half - 1);
      second.socket.send(audioChunk(half + 5, chunks[half + 5]!));
      expect(await second.next((m) => m.type === 'error')).toMatchObject({
        code: 'out_of_order',
        expectSeq: half,
      });
      for (let seq = half; seq < chunks.length; seq++) second.socket.send(audioChunk(seq, chunks[seq]!));
      await second.next((m) => m.type === 'ack' && m.seq === chunks.length - 1);
      second.socket.send(JSON.stringify({ type: 'stop' }));
      const result = (await second.next((m) => m.type === 'result')).result as {
        engine: string;
        wordsCorrect: number;
      };
      expect(result.engine).toBe('pocketsphinx-stream');
      expect(result.wordsCorrect).toBeGreaterThanOrEqual(9);
      const words = [...first.messages, ...second.messages].filter(
        (m) => m.type === 'event' && m.event === 'word',
      );
      const indices = words.map((m) => m.index as number);
      expect(new Set(indices).size).toBe(indices.length);
      expect(indices.length).toBeGreaterThanOrEqual(10);
      second.socket.close();
    },
  );

  it(
    "starts the end-of-reading check itself when the reader falls silent at the end, and answers the page's check with it",
    { timeout: 120_000 },
    async () => {
      const s = open(reader);
      expect(await s.ready).toBe(101);
      s.socket.send(JSON.stringify({ type: 'start', storyId }));
      await s.next((m) => m.type === 'ready');
      // the reading and 1.5 s of silence: the server's check starts about 1 s into it
      const streamed = new Int16Array(samples.length + 1.5 * 16000);
      streamed.set(samples);
      const chunks: Int16Array[] = [];
      for (let k = 0; k < streamed.length; k += 1600) chunks.push(streamed.subarray(k, k + 1600));
      // (the socket takes 50 messages a second: the silence a second later)
      const reading = Math.ceil(samples.length / 1600);
      for (let seq = 0; seq < reading; seq++) s.socket.send(audioChunk(seq, chunks[seq]!));
      await s.next((m) => m.type === 'ack' && m.seq === reading - 1);
      await new Promise((r) => setTimeout(r, 1000));
      for (let seq = reading; seq < chunks.length; seq++) s.socket.send(audioChunk(seq, chunks[seq]!));
      await s.next((m) => m.type === 'ack' && m.seq === chunks.length - 1);
      // the page asks 2 s later: the same audio and more silence
      const page = new Int16Array(streamed.length + 2 * 16000);
      page.set(streamed);
      await expect.poll(() => earlyChecks.find(readerId, page), { timeout: 90_000 }).toBeDefined();
      expect(await earlyChecks.find(readerId, page)).not.toBeNull();
      const decodes = firstPasses().upload;
      const check = await reader.api.fluency.score.$post({
        form: {
          audio: new File([encodeWav(page, 16000) as BlobPart], 'reading.wav', { type: 'audio/wav' }),
          storyId,
          purpose: 'reading_end',
        },
      });
      expect(check.status).toBe(200);
      const result = (await check.json()) as { wordsAttempted: number; wordsTotal: number };
      // the last word reached, and no decode for the page's check
      expect(result.wordsTotal - result.wordsAttempted).toBeLessThanOrEqual(1);
      expect(firstPasses().upload).toBe(decodes);
      s.socket.send(JSON.stringify({ type: 'stop' }));
      await s.next((m) => m.type === 'result');
      s.socket.close();
      // the same audio with speech after the checked part is decoded
      const spoken = page.slice();
      spoken.set(samples.subarray(0, 16000), streamed.length);
      const later = await reader.api.fluency.score.$post({
        form: {
          audio: new File([encodeWav(spoken, 16000) as BlobPart], 'reading.wav', { type: 'audio/wav' }),
          storyId,
          purpose: 'reading_end',
        },
      });
      expect(later.status).toBe(200);
      expect(firstPasses().upload).toBeGreaterThan(decodes);
    },
  );

  it(
    "transcribes the reading's chunks with Moonshine while it is read, for the upload's scorer",
    { timeout: 120_000 },
    async () => {
      const s = open(reader);
      expect(await s.ready).toBe(101);
      s.socket.send(JSON.stringify({ type: 'start', storyId }));
      await s.next((m) => m.type === 'ready');
      const before = moonshineCalls.length;
      const chunks: Int16Array[] = [];
      for (let k = 0; k < samples.length; k += 1600) chunks.push(samples.subarray(k, k + 1600));
      for (let seq = 0; seq < chunks.length; seq++) s.socket.send(audioChunk(seq, chunks[seq]!));
      await s.next((m) => m.type === 'ack' && m.seq === chunks.length - 1);
      s.socket.send(JSON.stringify({ type: 'stop' }));
      await s.next((m) => m.type === 'result');
      s.socket.close();
      const early = moonshineCalls.length - before;
      expect(early).toBeGreaterThan(0);
      expect(moonshineCalls.slice(before).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(samples.length);

      const file = () => new File([wav as BlobPart], 'reading.wav', { type: 'audio/wav' });
      const score = (purpose?: 'reading_end') =>
        reader.api.fluency.score.$post({ form: { audio: file(), storyId, ...(purpose ? { purpose } : {}) } });
      // the end-of-reading check nominates from the early chunks (all done here: no Moonshine call) and leaves them
      expect((await score('reading_end')).status).toBe(200);
      expect(moonshineCalls.length - before).toBe(early);
      // the upload of the same reading: every chunk was transcribed while it was read
      const full = await score();
      expect(full.status).toBe(200);
      expect(moonshineCalls.length - before).toBe(early);
      // used once, then deleted: the same audio sent again is transcribed at upload time
      expect((await score()).status).toBe(200);
      expect(moonshineCalls.length - before).toBe(2 * early);
    },
  );

  it(
    "chooses the reading's frequency warp while it is read: its upload decodes once, another user's searches",
    { timeout: 120_000 },
    async () => {
      const s = open(reader);
      expect(await s.ready).toBe(101);
      s.socket.send(JSON.stringify({ type: 'start', storyId }));
      await s.next((m) => m.type === 'ready');
      const before = firstPasses();
      for (let seq = 0, k = 0; k < samples.length; seq++, k += 1600)
        s.socket.send(audioChunk(seq, samples.subarray(k, k + 1600)));
      s.socket.send(JSON.stringify({ type: 'stop' }));
      await s.next((m) => m.type === 'result');
      s.socket.close();

      const file = () => new File([wav as BlobPart], 'reading.wav', { type: 'audio/wav' });
      // the reader's upload: the warp chosen on the socket's audio (the whole short reading, at the stop)
      expect((await reader.api.fluency.score.$post({ form: { audio: file(), storyId } })).status).toBe(200);
      const mine = firstPasses();
      expect(mine.socket - before.socket).toBeGreaterThanOrEqual(2); // the search: no warp and 1.45 at least
      expect(mine.upload - before.upload).toBe(1); // one decode, at the warp chosen
      // the very same audio from another user: no warp of the reader's is given, the upload searches
      expect((await other.api.fluency.score.$post({ form: { audio: file(), storyId } })).status).toBe(200);
      const theirs = firstPasses();
      expect(theirs.upload - mine.upload).toBeGreaterThanOrEqual(2);
      expect(theirs.socket).toBe(mine.socket);
    },
  );

  it('answers hostile frames with an error and closes on oversized ones', { timeout: 60_000 }, async () => {
    const s = open(reader);
    expect(await s.ready).toBe(101);
    s.socket.send('not json {');
    expect(await s.next((m) => m.type === 'error')).toMatchObject({ code: 'invalid_message' });
    s.socket.send(JSON.stringify({ type: 'start', storyId: '00000000-0000-4000-8000-000000000000' }));
    expect(await s.next((m) => m.code === 'story_not_found')).toMatchObject({ type: 'error' });
    s.socket.send(audioChunk(0, new Int16Array(160)));
    expect(await s.next((m) => m.code === 'not_started')).toMatchObject({ type: 'error' });
    s.socket.send(new Uint8Array(200_000)); // over the socket's message limit
    await new Promise((r) => setTimeout(r, 500));
    expect(s.closed()).toBe(1009);
  });
});
