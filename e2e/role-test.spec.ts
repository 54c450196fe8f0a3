import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsInBothThemes } from './helpers/axe.ts';
import { closeOpenedContexts, openContext } from './helpers/contexts.ts';
import { DISPLAY_PREFERENCES_STORAGE_KEY } from './helpers/display.ts';
import { finishOnboardingByApi, freshEmail, signUpVerified, TEST_PASSWORD } from './helpers/reader.ts';
import { saveShot } from './helpers/shots.ts';

test.afterEach(closeOpenedContexts);

/*
 * The Roles screen (/role-test, ADR 0054): the school's owner (the address playwright.config.ts names in
 * ADMIN_EMAILS) opens it from Profile, finds a pupil by her e-mail, makes her a teacher by keyboard, and sees the
 * change on her card; the pupil then sees both her roles in plain words and nobody else's. Axe in both themes on
 * each; at 320 px, with the largest text too, nothing scrolls sideways. Screenshots at 1280 and 320 px. Then the
 * owner makes her an owner and steps down by keyboard, and the focus lands on "Your roles".
 */

const OWNER_EMAIL = 'roles-owner@example.com';

async function signedIn(
  browser: Browser,
  baseURL: string,
  who: { name: string; email: string; userType: 'student' | 'other' },
): Promise<Page> {
  const context = await openContext(browser, { baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signUpVerified(page, { ...who, grade: '3' });
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: who.email, password: TEST_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  await finishOnboardingByApi(page, '3');
  return page;
}

/** Nothing on the page scrolls sideways (WCAG 1.4.10), and no card is wider than the page. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  // Polled: after a resize the shell moves the sidebar into its overlay on the next render (a media query in script).
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
  const overflowing = await page
    .locator('.roles__person, .page__card')
    .evaluateAll((cards) => cards.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent));
  expect(overflowing).toEqual([]);
}

test('an owner finds a pupil and makes her a teacher; she sees her roles', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const anaEmail = freshEmail('ana-lopez');
  const ana = await signedIn(browser, baseURL!, { name: 'Ana Lopez', email: anaEmail, userType: 'student' });
  const owner = await signedIn(browser, baseURL!, { name: 'Olu Ade', email: OWNER_EMAIL, userType: 'other' });

  // From Profile, the owner's link says what is there.
  await owner.goto('/profile');
  await owner.getByRole('link', { name: 'People and roles' }).click();
  await expect(owner).toHaveURL(/\/role-test$/);
  await expect(owner.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  await expect(owner.getByRole('region', { name: 'Your roles' })).toContainText(
    'Owner: You run Sparky Reads here.',
  );

  // By keyboard: type part of her e-mail, Enter, then Tab to "Make Ana Lopez a teacher" and press Enter.
  const search = owner.getByRole('searchbox', { name: 'Name or e-mail' });
  await search.focus();
  await owner.keyboard.type(anaEmail.split('@')[0]!);
  await owner.keyboard.press('Enter');
  const card = owner.getByRole('listitem', { name: 'Ana Lopez' });
  await expect(card).toContainText(anaEmail);
  await expect(card.getByText('Student', { exact: true })).toBeVisible();
  await expect(owner.getByText(/1 person found/)).toBeVisible();
  const make = card.getByRole('button', { name: 'Make Ana Lopez a teacher' });
  for (let i = 0; i < 30 && !(await make.evaluate((el) => el === document.activeElement)); i++) {
    await owner.keyboard.press('Tab');
  }
  await expect(make).toBeFocused();
  await owner.keyboard.press('Enter');
  // The change shows on her card, and the focus stays on the button, now its opposite.
  const remove = card.getByRole('button', { name: 'Remove teacher from Ana Lopez' });
  await expect(remove).toBeVisible({ timeout: 30_000 });
  await expect(remove).toBeFocused();
  await expect(card.getByText('Teacher', { exact: true })).toBeVisible();
  await expect(owner.getByText('Ana Lopez is now a teacher.', { exact: true })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(owner, '/role-test, an owner with a person found');
  await saveShot(owner, 'role-test-owner-1280');

  await owner.setViewportSize({ width: 320, height: 800 });
  await expect(remove).toBeVisible();
  await expectNoSidewaysScroll(owner);
  await expectNoAxeViolations(owner, '/role-test at 320 px, an owner');
  await saveShot(owner, 'role-test-owner-320');

  // With the largest text too (WCAG 1.4.4): a card's buttons wrap their words, nothing scrolls sideways.
  await owner.evaluate(([key, value]) => localStorage.setItem(key, value), [
    DISPLAY_PREFERENCES_STORAGE_KEY,
    JSON.stringify({ textSize: 'extra-large' }),
  ] as const);
  await owner.reload();
  await expect(owner.locator('html')).toHaveAttribute('data-text-size', 'extra-large');
  await owner.getByRole('searchbox', { name: 'Name or e-mail' }).fill(anaEmail.split('@')[0]!);
  await owner.getByRole('button', { name: 'Find people' }).click();
  await expect(remove).toBeVisible({ timeout: 30_000 });
  await expectNoSidewaysScroll(owner);
  await saveShot(owner, 'role-test-owner-320-extra-large');

  // Ana sees both roles in plain words, and no one else's.
  await ana.goto('/role-test');
  const mine = ana.getByRole('region', { name: 'Your roles' });
  await expect(mine.getByRole('listitem')).toHaveText([
    "Teacher: You can make classes and see your pupils' reading.",
    'Student: You can read stories, play word games and earn tokens.',
  ]);
  await expect(ana.getByRole('region', { name: 'People and roles' })).toHaveCount(0);
  await expectNoAxeViolationsInBothThemes(ana, '/role-test, a pupil');
  await saveShot(ana, 'role-test-pupil-1280');
  await ana.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(ana);
  await saveShot(ana, 'role-test-pupil-320');

  // The owner hands over: makes Ana an owner, then steps down by keyboard, asked first. "People and roles" goes with
  // the role, and the focus lands on "Your roles", not on the page's body (useFocusWhenLost).
  await owner.setViewportSize({ width: 1280, height: 900 });
  await card.getByRole('button', { name: 'Make Ana Lopez an owner' }).click();
  await expect(card.getByRole('button', { name: 'Remove owner from Ana Lopez' })).toBeVisible({
    timeout: 30_000,
  });
  await owner.getByRole('searchbox', { name: 'Name or e-mail' }).fill('Olu Ade');
  await owner.keyboard.press('Enter');
  await owner.getByRole('button', { name: 'Remove owner from Olu Ade' }).focus();
  await owner.keyboard.press('Enter');
  const dialog = owner.getByRole('alertdialog', { name: 'Stop being an owner?' });
  await dialog.getByRole('button', { name: 'Remove my owner role' }).focus();
  await owner.keyboard.press('Enter');
  await expect(owner.getByRole('region', { name: 'People and roles' })).toHaveCount(0, { timeout: 30_000 });
  await expect(owner.getByRole('heading', { level: 2, name: 'Your roles' })).toBeFocused();
  await expect(owner.getByRole('region', { name: 'Your roles' })).toContainText('You have no role yet.');
});
