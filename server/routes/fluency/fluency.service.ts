/**
 * The one scoring path of the API: both POST /api/fluency/score (score only) and
 * POST /api/reading-sessions (score and save) go through {@link createScoringService}, so they share
 * one per-user rate limit, one choice of recogniser and one mapping of speech errors to answers. The
 * CLI (`npm run score`) calls scoreAudio (server/speech/score-audio.ts) directly, without a limit.
 */
import type { ScoringMode } from '#core/fluency/metrics.ts';
import type { Grade, Season } from '#core/fluency/orf-norms.ts';
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { ApiFailure } from '../../http/errors.ts';
import { SpeechError } from '../../speech/errors.ts';
import type { EarlyCheckStore } from '../../speech/early-checks.ts';
import type { KeptFirstPass, ReaderWarp, RecognitionPurpose, Recogniser } from '../../speech/recogniser.ts';
import type { ReaderWarpStore } from '../../speech/reader-warps.ts';
import type { ReadingTranscriptCache } from '../../speech/reading-transcripts.ts';
import type { ReadingWarpStore } from '../../speech/reading-warps.ts';
import { hasReachedTheEnd } from '#core/fluency-session/end-of-reading.ts';
import { scoreAudio } from '../../speech/score-audio.ts';
import { ScoringBusyError, type ScoringQueue } from '../../jobs/scoring-queue.ts';
import { createFixedWindowLimiter, type RateLimiter } from '../../http/rate-limit.ts';

/** Readings one user may have scored per minute, over both scoring routes. */
export const SCORINGS_PER_MINUTE = 10;

/** What the scoring service needs. */
export interface ScoringDeps {
  /** The offline recogniser (pocketsphinx). */
  recogniser: Recogniser;
  /** Set only when the operator enabled OpenAI transcription (OPENAI_API_KEY and ALLOW_CLOUD_AUDIO). */
  openaiRecogniser?: Recogniser;
  /** Default: {@link SCORINGS_PER_MINUTE} per user per minute. */
  rateLimiter?: RateLimiter;
  /**
   * The server's scoring queue (server/jobs/scoring-queue.ts): every recognition waits its turn there,
   * fairly across users. Without one (tests of the service alone) recognitions run at once.
   */
  queue?: ScoringQueue;
  /**
   * Moonshine's chunk texts made while the child read (the follow-along socket, server/speech/reading-transcripts.ts):
   * a full scoring takes the user's chunks that match the upload's exactly and transcribes the rest; the user's
   * chunks are dropped after it succeeds (after a failure they stay for the retry, until the cache's expiry).
   */
  transcripts?: ReadingTranscriptCache;
  /**
   * The frequency warps chosen while the child read (by the end-of-reading check's search, and by the follow-along
   * socket when its search is on; server/speech/reading-warps.ts): a scoring whose audio begins with the samples
   * the user's warp was chosen on decodes at it without a search (a later end-of-reading check too); the warp is
   * dropped after a full scoring succeeds.
   */
  warps?: ReadingWarpStore;
  /**
   * Each reader's warp from their earlier readings (server/speech/reader-warps.ts): it seeds every scoring's
   * warp search (the end-of-reading check's too), and a full scoring keeps the factor it chose.
   */
  readerWarps?: ReaderWarpStore;
  /**
   * The end-of-reading checks the server started itself (the follow-along socket's, server/speech/early-checks.ts):
   * an early check keeps its recogniser's words here, and the page's own check of the same samples with only
   * silence after them uses those words instead of decoding again.
   */
  earlyChecks?: EarlyCheckStore;
}

/** One reading to score for a user. */
export interface ScoringRequest {
  userId: string;
  /** The WAV file's bytes. */
  wav: Uint8Array;
  /** The passage as printed. */
  passageText: string;
  grade?: Grade;
  season?: Season;
  mode?: ScoringMode;
  engine?: 'pocketsphinx' | 'openai';
  /** The client's key for the reading (its idempotency key), to ask the queue where it is. */
  key?: string;
  signal?: AbortSignal;
  /**
   * `reading_end`: the end-of-reading check, which only asks how far the reader got (`RecogniseInput.purpose`:
   * pocketsphinx's first pass alone, about a third of a full scoring's work). It neither takes nor drops the
   * chunks and warp kept from the reading, and keeps no reader warp. `score` (the default): full scoring.
   */
  purpose?: RecognitionPurpose;
  /**
   * The server's own early end-of-reading check (with `purpose: 'reading_end'`; server/speech/early-checks.ts):
   * counted apart from the user's requests (the same number a minute), so that it never costs the page a request;
   * its words are kept in `earlyChecks`, and dropping them there stops it.
   */
  early?: boolean;
}

/** Scores readings for users, within their rate limit. */
export interface ScoringService {
  /**
   * Takes one scoring from the user's quota, then scores.
   * @returns the result contract (core/fluency/result.schema.ts)
   * @throws ApiFailure 429 `rate_limited` (details: `{ retryAfterSeconds }`), 400 `engine_unavailable`,
   *   503 `scoring_busy` when the scoring queue is full (details: `{ retryAfterSeconds }`),
   *   or the speech pipeline's code and status (core/api/errors.ts SPEECH_ERROR_STATUS)
   */
  score(request: ScoringRequest): Promise<FluencyResult>;
}

/**
 * A reader's kept warp for one scoring: the seed, and (full scorings only) where the chosen factor goes. The
 * end-of-reading check (`purpose: 'reading_end'`) scores part of a reading and does not change what is kept.
 */
