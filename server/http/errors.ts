import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Shape of every API error body: `{ error: { code, message } }`; `message` is fit to show a person. */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown };
}

/** Respond with an API error body. */
export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  details?: unknown,
) {
  const body: ApiErrorBody = { error: { code, message, ...(details === undefined ? {} : { details }) } };
  return c.json(body, status);
}
