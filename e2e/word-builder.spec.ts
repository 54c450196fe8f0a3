import { expect, test, type Page } from '@playwright/test';
import { BUILDER_WORDS, lettersOf } from '../core/word-builder/words.ts';
import { expectNoAxeViolations, expectNoAxeViolationsInBothThemes } from './helpers/axe.ts';
import { closeOpenedContexts, openContext } from './helpers/contexts.ts';
import { tabToButton } from './helpers/keyboard.ts';
import { fliteCommand, launchWithMicrophone } from './helpers/microphone.ts';
import { finishOnboardingByApi, signUpVerified, TEST_PASSWORD } from './helpers/reader.ts';
import { saveShot } from './helpers/shots.ts';
import { logVoiceCommands } from './helpers/voice-log.ts';

test.afterEach(closeOpenedContexts);

/*
 * Word Builder (ADR 0039) as a kindergartner: the screen from the menu; a word built by keyboard alone with
 * Sparky's lines in the captions, a wrong letter, the clue; being the tenth word, it earns Word Architect.
 * Then, with every other word built today, the game gives "fox", and its middle letter is said into the fake
 * microphone ("letter o"). Axe on each step.
 */

/** The word Sparky gave, from the captions' "Let's build cat." */
async function givenWord(page: Page): Promise<string> {
  const strip = page.getByRole('region', { name: "Sparky's captions" });
  await expect(strip).toContainText(/Let's build \w+\./, { timeout: 30_000 });
  return /Let's build (\w+)\./.exec((await strip.textContent()) ?? '')![1]!;
}

async function build(page: Page, words: readonly string[]): Promise<void> {
  for (const word of words) {
    const answer = await page.request.post('/api/word-builder/built', { data: { word } });
    expect(answer.status(), await answer.text()).toBe(200);
  }
}

test('a kindergartner builds a word by keyboard, earns Word Architect, and says a letter', async ({
  browser: plainBrowser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const setup = await openContext(plainBrowser, {
    baseURL: baseURL!,
    viewport: { width: 1280, height: 900 },
  });
  const page = await setup.newPage();
  const email = await signUpVerified(page, { name: 'Leo', grade: 'K' });
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: TEST_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  await finishOnboardingByApi(page, 'K');
  // Nine words built before (by the API, as the game sends them): "fox" is kept for the voice part.
  const nine = BUILDER_WORDS.filter((w) => w.word.length === 3 && w.word !== 'fox')
    .slice(0, 9)
    .map((w) => w.word);
  await build(page, nine);

  // From the menu's Learning Hub, by its picture and name.
  await page.goto('/home');
  await page.getByRole('navigation').getByRole('link', { name: 'Learning Hub' }).click();
  await expect(page.getByText('You have built 9 words today.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Word Builder' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Word Builder' })).toBeVisible();
  await expect(page.getByText('Words built today: 9. Word Architect badge: 9 of 10.')).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, '/word-builder');
  await saveShot(page, 'word-builder');

  // By keyboard alone: Sparky gives a word; a letter not in it, then a clue, then every letter in order.
  await tabToButton(page, 'Build a word');
  await page.keyboard.press('Enter');
  const word = await givenWord(page);
  expect(nine).not.toContain(word);
  const letters = lettersOf(word);
  const tiles = page.getByRole('list', { name: 'Letters' }).getByRole('button');
  await expect(tiles).toHaveCount(letters.length + 2);
  await expect(tiles.first()).toBeFocused();
  await expectNoAxeViolations(page, '/word-builder building');
  const names = await tiles.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')!));
  const extra = names.find((n) => !letters.includes(n as (typeof letters)[number]))!;
  const strip = page.getByRole('region', { name: "Sparky's captions" });
  await tabToButton(page, extra);
  await page.keyboard.press('Enter');
  await expect(strip).toContainText(`That is ${extra}.`, { timeout: 30_000 });
  await tabToButton(page, 'Give me a clue');
  await page.keyboard.press('Enter');
  await expect(strip).toContainText(`Here is a clue: it is ${letters[0]}.`, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: letters[0], exact: true })).toHaveAccessibleDescription(
    'This is the one',
  );
  await saveShot(page, 'word-builder-clue');
  for (const letter of letters) {
    await tabToButton(page, letter);
    await page.keyboard.press('Enter');
  }
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: `Yes! You built ${word}.` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next word' })).toBeFocused();
  await expect(page.getByText('Achievement Unlocked!')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Words built today: 10. In all: 10.')).toBeVisible();
  await expectNoAxeViolations(page, '/word-builder built');
  await saveShot(page, 'word-builder-built');
  await page.setViewportSize({ width: 375, height: 667 });
  await page.getByRole('button', { name: 'Next word' }).click();
  await givenWord(page);
  await saveShot(page, 'word-builder-375');
  await page.keyboard.press('Escape'); // quiet, before the next page
  const rewards = (await (await page.request.get('/api/rewards')).json()) as {
    achievements: { achievement_type: string; earned_at: string | null }[];
  };
  expect(rewards.achievements.find((a) => a.achievement_type === 'word_builder')?.earned_at).toBeTruthy();

  // Every other word built today, so the next is "fox": F by keyboard, O by voice, X by keyboard.
  await build(
    page,
    BUILDER_WORDS.map((w) => w.word).filter((w) => w !== 'fox' && w !== word && !nine.includes(w)),
  );
  const storageState = await setup.storageState();
  await setup.close();
  const browser = await launchWithMicrophone(fliteCommand('letter o'));
  try {
    const context = await browser.newContext({
      baseURL: baseURL!,
      viewport: { width: 1280, height: 900 },
      permissions: ['microphone'],
      storageState,
    });
    const voicePage = await context.newPage();
    const voiceLog = logVoiceCommands(voicePage);
    await voicePage.goto('/word-builder');
    await expect(voicePage.getByText(/Words built today: \d+\./)).toBeVisible();
    await voicePage.getByRole('button', { name: 'Build a word' }).click();
    expect(await givenWord(voicePage)).toBe('fox');
    await voicePage.getByRole('button', { name: 'F', exact: true }).click();
    await expect(voicePage.getByRole('region', { name: "Sparky's captions" })).toContainText(
      'What letter comes next in fox?',
      { timeout: 30_000 },
    );
    await tabToButton(voicePage, 'Talk to Sparky');
    await voicePage.keyboard.press('Enter');
    const slots = voicePage.getByRole('list', { name: 'Your word' }).getByRole('listitem');
    try {
      await expect(slots.nth(1)).toHaveText('o', { timeout: 60_000 });
    } catch (error) {
      throw new Error(`${(error as Error).message}\nSpoken commands sent: ${voiceLog.summary()}`);
    }
    await voicePage.getByRole('button', { name: 'X', exact: true }).click();
    await expect(
      voicePage.getByRole('main').getByRole('status').filter({ hasText: 'Yes! You built fox.' }),
    ).toBeVisible();
    await saveShot(voicePage, 'word-builder-fox');
  } finally {
    await browser.close();
  }
});
