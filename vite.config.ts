import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Vite builds the React app into dist/; in `npm run dev` it proxies /api to the Hono server. */
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
  build: { outDir: 'dist', sourcemap: true },
});
