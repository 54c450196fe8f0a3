/**
 * Each reader's frequency warp, kept from their earlier readings (issue 16, docs/scoring.md fifteenth round;
 * docs/decisions/0031-reader-warp.md). Vocal tract length normalisation estimates a speaker's warp factor once
 * and keeps it for that speaker's later utterances (Lee & Rose 1998, "A frequency warping approach to speaker
 * normalization"); the scorer searched it afresh for every reading, and the search was more than half of its CPU
 * (a child's reading: three rounds of first passes before any check began). With the factor of the reader's last
 * full scoring as its seed, the search decodes at no warp and at that factor only, one round, and takes it when
 * it still beats no warp (pocketsphinx.ts `WarpOptions.seed`); otherwise it searches as before.
 *
 * Privacy: one number per user (no audio, no text), in memory only, at most {@link MAX_READERS} users, forgotten
 * {@link READER_WARP_TTL_MS} after the reading that set it, and at once when the account is deleted.
 */

/** How long a reader's warp is kept after the full scoring that set it, ms (a school day). */
export const READER_WARP_TTL_MS = 12 * 60 * 60_000;
/** Readers with a warp kept at most; the one set longest ago goes first. */
export const MAX_READERS = 5000;

/** The warps of the readers who read lately. */
export interface ReaderWarpStore {
  /** The warp of the user's last full scoring, if kept. */
  get(userId: string): number | undefined;
  /** Keeps the warp a full scoring of the user's reading chose (replacing any earlier one). */
  keep(userId: string, warp: number): void;
  /** Forgets the user's warp (a deleted account). */
  drop(userId: string): void;
  /** Readers with a warp kept (tests, health). */
  readonly size: number;
}

/**
 * The in-memory store.
 * @param options `ttlMs`, `maxReaders` (defaults above), `now` (ms clock, for tests).
 * @returns the store.
 * @throws RangeError from `keep` when the warp is not a finite factor between 0.5 and 3 (the recogniser's
 *   factors lie between 1 and `DEFAULT_WARP_MAX_FACTOR`; anything else is a programming error).
 */
export function createReaderWarpStore(
  options: { ttlMs?: number; maxReaders?: number; now?: () => number } = {},
): ReaderWarpStore {
  const ttl = options.ttlMs ?? READER_WARP_TTL_MS;
  const maxReaders = options.maxReaders ?? MAX_READERS;
  const now = options.now ?? Date.now;
  /** In order of the last keep (a Map keeps insertion order). */
  const readers = new Map<string, { warp: number; at: number }>();
  return {
    get(userId) {
      const entry = readers.get(userId);
      if (!entry) return undefined;
      if (now() - entry.at >= ttl) {
        readers.delete(userId);
        return undefined;
      }
      return entry.warp;
    },
    keep(userId, warp) {
      if (!Number.isFinite(warp) || warp < 0.5 || warp > 3)
        throw new RangeError(`not a warp factor: ${warp}`);
      readers.delete(userId);
      readers.set(userId, { warp, at: now() });
      while (readers.size > maxReaders) readers.delete(readers.keys().next().value!);
    },
    drop(userId) {
      readers.delete(userId);
    },
    get size() {
      return readers.size;
    },
  };
}
