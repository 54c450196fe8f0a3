import { describe, expect, it } from 'vitest';
import type { Recogniser } from '../speech/recogniser.ts';
import { createScoringQueue, FairQueue, ScoringBusyError } from './scoring-queue.ts';

/** A task that finishes when told to, recording when it started. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { open, done };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('FairQueue', () => {
  it('serves one element per owner per round, oldest first within an owner', () => {
    const q = new FairQueue();
    const order: string[] = [];
    const add = (owner: string, id: string) => q.enqueue(async () => void order.push(id), { owner, id });
    add('ann', 'a1');
    add('ann', 'a2');
    add('ann', 'a3');
    add('bob', 'b1');
    add('cat', 'c1');
    add('bob', 'b2');
    expect(q.positionOf('b1')).toBe(2);
    expect(q.positionOf('a3')).toBe(6);
    const runs: Array<() => Promise<unknown>> = [];
    for (let run = q.dequeue(); run; run = q.dequeue()) runs.push(run);
    return Promise.all(runs.map((r) => r())).then(() =>
      expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']),
    );
  });

  it('forgets a removed element', () => {
    const q = new FairQueue();
    q.enqueue(async () => undefined, { owner: 'ann', id: '1' });
    q.enqueue(async () => undefined, { owner: 'bob', id: '2' });
    q.remove('1');
    expect(q.size).toBe(1);
    expect(q.positionOf('2')).toBe(1);
    expect(q.positionOf('1')).toBeUndefined();
  });
});

describe('createScoringQueue', () => {
  it('runs at most `concurrency` readings at once, and a reader’s first reading before another’s third', async () => {
    const queue = createScoringQueue({ concurrency: 2 });
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const submit = (owner: string, key: string) => {
      const g = gate();
      gates.set(key, g);
      return queue.run({ owner, key, audioSeconds: 30 }, async () => {
        started.push(key);
        await g.done;
        return key;
      });
    };
    const results = [
      submit('ann', 'a1'),
      submit('ann', 'a2'),
      submit('ann', 'a3'),
      submit('ann', 'a4'),
      submit('bob', 'b1'),
    ];
    await tick();
    expect(started).toEqual(['a1', 'a2']);
    expect(queue.running).toBe(2);
    expect(queue.status('bob', 'b1')).toMatchObject({ state: 'queued', position: 2, running: 2 });
    expect(queue.status('ann', 'a3')).toMatchObject({ state: 'queued', position: 1 });
    gates.get('a1')!.open();
    await tick();
    await tick();
    expect(started).toEqual(['a1', 'a2', 'a3']);
    gates.get('a2')!.open();
    await tick();
    await tick();
    // bob's only reading comes before ann's fourth
    expect(started).toEqual(['a1', 'a2', 'a3', 'b1']);
    for (const g of gates.values()) g.open();
    await tick();
    gates.get('a4')?.open();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'a4', 'b1']);
    expect(queue.status('ann', 'a1')).toBeUndefined();
  });

  it('reports progress of a running reading from the elapsed and expected time', async () => {
    let clock = 0;
    const queue = createScoringQueue({ concurrency: 1, secondsPerAudioSecond: 0.1, now: () => clock });
    const g = gate();
    const result = queue.run({ owner: 'ann', key: 'k', audioSeconds: 60 }, () => g.done);
    await tick();
    clock = 3000;
    expect(queue.status('ann', 'k')).toMatchObject({ state: 'scoring', progress: 0.5, estimatedSeconds: 6 });
    clock = 60_000;
    expect(queue.status('ann', 'k')).toMatchObject({ progress: 0.95 });
    expect(queue.status('bob', 'k')).toBeUndefined();
    g.open();
    await result;
  });

  it('refuses a reading when the line is full, and drops an abandoned one from the line', async () => {
    const queue = createScoringQueue({ concurrency: 1, maxWaiting: 1 });
    const g = gate();
    const first = queue.run({ owner: 'a', audioSeconds: 10 }, () => g.done);
    const abandon = new AbortController();
    const second = queue.run(
      { owner: 'b', key: 'b', audioSeconds: 10, signal: abandon.signal },
      async () => 'ran',
    );
    await tick();
    await expect(queue.run({ owner: 'c', audioSeconds: 10 }, async () => 'x')).rejects.toBeInstanceOf(
      ScoringBusyError,
    );
    abandon.abort(new Error('client went away'));
    await expect(second).rejects.toThrow('client went away');
    expect(queue.waiting).toBe(0);
    expect(queue.status('b', 'b')).toBeUndefined();
    g.open();
    await first;
  });

  it('wraps a recogniser: its time limit starts only when the reading’s turn comes', async () => {
    const queue = createScoringQueue({ concurrency: 1 });
    const calls: number[] = [];
    const slow: Recogniser = {
      name: 'fake',
      recognise: async ({ audio }) => {
        calls.push(audio.durationSeconds);
        await new Promise((r) => setTimeout(r, 20));
        return [];
      },
    };
    const input = (seconds: number) => ({
      audio: { samples: new Int16Array(0), sampleRate: 16_000, durationSeconds: seconds },
      passage: [],
    });
    const a = queue.wrap(slow, { owner: 'ann', key: 'a' }).recognise(input(5) as never);
    const b = queue.wrap(slow, { owner: 'bob', key: 'b' }).recognise(input(7) as never);
    await tick();
    expect(calls).toEqual([5]);
    expect(queue.status('bob', 'b')).toMatchObject({ state: 'queued', position: 1 });
    await Promise.all([a, b]);
    expect(calls).toEqual([5, 7]);
  });
});
