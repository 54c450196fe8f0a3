import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * Vite builds the React app into dist/; in `npm run dev` it proxies /api to the Hono server.
 *
 * - `manifest`: dist/.vite/manifest.json lists every chunk and what it imports, for
 *   `npm run bench:bundle` and the bundle budget test (scripts/bundle-size.ts).
 * - compression: a gzip (level 9) and a brotli copy of every text file, written once at build
 *   time; the server sends the one the browser accepts (server/http/static.ts).
 */
export default defineConfig({
  plugins: [
    react(),
    compression({
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress')],
      exclude: [/\.map$/, /manifest\.json$/],
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
  build: { outDir: 'dist', sourcemap: true, manifest: true },
});
