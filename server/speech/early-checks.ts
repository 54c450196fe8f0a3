/**
 * The end-of-reading check, started early by the server (docs/scoring.md, twenty-third round).
 *
 * The page asks the scorer whether the reader reached the last word after 3 s of silence
 * (core/fluency-session/end-of-reading.ts `END_CHECK_SECONDS`), and a reader who did waits for that check before
 * the upload. The follow-along socket has the same audio as it is read, so the server starts the same check
 * itself after {@link EARLY_CHECK_SILENCE_SECONDS} of silence: when the page's request comes, the answer is ready
 * or under way.
 *
 * The page's request uses the early answer only when its samples begin with exactly the samples checked early and
 * nothing but silence follows them (`silentAfter`, the rule under which the upload reuses the check's first pass,
 * docs/scoring.md, twentieth round): the recogniser would hear the same words, so the verdict is the one the
 * request would get. Anything else (speech after, other samples) is checked as before. An early check that
 * speech overtakes is stopped.
 */
import { couldHaveReadAll } from '#core/fluency-session/reading-place.ts';
import { END_CHECK_NEW_SPEECH_SECONDS, MAX_END_CHECKS } from '#core/fluency-session/end-of-reading.ts';
import type { HeardWord } from '#core/text/normalize.ts';
import { frameLevels } from './reading-moonshine.ts';
import { chunkKey } from './reading-transcripts.ts';
import { SILENT_TAIL_DB, silentAfter } from './pocketsphinx.ts';
import { levelQuantile } from './unheard-speech.ts';

/**
 * Silence after speech before the server starts the check, seconds: a third of the page's 3 s, so that the check
 * has 2 s of head start, and long enough that a reader's pause between words (0.2–0.5 s) does not start one.
 */
export const EARLY_CHECK_SILENCE_SECONDS = 1;
/** How long an early check's answer is kept for the page's request, ms (the page asks 2 s after it starts). */
export const EARLY_CHECK_TTL_MS = 60_000;
/** Users with an early check kept at most; the oldest goes first. */
export const MAX_EARLY_CHECK_USERS = 500;
/** New audio between two looks for silence, seconds (the socket's chunks are 0.1 s). */
export const LOOK_EVERY_SECONDS = 0.25;

const RATE = 16000;

/** Each user's early check: the recogniser's words for the samples checked, for the page's own check. */
export interface EarlyCheckStore {
  /**
   * Keeps (the promise of) the recogniser's words for a user's early check of `samples`, replacing any other of
   * theirs (which is stopped). `stop` stops the check's decoding.
   */
  put(userId: string, samples: Int16Array, heard: Promise<HeardWord[]>, stop?: () => void): void;
  /**
   * The user's early words when `samples` begin with exactly the samples checked and only silence follows them;
   * undefined otherwise. The promise gives null when the early check failed or was stopped.
   */
  find(userId: string, samples: Int16Array): Promise<HeardWord[] | null> | undefined;
  /** Forgets (and stops) the user's early check: a new reading, a deleted account. */
  drop(userId: string): void;
  /** Users with an early check kept (tests, health). */
  readonly size: number;
}

/**
 * The in-memory store.
 * @param options `ttlMs`, `maxUsers` (defaults above).
 */
export function createEarlyCheckStore(options: { ttlMs?: number; maxUsers?: number } = {}): EarlyCheckStore {
  const ttl = options.ttlMs ?? EARLY_CHECK_TTL_MS;
  const maxUsers = options.maxUsers ?? MAX_EARLY_CHECK_USERS;
  type Entry = {
    length: number;
    key: string;
    heard: Promise<HeardWord[] | null>;
    stop: (() => void) | undefined;
    timer: NodeJS.Timeout;
  };
  const users = new Map<string, Entry>();
  const drop = (userId: string) => {
    const entry = users.get(userId);
    if (!entry) return;
    clearTimeout(entry.timer);
    users.delete(userId);
    entry.stop?.();
  };
  return {
    put(userId, samples, heard, stop) {
      drop(userId);
      const timer = setTimeout(() => drop(userId), ttl);
      timer.unref();
      // a failure is an answer of null: the page's check then decodes as before
      users.set(userId, {
        length: samples.length,
        key: chunkKey(samples),
        heard: heard.catch(() => null),
        stop,
        timer,
      });
      while (users.size > maxUsers) drop(users.keys().next().value as string);
    },
    find(userId, samples) {
      const entry = users.get(userId);
      if (!entry || samples.length < entry.length) return undefined;
      if (chunkKey(samples.subarray(0, entry.length)) !== entry.key) return undefined;
      if (!silentAfter(samples, entry.length)) return undefined;
      return entry.heard;
    },
    drop,
    get size() {
      return users.size;
    },
  };
}

/** Watches one reading as it arrives and starts the early check when the reader may have finished. */
export interface EarlyChecker {
  /** The reading so far (16 kHz mono), after each chunk. */
  update(samples: Int16Array): void;
}

/**
 * The watch of one reading. It starts a check (`start`, given a copy of the samples and a signal to stop it) when
 * - the reading ends in {@link EARLY_CHECK_SILENCE_SECONDS} of silence (every 10 ms frame {@link SILENT_TAIL_DB}
 *   or more under the reading's loud frames, the rule the page's request is matched with);
 * - a very fast reader could have read the whole passage in the speech heard (`couldHaveReadAll`, as the page);
 * - there has been {@link END_CHECK_NEW_SPEECH_SECONDS} of speech since the last early check, and fewer than
 *   {@link MAX_END_CHECKS} were started (as the page).
 *
 * A check still running when the reader speaks again is stopped: its answer could no longer be used.
 * @param options `wordsTotal`: words in the passage; `start`: runs the check (the scoring service's, which keeps
 *   its words in the {@link EarlyCheckStore}); `stop`: what to call to stop a running check (the store's `drop`).
 */
export function createEarlyChecker(options: {
  wordsTotal: number;
  start: (samples: Int16Array) => void;
  stop: () => void;
}): EarlyChecker {
  const levels: number[] = [];
  let lookedAt = 0;
  let started = 0;
  /** Speech frames heard by the last check. */
  let speechAtCheck = 0;
  /** Length of the samples of the last check while its answer may still be used (only silence after them). */
  let usable: number | null = null;
  return {
    update(samples) {
      if (samples.length - lookedAt < LOOK_EVERY_SECONDS * RATE) return;
      lookedAt = samples.length;
      levels.push(...frameLevels(samples, RATE, levels.length));
      if (levels.length === 0) return;
      const quiet = levelQuantile(levels, 0.95) - SILENT_TAIL_DB;
      // speech after the checked samples: the early answer can no longer be used
      if (usable !== null && !silentAfter(samples, usable)) {
        options.stop();
        usable = null;
      }
      const silentFrom = levels.length - EARLY_CHECK_SILENCE_SECONDS * 100;
      if (started >= MAX_END_CHECKS || usable !== null || silentFrom <= 0) return;
      for (let f = silentFrom; f < levels.length; f++) if ((levels[f] as number) >= quiet) return;
      let speechFrames = 0;
      for (const level of levels) if (level >= quiet) speechFrames++;
      if (!couldHaveReadAll(speechFrames / 100, options.wordsTotal)) return;
      if (started > 0 && (speechFrames - speechAtCheck) / 100 < END_CHECK_NEW_SPEECH_SECONDS) return;
      started++;
      speechAtCheck = speechFrames;
      usable = samples.length;
      options.start(samples.slice());
    },
  };
}
