/**
 * The scoring queue (issue #14 item 5): every recognition runs behind one bounded queue for the whole
 * server, so 30 readers uploading at once never start 30 decoders. p-queue keeps the concurrency
 * (about the number of cores) and removes a waiting reading whose upload was abandoned; our
 * {@link FairQueue} decides the order, one reading per user per round, so a user with many readings
 * waiting cannot hold back another's first. A waiting reading's recogniser time limit starts only when
 * it runs: it waits its turn and never fails because others are reading. The page asks
 * `status(user, key)` for its place in the line and an estimate of its progress.
 */
import { availableParallelism } from 'node:os';
import PQueue from 'p-queue';

/** A task as p-queue hands it to its queue class. */
type RunFunction = () => Promise<unknown>;
import type { Recogniser, RecogniseInput } from '../speech/recogniser.ts';

/** Where a reading is: waiting (its place in the line) or being scored (an estimate of progress). */
export type ScoringJobStatus =
  | {
      state: 'queued';
      /** 1 = next to start. */
      position: number;
      /** Readings being scored now. */
      running: number;
      /** Rough wait before it starts, in seconds. */
      estimatedWaitSeconds: number;
    }
  | {
      state: 'scoring';
      /** 0–0.95: elapsed time over the expected time (never 1 before the result is there). */
      progress: number;
      elapsedSeconds: number;
      estimatedSeconds: number;
    };

/** Thrown when the line is full (HTTP 503 `scoring_busy` with Retry-After). */
export class ScoringBusyError extends Error {
  override readonly name = 'ScoringBusyError';
  constructor(readonly retryAfterSeconds: number) {
    super('Many readings are being scored right now. Please try again in a minute.');
  }
}

interface FairElement {
  run: RunFunction;
  id: string;
  owner: string;
}

/** The options p-queue hands our queue class (ours adds `owner`). */
export interface FairEnqueueOptions {
  id: string;
  owner: string;
  priority?: number;
}

/**
 * Round-robin across owners: each round takes the oldest waiting element of every owner with one,
 * in the order the owners were last served (a new owner joins at the end of the round). Implements
 * p-queue's queue-class interface.
 */
export class FairQueue {
  /** Waiting elements per owner, oldest first. */
  readonly #byOwner = new Map<string, FairElement[]>();
  /** Owners with waiting elements, in serving order. */
  #rotation: string[] = [];

  get size(): number {
    let n = 0;
    for (const list of this.#byOwner.values()) n += list.length;
    return n;
  }

  enqueue(run: RunFunction, options?: Partial<FairEnqueueOptions>): void {
    const owner = options?.owner ?? '';
    const element = { run, id: options?.id ?? '', owner };
    const list = this.#byOwner.get(owner);
    if (list) list.push(element);
    else {
      this.#byOwner.set(owner, [element]);
      this.#rotation.push(owner);
    }
  }

  dequeue(): RunFunction | undefined {
    const owner = this.#rotation.shift();
    if (owner === undefined) return undefined;
    const list = this.#byOwner.get(owner)!;
    const element = list.shift()!;
    if (list.length) this.#rotation.push(owner);
    else this.#byOwner.delete(owner);
    return element.run;
  }

  filter(options: Readonly<Partial<FairEnqueueOptions>>): Array<RunFunction> {
    const all = this.#inOrder();
    return all.filter((e) => options.owner === undefined || e.owner === options.owner).map((e) => e.run);
  }

  setPriority(): void {
    throw new Error('FairQueue orders by owner, not by priority');
  }

  remove(id: string): void {
    for (const [owner, list] of this.#byOwner) {
      const index = list.findIndex((e) => e.id === id);
      if (index === -1) continue;
      list.splice(index, 1);
      if (!list.length) {
        this.#byOwner.delete(owner);
        this.#rotation = this.#rotation.filter((o) => o !== owner);
      }
      return;
    }
  }

  /** 1-based place of `id` in the order elements will start, or undefined when it is not waiting. */
  positionOf(id: string): number | undefined {
    const index = this.#inOrder().findIndex((e) => e.id === id);
    return index === -1 ? undefined : index + 1;
  }

  /** Every waiting element in the order it will be dequeued (with no new arrivals). */
  #inOrder(): FairElement[] {
    const lists = this.#rotation.map((owner) => this.#byOwner.get(owner)!);
    const out: FairElement[] = [];
    for (let round = 0; out.length < this.size; round++)
      for (const list of lists) if (round < list.length) out.push(list[round]!);
    return out;
  }
}

/** Settings of {@link createScoringQueue}. */
export interface ScoringQueueOptions {
  /** Readings scored at once. Default: the number of cores (`os.availableParallelism()`). */
  concurrency?: number;
  /** Readings allowed to wait; more are refused with {@link ScoringBusyError}. Default 200. */
  maxWaiting?: number;
  /**
   * First guess of scoring time per second of audio, before any reading was measured (seconds). The
   * queue then follows a moving average of what it measures. Default 0.15 (docs/scoring.md measures
   * about 0.06 on an idle 2-core machine; a busy one is slower).
   */
  secondsPerAudioSecond?: number;
  /** Clock in milliseconds (tests). */
  now?: () => number;
}

