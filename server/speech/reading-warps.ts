/**
 * The frequency warp chosen while the child reads (issue 16, docs/scoring.md fourteenth round). The warp search
 * (pocketsphinx.ts `chooseWarp`: first passes at several factors, one after another round) was more than half
 * of the scorer's CPU, and a child's reading waited for three rounds of it before any check began. The
 * follow-along socket already receives the reading's audio as it is read, so it runs the same search there
 * (`createPocketsphinxWarpSearch`, decoders niced, one search per reading) on the first
 * {@link WARP_PREFIX_SECONDS} of audio, or on the whole reading at `stop` when it is shorter, and keeps the
 * factor for the upload of the same reading. At the upload the scorer decodes once at that factor when the
 * uploaded audio begins with exactly the samples the factor was chosen on (their length and SHA-256, per user);
 * otherwise (not followed, different samples, the search failed) it searches as before.
 *
 * The socket's search is off in the app by default (server/app.ts `warpSearch`): on the benchmark the search on
 * the first 20 s often chose another warp than the whole reading's search, and a wrong warp cost much accuracy
 * (docs/scoring.md, fourteenth round). The store is always on: the fluency page's end-of-reading check searches on
 * the whole reading so far, and when it heard the last word its choice is kept here for the upload
 * (server/routes/fluency/fluency.service.ts; docs/scoring.md, seventeenth round).
 *
 * The end-of-reading check's first pass at its warp is kept with it (the words the decoder heard, their times and
 * the path's segments), so that the upload, when nothing was said after the check, need not decode again
 * (pocketsphinx.ts `reusableFirstPass`; docs/scoring.md, issue 16, twentieth round).
 *
 * Privacy: only the factor, the prefix's length and hash, and that first pass are kept, never audio, in memory, one reading per
 * user, at most {@link MAX_USERS} users, dropped {@link WARP_TTL_MS} after the search began, when the reading's
 * full scoring has used it, and when the user starts another reading.
 */
import { chunkKey } from '#server/speech/reading-transcripts.ts';
import type { KeptFirstPass, KnownFirstPass, KnownWarp } from '#server/speech/recogniser.ts';
import type { PassageWord } from '#core/text/normalize.ts';
import type { WarpSearch } from '#server/speech/pocketsphinx.ts';
import { TARGET_SAMPLE_RATE } from '#server/speech/wav.ts';

/** Seconds of audio the socket's warp search looks at (chosen on the tuning voices: docs/scoring.md). */
export const WARP_PREFIX_SECONDS = 20;
/** A reading shorter than this at `stop` gets no early search (its upload searches: there is little to save). */
export const MIN_WARP_SECONDS = 2;
/** How long a user's early warp is kept after its search began, ms. */
export const WARP_TTL_MS = 5 * 60_000;
/** Users with an early warp kept at most; the oldest goes first. */
export const MAX_USERS = 500;
/** Warp searches running at once on the server; more wait their turn. */
export const MAX_RUNNING_SEARCHES = 1;
/** Warp searches waiting at most; a reading beyond that is searched at its upload. */
export const MAX_WAITING_SEARCHES = 16;

/** The early warps of the readings being read, per user. */
export interface ReadingWarpStore {
  /**
   * Keeps (the promise of) the warp chosen on these samples for a user, replacing any other of theirs. `cancel`
   * stops the search when it goes untaken (dropped, expired, evicted). `firstPass`: the end-of-reading check's
   * first pass at that warp, which the upload may use instead of decoding again (`RecogniseInput.knownFirstPass`).
   */
  put(
    userId: string,
    samples: Int16Array,
    warp: Promise<number | null>,
    cancel?: () => void,
    firstPass?: KeptFirstPass,
  ): void;
  /** The user's warp when `samples` begins with exactly the samples it was chosen on; undefined otherwise. */
  find(userId: string, samples: Int16Array): Promise<number | null> | undefined;
  /** The {@link KnownWarp} of a user (the warp stays until {@link drop}: the end-of-reading check uses it too). */
  known(userId: string): KnownWarp;
  /** The {@link KnownFirstPass} of a user: their kept first pass when the samples begin with the ones it was made on. */
  knownFirstPass(userId: string): KnownFirstPass;
  /** Forgets a user's warp (and cancels its search if still running). */
  drop(userId: string): void;
  /** Users with a warp kept (tests, health). */
  readonly size: number;
}

/**
 * The in-memory store.
 * @param options `ttlMs`, `maxUsers` (defaults above).
 * @returns the store.
 */
