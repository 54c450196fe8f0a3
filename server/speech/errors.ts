/**
 * Typed errors of the speech pipeline. Each has a stable `code` (for clients and tests), a
 * human-readable message and the HTTP status the route answers with. Codes and statuses are listed
 * with the API's other codes in core/api/errors.ts.
 */
import { SPEECH_ERROR_STATUS, type SpeechErrorCode } from '#core/api/errors.ts';

export type { SpeechErrorCode };

/** An error of the speech pipeline with a stable code and an HTTP status. */
export class SpeechError extends Error {
  readonly code: SpeechErrorCode;
  readonly status: (typeof SPEECH_ERROR_STATUS)[SpeechErrorCode];
  constructor(code: SpeechErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SpeechError';
    this.code = code;
    this.status = SPEECH_ERROR_STATUS[code];
  }
}
