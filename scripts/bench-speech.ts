/**
 * `npm run bench:speech`: how soon Sparky talks (issue 10). Starts the real server on 127.0.0.1 with a
 * fresh data folder (so its speech cache starts empty) over the built app, and:
 *
 * 1. flite's time to first byte for a 20-word line: GET /api/speech (synthesis) then the first byte of
 *    its audio, each run at another speed so that every one is a real synthesis;
 * 2. in headless Chromium (autoplay allowed), the time from a route change (a click on the landing
 *    page's About link) to the first guidance audio starting, read from the audio queue's performance
 *    marks (src/app/audio/marks.ts). Printed both from the route change (which includes the §4.8
 *    1000 ms wait before guidance) and from the moment the guidance is offered (the latency the
 *    targets are about). Uncached: each visit at a new speed, so the server synthesises the line;
 *    cached: the same speed again in a new page (the browser's 50-entry cache is empty, the server's
 *    disk cache answers).
 *
 * Targets (issue 10), from guidance offered to audio: ≤ 300 ms cached, ≤ 1.5 s uncached, on 2 cores.
 * Figures measured while other work loads the machine are indicative only.
 *
 *   npm run bench:speech [-- --runs 8]   (builds the app first)
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { ABOUT_GUIDANCE } from '../src/features/about/about.guidance.ts';
import { PLAY_MARK, SPEAK_MARK } from '../src/app/audio/marks.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '8' } } });
const RUNS = Math.max(2, Number(values.runs));
const TARGET_CACHED_MS = 300;
const TARGET_UNCACHED_MS = 1500;
const LINE_20_WORDS =
  'Once upon a time a little red fox ran into the green forest to find a big shiny apple for lunch.';

/** Chromium flags that work on these machines (as playwright.config.ts), and autoplay allowed. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

/** A free port below the ephemeral range (scripts/free-port.mjs). */
const port = Number(execFileSync(process.execPath, ['scripts/free-port.mjs'], { encoding: 'utf8' }).trim());
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'sparky-bench-speech-'));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const fmt = (ms: number[]) =>
  `median ${Math.round(percentile(ms, 50))} ms, p95 ${Math.round(percentile(ms, 95))} ms (n=${ms.length})`;

async function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start within 120 s');
}

/** flite: GET /api/speech (synthesis, signed out: flite) and the first byte of the audio. */
async function fliteFirstByte(speed: number): Promise<number> {
  const started = performance.now();
  const answer = await fetch(`${base}/api/speech?text=${encodeURIComponent(LINE_20_WORDS)}&speed=${speed}`);
  if (!answer.ok) throw new Error(`GET /api/speech answered ${answer.status}`);
  const { audioUrl } = (await answer.json()) as { audioUrl: string };
  const audio = await fetch(new URL(audioUrl, base));
  const reader = audio.body!.getReader();
  await reader.read();
  const elapsed = performance.now() - started;
  await reader.cancel();
  return elapsed;
}

async function main() {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const ttfb: number[] = [];
    for (let i = 0; i < RUNS; i++) ttfb.push(await fliteFirstByte(0.6 + i * 0.01));

    /** One visit: the landing page, then a click on About; times from the marks. */
    const visit = async (speed: number) => {
      const context = await browser.newContext();
      await context.addInitScript((value) => {
        localStorage.setItem('sparky-audio-settings', JSON.stringify({ speed: value }));
      }, speed);
      const page = await context.newPage();
      await page.goto(`${base}/`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const routeAt = await page.evaluate(() => performance.now());
      await page.getByRole('link', { name: 'About', exact: true }).first().click();
      const line = ABOUT_GUIDANCE[0];
      const marks = await page.waitForFunction(
        // No named inner functions: tsx would wrap them in a helper the page does not have.
        ({ speak, play, text }) => {
          const offered = performance
            .getEntriesByName(speak)
            .find((m) => (m as PerformanceMark).detail === text);
          const started = performance
            .getEntriesByName(play)
            .find((m) => (m as PerformanceMark).detail === text);
          return offered && started ? { offered: offered.startTime, started: started.startTime } : null;
        },
        { speak: SPEAK_MARK, play: PLAY_MARK, text: line },
        { timeout: 60_000, polling: 20 },
      );
      const { offered, started } = (await marks.jsonValue())!;
      await context.close();
      return { fromRoute: started - routeAt, fromOffer: started - offered };
    };

    const uncached: { fromRoute: number; fromOffer: number }[] = [];
    const cached: { fromRoute: number; fromOffer: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const speed = 1.2 + i * 0.01;
      uncached.push(await visit(speed));
      cached.push(await visit(speed));
    }

    console.log(`Sparky speaks (npm run bench:speech), ${RUNS} runs each, on ${base}`);
    console.log(`flite, 20-word line, request to first audio byte: ${fmt(ttfb)}`);
    console.log('Route change → first guidance audio (includes the §4.8 1000 ms wait):');
    console.log(`  uncached: ${fmt(uncached.map((r) => r.fromRoute))}`);
    console.log(`  cached:   ${fmt(cached.map((r) => r.fromRoute))}`);
    console.log('Guidance offered → its audio starts (the targets):');
    const u = uncached.map((r) => r.fromOffer);
    const c = cached.map((r) => r.fromOffer);
    console.log(
      `  uncached: ${fmt(u)}  target ≤ ${TARGET_UNCACHED_MS} ms: ${percentile(u, 95) <= TARGET_UNCACHED_MS ? 'met' : 'NOT met'} (p95)`,
    );
    console.log(
      `  cached:   ${fmt(c)}  target ≤ ${TARGET_CACHED_MS} ms: ${percentile(c, 95) <= TARGET_CACHED_MS ? 'met' : 'NOT met'} (p95)`,
    );
    console.log('Measured on a shared machine the figures are indicative.');
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
