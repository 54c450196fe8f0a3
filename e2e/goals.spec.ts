import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes } from './helpers/axe.ts';
import { closeOpenedContexts, openContext } from './helpers/contexts.ts';
import { finishOnboardingByApi, signUpVerified, TEST_PASSWORD } from './helpers/reader.ts';
import { saveShot } from './helpers/shots.ts';

test.afterEach(closeOpenedContexts);

/*
 * Reading Goals (ADR 0042): a mother who follows her son (linked through the API, as ADR 0041's journey does by
 * the pages) sets "4 days a week" on Reading Goals by keyboard alone; her son sees the goal on Home, with the week
 * in words and her name; his father, who follows him too, is told only that another grown-up set it; the mother
 * removes it by keyboard and the focus stays on her son's card. Axe in both themes on each page.
 */

async function signedIn(
  browser: Browser,
  baseURL: string,
  who: { name: string; grade: string; userType: 'student' | 'guardian' },
): Promise<Page> {
  const context = await openContext(browser, { baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const email = await signUpVerified(page, who);
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: TEST_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  await finishOnboardingByApi(page, who.grade);
  return page;
}

test('a mother sets a reading goal by keyboard; her son sees it on Home', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const leo = await signedIn(browser, baseURL!, { name: 'Leo', grade: '1', userType: 'student' });
  const mum = await signedIn(browser, baseURL!, { name: 'Mum', grade: '1', userType: 'guardian' });
  const made = await leo.request.post('/api/family/code');
  expect(made.status(), await made.text()).toBe(201);
  const { code } = (await made.json()) as { code: string };
  const linked = await mum.request.post('/api/family/links', { data: { code } });
  expect(linked.status(), await linked.text()).toBe(201);

  await mum.goto('/home');
  await mum.getByRole('navigation').getByRole('link', { name: 'Reading Goals' }).click();
  await expect(mum.getByRole('heading', { level: 1, name: 'Reading Goals' })).toBeVisible();
  const card = mum.getByRole('region', { name: 'Leo', exact: true });
  await expect(card.getByText('No goal yet.')).toBeVisible();
  // By keyboard: Tab to the days, the arrow keys to 4, Tab to the button, Enter.
  const three = card.getByRole('radio', { name: '3' });
  for (let i = 0; i < 60 && !(await three.evaluate((el) => el === document.activeElement)); i++) {
    await mum.keyboard.press('Tab');
  }
  await expect(three).toBeFocused();
  await mum.keyboard.press('ArrowRight');
  await expect(card.getByRole('radio', { name: '4' })).toBeChecked();
  const setIt = card.getByRole('button', { name: "Set Leo's goal" });
  for (let i = 0; i < 10 && !(await setIt.evaluate((el) => el === document.activeElement)); i++) {
    await mum.keyboard.press('Tab');
  }
  await expect(setIt).toBeFocused();
  await mum.keyboard.press('Enter');
  await expect(card.getByText('Read to Sparky on 4 days a week.')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('progressbar')).toHaveAttribute(
    'aria-valuetext',
    'This week: 0 of 4 days. 4 to go!',
  );
  await expect(card.getByText('Set by you.')).toBeVisible();
  await expectNoAxeViolationsInBothThemes(mum, '/goals');
  await saveShot(mum, 'goals-guardian');

  // Dad follows Leo too: he sees the goal, never Mum's name (guardians never learn of each other, ADR 0041).
  const dad = await signedIn(browser, baseURL!, { name: 'Dad', grade: '1', userType: 'guardian' });
  const second = await leo.request.post('/api/family/code');
  const { code: secondCode } = (await second.json()) as { code: string };
  expect((await dad.request.post('/api/family/links', { data: { code: secondCode } })).status()).toBe(201);
  await dad.goto('/goals');
  const dadsCard = dad.getByRole('region', { name: 'Leo', exact: true });
  await expect(dadsCard.getByText('Set by another grown-up.')).toBeVisible({ timeout: 30_000 });
  await expect(dad.getByRole('main')).not.toContainText('Mum');
  await expectNoAxeViolationsInBothThemes(dad, '/goals, set by another grown-up');
  await saveShot(dad, 'goals-other-guardian');

  await leo.goto('/home');
  const goal = leo.getByRole('region', { name: 'Your reading goal' });
  await expect(goal.getByText('Read to Sparky on 4 days a week.')).toBeVisible({ timeout: 30_000 });
  await expect(goal).toContainText('Set by Mum.');
  await expectNoAxeViolationsInBothThemes(leo, '/home with a goal');
  await saveShot(leo, 'goals-home');
  await leo.goto('/goals');
  await expect(leo.getByRole('progressbar', { name: 'Your reading days this week' })).toHaveAttribute(
    'aria-valuetext',
    'This week: 0 of 4 days. 4 to go!',
  );
  await saveShot(leo, 'goals-reader');

  // Mum removes it by keyboard: the focus goes to the Set button of Leo's card, not to the page's body.
  const removeIt = card.getByRole('button', { name: "Remove Leo's goal" });
  for (let i = 0; i < 60 && !(await removeIt.evaluate((el) => el === document.activeElement)); i++) {
    await mum.keyboard.press('Tab');
  }
  await expect(removeIt).toBeFocused();
  await mum.keyboard.press('Enter');
  await expect(card.getByText('No goal yet.')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('button', { name: "Set Leo's goal" })).toBeFocused();
  await saveShot(mum, 'goals-removed');
});
