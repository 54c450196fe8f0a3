/**
 * The one JSON fetcher of the account API (server/routes, contract in core/api/account.ts).
 * Answers are parsed with the zod schema the server shares, so a changed contract fails loudly
 * here instead of deep inside a component.
 */
import type { z } from 'zod';

/** The error body every API route answers with (`{ error: { code, message, details? } }`). */
export interface ApiErrorBody {
  code: string;
  message: string;
  details?: unknown;
}

/**
 * A non-2xx answer of the API, or a network failure (`status` 0, code `network_error`).
 * `message` is the server's own text, shown in toasts as the provider's message (spec §8).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    /** Machine-readable code, e.g. `unauthenticated`, `weak_password`, `account_locked`. */
    readonly code: string,
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

function errorBody(json: unknown): ApiErrorBody | null {
  if (typeof json !== 'object' || json === null || !('error' in json)) return null;
  const error = (json as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, details } = error as Partial<ApiErrorBody>;
  return {
    code: typeof code === 'string' ? code : 'error',
    message: typeof message === 'string' ? message : '',
    details,
  };
}

/**
 * Calls the API and parses the JSON answer with `schema`.
 *
 * @param path an `/api/...` path on this origin
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
  if (!response.ok) {
    const error = errorBody(body);
    throw new ApiError(
      response.status,
      error?.code ?? 'http_error',
      error?.message || response.statusText,
      error?.details,
    );
  }
  return schema.parse(body);
}
