import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations as checkA11y } from './helpers/axe.ts';
import { fliteReading, launchWithMicrophone, waitForReadingHeard } from './helpers/microphone.ts';
import { finishOnboardingByApi, signUpVerified, TEST_PASSWORD } from './helpers/reader.ts';
import { closeOpenedContexts, openContext } from './helpers/contexts.ts';
import { saveShot } from './helpers/shots.ts';

test.afterEach(closeOpenedContexts);

/*
 * The motivation loop (issue 13, Done means) as a new reader, in one journey: today's two challenges on
 * /home; Story Time completed by reading into the fake microphone on /fluency, its tokens paid once;
 * a Party Hat bought in the shop by keyboard alone and worn in the header; Sparky's assignment answered
 * "Yes" by keyboard alone (off to /rewards, where the badge the reading earned is listed); his chat
 * opened from the panel answers from the reader's data. Axe on each screen; Sparky covers no control at 1280 px and is not shown at 375 px.
 */

/** Press Tab until `name`d control has focus (at most 100 times), as a keyboard user would. */
async function tabTo(page: Page, role: 'button' | 'link', name: string | RegExp): Promise<void> {
  const target = page.getByRole(role, { name });
  for (let i = 0; i < 100 && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Buttons and links of the page (not Sparky's own) whose boxes overlap Sparky's widget, as seen now. */
function controlsUnderSparky(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const widget = document.querySelector('aside[aria-label="Sparky"]');
    if (!widget) return ['(no widget)'];
    const parts = [...widget.children].map((c) => c.getBoundingClientRect());
    const hit = (r: DOMRect) =>
      parts.some((p) => r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom);
    return [...document.querySelectorAll('a[href], button, [role="button"], input, select')]
      .filter((el) => !widget.contains(el) && el.getClientRects().length > 0)
      .filter((el) => hit(el.getBoundingClientRect()))
      .map((el) => el.textContent?.trim() || el.getAttribute('aria-label') || el.tagName);
  });
}

test('a new reader: two challenges, Story Time by the microphone paid once, a hat and Sparky by keyboard, a badge on /rewards', async ({
  browser: plainBrowser,
  baseURL,
}) => {
  test.setTimeout(360_000);
  // Sign up, and the shortest library story.
  const setup = await openContext(plainBrowser, { baseURL: baseURL! });
  const setupPage = await setup.newPage();
  const email = await signUpVerified(setupPage, { name: 'Milo', grade: '2' });
  const signIn = await setupPage.request.post('/api/auth/sign-in/email', {
    data: { email, password: TEST_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  await finishOnboardingByApi(setupPage, '2');
  const list = (await (await setupPage.request.get('/api/stories')).json()) as {
    stories: { id: string; wordCount: number }[];
  };
  const shortest = list.stories.reduce((a, b) => (b.wordCount < a.wordCount ? b : a));
  const { story } = (await (await setupPage.request.get(`/api/stories/${shortest.id}`)).json()) as {
    story: { id: string; title: string; body: string };
  };
  const storageState = await setup.storageState();
  await setup.close();
  // Spec §4.4: a reading of at least half the story is one step of Story Time. The microphone reads
  // 60 % of it (after the 3-2-1 countdown), brisk and accurate: a Speed Reader badge (by this reading or
  // the first).
  const words = story.body.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const half = words.slice(0, Math.ceil(words.length * 0.6)).join(' ');
  const browser = await launchWithMicrophone(fliteReading(half, 4.5));
  try {
    const context = await browser.newContext({
      baseURL: baseURL!,
      viewport: { width: 1280, height: 900 },
      permissions: ['microphone'],
      storageState,
    });
    const page = await context.newPage();
    // Today's two challenges (made on this first look).
    const today = (await (await page.request.get('/api/daily-challenges')).json()) as {
      challenges: { challenge_type: string; target_count: number }[];
    };
    const storyTime = today.challenges.find((c) => c.challenge_type === 'read_stories')!;
    // A first reading by the API (the route guard sends a reader without one to the assessment, spec
    // §4.2): when Story Time asks for two stories it is one of them; when it asks for one, it reads too
    // little of the story to count, so the microphone's reading is what completes it.
    const first = storyTime.target_count === 2 ? half : words.slice(0, 8).join(' ');
    const saved = await page.request.post('/api/reading-sessions', {
      multipart: {
        audio: { name: 'reading.wav', mimeType: 'audio/wav', buffer: readFileSync(fliteReading(first)) },
        storyId: story.id,
        idempotencyKey: 'rewards-journey-first',
      },
      timeout: 60_000,
    });
    expect(saved.status(), await saved.text()).toBe(201);

    await page.goto('/home');
    const card = page.getByRole('region', { name: 'Daily Challenges' });
    await expect(card.getByRole('list', { name: "Today's challenges" }).getByRole('listitem')).toHaveCount(2);
    const storyTimeBar = card.getByRole('progressbar', { name: 'Story Time progress' });
    await expect(storyTimeBar).toHaveAttribute('aria-valuetext', /^(0 of 1 story|1 of 2 stories)/);
    await checkA11y(page, '/home');

    // Sparky covers no control: scrolled to the end, nothing of the page lies under him.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await controlsUnderSparky(page)).toEqual([]);

    // The reading, by the microphone.
    await page.goto(`/fluency?storyId=${story.id}`);
    await page.getByRole('button', { name: 'Start reading' }).click();
    // Read (60 % of the story), then Stop: the rest of the story is not waited for.
    await expect(page.getByRole('heading', { level: 2, name: /^Recording/ })).toBeVisible({
      timeout: 30_000,
    });
    await waitForReadingHeard(page);
    await page.getByRole('button', { name: 'Stop' }).click();
    const results = page.getByRole('heading', { level: 2, name: `Your results: ${story.title}` });
    await expect(results).toBeVisible({ timeout: 120_000 });
    await checkA11y(page, '/fluency results');
    await saveShot(page, 'rewards-reading');

    // Story Time done, and its tokens paid once (one line in the history, the header's count right).
    const balance = ((await (await page.request.get('/api/tokens')).json()) as { balance: number }).balance;
    await page.goto('/tokens');
    await expect(
      page.getByRole('banner').getByRole('link', { name: new RegExp(`^${balance} tokens`) }),
    ).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Daily challenge: Story Time' })).toHaveCount(1);
    await checkA11y(page, '/tokens');

    // The shop, by keyboard alone: the Party Hat is bought and worn in the header.
    await page.goto('/avatar-shop');
    await expect(page.getByRole('heading', { level: 1, name: 'Avatar Shop' })).toBeVisible();
    await tabTo(page, 'button', 'Buy Party Hat for 10 tokens');
    await page.keyboard.press('Enter');
    await expect(page.getByText('You bought the Party Hat!', { exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('img', { name: /Party Hat/ })).toBeVisible();
    await checkA11y(page, '/avatar-shop');

    // Sparky, by keyboard alone: the mascot, his assignment (Reading Marathon is still open), "Yes",
    // and /rewards 2 s later.
    await page.goto('/home');
    await expect(card.getByRole('progressbar', { name: 'Story Time progress' })).toHaveAttribute(
      'aria-valuetext',
      /^(1 of 1 story|2 of 2 stories)/,
    );
    const sparky = page.getByRole('complementary', { name: 'Sparky' });
    await tabTo(page, 'button', /^Sparky/);
    await page.keyboard.press('Enter');
    await expect(sparky.getByRole('heading', { name: 'Daily Challenge Ready!' })).toBeFocused();
    await saveShot(page, 'rewards-sparky');
    await checkA11y(page, '/home with Sparky');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(sparky.getByRole('button', { name: 'Yes' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/rewards$/, { timeout: 10_000 });
    const speedReader = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Speed Reader' }) });
    await expect(speedReader).toContainText('Earned on');
    await checkA11y(page, '/rewards');

    // Sparky's offline chat, opened from his panel's 'Speak to Sparky': a question answered from the
    // reader's own data, said and written.
    await page.goto('/home');
    await sparky.getByRole('button', { name: /^Sparky/ }).click();
    await sparky.getByRole('link', { name: 'Speak to Sparky' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sparky Chat' })).toBeVisible();
    await page.getByRole('button', { name: 'How am I doing?' }).click();
    await expect(page.getByRole('list', { name: 'Our chat' }).getByRole('listitem').last()).toContainText(
      /Sparky: You have \d+ tokens\. Today you finished 1 of 2 challenges\./,
    );
    await checkA11y(page, '/sparky-chat');

    // The same chat spoken (/sparky-conversation), reached from the chat: a pressed question answered
    // in large writing.
    await page.getByRole('link', { name: 'Talk with Sparky out loud' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sparky Conversation' })).toBeVisible();
    await page.getByRole('button', { name: 'What is my streak?' }).click();
    await expect(page.getByRole('region', { name: 'Sparky says' })).toContainText(/in a row|no streak yet/);
    await checkA11y(page, '/sparky-conversation');

    // The tutor after reading (issue 12), from this reader's own readings: Sparky's first turn shown
    // (and said), and its way on.
    await page.goto('/ai-tutor');
    await expect(page.getByRole('heading', { level: 1, name: 'AI Tutor' })).toBeVisible();
    await expect(page.getByRole('button', { name: "Let's practise" })).toBeVisible();
    await expect(page.locator('main')).toContainText('Hello! I am your reading tutor.');
    await saveShot(page, 'ai-tutor');
    await checkA11y(page, '/ai-tutor');

    // On a phone there is no widget (spec §2.4: large screens only), so it covers nothing there.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(sparky).toHaveCount(0);
    await context.close();
  } finally {
    await browser.close();
  }
});
