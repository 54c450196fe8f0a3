/**
 * Moonshine while the child reads (issue 16, docs/scoring.md thirteenth round): the follow-along socket already
 * receives the reading's audio as it is read, so the chunks Moonshine would transcribe for the scorer's
 * nominations (reading-moonshine.ts `readingChunks`) are transcribed there, in Moonshine's background turn, and
 * kept for the upload of the same reading. At the upload the scorer cuts the uploaded audio into chunks as
 * always and takes each chunk's text from here when the very same samples were transcribed (a SHA-256 of the
 * chunk's samples, per user); a chunk missing, cut differently (the stream dropped audio, the noise floor moved)
 * or whose transcription failed is transcribed at upload time as before. The same samples give Moonshine the
 * same input, so the scorer's verdicts do not change; only the wait after Stop loses Moonshine.
 *
 * Privacy: only Moonshine's text is kept, never audio, in memory, per user, at most
 * {@link MAX_CHUNKS_PER_USER} chunks, dropped {@link TRANSCRIPT_TTL_MS} after the user's last chunk, when the
 * reading's full scoring has used them, and when the user starts another reading.
 */
import { createHash } from 'node:crypto';
import {
  chunkSamples,
  chunksFromFrames,
  frameLevels,
  MAX_CHUNK_SECONDS,
  transcribeChunk,
  type KnownChunks,
  type ReadingTranscriber,
} from '#server/speech/reading-moonshine.ts';
import { TARGET_SAMPLE_RATE } from '#server/speech/wav.ts';

/** How long a user's chunk texts are kept after the last one was added, ms. */
export const TRANSCRIPT_TTL_MS = 5 * 60_000;
/** Chunks kept per user at most (a 180 s reading has about 20–40); the oldest go first. */
export const MAX_CHUNKS_PER_USER = 200;
/** Users with chunks kept at most; the user whose chunks are oldest goes first. */
export const MAX_USERS = 500;
/** New audio, seconds, between two looks for finished chunks while the child reads. */
export const LOOK_EVERY_SECONDS = 2;

/** The key of one chunk's samples: their length and SHA-256. */
export function chunkKey(samples: Int16Array): string {
  const bytes = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  return `${samples.length}:${createHash('sha256').update(bytes).digest('base64url')}`;
}

/** Moonshine's chunk texts per user, for the upload of the reading being read. */
export interface ReadingTranscriptCache {
  /**
   * Keeps (the promise of) a chunk's text for a user; renews the user's expiry. `cancel` stops the
   * transcription when the chunk goes untaken (dropped, expired, evicted): Moonshine's one thread is then not
   * spent on a reading nobody will score.
   */
  put(userId: string, samples: Int16Array, text: Promise<string | null>, cancel?: () => void): void;
  /**
   * Starts a user's followed reading: forgets their chunks of any earlier one, and keeps an empty entry (for the
   * TTL) so that the end-of-reading check knows the reading is followed before its first chunk is done
   * ({@link peek}).
   */
  begin(userId: string): void;
  /** Whether the user already has this chunk (done or under way). */
  has(userId: string, samples: Int16Array): boolean;
  /** The user's text for exactly these samples, removed from the cache; undefined when there is none. */
  take(userId: string, samples: Int16Array): Promise<string | null> | undefined;
  /** The {@link KnownChunks} of a user (each chunk taken once). */
  known(userId: string): KnownChunks;
  /**
   * The {@link KnownChunks} of a user that leaves each chunk for the upload (the end-of-reading check's: it scores
   * the reading so far, and the upload may still need every chunk); undefined when the user has no chunk kept (a
   * reading not followed), so that the check does not transcribe a whole reading itself.
   */
  peek(userId: string): KnownChunks | undefined;
  /** Forgets a user's chunks (and cancels those still being transcribed). */
  drop(userId: string): void;
  /** Chunks kept, over all users (tests, health). */
  readonly size: number;
}

/**
 * The in-memory cache.
 * @param options `ttlMs`, `maxChunksPerUser`, `maxUsers` (defaults above).
 */
