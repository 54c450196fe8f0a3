import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Three projects:
 * - unit: pure modules and server units in Node (core, machines, voice, a11y, server, scripts);
 * - ui: React components in jsdom (src);
 * - integration: tests/ against a real database — PGlite in memory, or PostgreSQL when
 *   TEST_DATABASE_URL is set (scripts/test.sh runs it both ways).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{core,machines,voice,a11y,server,scripts}/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['{src,voice,a11y}/**/*.test.tsx'],
          setupFiles: ['./src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          globalSetup: ['./tests/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