interface JobRecord {
  id: string;
  owner: string;
  audioSeconds: number;
  enqueuedAt: number;
  startedAt?: number;
}

/** Who a reading belongs to and the client's key for asking about it (its idempotency key). */
export interface ScoringJobOwner {
  owner: string;
  key?: string;
}

/** Create the server's scoring queue. */
export function createScoringQueue(options: ScoringQueueOptions = {}) {
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism());
  const maxWaiting = options.maxWaiting ?? 200;
  const now = options.now ?? Date.now;
  let rate = options.secondsPerAudioSecond ?? 0.15;
  // p-queue makes (and on clear() remakes) its queue instance itself; keep a handle on the current one.
  let current: FairQueue | undefined;
  const track = (queue: FairQueue) => (current = queue);
  class TrackedFairQueue extends FairQueue {
    constructor() {
      super();
      track(this);
    }
  }
  const queue = new PQueue<FairQueue, FairEnqueueOptions>({ concurrency, queueClass: TrackedFairQueue });
  const fair = () => current!;
  const jobs = new Map<string, JobRecord>();
  let nextId = 0;

  /** Expected scoring time of a reading, in seconds (at least 1). */
  const expected = (audioSeconds: number) => Math.max(1, audioSeconds * rate);

  function status(owner: string, key: string): ScoringJobStatus | undefined {
    const job = jobs.get(`${owner}\u0000${key}`);
    if (!job) return undefined;
    if (job.startedAt !== undefined) {
      const elapsedSeconds = (now() - job.startedAt) / 1000;
      const estimatedSeconds = expected(job.audioSeconds);
      return {
        state: 'scoring',
        progress: Math.min(0.95, elapsedSeconds / estimatedSeconds),
        elapsedSeconds,
        estimatedSeconds,
      };
    }
    const position = fair().positionOf(job.id) ?? 1;
    // Work ahead: the running readings' remainders and the waiting ones before it, shared by the slots.
    let ahead = 0;
    for (const other of jobs.values()) {
      if (other.startedAt !== undefined)
        ahead += Math.max(0, expected(other.audioSeconds) - (now() - other.startedAt) / 1000);
      else {
        const p = fair().positionOf(other.id);
        if (p !== undefined && p < position) ahead += expected(other.audioSeconds);
      }
    }
    return {
      state: 'queued',
      position,
      running: queue.pending,
      estimatedWaitSeconds: Math.round(ahead / concurrency),
    };
  }

  /**
   * Run `task` when its turn comes.
   * @throws ScoringBusyError when maxWaiting readings already wait; the task's own errors; the
   *   signal's reason when the reading was abandoned while waiting (it is then removed from the line)
   */
  async function run<T>(
    who: ScoringJobOwner & { audioSeconds: number; signal?: AbortSignal },
    task: () => Promise<T>,
  ): Promise<T> {
    if (queue.size >= maxWaiting) {
      throw new ScoringBusyError(Math.max(5, Math.round((expected(60) * queue.size) / concurrency)));
    }
    const id = String(nextId++);
    const record: JobRecord = { id, owner: who.owner, audioSeconds: who.audioSeconds, enqueuedAt: now() };
    const key = `${who.owner}\u0000${who.key ?? id}`;
    jobs.set(key, record);
    try {
      return await queue.add(
        async () => {
          record.startedAt = now();
          const result = await task();
          if (who.audioSeconds >= 1) {
            const measured = (now() - record.startedAt) / 1000 / who.audioSeconds;
            rate = 0.8 * rate + 0.2 * measured;
          }
          return result;
        },
        { id, owner: who.owner, ...(who.signal ? { signal: who.signal } : {}) },
      );
    } finally {
      if (jobs.get(key) === record) jobs.delete(key);
    }
  }

  return {
    run,
    status,
    /**
     * A recogniser whose recognitions wait in this queue, for one user's reading.
     * @param recogniser the real recogniser (its time limit starts when the reading's turn comes)
     * @param who the user, and the client's key for {@link status}
     */
    wrap(recogniser: Recogniser, who: ScoringJobOwner): Recogniser {
      return {
        name: recogniser.name,
        recognise: (input: RecogniseInput) =>
          run(
            {
              ...who,
              audioSeconds: input.audio.durationSeconds,
              ...(input.signal ? { signal: input.signal } : {}),
            },
            () => recognise(recogniser, input),
          ),
      };
    },
    /** Readings waiting. */
    get waiting() {
      return queue.size;
    },
    /** Readings being scored. */
    get running() {
      return queue.pending;
    },
    concurrency,
    /** Resolves when nothing waits or runs. */
    onIdle: () => queue.onIdle(),
  };
}

function recognise(recogniser: Recogniser, input: RecogniseInput) {
  return recogniser.recognise(input);
}

export type ScoringQueue = ReturnType<typeof createScoringQueue>;
