import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  LANDING_BUDGET_BYTES,
  ROUTE_CHUNK_BUDGET_BYTES,
  VITE_WARNING_BYTES,
  bundleReport,
  entryKey,
  kB,
  staticClosure,
  unlistedDynamicEntries,
  type Manifest,
} from '../scripts/bundle-size.ts';
import { closeOpenedContexts, openContext } from './helpers/contexts.ts';

test.afterEach(closeOpenedContexts);

/*
 * The first-load budgets of issue #15 (docs/decisions/0012-route-splitting.md), on the build the
 * server is serving: the landing page's JavaScript at most 120 kB gzipped, every chunk a route
 * loads on top of it at most 80 kB, no file over Vite's 500 kB warning. Then, in the browser, that
 * the landing page loads exactly what the manifest says, compressed and cached as it should be.
 */

const dist = join(import.meta.dirname, '..', 'dist');
const readManifest = () => JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
const read = (file: string) => readFileSync(join(dist, file));

test.describe('bundle budget', () => {
  test('the landing page, every route chunk and every file stay within their budgets', () => {
    const manifest = readManifest();
    expect(unlistedDynamicEntries(manifest), 'the route table in scripts/bundle-size.ts').toEqual({
      unlisted: [],
      missing: [],
    });
    const report = bundleReport(manifest, read);
    expect(
      report.landing.gzipBytes,
      `landing page first load ${kB(report.landing.gzipBytes)} (budget ${kB(LANDING_BUDGET_BYTES)})`,
    ).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
    // Every chunk a route loads, and every chunk a lazily loaded part (the chart, sign-up's fields…)
    // adds on top of its route.
    for (const { route, added } of [...report.routes, ...report.parts]) {
      for (const chunk of added.files) {
        expect(chunk.gzipBytes, `${route}: ${chunk.file} is ${kB(chunk.gzipBytes)}`).toBeLessThanOrEqual(
          ROUTE_CHUNK_BUDGET_BYTES,
        );
      }
    }
    expect(report.largestFile.rawBytes, report.largestFile.file).toBeLessThan(VITE_WARNING_BYTES);
  });

  test('the browser loads the landing page’s first load and no more, compressed and cached', async ({
    browser,
  }) => {
    const manifest = readManifest();
    // The first load, and Sparky's audio engine, which the landing page loads right after its first
    // paint to say its guidance 1 s later (issue 10; a lazy part in scripts/bundle-size.ts).
    const expected = [...staticClosure(manifest, [entryKey(manifest), 'src/app/audio/audio-engine.ts'])]
      .map((key) => `/${manifest[key]!.file}`)
      .filter((file) => file.endsWith('.js'))
      .sort();
    const context = await openContext(browser);
    const page = await context.newPage();
    const scripts = new Map<string, Record<string, string>>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js') && url.pathname.startsWith('/assets/')) {
        scripts.set(url.pathname, response.headers());
      }
    });
    const document = await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Help children learn to read' })).toBeVisible();
    // The audio engine comes after first paint (an effect's import): on a loaded machine the network can be idle
    // for 500 ms before it starts, so wait for everything expected, then for quiet, then compare (nothing more).
    await expect.poll(() => expected.filter((file) => !scripts.has(file)), { timeout: 30_000 }).toEqual([]);
    await page.waitForLoadState('networkidle');

    expect([...scripts.keys()].sort()).toEqual(expected);
    for (const [path, headers] of scripts) {
      expect(headers['content-encoding'], path).toMatch(/^(br|gzip)$/);
      expect(headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
    }
    expect(document?.headers()['cache-control']).toBe('no-cache');

    // The display settings panel is its own chunk, loaded only when it is wanted.
    await page.getByRole('button', { name: 'Display' }).click();
    await expect(page.getByRole('dialog', { name: 'Display settings' })).toBeVisible();
    expect(scripts.size).toBeGreaterThan(expected.length);
    await context.close();
  });
});