export function createReadingTranscriptCache(
  options: { ttlMs?: number; maxChunksPerUser?: number; maxUsers?: number } = {},
): ReadingTranscriptCache {
  const ttl = options.ttlMs ?? TRANSCRIPT_TTL_MS;
  const perUser = options.maxChunksPerUser ?? MAX_CHUNKS_PER_USER;
  const maxUsers = options.maxUsers ?? MAX_USERS;
  /** In order of the last put (a Map keeps insertion order: a user put again moves to the end). */
  type Chunk = { text: Promise<string | null>; cancel: (() => void) | undefined };
  const users = new Map<string, { chunks: Map<string, Chunk>; timer: NodeJS.Timeout }>();
  const drop = (userId: string) => {
    const entry = users.get(userId);
    if (!entry) return;
    clearTimeout(entry.timer);
    users.delete(userId);
    for (const chunk of entry.chunks.values()) chunk.cancel?.();
  };
  const take = (userId: string, samples: Int16Array) => {
    const entry = users.get(userId);
    if (!entry) return undefined;
    const key = chunkKey(samples);
    const chunk = entry.chunks.get(key);
    entry.chunks.delete(key);
    if (entry.chunks.size === 0) drop(userId);
    return chunk?.text;
  };
  return {
    put(userId, samples, text, cancel) {
      // a failure is an answer of null; nobody may be waiting for it yet
      const kept = text.catch(() => null);
      const old = users.get(userId);
      if (old) clearTimeout(old.timer);
      users.delete(userId);
      const chunks = old?.chunks ?? new Map<string, Chunk>();
      const key = chunkKey(samples);
      chunks.get(key)?.cancel?.();
      chunks.set(key, { text: kept, cancel });
      while (chunks.size > perUser) {
        const oldest = chunks.keys().next().value!;
        chunks.get(oldest)?.cancel?.();
        chunks.delete(oldest);
      }
      const timer = setTimeout(() => drop(userId), ttl);
      timer.unref();
      users.set(userId, { chunks, timer });
      while (users.size > maxUsers) drop(users.keys().next().value!);
    },
    begin(userId) {
      drop(userId);
      const timer = setTimeout(() => drop(userId), ttl);
      timer.unref();
      users.set(userId, { chunks: new Map<string, Chunk>(), timer });
      while (users.size > maxUsers) drop(users.keys().next().value!);
    },
    has: (userId, samples) => users.get(userId)?.chunks.has(chunkKey(samples)) ?? false,
    take,
    known: (userId) => (samples) => take(userId, samples),
    peek: (userId) =>
      users.has(userId) ? (samples) => users.get(userId)?.chunks.get(chunkKey(samples))?.text : undefined,
    drop,
    get size() {
      let n = 0;
      for (const u of users.values()) n += u.chunks.size;
      return n;
    },
  };
}

/** Transcribes a reading's chunks while it is read (one per follow-along stream). */
export interface ReadingPretranscriber {
  /**
   * The audio so far (16 kHz mono; each call's audio begins with the previous call's): every chunk but the last one (which may still grow) is transcribed, in
   * Moonshine's background turn, unless it was already (each chunk once per reading, and in all no more
   * seconds than the audio so far and one chunk). Looks at most every {@link LOOK_EVERY_SECONDS} of audio.
   */
  update(samples: Int16Array): void;
  /** The reader stopped: every chunk of the whole audio, the last one too, is transcribed. */
  finish(samples: Int16Array): void;
  /** Chunks sent to Moonshine so far. */
  readonly started: number;
}

/**
 * A pretranscriber for one user's reading.
 * @param transcriber the Moonshine service (`sharedMoonshineSecondOpinion()` in the app).
 * @param cache where the texts go.
 * @param userId the reader.
 */
export function createReadingPretranscriber(
  transcriber: ReadingTranscriber,
  cache: ReadingTranscriptCache,
  userId: string,
): ReadingPretranscriber {
  let lookedAt = 0;
  let started = 0;
  /** The chunks sent (each once, even after the cache dropped the user), by place, and their seconds. */
  const sent = new Set<string>();
  let sentSeconds = 0;
  /** The 10 ms frames' levels so far (the audio only grows: each frame is computed once). */
  const levels: number[] = [];
  const look = (samples: Int16Array, all: boolean) => {
    lookedAt = samples.length;
    const audio = {
      samples,
      sampleRate: TARGET_SAMPLE_RATE,
      channels: 1,
      durationSeconds: samples.length / TARGET_SAMPLE_RATE,
    };
    for (const level of frameLevels(samples, TARGET_SAMPLE_RATE, levels.length)) levels.push(level);
    const chunks = chunksFromFrames(levels, audio.durationSeconds);
    for (const chunk of all ? chunks : chunks.slice(0, -1)) {
      const view = chunkSamples(audio, chunk);
      // the audio so far only grows, so a chunk's place names its samples (no hash of every chunk every look)
      const key = `${(view.byteOffset - samples.byteOffset) / 2}:${view.length}`;
      if (sent.has(key)) continue;
      // audio whose chunks are cut again at every look (a floor that keeps moving) is not sent over and over:
      // Moonshine hears the reading about once here, the upload transcribes whatever is left
      const seconds = view.length / TARGET_SAMPLE_RATE;
      if (sentSeconds + seconds > audio.durationSeconds + MAX_CHUNK_SECONDS) continue;
      sent.add(key);
      sentSeconds += seconds;
      started++;
      // a copy: a transcription waiting its turn holds its chunk, not the whole reading's audio
      const part = view.slice();
      const stop = new AbortController();
      cache.put(userId, part, transcribeChunk(transcriber, audio, part, stop.signal), () => stop.abort());
    }
  };
  return {
    update(samples) {
      if (samples.length - lookedAt >= LOOK_EVERY_SECONDS * TARGET_SAMPLE_RATE) look(samples, false);
    },
    finish: (samples) => look(samples, true),
    get started() {
      return started;
    },
  };
}
