import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { THEMES, presetDisplayPreferences } from './helpers/display.ts';
import { ABOUT_GUIDANCE } from '../src/features/about/about.guidance.ts';
import { LANDING_GUIDANCE } from '../src/features/landing/landing.guidance.ts';
import { closeOpenedContexts, openContext } from './helpers/contexts.ts';

test.afterEach(closeOpenedContexts);

/*
 * The signed-out pages of issue 2 / spec §2.1, against the real built app on the real server.
 * Queries go by role and accessible name only.
 */

const SIGN_UP = '/login?mode=signup';
const SIGN_UP_BUTTONS = [
  'Start as Parent',
  'Start as Teacher',
  'Start Reading',
  'Start Free Today',
  'Sign Up',
];
const UNKNOWN_PATH = '/this/page/does-not-exist';

async function openLanding(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Help children learn to read' })).toBeVisible();
}

test.describe('landing page', () => {
  test('renders every section of spec §2.1', async ({ page }) => {
    await openLanding(page);
    await expect(page).toHaveTitle(/Sparky Reads/);

    // Top bar: Features and How It Works anchors, About, Sign In, and the display settings.
    const banner = page.getByRole('banner');
    const nav = banner.getByRole('navigation', { name: 'Main' });
    for (const name of ['Features', 'How It Works', 'About', 'Sign In']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(banner.getByRole('button', { name: 'Display' })).toBeVisible();

    // Hero, why, features, how it works, roles, closing call to action.
    await expect(page.getByRole('region', { name: 'Help children learn to read' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Why Sparky Reads exists' })).toBeVisible();

    const features = page.getByRole('region', { name: 'Features' });
    await expect(features.getByRole('listitem')).toHaveCount(12);
    await expect(features.getByRole('heading', { level: 3 })).toHaveCount(12);
    // Every card says where it stands, in words.
    await expect(features.getByText(/^(Ready now|Being built now|Coming later)$/)).toHaveCount(12);

    const how = page.getByRole('region', { name: 'How It Works' });
    await expect(how.getByRole('heading', { level: 3 })).toHaveText([
      'Step 1: Sign Up',
      'Step 2: Take Screening',
      'Step 3: Practice Daily',
      'Step 4: Track Progress',
    ]);

    const roles = page.getByRole('region', { name: 'For families, classrooms and young readers' });
    await expect(roles.getByRole('heading', { level: 3 })).toHaveText(['Parents', 'Teachers', 'Students']);

    await expect(page.getByRole('region', { name: 'Ready to read with Sparky?' })).toBeVisible();

    // Footer with honest placeholder links.
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'About Sparky Reads' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Privacy' })).toBeVisible();
    await expect(
      footer.getByText('Terms of use: set by the school or family that runs this server'),
    ).toBeVisible();
    const footerHrefs = await footer
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(footerHrefs.filter((href) => !href || href === '#')).toEqual([]);
  });

  test('every sign-up button leads to /login?mode=signup', async ({ page }) => {
    await openLanding(page);
    for (const name of SIGN_UP_BUTTONS) {
      const links = page.getByRole('main').getByRole('link', { name, exact: true });
      expect(await links.count(), `${name} exists`).toBeGreaterThan(0);
      for (const link of await links.all()) await expect(link).toHaveAttribute('href', SIGN_UP);
    }
    for (const name of SIGN_UP_BUTTONS) {
      await openLanding(page);
      await page.getByRole('main').getByRole('link', { name, exact: true }).first().click();
      await expect(page).toHaveURL(SIGN_UP);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('the Features and How It Works anchors move to their sections', async ({ page }) => {
    await openLanding(page);
    const nav = page.getByRole('navigation', { name: 'Main' });

    await nav.getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL('/#features');
    const featuresHeading = page.getByRole('heading', { level: 2, name: 'Features' });
    await expect(featuresHeading).toBeFocused();
    await expect(featuresHeading).toBeInViewport();

    await nav.getByRole('link', { name: 'How It Works' }).click();
    await expect(page).toHaveURL('/#how-it-works');
    await expect(page.getByRole('heading', { level: 2, name: 'How It Works' })).toBeFocused();
  });

  test('the anchors work from another page too', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' }).click();
    await expect(page).toHaveURL('/#how-it-works');
    await expect(page.getByRole('heading', { level: 2, name: 'How It Works' })).toBeFocused();
  });

  test('About and Sign In lead to their pages; focus lands on the new heading', async ({ page }) => {
    await openLanding(page);
    const nav = page.getByRole('navigation', { name: 'Main' });

    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL('/about');
    const aboutHeading = page.getByRole('heading', { level: 1, name: 'About Sparky Reads' });
    await expect(aboutHeading).toBeFocused();
    await expect(page).toHaveTitle('About · Sparky Reads');

    await nav.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: 'Sparky Reads' }).click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('not-found page', () => {
  test('shows the spec text, logs the path and links home', async ({ page }) => {
    const logged = page.waitForRequest((request) => request.url().endsWith('/api/log/not-found'));
    await page.goto(UNKNOWN_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    const request = await logged;
    expect(request.method()).toBe('POST');
    expect(JSON.parse(request.postData() ?? '{}')).toEqual({ path: UNKNOWN_PATH });
    const response = await request.response();
    expect(response?.status()).toBe(204);

    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Help children learn to read' })).toBeVisible();
  });
});

test.describe('keyboard', () => {
  test('Tab reaches the skip link first, and it moves focus to main', async ({ page }) => {
    await openLanding(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab continues inside main, at its first link.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').getByRole('link', { name: 'Start Reading' }).first()).toBeFocused();
  });

  test('the display settings work from the keyboard and are remembered', async ({ page }) => {
    await openLanding(page);
    const display = page.getByRole('button', { name: 'Display' });
    await display.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Display settings' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('switch', { name: 'High contrast' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'high-contrast');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('html')).toHaveAttribute('data-text-size', 'large');
    await page.keyboard.press('Escape');
    await expect(display).toBeFocused();

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'high-contrast');
    await expect(page.locator('html')).toHaveAttribute('data-text-size', 'large');
  });
});

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  const pages = [
    { path: '/', heading: 'Help children learn to read' },
    { path: '/about', heading: 'About Sparky Reads' },
    { path: '/login', heading: null },
    { path: UNKNOWN_PATH, heading: 'Oops! Page not found' },
  ];

  // One test per theme, a step per page: a new browser context per page cost more than axe itself.
  // Every other test runs with the system asking for less motion (playwright.config.ts); here the
  // standard theme runs with motion allowed, as most readers have it.
  for (const theme of THEMES) {
    const motion = theme === 'standard' ? 'no-preference' : 'reduce';
    test(`the public pages and the Display settings panel have no violations in the ${theme} theme (motion: ${motion})`, async ({
      browser,
    }) => {
      const context = await openContext(browser, { reducedMotion: motion });
      await presetDisplayPreferences(context, { theme });
      const page = await context.newPage();
      for (const { path, heading } of pages) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expect(
            heading
              ? page.getByRole('heading', { level: 1, name: heading })
              : page.getByRole('heading', { level: 1 }),
          ).toBeVisible();
          await expectNoAxeViolations(page, `${path} (${theme})`);
          if (path === '/') {
            // The landing page's Sparky floats, unless the system asks for less motion (house style).
            const running = () =>
              page
                .locator('.hero__sparky')
                .evaluate((el) => el.getAnimations().filter((a) => a.playState === 'running').length);
            await expect.poll(running).toBe(motion === 'reduce' ? 0 : 1);
          }
        });
      }
      await test.step('the open Display settings panel', async () => {
        await openLanding(page);
        await page.getByRole('button', { name: 'Display' }).click();
        await expect(page.getByRole('dialog', { name: 'Display settings' })).toBeVisible();
        await expectNoAxeViolations(page, `Display settings (${theme})`);
      });
      await context.close();
    });
  }

  test('the landing page has no violations at 375 px with extra-large text', async ({ browser }) => {
    const context = await openContext(browser, { viewport: { width: 375, height: 800 } });
    await presetDisplayPreferences(context, { textSize: 'extra-large' });
    const page = await context.newPage();
    await openLanding(page);
    await expectNoAxeViolations(page, '/ at 375 px, extra-large text');
    // Nothing scrolls sideways (WCAG 1.4.10 reflow).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});

test.describe('Sparky speaks (issue 10)', () => {
  test('explains the landing page aloud and in captions, then the next page after a route change', async ({
    browser,
  }) => {
    const context = await openContext(browser);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/speech') asked.push(url.searchParams.get('text') ?? '');
    });
    await openLanding(page);
    const strip = page.getByRole('region', { name: "Sparky's captions" });

    // The first line, 1 s after arriving: asked of the speech API (flite, signed out) and captioned.
    await expect(strip).toContainText(LANDING_GUIDANCE[0], { timeout: 30_000 });
    // (A caption shows as its line starts loading, a moment before Playwright hears of the request.)
    await expect.poll(() => asked[0], { timeout: 15_000 }).toBe(LANDING_GUIDANCE[0]);
    // Audio may wait for a first touch (autoplay); a press on the page lets it play, then line two.
    await page.getByRole('heading', { level: 1 }).click();
    await expectNoAxeViolations(page, 'the caption strip');
    await expect.poll(() => asked.slice(0, 2), { timeout: 30_000 }).toEqual([...LANDING_GUIDANCE]);

    // A route change: the next page's guidance, and nothing left of the landing page's.
    await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
    await expect(strip).toContainText(ABOUT_GUIDANCE[0], { timeout: 30_000 });
    expect(asked.filter((text) => text === LANDING_GUIDANCE[0])).toHaveLength(1);
    await context.close();
  });
});
