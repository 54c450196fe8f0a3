import { describe, expect, it } from 'vitest';
import { createFairSlots, SlotsBusyError } from './fair-slots.ts';

/** A job that finishes when told to, recording when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return {
    work: async () => {
      log.push(name);
      await done;
      return name;
    },
    open: () => open(),
  };
}

describe('createFairSlots', () => {
  it('runs at most `concurrency` jobs and takes waiting owners in turn', async () => {
    const slots = createFairSlots(1);
    const started: string[] = [];
    const jobs = ['a1', 'a2', 'a3', 'b1', 'c1'].map((name) => ({ name, ...gate(started, name) }));
    const results = jobs.map((j) => slots.run(j.name[0]!, j.work));
    expect(started).toEqual(['a1']);
    expect(slots.stats()).toEqual({ running: 1, waiting: 4 });
    for (const name of ['a1', 'a2', 'b1', 'c1', 'a3']) {
      jobs.find((j) => j.name === name)!.open();
      await new Promise((r) => setTimeout(r, 0));
    }
    // After a1, each owner gets a turn before a's next job: a2 (a was first in the ring), b1, c1, a3.
    expect(started).toEqual(['a1', 'a2', 'b1', 'c1', 'a3']);
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'b1', 'c1']);
  });

  it('refuses an owner with too many jobs waiting, not others', async () => {
    const slots = createFairSlots(1, 2);
    const started: string[] = [];
    const first = gate(started, 'x');
    void slots.run('a', first.work);
    const second = gate(started, 'y');
    void slots.run('a', second.work);
    void slots.run('a', gate(started, 'z').work);
    await expect(slots.run('a', async () => 'no')).rejects.toBeInstanceOf(SlotsBusyError);
    const other = slots.run('b', async () => {
      started.push('b');
      return 'b ran';
    });
    first.open();
    await new Promise((r) => setTimeout(r, 0));
    second.open();
    await expect(other).resolves.toBe('b ran');
    // b went before a's third job.
    expect(started).toEqual(['x', 'y', 'b', 'z']);
  });

  it('a failing job frees its slot', async () => {
    const slots = createFairSlots(1);
    await expect(slots.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run('a', async () => 'next')).resolves.toBe('next');
    expect(slots.stats()).toEqual({ running: 0, waiting: 0 });
  });
});