export function createReadingWarpStore(
  options: { ttlMs?: number; maxUsers?: number } = {},
): ReadingWarpStore {
  const ttl = options.ttlMs ?? WARP_TTL_MS;
  const maxUsers = options.maxUsers ?? MAX_USERS;
  type Entry = {
    length: number;
    key: string;
    warp: Promise<number | null>;
    cancel: (() => void) | undefined;
    firstPass: KeptFirstPass | undefined;
    timer: NodeJS.Timeout;
  };
  /** In order of the last put (a Map keeps insertion order). */
  const users = new Map<string, Entry>();
  const drop = (userId: string) => {
    const entry = users.get(userId);
    if (!entry) return;
    clearTimeout(entry.timer);
    users.delete(userId);
    entry.cancel?.();
  };
  const matching = (userId: string, samples: Int16Array) => {
    const entry = users.get(userId);
    if (!entry || samples.length < entry.length) return undefined;
    return chunkKey(samples.subarray(0, entry.length)) === entry.key ? entry : undefined;
  };
  const find = (userId: string, samples: Int16Array) => matching(userId, samples)?.warp;
  return {
    put(userId, samples, warp, cancel, firstPass) {
      drop(userId);
      const timer = setTimeout(() => drop(userId), ttl);
      timer.unref();
      // a failure is an answer of null; nobody may be waiting for it yet
      users.set(userId, {
        length: samples.length,
        key: chunkKey(samples),
        warp: warp.catch(() => null),
        cancel,
        // only a pass made on exactly these samples
        firstPass: firstPass?.length === samples.length ? firstPass : undefined,
        timer,
      });
      while (users.size > maxUsers) drop(users.keys().next().value!);
    },
    find,
    known: (userId) => (samples) => find(userId, samples),
    knownFirstPass: (userId) => (samples) => matching(userId, samples)?.firstPass,
    drop,
    get size() {
      return users.size;
    },
  };
}

/** Runs warp searches a few at a time, server-wide (see {@link MAX_RUNNING_SEARCHES}). */
export interface WarpSearchLine {
  /**
   * Runs `search` in its turn; null when the line is full or the signal aborted before the turn came.
   * @returns the search's answer.
   */
  run(search: () => Promise<number>, signal: AbortSignal): Promise<number | null>;
  /** Searches running and waiting (tests). */
  readonly busy: number;
}

/**
 * A line of warp searches.
 * @param running searches at once (default {@link MAX_RUNNING_SEARCHES}).
 * @param waiting searches waiting at most (default {@link MAX_WAITING_SEARCHES}).
 * @returns the line.
 */
export function createWarpSearchLine(
  running = MAX_RUNNING_SEARCHES,
  waiting = MAX_WAITING_SEARCHES,
): WarpSearchLine {
  let active = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    const go = active < running ? queue.shift() : undefined;
    if (!go) return;
    active++;
    go();
  };
  return {
    async run(search, signal) {
      if (queue.length >= waiting) return null;
      await new Promise<void>((resolve) => {
        queue.push(resolve);
        next();
      });
      try {
        if (signal.aborted) return null;
        return await search();
      } finally {
        active--;
        next();
      }
    },
    get busy() {
      return active + queue.length;
    },
  };
}

/** Chooses one reading's warp while it is read (one per follow-along stream). */
export interface ReadingWarpChooser {
  /**
   * The audio so far (16 kHz mono; each call's audio begins with the previous call's): once it holds
   * `prefixSeconds`, the search starts on that prefix (once per reading).
   */
  update(samples: Int16Array): void;
  /** The reader stopped: a reading shorter than the prefix is searched whole (from `minSeconds` on). */
  finish(samples: Int16Array): void;
  /** Whether a search was started. */
  readonly started: boolean;
}

/**
 * A warp chooser for one user's reading.
 * @param search the warp search (`createPocketsphinxWarpSearch()` in the app).
 * @param passage the passage being read.
 * @param store where the warp goes (under `userId`).
 * @param userId the reader.
 * @param options `prefixSeconds`, `minSeconds` (defaults above); `line`, the server's line of searches.
 * @returns the chooser.
 */
export function createReadingWarpChooser(
  search: WarpSearch,
  passage: readonly PassageWord[],
  store: ReadingWarpStore,
  userId: string,
  options: { prefixSeconds?: number; minSeconds?: number; line?: WarpSearchLine } = {},
): ReadingWarpChooser {
  const prefix = Math.round((options.prefixSeconds ?? WARP_PREFIX_SECONDS) * TARGET_SAMPLE_RATE);
  const least = Math.round((options.minSeconds ?? MIN_WARP_SECONDS) * TARGET_SAMPLE_RATE);
  let started = false;
  const start = (samples: Int16Array) => {
    started = true;
    // a copy: the search holds the prefix only, and the stream's buffer may grow under it
    const part = samples.slice();
    const stop = new AbortController();
    const audio = {
      samples: part,
      sampleRate: TARGET_SAMPLE_RATE,
      channels: 1,
      durationSeconds: part.length / TARGET_SAMPLE_RATE,
    };
    const go = () => search({ audio, passage, signal: stop.signal });
    const warp = options.line ? options.line.run(go, stop.signal) : go();
    store.put(userId, part, warp, () => stop.abort());
  };
  return {
    update(samples) {
      if (!started && samples.length >= prefix) start(samples.subarray(0, prefix));
    },
    finish(samples) {
      if (started) return;
      if (samples.length >= prefix) start(samples.subarray(0, prefix));
      else if (samples.length >= least) start(samples);
    },
    get started() {
      return started;
    },
  };
}
