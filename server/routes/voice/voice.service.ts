/**
 * Spoken commands for signed-in users (issue 11): a per-user rate limit, the utterance's checks, then
 * the decode in the command queue, a sibling of the scoring queue with its own small concurrency
 * (docs/decisions/0015-spoken-commands.md): a command never waits behind readings being scored, and
 * the decoders running at once stay bounded (readings' + commands').
 */
import type { VoiceAnswer, VoiceCommand } from '#core/voice/command.ts';
import { ApiFailure } from '../../http/errors.ts';
import { ScoringBusyError, type ScoringQueue } from '../../jobs/scoring-queue.ts';
import type { CommandRecogniser } from '../../speech/command-decoder.ts';
import { assertCommands, prepareCommandAudio } from '../../speech/command-service.ts';
import { SpeechError } from '../../speech/errors.ts';
import { createFixedWindowLimiter, type RateLimiter } from '../../http/rate-limit.ts';

/**
 * Commands one user may send per minute: one a second on average, far more than a child speaks to
 * the app, while a runaway client (voice activity detection gone wrong) cannot fill the queue.
 */
export const COMMANDS_PER_MINUTE = 60;
/** Commands decoded at once (each decode runs two warps, so this is four decoder processes). */
export const DEFAULT_VOICE_CONCURRENCY = 2;
/** Commands allowed to wait; more get 503 `voice_busy` (a command that waits long is stale anyway). */
export const MAX_VOICE_WAITING = 20;

/** What the service needs. */
export interface VoiceServiceDeps {
  recogniser: CommandRecogniser;
  /** The command queue (`createScoringQueue` with its own concurrency); none: decode at once (tests). */
  queue?: ScoringQueue;
  /** Default: {@link COMMANDS_PER_MINUTE} per user. */
  rateLimiter?: RateLimiter;
}

/** One utterance of a user. */
export interface VoiceCommandRequest {
  userId: string;
  wav: Uint8Array;
  commands: readonly VoiceCommand[];
  signal?: AbortSignal;
}

/** Recognises users' spoken commands. */
export interface VoiceService {
  /**
   * @returns the command said, or the no-command answer
   * @throws ApiFailure 429 `rate_limited`, 400 `commands_empty`, the audio codes (400/413/415/422),
   *   503 `voice_busy` (details and Retry-After), or the recogniser's 502/503
   */
  recognise(request: VoiceCommandRequest): Promise<VoiceAnswer>;
}

/** Build the service. */
export function createVoiceService(deps: VoiceServiceDeps): VoiceService {
  const limiter = deps.rateLimiter ?? createFixedWindowLimiter(COMMANDS_PER_MINUTE, 60_000);
  return {
    async recognise({ userId, wav, commands, signal }) {
      const quota = limiter.take(userId);
      if (!quota.ok)
        throw new ApiFailure(
          429,
          'rate_limited',
          `Too many spoken commands; try again in ${quota.retryAfterSeconds} s.`,
          { retryAfterSeconds: quota.retryAfterSeconds },
          { 'retry-after': String(quota.retryAfterSeconds) },
        );
      try {
        assertCommands(commands);
        const audio = await prepareCommandAudio(wav, signal);
        const decode = () => deps.recogniser.recognise(audio, commands, signal);
        if (!deps.queue) return await decode();
        return await deps.queue.run(
          { owner: userId, audioSeconds: audio.durationSeconds, ...(signal ? { signal } : {}) },
          decode,
        );
      } catch (error) {
        if (error instanceof SpeechError) throw new ApiFailure(error.status, error.code, error.message);
        if (error instanceof ScoringBusyError) {
          const retry = Math.min(error.retryAfterSeconds, 5);
          throw new ApiFailure(
            503,
            'voice_busy',
            'Sparky is listening to many children right now. Please say it again in a moment.',
            { retryAfterSeconds: retry },
            { 'retry-after': String(retry) },
          );
        }
        throw error;
      }
    },
  };
}
