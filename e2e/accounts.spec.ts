import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes as checkA11y } from './helpers/axe.ts';
import { freshEmail, linkFromOutbox, TEST_PASSWORD } from './helpers/reader.ts';
import { closeOpenedContexts, openContext } from './helpers/contexts.ts';

test.afterEach(closeOpenedContexts);

/*
 * Accounts (issue 3), through the real UI against the real server (NODE_ENV=test, so mail goes to
 * the outbox that GET /api/test/outbox reads). Queries go by role and accessible name only. Every
 * page visited is checked with axe in both colour themes.
 */

const PASSWORD = TEST_PASSWORD;
const NEW_PASSWORD = 'green-kite-17-jumps';

/** A page from `browser.newContext()` (axe needs it), with toasts and errors echoed to the log. */
async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await openContext(browser, { viewport });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('pageerror:', error.message));
  return page;
}

/** The toast region's current toast has this title. */
async function expectToast(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText(title);
}

async function signUpWithMouse(
  page: Page,
  who: { name: string; email: string; role: string },
): Promise<void> {
  await page.goto('/login?mode=signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
  await expect(page.getByText('Start your reading journey')).toBeVisible();
  await page.getByRole('textbox', { name: 'Display name' }).fill(who.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeFocused();
  await expect(page.getByText('Help us personalize your experience')).toBeVisible();
  await page.getByText(who.role, { exact: true }).click();
  await expect(page.getByRole('radio', { name: who.role })).toBeChecked();
  await page.getByRole('textbox', { name: /Age/ }).fill('8');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // A message that stays, names the product and says what to do next (issue 17, item 9).
  await expect(page.getByRole('region', { name: 'Welcome to Sparky Reads!' })).toContainText(who.email);
  // §4.1: back to sign-in with every field cleared.
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('');
}

async function verifyEmail(page: Page, email: string): Promise<void> {
  const link = await linkFromOutbox(page, email, /Confirm your e-mail/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/confirm/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail is verified' })).toBeVisible();
}

async function signInWithMouse(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, 'Welcome back!');
}

test.describe('accounts', () => {
  // Whole journeys (sign-up, mail, sign-in, onboarding…) on 2 shared cores: more than the default
  // minute; every page now also has its guidance synthesised by the server (issue 10), so the config's
  // 180 s, which the longest journey needed under load.
  test.describe.configure({ timeout: 180_000 });

  test('a signed-out visit to a protected route goes to /login', async ({ browser }) => {
    const page = await newPage(browser);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await checkA11y(page, '/login sign-in');
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('every login mode passes axe', async ({ browser }) => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeFocused();
    await checkA11y(page, '/login reset');
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.getByRole('button', { name: 'Need an account? Sign up' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectToast(page, 'Missing information');
    await checkA11y(page, '/login sign-up step 1 with errors');
    // Dismissed, so that the next toast is this step's own. (The role toast that once never came after
    // Create Account was a click on the "Other" role: step 2's fields appeared under the pointer. They
    // now render with step 2's heading; LoginPage.test.tsx checks it.)
    // (On a busy machine the toast may already have timed out during the axe checks: then there is
    // nothing to dismiss.)
    const dismiss = page.getByRole('button', { name: 'Dismiss: Missing information' });
    if (await dismiss.isVisible()) await dismiss.click({ timeout: 5_000 }).catch(() => undefined);
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toHaveText('', {
      timeout: 30_000,
    });
    await page.getByRole('textbox', { name: 'Display name' }).fill('Axe');
    await page.getByRole('textbox', { name: 'Email' }).fill(freshEmail('axe'));
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Please select your role');
    // The visible label, as a mouse user does: a forced click on the visually hidden input once landed
    // elsewhere on the page (CI: the form was back in sign-in mode afterwards).
    await page.getByText('Student', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Student' })).toBeChecked();
    await page.getByRole('button', { name: 'Create Account' }).click();
    // §5: a weak password is refused with its reasons.
    await expectToast(page, 'Sign up failed');
    await expect(page.getByText('Go Back to choose another password.')).toBeVisible();
    await checkA11y(page, '/login sign-up step 2 refused');
    // No social provider is configured on the test server, so none is offered (#14: configured
    // providers only; GET /api/auth-config is tested in tests/accounts.test.ts).
    await expect(page.getByRole('button', { name: 'GitHub' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Google' })).toHaveCount(0);
  });

  test('a student signs up in two steps, verifies, signs in, onboards and lands on /home', async ({
    browser,
  }) => {
    const page = await newPage(browser);
    const email = freshEmail('student');
    await signUpWithMouse(page, { name: 'Mia', email, role: 'Student' });

    // Unverified: told that a new confirmation link is on its way.
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, 'Sign in failed');
    await expectToast(page, 'We have sent you a new link');

    await verifyEmail(page, email);
    await checkA11y(page, '/auth/confirm');
    // Opened without a link's answer, the screen explains instead of claiming success.
    await page.goto('/verify');
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail' })).toBeVisible();

    await signInWithMouse(page, email);
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('heading', { level: 1, name: "Let's get to know you" })).toBeVisible();
    await checkA11y(page, '/onboarding');
    await page.getByRole('button', { name: /Grade/ }).click();
    await page.getByRole('option', { name: '3rd grade' }).click();
    await page.getByRole('textbox', { name: /Pet's name/ }).fill('Biscuit');
    await page.getByRole('button', { name: 'Start reading' }).click();
    // §4.2 step 4: a new reader who has not read yet is asked for the one-minute reading check first
    // (ADR 0038); "Not now" puts it off for a day.
    await expect(page).toHaveURL(/\/assessment$/);
    await expect(page.getByRole('heading', { level: 2, name: 'A one-minute reading check' })).toBeVisible();
    await checkA11y(page, '/assessment');
    await page.getByRole('button', { name: 'Not now' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home Dashboard' })).toBeVisible();
    await expect(page.getByText('Hi, Mia!')).toBeVisible();

    // The shell: student sidebar, header.
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(sidebar.getByRole('list', { name: 'Navigation' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Home Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(sidebar.getByRole('list', { name: 'Assess' })).toHaveCount(0);
    await expect(page.getByText('0 streak')).toBeVisible();
    await expect(page.getByRole('link', { name: '0 tokens' })).toBeVisible();
    await checkA11y(page, '/home');

    // Resize by keyboard; the width is kept across a reload.
    const handle = page.getByRole('separator', { name: 'Resize sidebar' });
    await expect(handle).toHaveAttribute('aria-valuenow', '288');
    await handle.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(handle).toHaveAttribute('aria-valuenow', '320');
    await page.reload();
    await expect(page.getByRole('separator', { name: 'Resize sidebar' })).toHaveAttribute(
      'aria-valuenow',
      '320',
    );

    // A screen later issues build says so, and is behind the guard.
    await page.goto('/play');
    await expect(page.getByRole('heading', { level: 1, name: 'Play' })).toBeVisible();
    await expect(page.getByText(/This screen is being built/)).toBeVisible();
    await checkA11y(page, '/play (being built)');

    // Ctrl+H goes home.
    await page.keyboard.press('Control+h');
    await expect(page).toHaveURL(/\/home$/);

    // Profile: edit and save.
    await page.getByRole('link', { name: 'Mia' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await checkA11y(page, '/profile');
    await page.getByRole('textbox', { name: /Pet's name/ }).fill('Pepper');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Profile saved');

    // Signed in, /login sends the student home.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);

    // Sign out.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expectToast(page, 'Signed out successfully');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a teacher signs up and lands on /teacher-dashboard', async ({ browser }) => {
    const page = await newPage(browser);
    const email = freshEmail('teacher');
    await signUpWithMouse(page, { name: 'Ms Rivera', email, role: 'Teacher' });
    await verifyEmail(page, email);
    await signInWithMouse(page, email);
    // §4.2: onboarding comes first for every new account; it then leads a teacher to the dashboard.
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.getByRole('button', { name: 'Go to my dashboard' }).click();
    await expect(page).toHaveURL(/\/teacher-dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Teacher Dashboard' })).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(sidebar.getByRole('list', { name: 'Dashboard' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Premade Stories' })).toBeVisible();
    await checkA11y(page, '/teacher-dashboard');
    // Signed in, /login sends a teacher to the dashboard (§4.1).
    await page.goto('/login');
    await expect(page).toHaveURL(/\/teacher-dashboard$/);

    // Deleting the account (issue #14 item 11): asked first, focus on Cancel, the password again.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await checkA11y(page, 'the delete-account dialog');
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByLabel(/Your password/)).toBeFocused();
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expectToast(page, 'Account deleted');
    await expect(page).toHaveURL(/\/login$/);
    // The account is gone: its password signs in nowhere (sent as the page would, with its Origin).
    const again = await page.request.post('/api/auth/sign-in/email', {
      data: { email, password: PASSWORD },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(again.status()).toBe(401);
  });

  test('a password is reset through the e-mailed link', async ({ browser }) => {
    const page = await newPage(browser);
    const email = freshEmail('reset');
    await signUpWithMouse(page, { name: 'Leo', email, role: 'Parent/Guardian' });
    await verifyEmail(page, email);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, 'Email required');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, 'Check your email');

    const link = await linkFromOutbox(page, email, /Reset your Sparky Reads password/);
    await page.goto(link);
    await expect(page).toHaveURL(/\/login\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await checkA11y(page, '/login?token (new password)');
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expectToast(page, 'Password changed');
    await expect(page).toHaveURL(/\/login$/);

    // The old password no longer works; the new one does.
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, 'Sign in failed');
    await signInWithMouse(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/onboarding$/);

    // A used link, followed by someone signed out, comes back as invalid with the reset form open.
    const stranger = await newPage(browser);
    await stranger.goto(link);
    await expect(stranger).toHaveURL(/\/login\?error=INVALID_TOKEN/);
    await expect(stranger.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  });

  test('the whole student journey works with the keyboard alone', async ({ browser }) => {
    const page = await newPage(browser);
    const email = freshEmail('keys');
    const kb = page.keyboard;
    /** Tab until the focused element has this role and name (at most 60 presses: the menu has 16 links). */
    async function tabTo(role: Parameters<Page['getByRole']>[0], name: string | RegExp): Promise<void> {
      const target = page.getByRole(role, { name, exact: typeof name === 'string' });
      for (let i = 0; i < 60; i += 1) {
        if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
        await kb.press('Tab');
      }
      throw new Error(`could not reach ${role} ${String(name)} with Tab`);
    }

    await page.goto('/login?mode=signup');
    await tabTo('textbox', 'Display name');
    await kb.type('Ana');
    await kb.press('Tab');
    await kb.type(email);
    await kb.press('Tab');
    await kb.type(PASSWORD);
    await kb.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeFocused();
    await tabTo('radio', 'Student');
    await kb.press('Space');
    await expect(page.getByRole('radio', { name: 'Student' })).toBeChecked();
    await tabTo('textbox', /Age/);
    await kb.type('7');
    await tabTo('button', /Gender/);
    await kb.press('Enter');
    await expect(page.getByRole('listbox')).toBeVisible();
    await kb.press('ArrowDown');
    await kb.press('Enter');
    await tabTo('button', 'Create Account');
    await kb.press('Enter');
    await expect(page.getByRole('heading', { name: 'Welcome to Sparky Reads!' })).toBeFocused();

    await verifyEmail(page, email);
    await tabTo('link', 'Sign in');
    await kb.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    await tabTo('textbox', 'Email');
    await kb.type(email);
    await kb.press('Tab');
    await kb.type(PASSWORD);
    await kb.press('Enter');
    await expect(page).toHaveURL(/\/onboarding$/);
    await tabTo('textbox', /Pet's name/);
    await kb.type('Rex');
    await kb.press('Enter');
    // The reading check, put off by keyboard alone.
    await expect(page).toHaveURL(/\/assessment$/);
    await tabTo('button', 'Not now');
    await kb.press('Enter');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home Dashboard' })).toBeVisible();
    await expect(page.getByText('Hi, Ana!')).toBeVisible();

    // F8 reaches the toast region; Escape there dismisses the toast.
    await tabTo('link', 'Ana');
    await kb.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await tabTo('button', 'Save changes');
    await kb.press('Enter');
    await expectToast(page, 'Profile saved');
    await kb.press('F8');
    await expect(page.getByRole('group', { name: 'Profile saved' })).toBeFocused();
    await kb.press('Escape');
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).not.toContainText('Profile saved');
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeFocused();

    await tabTo('button', 'Sign Out');
    await kb.press('Enter');
    await expectToast(page, 'Signed out successfully');
    await expect(page).toHaveURL(/\/$/);
  });

  test('below 768 px the sidebar is an overlay opened by the menu button', async ({ browser }) => {
    const page = await newPage(browser, { width: 390, height: 844 });
    const email = freshEmail('mobile');
    await signUpWithMouse(page, { name: 'Sam', email, role: 'Student' });
    await verifyEmail(page, email);
    await signInWithMouse(page, email);
    // On a phone the toast sits over the foot of the form: close it, as a child would, then go on.
    await page.getByRole('button', { name: 'Dismiss: Welcome back!' }).click();
    await page.getByRole('button', { name: 'Start reading' }).click();
    await expect(page).toHaveURL(/\/assessment$/);
    await page.getByRole('button', { name: 'Not now' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())?.width).toBeLessThanOrEqual(320);
    await checkA11y(page, '/home mobile menu open');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    // The backdrop closes it too.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(380, 400);
    await expect(dialog).toHaveCount(0);
    // Following a link closes it.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await dialog.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(dialog).toHaveCount(0);
  });
});
