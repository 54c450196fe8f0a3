/**
 * The browser's side of the follow-along socket (issue 12, spec §7.6; messages in
 * core/tutor/follow-protocol.ts): opens `GET /api/follow`, starts a stream for a story, sends the
 * microphone's 16 kHz chunks with sequence numbers, keeps every chunk until the server acknowledges
 * it, and after a dropped socket reconnects, resumes the stream and sends again what was not
 * acknowledged, so no audio is lost. Events and the provisional result go to the callbacks.
 *
 * The follow-along is a help, never a condition: the saved result comes from the uploaded WAV
 * (docs/decisions/0019-streaming-tracker.md), so a socket that cannot open or resume only ends the
 * follow-along (`onEnded`).
 */
import { audioChunk, type FollowErrorCode } from '#core/tutor/follow-protocol.ts';
import type { FollowEvent } from '#core/tutor/follow.ts';
import type { FluencyResult } from '#core/fluency/result.schema.ts';

/** Waits before reconnecting after a drop, ms; the last repeats (the server keeps a stream 30 s). */
export const RECONNECT_DELAYS_MS = [250, 1000, 2000, 4000] as const;
/** Reconnects tried before the follow-along gives up (the reading itself goes on). */
export const MAX_RECONNECTS = 8;
/** Chunks sent again per 100 ms after a reconnect (the server takes at most 50 messages a second). */
const RESEND_PER_TICK = 4;

export interface FollowCallbacks {
  onEvent(event: FollowEvent): void;
  /** The provisional result, once, after `stop`. */
  onResult?(result: FluencyResult): void;
  /** The socket is live (`true`) or dropped and reconnecting (`false`). */
  onConnection?(connected: boolean): void;
  /** The follow-along ended for good without a result (`code` says why). */
  onEnded?(code: FollowErrorCode | 'closed' | 'unavailable'): void;
}

/** What the connection needs of the browser's `WebSocket` (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  binaryType: BinaryType;
  send(data: string | Uint8Array<ArrayBuffer>): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface FollowConnectionOptions {
  storyId: string;
  /** Help delay, seconds (2–6, issue 12); the server's default when absent. */
  helpAfterSeconds?: number;
  /** Opens a socket (default: `new WebSocket` on this page's origin, `/api/follow`). */
  open?: () => SocketLike;
  /** Timers (tests). */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** The socket's URL on this page's origin. */
