import { expect, test } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes } from './helpers/axe.ts';
import { closeOpenedContexts, openContext } from './helpers/contexts.ts';
import { tabToButton } from './helpers/keyboard.ts';
import { fliteCommand, launchWithMicrophone } from './helpers/microphone.ts';
import { finishOnboardingByApi, signUpVerified, TEST_PASSWORD } from './helpers/reader.ts';
import { saveShot } from './helpers/shots.ts';
import { logVoiceCommands } from './helpers/voice-log.ts';

test.afterEach(closeOpenedContexts);

/*
 * Create Story (ADR 0045): a first grader whose pet is Biscuit opens Create Story from the menu, answers the first
 * question by voice ("dragon", through Chromium's fake microphone), the others by keyboard, and gets a story at
 * their level with the Story Starter badge; it is in Saved Stories. Axe in both themes on a question and the story.
 */
test('a story made by voice and keyboard, at the reader’s level, earns Story Starter', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const setup = await openContext(browser, { baseURL: baseURL!, viewport: { width: 1280, height: 900 } });
  const page = await setup.newPage();
  const email = await signUpVerified(page, { name: 'Ivy', grade: '1', userType: 'student' });
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: TEST_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  await finishOnboardingByApi(page, '1');
  const pet = await page.request.patch('/api/profile', { data: { pets_name: 'Biscuit' } });
  expect(pet.status(), await pet.text()).toBe(200);
  const storageState = await setup.storageState();

  const voiceBrowser = await launchWithMicrophone(fliteCommand('dragon'));
  try {
    const context = await voiceBrowser.newContext({
      baseURL: baseURL!,
      viewport: { width: 1280, height: 900 },
      permissions: ['microphone'],
      storageState,
    });
    const child = await context.newPage();
    const voiceLog = logVoiceCommands(child);
    await child.goto('/home');
    await child.getByRole('navigation').getByRole('link', { name: 'Create Story' }).click();
    await expect(child.getByRole('heading', { level: 1, name: 'Create Story' })).toBeVisible();
    const who = child.getByRole('group', { name: 'Who is your story about?' });
    await expect(who.getByRole('button', { name: 'Biscuit' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(child, '/create');
    await saveShot(child, 'create-question');

    // "dragon", said into the microphone.
    await tabToButton(child, 'Talk to Sparky');
    await child.keyboard.press('Enter');
    try {
      await expect(child.getByRole('group', { name: 'Where does it happen?' })).toBeVisible({
        timeout: 60_000,
      });
    } catch (error) {
      throw new Error(`${(error as Error).message}\nSpoken commands sent: ${voiceLog.summary()}`);
    }
    await expect(child.getByText('Your story: Dragon.')).toBeVisible();

    // The rest by keyboard: Tab to a choice, Enter.
    await tabToButton(child, 'Castle');
    await child.keyboard.press('Enter');
    await tabToButton(child, 'Party');
    await child.keyboard.press('Enter');
    await tabToButton(child, 'Make my story');
    await child.keyboard.press('Enter');
    const title = child.getByRole('heading', { level: 2, name: 'The Dragon Has a Party' });
    await expect(title).toBeFocused({ timeout: 30_000 });
    await expect(child.getByText(/New badge: Story Starter!/)).toBeVisible();
    await expectNoAxeViolationsInBothThemes(child, '/create made');
    await saveShot(child, 'create-made');

    // A first grader's story: short, and easy.
    const mine = (await (await child.request.get('/api/my-stories')).json()) as {
      stories: { title: string; wordCount: number; lexile: number }[];
    };
    expect(mine.stories).toHaveLength(1);
    expect(mine.stories[0]).toMatchObject({ title: 'The Dragon Has a Party' });
    expect(mine.stories[0]!.wordCount).toBeLessThanOrEqual(90);
    await child.getByRole('link', { name: 'Read it now' }).click();
    await expect(child.getByRole('heading', { level: 1, name: 'The Dragon Has a Party' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(child.getByText(/went to the castle with a cake/)).toBeVisible();
    await saveShot(child, 'create-read');
  } finally {
    await voiceBrowser.close();
  }
});
