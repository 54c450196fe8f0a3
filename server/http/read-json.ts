import type { Context } from 'hono';

/** Maximum JSON body accepted by the API, in bytes. */
export const MAX_JSON_BYTES = 64 * 1024;

/** Result of reading a JSON body: the value, or a ready error description. */
export type JsonBody =
  { ok: true; value: unknown } | { ok: false; status: 400 | 413; code: string; message: string };

/** Read a JSON body, refusing bodies over MAX_JSON_BYTES and text that is not JSON. */
export async function readJson(c: Context): Promise<JsonBody> {
  const text = await c.req.text();
  if (text.length > MAX_JSON_BYTES) {
    return { ok: false, status: 413, code: 'body_too_large', message: 'The request body is too large.' };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, status: 400, code: 'invalid_json', message: 'The request body must be JSON.' };
  }
}