export function followSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/follow`;
}

/** One reading followed over the socket. */
export class FollowConnection {
  readonly #options: FollowConnectionOptions;
  readonly #callbacks: FollowCallbacks;
  #socket: SocketLike | null = null;
  #streamId: string | null = null;
  /** Chunks not yet acknowledged, by sequence number. */
  readonly #unacked = new Map<number, Uint8Array<ArrayBuffer>>();
  #nextSeq = 0;
  /** The next chunk to send on the live socket (after a resume: the first the server lacks). */
  #sendFrom = 0;
  #ready = false;
  #stopped = false;
  #done = false;
  #reconnects = 0;
  #timer: unknown = null;

  constructor(options: FollowConnectionOptions, callbacks: FollowCallbacks) {
    this.#options = options;
    this.#callbacks = callbacks;
    this.#connect();
  }

  /** Chunks waiting for an acknowledgement (tests, the reconnect status). */
  get pending(): number {
    return this.#unacked.size;
  }

  /** Sends 16 kHz mono PCM (about 100 ms); kept until acknowledged. */
  push(samples: Int16Array): void {
    if (this.#done || this.#stopped || samples.length === 0) return;
    const seq = this.#nextSeq++;
    this.#unacked.set(seq, audioChunk(seq, samples));
    this.#flush();
  }

  /** The reader stopped: once every chunk is acknowledged, asks for the last events and the result. */
  stop(): void {
    if (this.#done || this.#stopped) return;
    this.#stopped = true;
    this.#maybeSendStop();
  }

  /** Ends the follow-along without a result (cancel, leaving the page). */
  close(): void {
    this.#finish(null);
  }

  #connect(): void {
    let socket: SocketLike;
    try {
      socket = this.#options.open?.() ?? (new WebSocket(followSocketUrl()) as unknown as SocketLike);
    } catch {
      this.#finish('unavailable');
      return;
    }
    socket.binaryType = 'arraybuffer';
    this.#socket = socket;
    this.#ready = false;
    this.#stopSent = false; // a stop sent on a socket that dropped is sent again after the resume
    socket.onopen = () => {
      socket.send(
        JSON.stringify(
          this.#streamId
            ? { type: 'resume', streamId: this.#streamId }
            : {
                type: 'start',
                storyId: this.#options.storyId,
                ...(this.#options.helpAfterSeconds
                  ? { helpAfterSeconds: this.#options.helpAfterSeconds }
                  : {}),
              },
        ),
      );
    };
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data === 'string') this.#onMessage(event.data);
    };
    socket.onerror = () => {};
    socket.onclose = () => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      this.#ready = false;
      if (this.#done) return;
      this.#callbacks.onConnection?.(false);
      if (this.#reconnects >= MAX_RECONNECTS) return this.#finish('closed');
      const delay = RECONNECT_DELAYS_MS[Math.min(this.#reconnects, RECONNECT_DELAYS_MS.length - 1)] ?? 1000;
      this.#reconnects++;
      this.#timer = this.#setTimer(() => this.#connect(), delay);
    };
  }

  #onMessage(text: string): void {
    let message: { type?: string; [key: string]: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    switch (message.type) {
      case 'ready': {
        this.#streamId = String(message.streamId);
        const expect = Number(message.expectSeq);
        for (const seq of [...this.#unacked.keys()]) if (seq < expect) this.#unacked.delete(seq);
        this.#sendFrom = expect;
        this.#ready = true;
        this.#reconnects = 0;
        this.#callbacks.onConnection?.(true);
        this.#flush();
        return;
      }
      case 'ack':
        this.#unacked.delete(Number(message.seq));
        this.#maybeSendStop();
        return;
      case 'event': {
        const { type: _type, ...event } = message;
        this.#callbacks.onEvent(event as unknown as FollowEvent);
        return;
      }
      case 'result':
        this.#callbacks.onResult?.(message.result as FluencyResult);
        this.#finish(null);
        return;
      case 'error': {
        const code = message.code as FollowErrorCode;
        if (code === 'out_of_order' && typeof message.expectSeq === 'number') {
          this.#sendFrom = message.expectSeq;
          this.#flush();
          return;
        }
        if (
          code === 'stream_not_found' ||
          code === 'story_not_found' ||
          code === 'busy' ||
          code.startsWith('recogniser')
        )
          this.#finish(code);
        return;
      }
    }
  }

  /** Sends what the live socket has not had yet, a few chunks per tick after a reconnect. */
  #flush(): void {
    const socket = this.#socket;
    if (!socket || !this.#ready || socket.readyState !== 1) return;
    let sent = 0;
    while (this.#sendFrom < this.#nextSeq) {
      const frame = this.#unacked.get(this.#sendFrom);
      this.#sendFrom++;
      if (!frame) continue;
      socket.send(frame);
      if (++sent >= RESEND_PER_TICK && this.#sendFrom < this.#nextSeq) {
        this.#timer = this.#setTimer(() => this.#flush(), 100);
        return;
      }
    }
    this.#maybeSendStop();
  }

  #stopSent = false;
  #maybeSendStop(): void {
    const socket = this.#socket;
    if (!this.#stopped || this.#stopSent || !this.#ready || !socket || socket.readyState !== 1) return;
    if (this.#unacked.size > 0) return;
    this.#stopSent = true;
    socket.send(JSON.stringify({ type: 'stop' }));
  }

  #finish(code: FollowErrorCode | 'closed' | 'unavailable' | null): void {
    if (this.#done) return;
    this.#done = true;
    if (this.#timer !== null) (this.#options.clearTimer ?? clearTimeout)(this.#timer as number);
    const socket = this.#socket;
    this.#socket = null;
    if (socket && socket.readyState <= 1) socket.close(1000, 'done');
    this.#unacked.clear();
    if (code) this.#callbacks.onEnded?.(code);
  }

  #setTimer(fn: () => void, ms: number): unknown {
    return (this.#options.setTimer ?? setTimeout)(fn, ms);
  }
}
