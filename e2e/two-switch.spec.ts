import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes as checkA11y } from './helpers/axe.ts';
import { presetDisplayPreferences } from './helpers/display.ts';
import {
  finishOnboardingByApi,
  freshEmail,
  linkFromOutbox,
  signUpVerified,
  TEST_PASSWORD,
} from './helpers/reader.ts';

/*
 * Two-switch access (issue 17): a scanning switch user has two inputs, Tab (next) and Enter
 * (choose). These journeys move and choose with those two keys only; text is typed as an on-screen
 * keyboard would. A teacher signs up; a student finds a story in Premade Stories with the Level list
 * and "Just right for me", opens it and has it read aloud; the Display panel is worked and closed.
 * Then the same student's screens at Extra-large text on a 375 px phone. Screenshots go to
 * /tmp/shots (two-switch-*.png).
 */

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('pageerror:', error.message));
  return page;
}

/** Presses Tab (only Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab did not reach ${target.toString()} in ${max} presses`);
}

/** Tab to `target`, then Enter. */
async function choose(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

test.describe('two switches: Tab and Enter only', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a teacher signs up with Tab and Enter', async ({ browser }) => {
    const page = await newPage(browser);
    const email = freshEmail('two-switch-teacher');
    await page.goto('/login?mode=signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();

    // Continue with every field empty: focus goes to the first field, and each says what it needs.
    await choose(page, page.getByRole('button', { name: 'Continue' }));
    const displayName = page.getByRole('textbox', { name: 'Display name' });
    await expect(displayName).toBeFocused();
    await expect(displayName).toHaveAccessibleDescription(/Please enter a display name/);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      /Please enter your email address/,
    );
    await page.keyboard.type('Ms Rivera');
    await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(TEST_PASSWORD);
    await choose(page, page.getByRole('button', { name: 'Continue' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeFocused();

    // Every role is its own Tab stop; Enter chooses it and does not submit the form.
    for (const role of ['Student', 'Teacher', 'Parent/Guardian', 'Other']) {
      await tabTo(page, page.getByRole('radio', { name: role }), 3);
    }
    await page.keyboard.press('Enter');
    await expect(page.getByRole('radio', { name: 'Other' })).toBeChecked();
    await expect(page.getByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeVisible();
    await expect(page.getByText('Please select your role')).toHaveCount(0);
    // Round the page with Tab to Teacher, and choose it.
    await choose(page, page.getByRole('radio', { name: 'Teacher' }));
    await expect(page.getByRole('radio', { name: 'Teacher' })).toBeChecked();
    await expect(page.getByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeVisible();
    await page.screenshot({ path: join(SHOTS, 'two-switch-sign-up-role.png') });

    // The Grade list: Enter opens it, Tab moves through the options, Enter picks one.
    await choose(page, page.getByRole('button', { name: /Grade/ }));
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const picked = (await page.evaluate(() => document.activeElement?.textContent ?? '')).trim();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Grade/ })).toContainText(picked);

    await choose(page, page.getByRole('button', { name: 'Create Account' }));
    // The welcome message names the product, says what to do next and stays; focus is on it.
    const welcome = page.getByRole('region', { name: 'Welcome to Sparky Reads!' });
    await expect(welcome).toContainText(email);
    await expect(welcome).toContainText('press the link in it to confirm your address');
    await expect(page.getByRole('heading', { name: 'Welcome to Sparky Reads!' })).toBeFocused();
    await page.waitForTimeout(6000);
    await expect(welcome).toBeVisible(); // no 5-second toast: it stays
    await page.screenshot({ path: join(SHOTS, 'two-switch-welcome.png') });
    await checkA11y(page, '/login after sign-up');

    await page.goto(await linkFromOutbox(page, email, /Confirm your e-mail/));
    await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail is verified' })).toBeVisible();
    await choose(page, page.getByRole('link', { name: 'Sign in', exact: true }));
    await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(TEST_PASSWORD);
    await choose(page, page.getByRole('button', { name: 'Sign In', exact: true }));
    await expect(page).toHaveURL(/\/onboarding$/);
    await choose(page, page.getByRole('button', { name: 'Go to my dashboard' }));
    await expect(page).toHaveURL(/\/teacher-dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Teacher Dashboard' })).toBeVisible();

    // The sidebar's width by one press (no drag), with Tab and Enter.
    await choose(page, page.getByRole('button', { name: 'Wide' }));
    await expect(page.getByRole('button', { name: 'Wide' })).toHaveAttribute('aria-pressed', 'true');
    const aside = page.getByRole('complementary', { name: 'Sidebar navigation' });
    expect((await aside.boundingBox())?.width).toBeCloseTo(384, 0);
  });

  test('a student reads a story with Tab and Enter; the Display panel too', async ({ browser }) => {
    const page = await newPage(browser);
    const email = await signUpVerified(page, { name: 'Robin', grade: '2' });
    await page.goto('/login');
    await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(TEST_PASSWORD);
    await choose(page, page.getByRole('button', { name: 'Sign In', exact: true }));
    await expect(page).not.toHaveURL(/\/login/);
    await finishOnboardingByApi(page, '2');
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Home Dashboard' })).toBeVisible();

    // The Display panel: Enter works every control; a Close button lets a switch user out.
    await choose(page, page.getByRole('button', { name: 'Display' }));
    const panel = page.getByRole('dialog', { name: 'Display settings' });
    await expect(panel).toBeVisible();
    await choose(page, panel.getByRole('switch', { name: 'High contrast' }));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'high-contrast');
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'standard');
    await choose(page, panel.getByRole('radio', { name: 'Large', exact: true }));
    await expect(page.locator('html')).toHaveAttribute('data-text-size', 'large');
    await choose(page, panel.getByRole('button', { name: 'Close' }));
    await expect(panel).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Display' })).toBeFocused();

    // One name for the screen: menu label, heading and title agree.
    await choose(
      page,
      page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Premade Stories' }),
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Premade Stories' })).toBeVisible();
    await expect(page).toHaveTitle('Premade Stories · Sparky Reads');

    // The Level list with Tab and Enter: Grade 2 is a few options down.
    await choose(page, page.getByRole('button', { name: /Level/ }));
    const gradeTwo = page.getByRole('option', { name: 'Grade 2' });
    await tabTo(page, gradeTwo, 20);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/grade=2/);
    // "Just right for me" with Enter.
    await choose(page, page.getByRole('switch', { name: 'Just right for me' }));
    await expect(page.getByRole('switch', { name: 'Just right for me' })).toBeChecked();
    await expect(page).toHaveURL(/justRight=1/);
    await page.screenshot({ path: join(SHOTS, 'two-switch-library.png') });

    // Open a story: focus lands on its title, which is announced.
    const story = page.getByRole('list', { name: 'Stories' }).getByRole('link').first();
    const title = (await story.textContent())?.trim() ?? '';
    await choose(page, story);
    await expect(page).toHaveURL(/\/read-story\//);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeFocused();
    await expect(page.locator('#sparky-announcer-polite')).toContainText(
      (await heading.textContent()) ?? title,
    );

    // Read to me with Enter; Enter again pauses (the same button), Stop with Tab and Enter.
    await choose(page, page.getByRole('button', { name: 'Read to me' }));
    await expect(page.getByRole('status').filter({ hasText: 'Reading aloud' })).toBeVisible({
      timeout: 20_000,
    });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Audio paused.' })).toBeVisible();
    await choose(page, page.getByRole('button', { name: 'Stop' }));
    await expect(page.getByRole('status').filter({ hasText: 'Audio stopped.' })).toBeVisible();
    await page.screenshot({ path: join(SHOTS, 'two-switch-reader.png') });
    await checkA11y(page, '/read-story after stopping');
  });

  test('at Extra-large text on a 375 px phone: no sideways scroll, a small header', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    await presetDisplayPreferences(context, { textSize: 'extra-large' });
    const page = await context.newPage();
    const email = await signUpVerified(page, { name: 'Kai', grade: '2' });
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email, password: TEST_PASSWORD },
    });
    expect(signIn.status()).toBe(200);
    await finishOnboardingByApi(page, '2');

    await page.goto('/premade-stories');
    await expect(page.getByRole('heading', { level: 1, name: 'Premade Stories' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-text-size', 'extra-large');
    // The filters reflow: nothing spills past the screen's edge (WCAG 1.4.10).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const filters = page.getByRole('region', { name: 'Filter stories' });
    const box = (await filters.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    // The header leaves most of the screen to the page.
    const header = (await page.getByRole('banner').boundingBox())!;
    expect(header.height).toBeLessThanOrEqual(812 * 0.25);
    await page.screenshot({ path: join(SHOTS, 'two-switch-library-375-xl.png') });
    await checkA11y(page, '/premade-stories at 375 px, extra-large text');
    // About Us and Sign Out are in the menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await page.screenshot({ path: join(SHOTS, 'two-switch-menu-375-xl.png') });
    await context.close();
  });
});
