/**
 * `GET /api/follow`: the follow-along WebSocket (issue 12, spec §7.6; messages in
 * core/tutor/follow-protocol.ts). A signed-in reader opens it from a page of this app, starts a
 * stream for a story they may read, sends audio chunks with sequence numbers and receives acks and
 * the tracker's events (server/speech/follow-stream.ts). A dropped socket may resume its stream
 * within `RESUME_WINDOW_MS`: events sent meanwhile wait (at most `PUSH_BUFFER`), and chunks after
 * the last ack are sent again. Only the reader who started a stream can resume it. The server
 * pings every `HEARTBEAT_MS` and drops a socket that does not answer within `MESSAGE_TIMEOUT_MS`.
 *
 * Limits: frames over `MAX_CHUNK_SAMPLES` of audio or `MAX_TEXT_BYTES` of text, audio more than
 * `MAX_AUDIO_AHEAD_SECONDS` ahead of the wall clock, more than 50 messages a second, one stream per
 * reader (a new start ends the old one), `maxStreams` on the server (each is a decoder process).
 *
 * With `pretranscribe`, Moonshine transcribes the reading's chunks as they are read, for the scorer of the
 * reading's upload (server/speech/reading-transcripts.ts): the reader's wait after Stop then leaves Moonshine out.
 * With `chooseWarp`, the scorer's frequency-warp search runs on the reading's first seconds while it is read
 * (server/speech/reading-warps.ts): the upload's first pass then decodes once. With `earlyCheck`, the server
 * starts the end-of-reading check itself when the reader falls silent at the end (server/speech/early-checks.ts).
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { UpgradeWebSocket, WSContext } from 'hono/ws';

/** What the socket needs of the `ws` socket under Hono's helper: protocol pings. */
interface RawSocket {
  ping(): void;
  terminate(): void;
  on(event: 'pong', listener: () => void): void;
}
type WebSocket = RawSocket;
import type { Logger } from 'pino';
import {
  FollowClientMessageSchema,
  HEARTBEAT_MS,
  MAX_AUDIO_AHEAD_SECONDS,
  MAX_TEXT_BYTES,
  MESSAGE_TIMEOUT_MS,
  parseAudioChunk,
  PUSH_BUFFER,
  RESUME_WINDOW_MS,
  type FollowErrorCode,
} from '#core/tutor/follow-protocol.ts';
import type { FollowSettings } from '#core/tutor/follow.ts';
import { SpeechError } from '#server/speech/errors.ts';
import { createFollowStream, type FollowStream } from '#server/speech/follow-stream.ts';
import type { EarlyChecker } from '#server/speech/early-checks.ts';
import type { ReadingPretranscriber } from '#server/speech/reading-transcripts.ts';
import type { ReadingWarpChooser } from '#server/speech/reading-warps.ts';
import type { AppEnv, UserEnv } from '#server/http/app-env.ts';
import { apiError } from '#server/http/errors.ts';
import { requireUser } from '#server/http/require-user.ts';
import { sameOrigin } from '#server/http/same-origin.ts';

/** Most messages a socket may send per second (10 audio chunks a second, resends after a reconnect). */
const MAX_MESSAGES_PER_SECOND = 50;
/** Streams followed at once by default (each is a pocketsphinx process; bench:follow measures how many keep up). */
export const DEFAULT_MAX_FOLLOW_STREAMS = 16;

