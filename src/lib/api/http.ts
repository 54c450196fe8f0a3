/**
 * Calling the API: {@link call} for the typed client (src/lib/api/client.ts), {@link apiFetch} for
 * better-auth's own routes, which are not in the typed contract. Both throw {@link ApiError} with the
 * API's shared error code (core/api/errors.ts) for any answer that is not a success.
 */
import { DetailedError, parseResponse, type ClientResponse } from 'hono/client';
import type { z } from 'zod';
import { ApiErrorBodySchema, type ApiErrorCode, type ClientErrorCode } from '#core/api/errors.ts';

/**
 * A non-2xx answer of the API, or a network failure (`status` 0, code `network_error`).
 * `message` is the server's own text, shown in toasts as the provider's message (spec §8).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    /**
     * One of the API's codes (core/api/errors.ts), e.g. `unauthenticated`, `weak_password`,
     * `account_locked`; `network_error` without an answer; `http_error` for an answer without our shape.
     */
    readonly code: ApiErrorCode | ClientErrorCode,
    message: string,
    /** Extra detail, e.g. `{ reasons: string[] }` for a weak password. */
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Whether `error` is an {@link ApiError} for a signed-out visitor (HTTP 401). */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The {@link ApiError} of a failed answer: its body's code and message when it has the shared shape
 * (core/api/errors.ts), else `http_error` with the status text.
 */
export function apiErrorOf(status: number, statusText: string, body: unknown): ApiError {
  const parsed = ApiErrorBodySchema.safeParse(body);
  if (!parsed.success) return new ApiError(status, 'http_error', statusText || `HTTP ${status}`);
  const { code, message, details } = parsed.data.error;
  return new ApiError(status, code, message || statusText, details);
}

/**
 * Awaits a call of the typed client and answers its success body, typed by the route.
 *
 * @example const { story } = await call(api.stories[':id'].$get({ param: { id } }))
 * @throws {ApiError} on a non-2xx answer (with the server's code and message) or a network failure
 */
export async function call<T extends ClientResponse<unknown>>(
  request: Promise<T>,
): ReturnType<typeof parseResponse<T>> {
  try {
    return await parseResponse(request);
  } catch (error) {
    if (error instanceof DetailedError) {
      const detail = error.detail as { data?: unknown; statusText?: string } | undefined;
      throw apiErrorOf(Number(error.statusCode ?? 0), detail?.statusText ?? '', detail?.data);
    }
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'Network error');
  }
}

/**
 * Calls one of better-auth's routes (not in the typed contract) and parses the JSON answer with `schema`.
 *
 * @param path an `/api/auth/...` path on this origin
 * @param schema zod schema of the 2xx body
 * @param init fetch options; a `json` body is serialised and sent with the JSON content type
 * @throws {ApiError} on a non-2xx answer (with the server's code and message) or a network failure
 */
export async function apiFetch<TSchema extends z.ZodType>(
  path: string,
  schema: TSchema,
  init: Omit<RequestInit, 'body'> & { json?: unknown } = {},
): Promise<z.infer<TSchema>> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        Accept: 'application/json',
        ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(headers as Record<string, string> | undefined),
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  } catch (cause) {
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorOf(response.status, response.statusText, body);
  return schema.parse(body);
}