function readerWarpOf(store: ReaderWarpStore, request: ScoringRequest): ReaderWarp {
  const seed = store.get(request.userId);
  return request.purpose === 'reading_end'
    ? { seed }
    : { seed, keep: (warp) => store.keep(request.userId, warp) };
}

/**
 * The recogniser of an end-of-reading check with the server's early checks: an early check (`stopper` given)
 * keeps its words in the store; the page's check takes the words of an early check of the same samples with only
 * silence after them (the store's rule), and decodes when there is none or it failed.
 */
function withEarlyChecks(
  inner: Recogniser,
  store: EarlyCheckStore,
  userId: string,
  stopper: AbortController | undefined,
): Recogniser {
  return {
    name: inner.name,
    async recognise(input) {
      if (stopper) {
        const heard = inner.recognise(input);
        store.put(userId, input.audio.samples, heard, () => stopper.abort());
        return heard;
      }
      const early = await store.find(userId, input.audio.samples);
      return early ?? inner.recognise(input);
    },
  };
}

/** Build the scoring service. */
export function createScoringService(deps: ScoringDeps): ScoringService {
  const limiter = deps.rateLimiter ?? createFixedWindowLimiter(SCORINGS_PER_MINUTE, 60_000);
  const earlyLimiter = createFixedWindowLimiter(SCORINGS_PER_MINUTE, 60_000);
  return {
    async score(request) {
      const chosen = request.engine === 'openai' ? deps.openaiRecogniser : deps.recogniser;
      if (!chosen)
        throw new ApiFailure(
          400,
          'engine_unavailable',
          'OpenAI transcription is not enabled on this server.',
        );
      const early = request.early === true && request.purpose === 'reading_end';
      const quota = (early ? earlyLimiter : limiter).take(request.userId);
      if (!quota.ok) {
        throw new ApiFailure(
          429,
          'rate_limited',
          `Too many readings; try again in ${quota.retryAfterSeconds} s.`,
          { retryAfterSeconds: quota.retryAfterSeconds },
          { 'retry-after': String(quota.retryAfterSeconds) },
        );
      }
      const queued = deps.queue
        ? deps.queue.wrap(chosen, {
            owner: request.userId,
            ...(request.key !== undefined ? { key: request.key } : {}),
          })
        : chosen;
      // an early check can be stopped through the store (speech after it, a new reading, a deleted account)
      const stopper = early ? new AbortController() : undefined;
      const signal =
        stopper && request.signal
          ? AbortSignal.any([stopper.signal, request.signal])
          : (stopper?.signal ?? request.signal);
      const recogniser =
        deps.earlyChecks && request.purpose === 'reading_end' && chosen === deps.recogniser
          ? withEarlyChecks(queued, deps.earlyChecks, request.userId, stopper)
          : queued;
      let checked: { warp: number; samples: Int16Array; firstPass: KeptFirstPass | undefined } | undefined;
      const peeked = request.purpose === 'reading_end' ? deps.transcripts?.peek(request.userId) : undefined;
      try {
        const result = await scoreAudio({
          wav: request.wav,
          passageText: request.passageText,
          recogniser,
          ...(request.grade !== undefined ? { grade: request.grade } : {}),
          ...(request.season ? { season: request.season } : {}),
          ...(request.mode ? { mode: request.mode } : {}),
          ...(signal ? { signal } : {}),
          ...(request.purpose ? { purpose: request.purpose } : {}),
          // the check only peeks (the upload takes them), and only at a followed reading's chunks
          ...(peeked ? { knownChunks: peeked } : {}),
          ...(deps.transcripts && request.purpose !== 'reading_end'
            ? { knownChunks: deps.transcripts.known(request.userId) }
            : {}),
          ...(deps.warps
            ? {
                knownWarp: deps.warps.known(request.userId),
                knownFirstPass: deps.warps.knownFirstPass(request.userId),
              }
            : {}),
          ...(deps.readerWarps ? { readerWarp: readerWarpOf(deps.readerWarps, request) } : {}),
          ...(request.purpose === 'reading_end'
            ? { warpChosen: (warp, samples, firstPass) => (checked = { warp, samples, firstPass }) }
            : {}),
        });
        // The warp of an end-of-reading check that heard the last word (chosen on the whole reading) spares the
        // upload its search, and its first pass the upload's when nothing was said after it; a check part-way
        // through would fix a warp chosen on part of it (docs/scoring.md).
        if (deps.warps && checked && hasReachedTheEnd(result))
          deps.warps.put(
            request.userId,
            checked.samples,
            Promise.resolve(checked.warp),
            undefined,
            checked.firstPass,
          );
        // deleted after use: a full scoring of the user's reading has taken what it could. After a failure
        // (queue full, recogniser failed, upload abandoned) they stay for the retry (5 min at most, ttl)
        if (request.purpose !== 'reading_end') {
          deps.transcripts?.drop(request.userId);
          deps.warps?.drop(request.userId);
          deps.earlyChecks?.drop(request.userId);
        }
        return result;
      } catch (error) {
        if (error instanceof SpeechError) throw new ApiFailure(error.status, error.code, error.message);
        if (error instanceof ScoringBusyError) {
          throw new ApiFailure(
            503,
            'scoring_busy',
            error.message,
            { retryAfterSeconds: error.retryAfterSeconds },
            { 'retry-after': String(error.retryAfterSeconds) },
          );
        }
        throw error;
      }
    },
  };
}
