import { describe, expect, it } from 'vitest';
import { parseAudioChunk } from '#core/tutor/follow-protocol.ts';
import type { FollowEvent } from '#core/tutor/follow.ts';
import { FollowConnection, followSocketUrl, type SocketLike } from './follow-connection.ts';

const STORY = '00000000-0000-4000-8000-000000000001';
const STREAM = '00000000-0000-4000-8000-0000000000aa';

/** A socket the test plays the server for. */
class FakeSocket implements SocketLike {
  readyState = 0;
  binaryType: BinaryType = 'blob';
  sent: (string | Uint8Array)[] = [];
  closedWith: number | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  send(data: string | Uint8Array) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  answer(message: object) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
  texts() {
    return this.sent.filter((d): d is string => typeof d === 'string').map((d) => JSON.parse(d) as object);
  }
  seqs() {
    return this.sent.filter((d): d is Uint8Array => typeof d !== 'string').map((d) => parseAudioChunk(d).seq);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const timers: (() => void)[] = [];
  const events: FollowEvent[] = [];
  const ended: string[] = [];
  const results: unknown[] = [];
  const connection = new FollowConnection(
    {
      storyId: STORY,
      open: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      setTimer: (fn) => timers.push(fn),
      clearTimer: () => {},
    },
    {
      onEvent: (e) => events.push(e),
      onEnded: (code) => ended.push(code),
      onResult: (r) => results.push(r),
    },
  );
  const runTimers = () => {
    while (timers.length > 0) timers.shift()!();
  };
  return { connection, sockets, events, ended, results, runTimers };
}

describe('FollowConnection', () => {
  it('starts a stream, sends chunks with sequence numbers once ready, and passes events on', () => {
    const { connection, sockets, events } = setup();
    const s = sockets[0]!;
    connection.push(new Int16Array([1, 2, 3]));
    s.open();
    expect(s.texts()).toEqual([{ type: 'start', storyId: STORY }]);
    expect(s.seqs()).toEqual([]); // nothing before `ready`
    s.answer({ type: 'ready', streamId: STREAM, expectSeq: 0 });
    connection.push(new Int16Array([4]));
    expect(s.seqs()).toEqual([0, 1]);
    s.answer({ type: 'event', t: 1, event: 'word', index: 0, status: 'correct' });
    expect(events).toEqual([{ t: 1, event: 'word', index: 0, status: 'correct' }]);
  });

  it('after a dropped socket resumes the stream and sends again what was not acknowledged', () => {
    const { connection, sockets, runTimers, results } = setup();
    sockets[0]!.open();
    sockets[0]!.answer({ type: 'ready', streamId: STREAM, expectSeq: 0 });
    for (let k = 0; k < 3; k++) connection.push(new Int16Array([k]));
    sockets[0]!.answer({ type: 'ack', seq: 0 });
    sockets[0]!.drop();
    connection.push(new Int16Array([3])); // recorded while away: kept
    connection.stop(); // the reader stopped while away: sent after the resume
    expect(connection.pending).toBe(3);
    runTimers();
    const s = sockets[1]!;
    s.open();
    expect(s.texts()).toEqual([{ type: 'resume', streamId: STREAM }]);
    // The server had chunk 1 too (its ack was lost): it expects 2.
    s.answer({ type: 'ready', streamId: STREAM, expectSeq: 2 });
    expect(s.seqs()).toEqual([2, 3]);
    expect(s.texts()).toHaveLength(1); // stop waits for the acks
    s.answer({ type: 'ack', seq: 2 });
    s.answer({ type: 'ack', seq: 3 });
    expect(s.texts().at(-1)).toEqual({ type: 'stop' });
    s.answer({ type: 'result', result: { wcpm: 40 } });
    expect(results).toEqual([{ wcpm: 40 }]);
    expect(s.closedWith).toBe(1000);
  });

  it('sends again from the number the server expects after a gap', () => {
    const { connection, sockets } = setup();
    const s = sockets[0]!;
    s.open();
    s.answer({ type: 'ready', streamId: STREAM, expectSeq: 0 });
    for (let k = 0; k < 3; k++) connection.push(new Int16Array([k]));
    s.answer({ type: 'error', code: 'out_of_order', message: 'A chunk is missing.', expectSeq: 1 });
    expect(s.seqs()).toEqual([0, 1, 2, 1, 2]);
  });

  it('gives up after a stream the server no longer has, and after too many failed reconnects', () => {
    const a = setup();
    a.sockets[0]!.open();
    a.sockets[0]!.answer({ type: 'ready', streamId: STREAM, expectSeq: 0 });
    a.sockets[0]!.drop();
    a.runTimers();
    a.sockets[1]!.open();
    a.sockets[1]!.answer({ type: 'error', code: 'stream_not_found', message: 'No such stream.' });
    expect(a.ended).toEqual(['stream_not_found']);

    const b = setup();
    for (let k = 0; k < 20 && b.ended.length === 0; k++) {
      b.sockets.at(-1)!.drop();
      b.runTimers();
    }
    expect(b.ended).toEqual(['closed']);
    expect(b.sockets.length).toBe(9); // the first and 8 reconnects
  });

  it('uses wss on a secure page', () => {
    expect(followSocketUrl({ protocol: 'https:', host: 'sparky.example' })).toBe(
      'wss://sparky.example/api/follow',
    );
    expect(followSocketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/api/follow',
    );
  });
});