export interface FollowRoutesDeps {
  upgradeWebSocket: UpgradeWebSocket<WebSocket>;
  /** The text of a story the user may read, or null. */
  storyText: (storyId: string, userId: string) => Promise<string | null>;
  /** Origins allowed besides the request's own (better-auth's trusted origins). */
  trustedOrigins: readonly string[];
  trustProxy: boolean;
  log: Logger;
  /** Starts a tracker (default: pocketsphinx). */
  createStream?: (passageText: string, settings: Partial<FollowSettings>) => Promise<FollowStream>;
  maxStreams?: number;
  /**
   * Moonshine while the child reads (server/speech/reading-transcripts.ts): a pretranscriber for a new reading
   * of this user (their earlier chunks are dropped), fed the stream's audio; none: Moonshine runs at upload only.
   */
  pretranscribe?: (userId: string) => ReadingPretranscriber;
  /**
   * The frequency warp chosen while the child reads (server/speech/reading-warps.ts): a chooser for a new reading
   * of this user and passage (their earlier warp is dropped), fed the stream's audio; none: the upload searches.
   */
  chooseWarp?: (userId: string, passageText: string) => ReadingWarpChooser;
  /**
   * The end-of-reading check started by the server (server/speech/early-checks.ts): a watch of a new reading of
   * this user and passage (their earlier early check is dropped), fed the stream's audio; none: the page's check
   * decodes when it comes.
   */
  earlyCheck?: (userId: string, passageText: string) => EarlyChecker;
}

interface Entry {
  id: string;
  userId: string;
  stream: FollowStream;
  nextSeq: number;
  startedAt: number;
  socket: WSContext<WebSocket> | null;
  /** Messages kept while the socket is away. */
  waiting: string[];
  stepping: boolean;
  dirty: boolean;
  stopping: boolean;
  expiry: NodeJS.Timeout | null;
  /** Moonshine's transcription of the chunks read so far, for the upload's scorer. */
  pretranscriber: ReadingPretranscriber | null;
  /** The warp search on the reading's first seconds, for the upload's scorer. */
  warpChooser: ReadingWarpChooser | null;
  /** The watch that starts the end-of-reading check when the reader falls silent at the end. */
  earlyChecker: EarlyChecker | null;
}

