import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { bounded } from './bounded.ts';

/** The rule sets every page is checked against: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe on the page as it is now and fails with a readable list (rule, impact, help, the first
 * few offending elements) when anything is found. The page must come from `browser.newContext()`,
 * not `browser.newPage()` (see ../shared/notes/stack-gotchas.md).
 *
 * react-aria's live announcer (`[data-live-announcer]`) is left out: when a pending Button (sign in,
 * save) is removed by the navigation it caused, react-aria keeps for 7 s an announcement node
 * `<div role="img" aria-labelledby="(the removed button)">` that axe reports as an unnamed image. The node
 * sits in an aria-live log that has already spoken; it is not content a reader can reach.
 *
 * Legacy mode (`axe.run` in the page itself): by default @axe-core/playwright runs axe per frame and
 * merges the results in a blank page it opens for each check (`axe.finishRun`), which took half of each
 * check's time (26 Nov 2026: 0.6–0.8 s against 0.3–0.4 s per page on an idle machine; the suite runs
 * about 80 checks). Legacy mode does not look inside iframes; our pages have none, and the check
 * fails if one appears, so that nobody loses the frame's checks without knowing.
 *
 * @param page the page to check
 * @param label what is being checked, for the failure message (e.g. "/about, high contrast")
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  await settleTransitions(page);
  expect(
    await page.locator('iframe, frame').count(),
    `${label}: an iframe (axe's legacy mode skips it)`,
  ).toBe(0);
  // Axe on a page in the high-contrast theme took over a minute on a busy machine; three is a hang.
  const results = await bounded(
    new AxeBuilder({ page })
      .withTags(WCAG_TAGS)
      .exclude('[data-live-announcer]')
      .setLegacyMode(true)
      .analyze(),
    `axe on ${label}`,
    180_000,
  );
  const violations = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  }));
  expect(violations, `axe violations on ${label}`).toEqual([]);
}

/**
 * {@link expectNoAxeViolations} in the standard theme and in high contrast (the theme the Display
 * button sets on `<html>`), leaving the page in the standard theme.
 *
 * @param page the page to check
 * @param label what is being checked, e.g. "/home"
 */
export async function expectNoAxeViolationsInBothThemes(page: Page, label: string): Promise<void> {
  await expectNoAxeViolations(page, `${label}, standard`);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'high-contrast'));
  await expectNoAxeViolations(page, `${label}, high contrast`);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'standard'));
}

/**
 * Waits (at most 5 s) for the page's finite CSS transitions and animations to end, so that axe measures
 * the colours a reader sees and not a mix caught half-way (a theme switch fades the buttons' colours).
 * Endless animations (a pulsing microphone) are left alone.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => {
      const end = Number(animation.effect?.getComputedTiming().endTime ?? 0);
      return Number.isFinite(end);
    });
    await Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]);
  });
}
