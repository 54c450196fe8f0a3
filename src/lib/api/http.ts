/**
 * Calling the API: {@link call} for the typed client (src/lib/api/client.ts), {@link apiFetch} for
 * better-auth's own routes, which are not in the typed contract. Both throw {@link ApiError} with the
 * API's shared error code (core/api/errors.ts) for any answer that is not a success.
 */
import type { ClientResponse, parseResponse } from 'hono/client';
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

/** The success body of a typed call's answer (what hono's `parseResponse` would give). */
export type SuccessBody<T extends ClientResponse<unknown>> = Awaited<ReturnType<typeof parseResponse<T>>>;

/**
 * Awaits a call of the typed client and answers its success body, typed by the route. The body is
 * read as JSON whatever the content type says (an empty body is `null`).
 *
 * @example const { story } = await call(api.stories[':id'].$get({ param: { id } }))
 * @throws {ApiError} on a non-2xx answer (with the server's code and message) or a network failure
 */
export async function call<T extends ClientResponse<unknown>>(request: Promise<T>): Promise<SuccessBody<T>> {
  let response: T;
  let text: string;
  try {
    response = await request;
    text = await response.text();
  } catch (cause) {
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error');
  }
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!response.ok) throw apiErrorOf(response.status, response.statusText, body);
  return body as SuccessBody<T>;
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

/**
 * TanStack Query's `retry` for answers that a second try will not change: a 4xx (a refusal: 401, 403, 404, 409, 422)
 * is not asked again; anything else (a 5xx, a network failure) is, twice.
 */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}
