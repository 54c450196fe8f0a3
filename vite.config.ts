import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** A file of react-router's own production build (see `resolve.alias` below). */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * Vite builds the React app into dist/; in `npm run dev` it proxies /api to the Hono server.
 *
 * - `manifest`: dist/.vite/manifest.json lists every chunk and what it imports, for
 *   `npm run bench:bundle` and the bundle budget test (scripts/bundle-size.ts).
 * - compression: a gzip (level 9) and a brotli copy of every text file, written once at build
 *   time; the server sends the one the browser accepts (server/http/static.ts).
 * - The landing page's first load (docs/decisions/0012-route-splitting.md, 29 Nov 2026):
 *   - one chunk: every module the entry reaches statically (rolldown's `$initial` tag) goes into
 *     the entry's chunk, instead of rolldown's shared chunks (React, the button, the icons…), which
 *     the landing page fetched as ten files, each compressed on its own and each exporting its
 *     names to the others. The group follows the code: what the entry imports is in it, what only
 *     lazy pages import stays in their chunks.
 *   - react-router's production build: its package.json sends every bundler to its development
 *     build, which keeps its developer warnings (remix-run/react-router#12532, #14102).
 *   - no modulepreload polyfill: every browser we support knows `<link rel="modulepreload">`
 *     (one without it only loads a lazy chunk's imports one after the other).
 */
export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    compression({
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress')],
      exclude: [/\.map$/, /manifest\.json$/],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    // Only when building: `npm run dev` keeps react-router's development warnings.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
    },
  },
}));
