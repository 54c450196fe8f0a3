/**
 * Serving the built front end (dist/, `STATIC_DIR`): files compressed and cached for how they
 * change, and `index.html` for every other path so deep links (/about, /read-story/…) load the app,
 * which shows its own not-found page.
 *
 * - Compression: `vite build` writes a brotli (`.br`) and a gzip (`.gz`) copy next to every text
 *   asset (vite.config.ts); the copy the browser accepts is sent with `Content-Encoding` and
 *   `Vary: Accept-Encoding`, so nothing is compressed per request.
 * - Caching: files under /assets/ have a content hash in their name and never change: cached for a
 *   year, `immutable`. Everything else (index.html, the favicon, the display-preferences script,
 *   the audio worklet) keeps its name across releases: `no-cache`, so a browser always asks.
 * - Files and folders whose name starts with a dot (the build manifest in .vite/, .build-hash) are
 *   not served; neither is a missing file under /assets/ replaced by index.html (a 404, so a stale
 *   page's request for a chunk that no longer exists fails as a script error, not as HTML).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './app-env.ts';

/** Cache-Control of content-hashed files (/assets/*): a year, never revalidated. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of files that keep their name across releases: always revalidated. */
export const REVALIDATE_CACHE = 'no-cache';

/** A path with a segment that starts with a dot (`/.vite/manifest.json`, `/x/.hidden`). */
const DOT_SEGMENT = /(^|\/)\./;

/**
 * Registers the front end's routes on `app`, after the API routes: hashed assets, other static
 * files, and the `index.html` fallback.
 *
 * @param app the application (its /api routes already registered)
 * @param staticDir the built front end's folder (`STATIC_DIR`, default ./dist)
 */
export function mountFrontEnd(app: Hono<AppEnv>, staticDir: string): void {
  const root = resolve(staticDir);
  const indexFile = join(root, 'index.html');

  app.use('*', async (c, next) => {
    if (DOT_SEGMENT.test(c.req.path)) return c.text('Not found', 404);
    await next();
  });
  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('cache-control', IMMUTABLE_CACHE);
    },
    serveStatic({ root, precompressed: true }),
    async (c) => c.text('Not found', 404),
  );
  app.use(
    '*',
    async (c, next) => {
      await next();
      if (c.res.status === 200 && !c.res.headers.has('cache-control')) {
        c.header('cache-control', REVALIDATE_CACHE);
      }
    },
    serveStatic({ root, precompressed: true }),
  );
  app.get('*', (c) => {
    if (!existsSync(indexFile)) {
      return c.text('The front end is not built. Run `npm run build` (npm start does it for you).', 503);
    }
    c.header('cache-control', REVALIDATE_CACHE);
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}
