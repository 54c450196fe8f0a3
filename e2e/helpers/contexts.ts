import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';

/**
 * Browser contexts a spec opened itself (`browser.newContext`), closed after each test by
 * {@link closeOpenedContexts} whether the test passed or not.
 *
 * Why: a context left open keeps its page running in the worker (Sparky's timers, queries, audio) for every
 * later test of that worker, and a later failure's report then attaches a screenshot of every such page and
 * takes its "error context" from the oldest one (Playwright's artifacts recorder screenshots `_allPages()`
 * when a test fails): nine stale screenshots in one report of 27 Nov 2026. A context closed in `afterEach`
 * is still screenshotted if its test failed (Playwright captures a closing context's pages first).
 */
const opened = new Set<BrowserContext>();

/**
 * `browser.newContext(options)`, remembered so that {@link closeOpenedContexts} closes it.
 * @param browser the worker's browser, or one the test launched
 * @param options Playwright's context options
 */
export async function openContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  opened.add(context);
  context.on('close', () => opened.delete(context));
  return context;
}

/** Closes every context {@link openContext} opened that is still open; for `test.afterEach`. */
export async function closeOpenedContexts(): Promise<void> {
  const contexts = [...opened];
  opened.clear();
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
}
