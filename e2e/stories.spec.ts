import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes as checkA11y } from './helpers/axe.ts';
import { finishOnboardingByApi, signUpVerified, TEST_PASSWORD } from './helpers/reader.ts';
import { closeOpenedContexts, openContext } from './helpers/contexts.ts';
import { saveShot } from './helpers/shots.ts';

test.afterEach(closeOpenedContexts);

/*
 * Story library and reader (issue 5, "Stories") through the real UI against the real server
 * (NODE_ENV=test): a grade-2 reader signs up, filters the library, opens a story, has it read aloud
 * by the server voice (flite) and sees the spoken word highlighted; axe finds nothing on each screen.
 * Set E2E_SHOTS_DIR to also save screenshots of the library and the reader.
 */

async function shot(page: Page, name: string): Promise<void> {
  await saveShot(page, `stories-${name}`);
}

/** Press Tab until `target` has focus (at most `max` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** A verified, signed-in grade-2 student who finished onboarding, on a page from a new context. */
async function signedInReader(browser: Browser): Promise<Page> {
  const context = await openContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('pageerror:', error.message));
  const email = await signUpVerified(page, { name: 'Robin', grade: '2' });
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: TEST_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  await finishOnboardingByApi(page, '2');
  return page;
}

test.describe('story library and reader', () => {
  test('filter the library, open a story, hear it read with the words highlighted', async ({ browser }) => {
    // About 1.6 min in the full suite; axe on the 40-story library takes 20 s a theme on a loaded machine
    // (a run beside other work here went over 150 s).
    test.setTimeout(240_000);
    const page = await signedInReader(browser);

    await page.goto('/premade-stories');
    await expect(page.getByRole('heading', { level: 1, name: 'Premade Stories' })).toBeVisible();
    await expect(page.getByText(/\d+ stories in the library/)).toBeVisible();
    const stories = page.getByRole('list', { name: 'Stories' }).getByRole('listitem');
    expect(await stories.count()).toBeGreaterThanOrEqual(40);
    await expect(page).toHaveTitle('Premade Stories · Sparky Reads');
    await shot(page, 'library');
    await checkA11y(page, '/premade-stories');

    // Level: grade 2 only.
    await page.getByRole('button', { name: /Level/ }).click();
    await page.getByRole('option', { name: 'Grade 2' }).click();
    await expect(page).toHaveURL(/grade=2/);
    await expect(page.getByText(/\d+ stor(y|ies) match(es)? your choices/)).toBeVisible();
    const gradeTwo = await stories.count();
    expect(gradeTwo).toBeGreaterThan(0);
    for (const text of await stories.allTextContents()) expect(text).toContain('Grade 2');

    // Just right for a grade-2 reader without a Lexile: 300L to 450L around the grade target 400L.
    const justRight = page.getByRole('switch', { name: 'Just right for me' });
    await expect(
      page.getByText('Stories from 300L to 450L, around your reading level of 400L (from your grade).'),
    ).toBeVisible();
    await page.getByText('Just right for me', { exact: true }).click();
    await expect(page).toHaveURL(/justRight=1/);
    await expect(justRight).toBeChecked();

    // Grade 5 stories are all above a grade-2 reader's band: the empty state, and a way back.
    await page.getByRole('button', { name: /Level/ }).click();
    await page.getByRole('option', { name: 'Grade 5' }).click();
    await expect(page.getByRole('heading', { name: 'No stories match these choices' })).toBeVisible();
    await expect(page.getByText('0 stories match your choices')).toBeVisible();
    await shot(page, 'library-empty');
    await checkA11y(page, '/premade-stories, no match');
    await page.getByRole('button', { name: 'Show all stories' }).click();
    await expect(page.getByText(/\d+ stories in the library/)).toBeVisible();
    await expect(justRight).not.toBeChecked();

    // Grade 2, animals, just right.
    await page.getByRole('button', { name: /Level/ }).click();
    await page.getByRole('option', { name: 'Grade 2' }).click();
    await page.getByRole('button', { name: /Theme/ }).click();
    await page.getByRole('option', { name: 'Animals' }).click();
    await page.getByText('Just right for me', { exact: true }).click();
    await expect(page).toHaveURL(/grade=2&theme=animals&justRight=1/);
    await expect(page.getByText(/\d+ stor(y|ies) match(es)? your choices/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'The Snail Race' })).toBeVisible();
    for (const text of await stories.allTextContents()) expect(text).toMatch(/Grade 2.*Animals/);
    await shot(page, 'library-filtered');

    // Open a story by its link (named by its title).
    const snail = page.getByRole('link', { name: 'The Snail Race' });
    await expect(snail).toBeVisible();
    await snail.click();
    await expect(page).toHaveURL(/\/read-story\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'The Snail Race' })).toBeVisible();
    const storyId = page.url().split('/').pop()!;
    await expect(page.getByRole('link', { name: 'Read it myself' })).toHaveAttribute(
      'href',
      `/fluency?storyId=${storyId}`,
    );
    await checkA11y(page, '/read-story');

    // Read to me: the server voice plays and a word is highlighted as it is spoken.
    await page.getByRole('button', { name: 'Read to me' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Reading aloud' })).toBeVisible({
      timeout: 60_000,
    });
    const highlighted = page.locator('.story-text mark');
    await expect(highlighted).toHaveCount(1, { timeout: 15_000 });
    const firstWord = await highlighted.textContent();
    await page.waitForTimeout(1500);
    await expect(highlighted).toHaveCount(1);
    expect(await highlighted.textContent()).not.toBe(firstWord);
    await shot(page, 'reader-playing');
    await checkA11y(page, '/read-story while reading');

    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Audio paused.' })).toBeVisible();
    const pausedAt = await highlighted.textContent();
    await page.waitForTimeout(800);
    expect(await highlighted.textContent()).toBe(pausedAt);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(highlighted).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Read to me' })).toBeFocused();

    // Escape stops too (spec §2.6).
    await page.getByRole('button', { name: 'Read to me' }).press('Enter');
    await expect(highlighted).toHaveCount(1, { timeout: 15_000 });
    await page.keyboard.press('Escape');
    await expect(highlighted).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Audio stopped.' })).toBeVisible();
    await shot(page, 'reader');
  });

  test('My Stories is honestly empty and leads to the library; an unknown story says so', async ({
    browser,
  }) => {
    const page = await signedInReader(browser);
    await page.goto('/stories');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved Stories' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No saved stories yet' })).toBeVisible();
    await checkA11y(page, '/stories');
    await shot(page, 'my-stories');
    await page.getByRole('link', { name: 'Go to Premade Stories' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Premade Stories' })).toBeVisible();

    await page.goto('/read-story/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Story not found' })).toBeVisible();
    await checkA11y(page, '/read-story unknown');
  });

  test('the library and the reader work with the keyboard alone', async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await signedInReader(browser);
    await page.goto('/premade-stories');
    await expect(page.getByRole('heading', { level: 1, name: 'Premade Stories' })).toBeVisible();

    const level = page.getByRole('button', { name: /Level/ });
    await tabTo(page, level);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('option', { name: 'All levels' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/grade=K/);
    await expect(level).toBeFocused();
    await expect(page.getByText('7 stories match your choices')).toBeVisible();

    const toggle = page.getByRole('switch', { name: 'Just right for me' });
    await tabTo(page, toggle);
    await page.keyboard.press('Space');
    await expect(toggle).toBeChecked();
    await expect(page.getByText(/1 story matches your choices/)).toBeVisible();
    await page.keyboard.press('Space');
    await expect(toggle).not.toBeChecked();

    const card = page.getByRole('link', { name: 'The Red Bus' });
    await tabTo(page, card);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'The Red Bus' })).toBeVisible();

    const readToMe = page.getByRole('button', { name: 'Read to me' });
    await tabTo(page, readToMe);
    await page.keyboard.press('Enter');
    const highlighted = page.locator('.story-text mark');
    await expect(highlighted).toHaveCount(1, { timeout: 15_000 });
    // The same button now pauses, and keeps focus.
    await expect(page.getByRole('button', { name: 'Pause' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Resume' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(highlighted).toHaveCount(0);
    await expect(readToMe).toBeFocused();
  });
});
