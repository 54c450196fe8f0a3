import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes as checkA11y } from './helpers/axe.ts';
import { expectNotObscured } from './helpers/focus.ts';
import {
  finishOnboardingByApi,
  freshEmail,
  linkFromOutbox,
  signUpVerified,
  TEST_PASSWORD,
} from './helpers/reader.ts';
import { closeOpenedContexts, openContext } from './helpers/contexts.ts';
import { saveShot } from './helpers/shots.ts';

test.afterEach(closeOpenedContexts);

/*
 * Two-switch access (issue 17): a scanning switch user has two inputs, Tab (next) and Enter
 * (choose). One journey with those two keys only (text is typed as an on-screen keyboard would): a
 * teacher signs up; then a student opens a story from Premade Stories, has it read aloud and stops
 * it, and sets Extra-large text in the Display panel, after which the library fits a 375 px phone.
 * The details of each control (every radio, switch, list and the Display panel's controls with Tab
 * and Enter) are proven by component tests: src/ui/two-switch.test.tsx, src/ui/DisplaySettings.test.tsx.
 * Screenshots go to E2E_SHOTS_DIR when it is set (two-switch-*.png).
 */

async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await openContext(browser, { viewport });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('pageerror:', error.message));
  return page;
}

/**
 * Presses Tab (only Tab) until `target` has focus, which must not be hidden under the caption strip or
 * Sparky; fails after `max` presses.
 */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      await expectNotObscured(target);
      return;
    }
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
  test('a teacher signs up, then a student reads a story, with Tab and Enter alone', async ({ browser }) => {
    test.setTimeout(240_000);
    // A phone held upright: Sparky's caption strip floats over a third of the screen, and each field
    // Tab reaches must scroll above it.
    const page = await newPage(browser, { width: 375, height: 667 });
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

    // Teacher is its own Tab stop (after Student); Enter chooses it and does not submit the form.
    await tabTo(page, page.getByRole('radio', { name: 'Student' }), 5);
    await choose(page, page.getByRole('radio', { name: 'Teacher' }));
    await expect(page.getByRole('radio', { name: 'Teacher' })).toBeChecked();
    await expect(page.getByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeVisible();
    await expect(page.getByText('Please select your role')).toHaveCount(0);

    // The Grade list: Enter opens it, Tab moves through the options, Enter picks one.
    await choose(page, page.getByRole('button', { name: /Grade/ }));
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const picked = (await page.evaluate(() => document.activeElement?.textContent ?? '')).trim();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Grade/ })).toContainText(picked);
    await saveShot(page, 'two-switch-sign-up-role');

    await choose(page, page.getByRole('button', { name: 'Create Account' }));
    // The welcome message names the product, says what to do next and stays; focus is on it.
    const welcome = page.getByRole('region', { name: 'Welcome to Sparky Reads!' });
    await expect(welcome).toContainText(email);
    await expect(welcome).toContainText('press the link in it to confirm your address');
    await expect(page.getByRole('heading', { name: 'Welcome to Sparky Reads!' })).toBeFocused();
    await saveShot(page, 'two-switch-welcome');
    await checkA11y(page, '/login after sign-up');
    await page.goto(await linkFromOutbox(page, email, /Confirm your e-mail/));
    await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail is verified' })).toBeVisible();
    await page.context().close();

    // A student (signed up and in through the API) reads a story.
    const reader = await newPage(browser);
    const student = await signUpVerified(reader, { name: 'Robin', grade: '2' });
    const signIn = await reader.request.post('/api/auth/sign-in/email', {
      data: { email: student, password: TEST_PASSWORD },
    });
    expect(signIn.status()).toBe(200);
    await finishOnboardingByApi(reader, '2');
    await reader.goto('/home');
    await expect(reader.getByRole('heading', { level: 1, name: 'Home Dashboard' })).toBeVisible();

    // One name for the screen: menu label, heading and title agree.
    await choose(
      reader,
      reader.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Premade Stories' }),
    );
    await expect(reader.getByRole('heading', { level: 1, name: 'Premade Stories' })).toBeVisible();
    await expect(reader).toHaveTitle('Premade Stories · Sparky Reads');

    // Open the first story: focus lands on its title, which is announced.
    const story = reader.getByRole('list', { name: 'Stories' }).getByRole('link').first();
    const title = (await story.textContent())?.trim() ?? '';
    expect(title).not.toBe('');
    await choose(reader, story);
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeFocused();
    await expect(reader.locator('#sparky-announcer-polite')).toContainText(title);

    // Read to me with Enter; Enter again pauses (the same button), Stop with Tab and Enter.
    await choose(reader, reader.getByRole('button', { name: 'Read to me' }));
    await expect(reader.getByRole('status').filter({ hasText: 'Reading aloud' })).toBeVisible({
      timeout: 60_000,
    });
    await reader.keyboard.press('Enter');
    await expect(reader.getByRole('status').filter({ hasText: 'Audio paused.' })).toBeVisible();
    await choose(reader, reader.getByRole('button', { name: 'Stop' }));
    await expect(reader.getByRole('status').filter({ hasText: 'Audio stopped.' })).toBeVisible();
    await saveShot(reader, 'two-switch-reader');

    // Extra-large text with Enter in the Display panel; its Close button lets a switch user out.
    await choose(reader, reader.getByRole('button', { name: 'Display' }));
    const panel = reader.getByRole('dialog', { name: 'Display settings' });
    await choose(reader, panel.getByRole('radio', { name: 'Extra large' }));
    await expect(reader.locator('html')).toHaveAttribute('data-text-size', 'extra-large');
    await choose(reader, panel.getByRole('button', { name: 'Close' }));
    await expect(panel).toHaveCount(0);
    await expect(reader.getByRole('button', { name: 'Display' })).toBeFocused();

    // On a 375 px phone at that size the library's filters reflow and the header stays small.
    await reader.setViewportSize({ width: 375, height: 812 });
    await reader.goto('/premade-stories');
    await expect(reader.getByRole('heading', { level: 1, name: 'Premade Stories' })).toBeVisible();
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const filters = (await reader.getByRole('region', { name: 'Filter stories' }).boundingBox())!;
    expect(filters.x + filters.width).toBeLessThanOrEqual(375);
    expect((await reader.getByRole('banner').boundingBox())!.height).toBeLessThanOrEqual(812 * 0.25);
    await saveShot(reader, 'two-switch-library-375-xl');
  });
});
