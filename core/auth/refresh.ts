/**
 * Session refresh arithmetic (§4.3, §8, §9 Auth). Pure, so the session machine's timing
 * can be tested without timers.
 */

/** §9: the auto-refresh tick, in milliseconds. */
export const REFRESH_TICK_MS = 30_000;

/** §9: refresh when the session expires within this many ticks. */
export const REFRESH_THRESHOLD_TICKS = 3;

/** Refresh margin: {@link REFRESH_THRESHOLD_TICKS} ticks, in milliseconds (90 000). */
export const REFRESH_MARGIN_MS = REFRESH_TICK_MS * REFRESH_THRESHOLD_TICKS;

/** §9: first retry delay of a failed refresh, in milliseconds; doubles per retry. */
export const RETRY_BASE_DELAY_MS = 200;

/** §9: retries stop once their delays would pass this budget, in milliseconds ("within 30 s"). */
export const RETRY_BUDGET_MS = 30_000;

/** §8: HTTP statuses whose refresh failures are worth retrying. */
export const RETRYABLE_STATUSES: readonly number[] = [502, 503, 504];

/**
 * Whether a session should be refreshed now: it expires within 3 ticks (90 s), or already
 * has (§4.3, §9).
 *
 * @param expiresAtMs session expiry, epoch milliseconds
 * @param nowMs current time, epoch milliseconds
 */
export function isNearExpiry(expiresAtMs: number, nowMs: number): boolean {
  return expiresAtMs - nowMs <= REFRESH_MARGIN_MS;
}

/**
 * Delay before retry number `retry` (1-based): 200 ms, 400 ms, 800 ms, … (§9 "exponential
 * backoff from 200 ms").
 *
 * @param retry 1 for the first retry
 * @returns milliseconds
 */
export function backoffDelayMs(retry: number): number {
  return RETRY_BASE_DELAY_MS * 2 ** Math.max(0, retry - 1);
}

/**
 * Whether retry number `retry` still fits the 30 s budget: the delays of retries 1..retry
 * add up to less than {@link RETRY_BUDGET_MS}. Time is counted as the sum of scheduled
 * delays (deterministic; request latency is bounded by the fetch's own timeout), which
 * allows 7 retries: 200 + 400 + … + 12 800 = 25 400 ms, the 8th would reach 51 000 ms.
 *
 * @param retry 1 for the first retry
 */
export function canRetry(retry: number): boolean {
  return retry >= 1 && backoffSchedule(retry).reduce((sum, d) => sum + d, 0) < RETRY_BUDGET_MS;
}

/**
 * The first `retries` backoff delays, in milliseconds.
 *
 * @param retries how many delays
 */
export function backoffSchedule(retries: number): number[] {
  return Array.from({ length: Math.max(0, retries) }, (_, i) => backoffDelayMs(i + 1));
}

/**
 * An error from the auth backend as the session machine sees it. Network failures have no
 * status (or status 0) and `isNetworkError: true`.
 */
export interface AuthErrorInfo {
  /** The provider's message. */
  message: string;
  /** HTTP status, when the server answered. */
  status?: number;
  /** True when the request never got an answer (offline, DNS, reset). */
  isNetworkError?: boolean;
}

/**
 * Whether a refresh failure is worth retrying: HTTP 502, 503, 504, or a network failure
 * (§8 "Retryable: 502, 503, 504 or network failure"). Everything else (401 invalid refresh
 * token, 400, …) is final and the session is removed (§4.3).
 *
 * @param error what the refresh actor rejected with; anything not shaped like
 *   {@link AuthErrorInfo} is treated as non-retryable except a `TypeError` (what `fetch`
 *   throws when the network fails)
 */
export function isRetryableAuthError(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { status, isNetworkError } = error as Partial<AuthErrorInfo>;
  if (isNetworkError === true) return true;
  return typeof status === 'number' && RETRYABLE_STATUSES.includes(status);
}

/**
 * The error's message as text, for context and logs.
 *
 * @param error anything thrown or rejected
 */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  if (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return error.message;
  }
  return 'Unknown error';
}
