import { defineConfig, devices } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The config is evaluated in the runner and again in each worker: pick the port and the data folder once
// and pass them down through the environment, which workers inherit.
// The port is free and below the kernel's ephemeral range (scripts/free-port.mjs): a random port inside that
// range once collided with an outgoing connection's.
process.env.E2E_PORT ??= execFileSync(process.execPath, ['scripts/free-port.mjs'], {
  encoding: 'utf8',
}).trim();
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'sparky-e2e-'));
const port = Number(process.env.E2E_PORT);

/**
 * Debian's chromium in its headless-shell build (package chromium-headless-shell, the same release as
 * `chromium`, installed by `scripts/setup.sh --test`): Blink and V8 without the browser's own user interface,
 * which Playwright's own downloads use for headless runs too. On 2 cores it took about a quarter less CPU than
 * `/usr/bin/chromium --headless` for the same tests (ADR 0032). `E2E_CHROMIUM` names another build; without
 * the shell, `/usr/bin/chromium`.
 */
export const chromiumExecutable =
  process.env.E2E_CHROMIUM ??
  (existsSync('/usr/lib/chromium/chromium-headless-shell')
    ? '/usr/lib/chromium/chromium-headless-shell'
    : '/usr/bin/chromium');

/** Chromium flags that work on these machines (see ../shared/notes/stack-gotchas.md). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Playwright drives Debian's chromium (its headless shell, {@link chromiumExecutable}) against the real built app served by the real server on a free port,
 * with a temporary data folder (embedded PostgreSQL). `npm test` builds the app first.
 */
export default defineConfig({
  testDir: './e2e',
  // One folder per run, so runs side by side do not delete each other's traces.
  outputDir: `./test-results/run-${port}`,
  // Two files at a time: most of a journey's time is real time (the fake microphone plays its reading
  // at speaking pace, guidance waits 1 s and 3 s, the countdown 3 s), so a second worker roughly halves
  // the wall time on 2 cores. Three workers (26 Nov: 8.1 → 6.3 min on a quiet machine) were tried and
  // not kept: in one of three runs the mouse journey's reading came back with its left-out word scored
  // as read, which two workers have never shown, even on a machine loaded 5–8× over its cores.
  // Tests within a file run in order; every test makes its own users.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Generous on purpose: the suite shares 2 cores with other runs, and axe on a page in the
  // high-contrast theme took over a minute only when the machine was busy. Tests fail on behaviour,
  // not on load; speed targets live in `npm run bench:*`.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // A bound on every action and navigation, well past what a loaded machine needs: without one, an action
    // that can never succeed (a click on a covered button, a screenshot that never comes) waited out the
    // whole test's 7 minutes with no word of which step it was (27 Nov 2026, CI of stop 27).
    actionTimeout: 60_000,
    navigationTimeout: 90_000,
    // A failed test keeps a screenshot and Playwright's error context (the page's accessibility tree at
    // the failure, error-context.md). Its trace (actions, DOM, network, console) only with E2E_TRACE=1:
    // recording a trace of every test, to keep only the failed ones', cost the whole suite a fifth of its
    // CPU and of its time on 2 cores, even without DOM snapshots or the film strip (28 Nov 2026, 32 tests
    // alone on the machine: 800 → 640 s of CPU, 438 → 364 s; without snapshots 773 s, 428 s).
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    // The reader's system asks for less motion, so no animation runs (the product honours it: house style).
    // Chromium paints here without a GPU, and Sparky's bob while he speaks, the landing page's floating
    // Sparky and the spinners repaint at 60 frames a second: on 2 cores that took a quarter of the CPU and
    // made Playwright wait for moving targets to settle (27 Nov 2026: 8.1 → 5.0 min for the suite).
    // Motion itself is covered where it shows: the standard-theme axe test in public.spec.ts runs with
    // motion allowed and checks the landing page's Sparky moves, the high-contrast one that it does not.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // The test outbox exists only on a test server bound to loopback (issue #14 item 10).
      HOST: '127.0.0.1',
      // Every signed-out page of two workers speaks from one address (127.0.0.1): a classroom's worth.
      SPEECH_SIGNED_OUT_PER_MINUTE: '600',
      // The owner of e2e/role-test.spec.ts: this address gets the owner role at sign-up (server/env.ts).
      ADMIN_EMAILS: 'roles-owner@example.com',
    },
  },
});
