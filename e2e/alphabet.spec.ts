import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { LETTERS } from '../core/alphabet/letters.ts';
import { expectNoAxeViolations, expectNoAxeViolationsInBothThemes } from './helpers/axe.ts';
import { closeOpenedContexts, openContext } from './helpers/contexts.ts';
import { presetDisplayPreferences } from './helpers/display.ts';
import { tabToButton as tabTo } from './helpers/keyboard.ts';
import { fliteCommand, fliteReading, launchWithMicrophone } from './helpers/microphone.ts';
import { finishOnboardingByApi, signUpVerified, TEST_PASSWORD } from './helpers/reader.ts';
import { saveShot } from './helpers/shots.ts';
import { logVoiceCommands } from './helpers/voice-log.ts';

test.afterEach(closeOpenedContexts);

/*
 * Alphabet Learning (ADR 0037) as a kindergartner: the screen from the menu, the letter game by keyboard
 * alone with Sparky's question in the captions, a wrong letter and the right one; then the last letter of
 * the alphabet found by voice ("letter m" into the fake microphone), which earns Alphabet Master. Axe on
 * each step.
 */

test('a kindergartner: the letter game by keyboard, then the last letter by voice earns Alphabet Master', async ({
  browser: plainBrowser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const setup = await openContext(plainBrowser, {
    baseURL: baseURL!,
    viewport: { width: 1280, height: 900 },
  });
  const page = await setup.newPage();
  const email = await signUpVerified(page, { name: 'Zoe', grade: 'K' });
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: TEST_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  await finishOnboardingByApi(page, 'K');
  // A first reading (the route guard sends a reader without one to the assessment, spec §4.2).
  const list = (await (await page.request.get('/api/stories')).json()) as {
    stories: { id: string; wordCount: number }[];
  };
  const shortest = list.stories.reduce((a, b) => (b.wordCount < a.wordCount ? b : a));
  const first = await page.request.post('/api/reading-sessions', {
    multipart: {
      audio: {
        name: 'reading.wav',
        mimeType: 'audio/wav',
        buffer: readFileSync(fliteReading('The cat sat')),
      },
      storyId: shortest.id,
      idempotencyKey: `alphabet-first-${Date.now()}`,
    },
    timeout: 60_000,
  });
  expect(first.status(), await first.text()).toBe(201);
  // Every letter but M and Q found before (by the API, as the game sends them).
  for (const letter of LETTERS.filter((l) => l !== 'M' && l !== 'Q')) {
    const found = await page.request.post('/api/alphabet/found', { data: { letter } });
    expect(found.status(), await found.text()).toBe(200);
  }

  // From the menu's Learning Hub, by its picture and name.
  await page.goto('/home');
  await page.getByRole('navigation').getByRole('link', { name: 'Learning Hub' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Learning Hub' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, '/learn');
  await saveShot(page, 'learn');
  await page.getByRole('main').getByRole('link', { name: 'Alphabet Learning' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alphabet Learning' })).toBeVisible();
  await expect(page.getByText('You have found 24 of 26 letters')).toBeVisible();
  const grid = page.getByRole('list', { name: 'All the letters' });
  await expect(grid.getByRole('button')).toHaveCount(26);
  await expectNoAxeViolationsInBothThemes(page, '/alphabet');
  await saveShot(page, 'alphabet');

  // The game by keyboard alone: Sparky asks for one of the two letters left, in the captions too.
  const strip = page.getByRole('region', { name: "Sparky's captions" });
  await tabTo(page, 'Play the letter game');
  await page.keyboard.press('Enter');
  await expect(strip).toContainText(/Find the letter [MQ]\./, { timeout: 30_000 });
  const asked = /Find the letter ([MQ])\./.exec((await strip.textContent()) ?? '')![1]!;
  const choices = page.getByRole('list', { name: 'Find the letter you hear.' }).getByRole('button');
  await expect(choices).toHaveCount(3);
  await expect(choices.first()).toBeFocused();
  await expectNoAxeViolations(page, '/alphabet asking');
  const names = await choices.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
  const wrong = names.find((n) => n !== asked)!;
  await tabTo(page, wrong);
  await page.keyboard.press('Enter');
  await expect(strip).toContainText(`That is ${wrong}. Try again: find the letter ${asked}.`, {
    timeout: 30_000,
  });
  await tabTo(page, asked);
  await page.keyboard.press('Enter');
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: `Yes! That is ${asked}.` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next letter' })).toBeFocused();
  await expect(page.getByText('You have found 25 of 26 letters')).toBeVisible();
  await expectNoAxeViolations(page, '/alphabet right');
  await saveShot(page, 'alphabet-right');
  // For a person to look at: a phone, and high contrast (axe checked both themes above).
  await page.setViewportSize({ width: 375, height: 667 });
  await saveShot(page, 'alphabet-right-375');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'high-contrast'));
  await saveShot(page, 'alphabet-right-375-high-contrast');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'standard'));
  await page.keyboard.press('Escape'); // quiet, before the next page
  const storageState = await setup.storageState();
  await setup.close();

  // The last letter by voice: Play, then "letter …" said into the microphone through Talk to Sparky.
  const last = asked === 'M' ? 'Q' : 'M';
  const browser = await launchWithMicrophone(fliteCommand(`letter ${last}`));
  try {
    const context = await browser.newContext({
      baseURL: baseURL!,
      viewport: { width: 1280, height: 900 },
      permissions: ['microphone'],
      storageState,
    });
    const voicePage = await context.newPage();
    const voiceLog = logVoiceCommands(voicePage);
    await voicePage.goto('/alphabet');
    await expect(voicePage.getByText('You have found 25 of 26 letters')).toBeVisible();
    await voicePage.getByRole('button', { name: 'Play the letter game' }).click();
    await expect(voicePage.getByRole('region', { name: "Sparky's captions" })).toContainText(
      `Find the letter ${last}.`,
      { timeout: 30_000 },
    );
    await tabTo(voicePage, 'Talk to Sparky');
    await voicePage.keyboard.press('Enter');
    try {
      await expect(
        voicePage
          .getByRole('main')
          .getByRole('status')
          .filter({ hasText: `Yes! That is ${last}.` }),
      ).toBeVisible({
        timeout: 60_000,
      });
    } catch (error) {
      throw new Error(`${(error as Error).message}\nSpoken commands sent: ${voiceLog.summary()}`);
    }
    await expect(voicePage.getByText('Achievement Unlocked!')).toBeVisible({ timeout: 30_000 });
    await expect(voicePage.getByText('You have found 26 of 26 letters')).toBeVisible();
    await saveShot(voicePage, 'alphabet-master');
    const rewards = (await (await voicePage.request.get('/api/rewards')).json()) as {
      achievements: { achievement_type: string; earned_at: string | null }[];
    };
    expect(
      rewards.achievements.find((a) => a.achievement_type === 'alphabet_master')?.earned_at,
    ).toBeTruthy();
  } finally {
    await browser.close();
  }
});

/*
 * My Learning Path (ADR 0052) for a kindergartner: from Home, the path's next step is the letters (3 of 26 found),
 * marked in words and said by Sparky; its link leads to the letter game. With all 26 found the next step is Word
 * Builder. Axe in both themes; at 320 px with the largest text nothing scrolls sideways.
 */
test("a kindergartner's learning path: the letters first, then Word Builder once all 26 are found", async ({
  browser: plainBrowser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const context = await openContext(plainBrowser, {
    baseURL: baseURL!,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const email = await signUpVerified(page, { name: 'Ivy', grade: 'K' });
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: TEST_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  await finishOnboardingByApi(page, 'K');
  const find = async (letters: readonly string[]) => {
    for (const letter of letters) {
      const found = await page.request.post('/api/alphabet/found', { data: { letter } });
      expect(found.status(), await found.text()).toBe(200);
    }
  };
  await find(['A', 'B', 'C']);

  // From Home (the path is not in the menu, spec §2.4).
  await page.goto('/home');
  await page.getByRole('link', { name: 'See your learning path and your next step' }).click();
  await expect(page).toHaveURL(/\/my-learning-path$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Learning Path' })).toBeVisible();
  const next = page.getByRole('region', { name: 'Your next step' });
  await expect(next.getByRole('link', { name: 'Alphabet Learning' })).toBeVisible();
  const steps = page.getByRole('list', { name: 'Your path' }).getByRole('listitem');
  await expect(steps).toHaveCount(6);
  const letters = steps.filter({ has: page.getByRole('heading', { name: 'Step 1: Alphabet Learning' }) });
  await expect(letters).toHaveAttribute('aria-current', 'step');
  await expect(letters).toContainText('Your next step');
  await expect(letters).toContainText('You have found 3 of 26 letters.');
  await expect(steps.nth(4)).toContainText('In grade 1');
  await expect(page.getByRole('region', { name: "Sparky's captions" })).toContainText(
    'Your next step is Alphabet Learning.',
    { timeout: 30_000 },
  );
  await expectNoAxeViolationsInBothThemes(page, '/my-learning-path');
  await saveShot(page, 'my-learning-path');

  // The next step's link leads to the letter game.
  await next.getByRole('link', { name: 'Alphabet Learning' }).click();
  await expect(page).toHaveURL(/\/alphabet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alphabet Learning' })).toBeVisible();
  await expect(page.getByText('You have found 3 of 26 letters')).toBeVisible();
  await page.keyboard.press('Escape'); // quiet, before the next page

  // Every letter found: the letters are done, and Word Builder is next.
  await find(LETTERS.filter((l) => !['A', 'B', 'C'].includes(l)));
  await page.goto('/my-learning-path');
  await expect(next.getByRole('link', { name: 'Word Builder' })).toBeVisible();
  await expect(letters).toContainText('Done');
  await expect(letters).not.toHaveAttribute('aria-current', 'step');

  // At 320 px (1280 px at 400 % zoom) with the largest text, nothing scrolls sideways (WCAG 1.4.10).
  await presetDisplayPreferences(context, { textSize: 'extra-large' });
  await page.setViewportSize({ width: 320, height: 640 });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-text-size', 'extra-large');
  await expect(next.getByRole('link', { name: 'Word Builder' })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  // No step's name runs past its card's edge either ("Reading Assessment" goes under its picture).
  const overflowing = await page
    .getByRole('list', { name: 'Your path' })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.filter((li) => li.scrollWidth > li.clientWidth).map((li) => li.querySelector('h3')?.textContent),
    );
  expect(overflowing).toEqual([]);
  await expectNoAxeViolations(page, '/my-learning-path at 320 px, extra-large text');
  await saveShot(page, 'my-learning-path-320-extra-large');

  // The Learning Hub links it too, under the games.
  await page.goto('/learn');
  await expect(page.getByText(/You have found 26 of 26 letters/)).toBeVisible();
  await saveShot(page, 'learn-with-path-320-extra-large');
  await page.getByRole('main').getByRole('link', { name: 'My Learning Path' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Learning Path' })).toBeVisible();
});
