/**
 * Typed errors of the speech pipeline. Each has a stable `code` (for clients and tests), a
 * human-readable message and the HTTP status the route answers with.
 */

export type SpeechErrorCode =
  | 'audio_missing'
  | 'audio_empty'
  | 'audio_too_large'
  | 'audio_not_wav'
  | 'audio_unsupported_format'
  | 'audio_corrupt'
  | 'audio_too_long'
  | 'audio_too_short'
  | 'audio_silent'
  | 'passage_empty'
  | 'passage_too_long'
  | 'recogniser_unavailable'
  | 'recogniser_timeout'
  | 'recogniser_failed';

const STATUS: Record<SpeechErrorCode, number> = {
  audio_missing: 400,
  audio_empty: 400,
  audio_too_large: 413,
  audio_not_wav: 415,
  audio_unsupported_format: 415,
  audio_corrupt: 422,
  audio_too_long: 422,
  audio_too_short: 422,
  audio_silent: 422,
  passage_empty: 400,
  passage_too_long: 422,
  recogniser_unavailable: 503,
  recogniser_timeout: 503,
  recogniser_failed: 502,
};

/** An error of the speech pipeline with a stable code and an HTTP status. */
export class SpeechError extends Error {
  readonly code: SpeechErrorCode;
  readonly status: number;
  constructor(code: SpeechErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SpeechError';
    this.code = code;
    this.status = STATUS[code];
  }
}