/** The follow routes and a way to end every stream (server shutdown, tests). */
export function createFollowRoutes(deps: FollowRoutesDeps) {
  const streams = new Map<string, Entry>();
  const maxStreams = deps.maxStreams ?? DEFAULT_MAX_FOLLOW_STREAMS;
  const startStream =
    deps.createStream ?? ((passageText, settings) => createFollowStream({ passageText, settings }));

  const end = (entry: Entry): void => {
    if (streams.get(entry.id) === entry) streams.delete(entry.id);
    if (entry.expiry) clearTimeout(entry.expiry);
    void entry.stream.close();
  };
  const send = (entry: Entry, message: object): void => {
    const text = JSON.stringify(message);
    if (entry.socket && entry.socket.readyState === 1) entry.socket.send(text);
    else if (entry.waiting.length < PUSH_BUFFER) entry.waiting.push(text);
  };
  const fail = (ws: WSContext<WebSocket>, code: FollowErrorCode, message: string, close?: number): void => {
    ws.send(JSON.stringify({ type: 'error', code, message }));
    if (close) ws.close(close, code);
  };

  /** Decodes while audio keeps arriving: one decode at a time per stream, always of the latest audio. */
  const pump = async (entry: Entry): Promise<void> => {
    if (entry.stepping) {
      entry.dirty = true;
      return;
    }
    entry.stepping = true;
    try {
      do {
        entry.dirty = false;
        for (const event of await entry.stream.step()) send(entry, { type: 'event', ...event });
      } while (entry.dirty && !entry.stopping);
    } catch (err) {
      deps.log.error({ err }, 'follow stream failed');
      send(entry, {
        type: 'error',
        code: 'recogniser_failed',
        message: 'Following the reading failed; the reading is still scored when it is saved.',
      });
      end(entry);
    } finally {
      entry.stepping = false;
    }
  };

  const originAllowed = createMiddleware<AppEnv>(async (c, next) => {
    const origin = c.req.header('origin');
    const own = sameOrigin(
      {
        origin,
        host: c.req.header('host'),
        forwardedHost: c.req.header('x-forwarded-host'),
        secFetchSite: c.req.header('sec-fetch-site'),
      },
      deps.trustProxy,
    );
    if (!own && !(origin && deps.trustedOrigins.includes(origin)))
      return apiError(c, 403, 'forbidden', 'The follow-along socket opens only from a page of this app.');
    await next();
  });

  const routes = new Hono<AppEnv & UserEnv>().get(
    '/follow',
    requireUser,
    originAllowed,
    createMiddleware(async (c, next) => {
      if (c.req.header('upgrade')?.toLowerCase() !== 'websocket')
        return apiError(c, 426, 'upgrade_required', 'GET /api/follow is a WebSocket.');
      await next();
    }),
    deps.upgradeWebSocket((c) => {
      const userId = c.var.user.id;
      let entry: Entry | null = null;
      let tokens = MAX_MESSAGES_PER_SECOND;
      let refilled = Date.now();
      let heartbeat: NodeJS.Timeout | null = null;
      let deadline: NodeJS.Timeout | null = null;

      const attach = (ws: WSContext<WebSocket>, e: Entry): void => {
        entry = e;
        e.socket = ws;
        if (e.expiry) clearTimeout(e.expiry);
        e.expiry = null;
        ws.send(JSON.stringify({ type: 'ready', streamId: e.id, expectSeq: e.nextSeq }));
        for (const text of e.waiting.splice(0)) ws.send(text);
      };

      const onText = async (ws: WSContext<WebSocket>, text: string): Promise<void> => {
        if (Buffer.byteLength(text) > MAX_TEXT_BYTES)
          return fail(ws, 'invalid_message', 'Message too long.', 1009);
        let parsed;
        try {
          parsed = FollowClientMessageSchema.safeParse(JSON.parse(text));
        } catch {
          parsed = undefined;
        }
        if (!parsed?.success) return fail(ws, 'invalid_message', 'Not a follow-along message.');
        const message = parsed.data;
        if (message.type === 'start') {
          const passage = await deps.storyText(message.storyId, userId);
          if (passage === null) return fail(ws, 'story_not_found', 'No such story.');
          for (const other of streams.values()) if (other.userId === userId) end(other);
          if (streams.size >= maxStreams)
            return fail(ws, 'busy', 'The tutor is following as many readers as it can; try again soon.');
          let stream: FollowStream;
          try {
            stream = await startStream(passage, {
              ...(message.helpAfterSeconds ? { helpAfterSeconds: message.helpAfterSeconds } : {}),
            });
          } catch (err) {
            const code =
              err instanceof SpeechError && err.code === 'recogniser_unavailable'
                ? err.code
                : 'recogniser_failed';
            return fail(ws, code, 'The tutor cannot follow this reading.');
          }
          const e: Entry = {
            id: randomUUID(),
            userId,
            stream,
            nextSeq: 0,
            startedAt: Date.now(),
            socket: null,
            waiting: [],
            stepping: false,
            dirty: false,
            stopping: false,
            expiry: null,
            pretranscriber: deps.pretranscribe?.(userId) ?? null,
            warpChooser: deps.chooseWarp?.(userId, passage) ?? null,
            earlyChecker: deps.earlyCheck?.(userId, passage) ?? null,
          };
          streams.set(e.id, e);
          attach(ws, e);
          return;
        }
        if (message.type === 'resume') {
          const e = streams.get(message.streamId);
          // Another reader's stream is answered exactly as a missing one.
          if (!e || e.userId !== userId) return fail(ws, 'stream_not_found', 'No such stream.', 4404);
          if (e.socket && e.socket !== ws) e.socket.close(4409, 'resumed elsewhere');
          attach(ws, e);
          return;
        }
        // stop
        const e = entry;
        if (!e) return fail(ws, 'not_started', 'No reading is being followed.');
        e.stopping = true;
        while (e.stepping) await new Promise((r) => setTimeout(r, 20));
        // the last chunk too: the upload of this reading finds every chunk transcribed or under way
        e.pretranscriber?.finish(e.stream.samples());
        e.warpChooser?.finish(e.stream.samples());
        try {
          const { events, result } = await e.stream.finish();
          for (const event of events) send(e, { type: 'event', ...event });
          send(e, { type: 'result', result });
        } catch (err) {
          deps.log.error({ err }, 'follow stream failed at the end');
          send(e, { type: 'error', code: 'recogniser_failed', message: 'Following the reading failed.' });
        }
        end(e);
        entry = null;
      };

      const onAudio = (ws: WSContext<WebSocket>, data: ArrayBuffer): void => {
        const e = entry;
        if (!e || e.stopping)
          return fail(ws, 'not_started', 'Start or resume a stream before sending audio.');
        let chunk;
        try {
          chunk = parseAudioChunk(new Uint8Array(data));
        } catch (err) {
          return fail(ws, 'chunk_too_large', (err as Error).message, 1009);
        }
        if (chunk.seq < e.nextSeq) {
          ws.send(JSON.stringify({ type: 'ack', seq: chunk.seq }));
          return;
        }
        if (chunk.seq > e.nextSeq) {
          ws.send(
            JSON.stringify({
              type: 'error',
              code: 'out_of_order',
              message: 'A chunk is missing.',
              expectSeq: e.nextSeq,
            }),
          );
          return;
        }
        const ahead = e.stream.fedSeconds + chunk.samples.length / 16000 - (Date.now() - e.startedAt) / 1000;
        if (ahead > MAX_AUDIO_AHEAD_SECONDS)
          return fail(ws, 'rate_limited', 'Audio is arriving faster than anyone reads.', 4429);
        try {
          e.stream.push(chunk.samples);
        } catch (err) {
          return fail(ws, 'chunk_too_large', (err as Error).message, 1009);
        }
        e.nextSeq++;
        ws.send(JSON.stringify({ type: 'ack', seq: chunk.seq }));
        e.pretranscriber?.update(e.stream.samples());
        e.warpChooser?.update(e.stream.samples());
        e.earlyChecker?.update(e.stream.samples());
        void pump(e);
      };

      return {
        onOpen(_event, ws) {
          const raw = ws.raw;
          raw?.on('pong', () => {
            if (deadline) clearTimeout(deadline);
            deadline = null;
          });
          heartbeat = setInterval(() => {
            raw?.ping();
            deadline ??= setTimeout(() => raw?.terminate(), MESSAGE_TIMEOUT_MS);
          }, HEARTBEAT_MS);
        },
        onMessage(event, ws) {
          const now = Date.now();
          tokens = Math.min(
            MAX_MESSAGES_PER_SECOND,
            tokens + ((now - refilled) / 1000) * MAX_MESSAGES_PER_SECOND,
          );
          refilled = now;
          if (tokens < 1) return fail(ws, 'rate_limited', 'Too many messages.', 4429);
          tokens--;
          const data: unknown = event.data;
          if (typeof data === 'string') {
            onText(ws, data).catch((err: unknown) => {
              deps.log.error({ err }, 'follow socket message failed');
              fail(ws, 'invalid_message', 'The message could not be handled.');
            });
          } else if (data instanceof ArrayBuffer) onAudio(ws, data);
          else fail(ws, 'invalid_message', 'Unknown frame.');
        },
        onClose() {
          if (heartbeat) clearInterval(heartbeat);
          if (deadline) clearTimeout(deadline);
          const e = entry;
          entry = null;
          if (!e) return;
          e.socket = null;
          if (e.expiry) clearTimeout(e.expiry);
          e.expiry = setTimeout(() => end(e), RESUME_WINDOW_MS);
          e.expiry.unref();
        },
      };
    }),
  );

  return {
    routes,
    /** Streams being followed (tests, health). */
    get active(): number {
      return streams.size;
    },
    /** Ends every stream. */
    closeAll(): void {
      for (const e of [...streams.values()]) end(e);
    },
  };
}
