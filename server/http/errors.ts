/**
 * Answering with the API's one error shape (core/api/errors.ts). Handlers return `apiError(…)`;
 * services and middleware may throw an {@link ApiFailure}, which the app's error handler
 * ({@link handleError}) turns into the same shape.
 */
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, ApiErrorCode } from '#core/api/errors.ts';
import type { AppEnv } from './app-env.ts';

export type { ApiErrorBody, ApiErrorCode };

/** Respond with an API error body `{ error: { code, message, details? } }`. */
export function apiError<Status extends ContentfulStatusCode>(
  c: Context,
  status: Status,
  code: ApiErrorCode,
  message: string,
  details?: unknown,
) {
  const body: ApiErrorBody = { error: { code, message, ...(details === undefined ? {} : { details }) } };
  return c.json(body, status);
}

/** A refusal thrown from a service or middleware; answered as {@link apiError} by {@link handleError}. */
export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
    /** Headers to send with the answer, e.g. `retry-after`. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * The app's `onError`: an {@link ApiFailure} as its error body; Hono's HTTPException (malformed JSON
 * from the validator, a body limit) as `invalid_json` / `body_too_large` / `forbidden`; anything else
 * logged and answered 500 `internal_error`. Pages outside /api get plain text.
 */
export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  const isApi = c.req.path.startsWith('/api/');
  if (error instanceof ApiFailure) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return apiError(c, error.status, error.code, error.message, error.details);
  }
  if (error instanceof HTTPException) {
    if (!isApi) return error.getResponse();
    if (error.status === 400) {
      return /JSON/.test(error.message)
        ? apiError(c, 400, 'invalid_json', 'The request body must be JSON.')
        : apiError(c, 400, 'invalid_input', error.message);
    }
    if (error.status === 413) return apiError(c, 413, 'body_too_large', 'The request body is too large.');
    if (error.status === 403)
      return apiError(c, 403, 'forbidden', 'This request is not allowed from another site.');
    return apiError(c, error.status as ContentfulStatusCode, 'internal_error', error.message);
  }
  c.var.log?.error({ err: error }, 'unhandled error');
  if (isApi)
    return apiError(c, 500, 'internal_error', 'Something went wrong on the server. Please try again.');
  return c.text('Something went wrong. Please try again or refresh the page.', 500);
};
