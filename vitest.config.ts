import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Three projects:
 * - unit: pure modules and server units in Node (core, machines, voice, a11y, server, scripts);
 * - ui: React components in jsdom (src);
 * - integration: tests/ against a real database — PGlite in memory, or PostgreSQL when
 *   TEST_DATABASE_URL is set (scripts/test.sh runs it both ways).
 *
 * Timeouts are generous on purpose: several engineers and CI share 2 cores, and graph-path tests
 * (xstate/graph paths replayed through a rendered page) and jsdom renders ran past Vitest's 5 s
 * default only when the machine was busy. A test must fail on behaviour, never on load; speed
 * targets live in `npm run bench:*` scripts instead.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{core,machines,voice,a11y,server,scripts}/**/*.test.ts'],
          // One module graph per worker (no module mocks here; 26 Nov 2026: 20 → 10 s on 2 cores).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['{src,voice,a11y}/**/*.test.tsx', 'src/**/*.test.ts'],
          setupFiles: ['./src/test-setup.ts'],
          // One jsdom and one module graph per worker, not per file: importing React, react-aria and
          // the app again for each of ~50 files was half of the step's time (26 Nov 2026: 126 → 69 s
          // on 2 cores). src/test-setup.ts gives each file an empty document, storage and toast store.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          globalSetup: ['./tests/helpers/global-setup.ts'],
          // One module graph per worker: each file still opens its own database and server, and no
          // file changes process.env or mocks a module (26 Nov 2026, 2 cores: PGlite 148 → 110 s,
          // PostgreSQL 72 → 40 s; shuffled file orders pass).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
