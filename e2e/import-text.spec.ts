import { expect, test } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes } from './helpers/axe.ts';
import { closeOpenedContexts, openContext } from './helpers/contexts.ts';
import { tabToButton } from './helpers/keyboard.ts';
import { finishOnboardingByApi, signUpVerified, TEST_PASSWORD } from './helpers/reader.ts';
import { saveShot } from './helpers/shots.ts';

test.afterEach(closeOpenedContexts);

/*
 * Import Text (ADR 0044): a reader's grown-up opens Import Text from the menu, refuses a file that is not text,
 * types a page by keyboard and saves it; the child reads it and opens it for practice; it is in Saved Stories,
 * where it is deleted after a question. Axe in both themes on the form, the saved card and Saved Stories.
 */
test('a text typed by keyboard is saved, read, practised, and deleted from Saved Stories', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const context = await openContext(browser, { baseURL: baseURL!, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const email = await signUpVerified(page, { name: 'Nia', grade: '2', userType: 'student' });
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: TEST_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  await finishOnboardingByApi(page, '2');

  await page.goto('/home');
  await page.getByRole('navigation').getByRole('link', { name: 'Import Text' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import Text' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, '/import');

  // A file that is not text is refused on the field, and nothing is lost.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'book.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]),
  });
  const text = page.getByRole('textbox', { name: 'The text to read' });
  await expect(text).toHaveAccessibleDescription(/not plain text/);
  await expect(text).toHaveAttribute('aria-invalid', 'true');

  // By keyboard: the name, the text, then Save the text.
  const name = page.getByRole('textbox', { name: 'Name of the text' });
  await name.focus();
  await page.keyboard.type('My page of homework');
  await page.keyboard.press('Tab');
  await expect(text).toBeFocused();
  await page.keyboard.type('Sam has a big red kite.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('The wind takes the kite up to the sky.');
  await expect(page.getByText(/^15 words, /)).toBeVisible();
  await saveShot(page, 'import-form');
  await tabToButton(page, 'Save the text');
  await page.keyboard.press('Enter');
  const saved = page.getByRole('heading', { name: 'Saved!' });
  await expect(saved).toBeFocused({ timeout: 30_000 });
  await expect(
    page.getByText(/My page of homework is in your Saved Stories: 15 words, level \d+L\./),
  ).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, '/import saved');
  await saveShot(page, 'import-saved');

  // Practise reading aloud opens Reading Practice on the text; Read it now, the story reader with the text as typed.
  const readHref = await page.getByRole('link', { name: 'Read it now' }).getAttribute('href');
  expect(readHref).toMatch(/^\/read-story\/[0-9a-f-]{36}$/);
  await page.getByRole('link', { name: 'Practise reading aloud' }).click();
  await expect(page).toHaveURL(/\/fluency\?storyId=[0-9a-f-]{36}/);
  await expect(page.getByText('My page of homework').first()).toBeVisible({ timeout: 30_000 });
  await saveShot(page, 'import-practise');
  await page.goto(readHref!);
  await expect(page.getByRole('heading', { level: 1, name: 'My page of homework' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('The wind takes the kite up to the sky.')).toBeVisible();

  // Saved Stories lists it; deleting asks first, Cancel first in focus, then deletes.
  await page.goto('/stories');
  await expect(page.getByRole('link', { name: 'My page of homework' })).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolationsInBothThemes(page, '/stories with a text');
  await saveShot(page, 'import-saved-stories');
  await page.getByRole('button', { name: 'Delete My page of homework' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete My page of homework?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'No saved stories yet' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Stories' })).toBeFocused();
  expect(
    ((await (await page.request.get('/api/my-stories')).json()) as { stories: unknown[] }).stories,
  ).toEqual([]);
});
