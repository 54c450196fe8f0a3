/**
 * A fair scheduler for work that needs a scarce slot (a flite process on one of 2 cores, a cloud
 * request): at most `concurrency` jobs run, and waiting jobs are taken round-robin by owner (user), so a
 * user who floods the queue waits behind their own jobs while another user's next job runs as soon as a
 * slot frees. Each owner may have at most `maxWaitingPerOwner` jobs waiting; more are refused at once.
 */

/** Thrown by {@link FairSlots.run} when the owner already has too many jobs waiting. */
export class SlotsBusyError extends Error {
  override name = 'SlotsBusyError';
}

/** The scheduler. */
export interface FairSlots {
  /**
   * Runs `work` when a slot is free and it is this owner's turn.
   * @throws SlotsBusyError when the owner already has `maxWaitingPerOwner` jobs waiting
   */
  run<T>(owner: string, work: () => Promise<T>): Promise<T>;
  /** Jobs running and waiting now (for tests and logs). */
  stats(): { running: number; waiting: number };
}

/**
 * @param concurrency jobs running at once (≥ 1)
 * @param maxWaitingPerOwner jobs one owner may have waiting (not running)
 */
export function createFairSlots(concurrency: number, maxWaitingPerOwner = Infinity): FairSlots {
  let running = 0;
  // Owners in turn order, each with its waiting jobs; an owner leaves the ring when it has none.
  const waiting = new Map<string, (() => void)[]>();

  function startNext() {
    while (running < concurrency && waiting.size > 0) {
      const [owner, jobs] = waiting.entries().next().value as [string, (() => void)[]];
      const start = jobs.shift()!;
      waiting.delete(owner);
      // Back of the ring: the next owner goes first next time.
      if (jobs.length > 0) waiting.set(owner, jobs);
      running += 1;
      start();
    }
  }

  return {
    run(owner, work) {
      const jobs = waiting.get(owner) ?? [];
      if (jobs.length >= maxWaitingPerOwner && running >= concurrency) {
        return Promise.reject(new SlotsBusyError('Too many requests are waiting.'));
      }
      return new Promise((resolve, reject) => {
        const start = () => {
          work()
            .then(resolve, reject)
            .finally(() => {
              running -= 1;
              startNext();
            });
        };
        if (!waiting.has(owner)) waiting.set(owner, jobs);
        jobs.push(start);
        startNext();
      });
    },
    stats() {
      let count = 0;
      for (const jobs of waiting.values()) count += jobs.length;
      return { running, waiting: count };
    },
  };
}
