import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes as checkA11y } from './helpers/axe.ts';
import { closeOpenedContexts, openContext } from './helpers/contexts.ts';
import { fliteReading, launchWithMicrophone, waitForReadingHeard } from './helpers/microphone.ts';
import { finishOnboardingByApi, freshEmail, signUpVerified, TEST_PASSWORD } from './helpers/reader.ts';
import { saveShot } from './helpers/shots.ts';

test.afterEach(closeOpenedContexts);

/*
 * The Reading Screening (ADR 0049) in Debian chromium with the fake microphone: a grade-2 reader finds the screening
 * they started waiting for them, reads its first story into the microphone (flite) through the page and the real
 * scorer, is told "story 2 of 3" next; the other two stories are uploaded as the page uploads them (real scorer too),
 * and the complete screening, the median of the three against the season's norms, is on Screening History, where
 * it can be deleted.
 */

interface Passage {
  storyId: string;
  title: string;
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The first `count` words of a story, read by flite after `pad` seconds of silence. */
async function readingOf(page: Page, storyId: string, count: number, pad = 0): Promise<string> {
  const detail = (await (await page.request.get(`/api/stories/${storyId}`)).json()) as {
    story: { body: string };
  };
  const words = detail.story.body.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  return fliteReading(words.slice(0, count).join(' '), pad);
}

test('a grade-2 reader reads the screening’s stories, and sees it on Screening History', async ({
  browser: defaultBrowser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const setup = await openContext(defaultBrowser, { baseURL: baseURL! });
  const setupPage = await setup.newPage();
  const email = await signUpVerified(setupPage, { email: freshEmail('screening'), name: 'Ava', grade: '2' });
  await signIn(setupPage, email);
  await finishOnboardingByApi(setupPage, '2');
  // The screening is started (as "Start the screening" starts it), so the microphone's reading can be of its first
  // story; the page then offers to go on with it.
  const started = await setupPage.request.post('/api/screenings', { data: {} });
  expect(started.status(), await started.text()).toBe(201);
  const { screening } = (await started.json()) as { screening: { id: string; passages: Passage[] } };
  expect(screening.passages).toHaveLength(3);
  const [first, second, third] = screening.passages as [Passage, Passage, Passage];
  const wav = await readingOf(setupPage, first.storyId, 25, 4.5);
  expect(readFileSync(wav).byteLength).toBeGreaterThan(44);

  const browser = await launchWithMicrophone(wav);
  try {
    const context = await openContext(browser, {
      baseURL: baseURL!,
      viewport: { width: 1280, height: 900 },
      permissions: ['microphone'],
    });
    const page = await context.newPage();
    await signIn(page, email);
    await page.goto('/screening');
    await expect(page.getByRole('heading', { level: 1, name: 'Reading Screening' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Your screening is waiting' })).toBeVisible();
    await expect(
      page.getByText('You have not read any of the 3 stories yet. Start with the first one!'),
    ).toBeVisible();
    await checkA11y(page, '/screening waiting');
    await saveShot(page, 'screening-waiting');
    await page.getByRole('button', { name: 'Go on with the screening' }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Story 1 of 3: ${first.title}` })).toBeVisible();
    await saveShot(page, 'screening-story-1');
    await page.getByRole('button', { name: 'Start reading' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Recording: read the story out loud' }),
    ).toBeVisible({
      timeout: 30_000,
    });
    await waitForReadingHeard(page);
    // A reading stopped before 30 s and the story's end does not count (ADR 0049): the reader reads on past it.
    await expect
      .poll(async () => Number((await page.getByRole('timer').textContent())?.split(':')[1] ?? 0), {
        timeout: 60_000,
      })
      .toBeGreaterThanOrEqual(31);
    await page.getByRole('button', { name: 'Stop' }).click();
    const between = page.getByRole('heading', { level: 2, name: 'Well done! Next: story 2 of 3' });
    await expect(between).toBeVisible({ timeout: 120_000 });
    await expect(page.getByRole('button', { name: 'Next story' })).toBeVisible();
    await checkA11y(page, '/screening between stories');
    await saveShot(page, 'screening-between');

    // Stories 2 and 3, uploaded as the page uploads them: 30 words after 25 s of silence, so each lasts past the 30 s
    // a reading needs to count when it stops before the story's end.
    let last: { screening: { score: { wpm: number; band: string } | null; next: number | null } } | null =
      null;
    for (const [i, passage] of [second, third].entries()) {
      const response = await page.request.post('/api/reading-sessions', {
        multipart: {
          audio: {
            name: 'reading.wav',
            mimeType: 'audio/wav',
            buffer: readFileSync(await readingOf(page, passage.storyId, 30, 25)),
          },
          storyId: passage.storyId,
          mode: 'assessment',
          screeningId: screening.id,
          idempotencyKey: `screening-${i}-${Date.now()}`,
        },
        timeout: 90_000,
      });
      expect(response.status(), await response.text()).toBe(201);
      last = (await response.json()) as typeof last;
    }
    expect(last!.screening.next).toBeNull();
    expect(last!.screening.score).not.toBeNull();

    // The screening page now has nothing waiting; Screening History shows it.
    await page.goto('/screening-history');
    await expect(page.getByRole('heading', { level: 1, name: 'Screening History' })).toBeVisible();
    // The child's one number, openly; the band and the norms only under "For grown-ups".
    const wpm = Math.round(last!.screening.score!.wpm);
    await expect(page.locator('.screening-score')).toHaveText(
      `${wpm} ${wpm === 1 ? 'word' : 'words'} right in one minute`,
      {
        timeout: 30_000,
      },
    );
    await expect(page.getByRole('main')).not.toContainText('percentile', { useInnerText: true });
    await page.getByRole('button', { name: /^For grown-ups: the figures of/ }).click();
    await expect(page.getByRole('main')).toContainText('percentile');
    await checkA11y(page, '/screening-history');
    await saveShot(page, 'screening-history');
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 740 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(width);
      await saveShot(page, `screening-history-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Deleted, asked first; the readings stay in the reader's reading sessions.
    await page
      .getByRole('button', { name: /^Delete/ })
      .first()
      .click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /^Delete/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'No screenings yet' })).toBeVisible({
      timeout: 30_000,
    });
    const sessions = (await (await page.request.get('/api/reading-sessions')).json()) as {
      sessions: unknown[];
    };
    expect(sessions.sessions).toHaveLength(3);
  } finally {
    await browser.close();
  }
});
