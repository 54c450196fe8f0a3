/** Logs the browser reports (mounted at /api): POST /api/log/not-found, public. */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError } from '../../http/errors.ts';
import { inputIssues } from '../../http/validate.ts';

/** Body of POST /api/log/not-found. */
export const NotFoundLogSchema = z.object({ path: z.string().min(1).max(2048) });

/** Build the log routes. */
export function createLogRoutes() {
  /**
   * POST /api/log/not-found { path } → 204; logs a visit to a path the app does not have (spec §2.1).
   * The browser sends it with navigator.sendBeacon as text/plain (a beacon never triggers a CORS
   * preflight), so the body is read as text and parsed here rather than by the JSON validator.
   * 400 `invalid_json`, 422 `invalid_input`.
   */
  return new Hono<AppEnv>().post('/log/not-found', async (c) => {
    let payload: unknown;
    try {
      payload = JSON.parse(await c.req.text());
    } catch {
      return apiError(c, 400, 'invalid_json', 'The body must be JSON like {"path": "/somewhere"}.');
    }
    const parsed = NotFoundLogSchema.safeParse(payload);
    if (!parsed.success) {
      return apiError(
        c,
        422,
        'invalid_input',
        'path must be a text of 1 to 2048 characters.',
        inputIssues(parsed.error),
      );
    }
    c.var.log.warn({ attemptedPath: parsed.data.path }, 'page not found');
    return c.body(null, 204);
  });
}
