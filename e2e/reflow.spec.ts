import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { presetDisplayPreferences } from './helpers/display.ts';
import { fliteReading } from './helpers/microphone.ts';
import { finishOnboardingByApi, signUpVerified, TEST_PASSWORD } from './helpers/reader.ts';
import { closeOpenedContexts, openContext } from './helpers/contexts.ts';

test.afterEach(closeOpenedContexts);

/** The first `share` (0–1) of a passage's words, rounded up. */
function firstWords(body: string, share: number): string {
  const words = body.split(/\s+/).filter(Boolean);
  return words.slice(0, Math.ceil(words.length * share)).join(' ');
}

/*
 * WCAG 1.4.10 (reflow) and 1.4.4 (text size) on every screen a reader can reach: at 320 px wide with the
 * largest text of the Display settings, nothing may scroll sideways, and no picture may shrink beside words
 * that wrap. The screens are the links of the reader's own menu (so a new screen is checked as soon as the
 * menu lists it), of the header, of the Learning Hub (the games), and the screens reached from one of those
 * rather than from the menu (`reachedFrom`: Screening History, from Reading Screening; My Learning Path, from
 * Home and the Learning Hub).
 * The public pages are checked at 375 px in public.spec.ts.
 */
const READERS = [
  {
    userType: 'student',
    name: 'Ravi',
    home: '/home',
    expected: [
      '/home',
      '/premade-stories',
      '/learn',
      '/alphabet',
      '/word-builder',
      '/sound-it-out',
      '/fluency',
      '/rewards',
      '/import',
      '/create',
      '/student-classroom',
      '/screening',
    ],
    reachedFrom: ['/screening-history', '/my-learning-path'],
  },
  {
    userType: 'teacher',
    name: 'Ito',
    home: '/teacher-dashboard',
    expected: ['/teacher-dashboard', '/class-management', '/student-progress', '/profile', '/fluency'],
    reachedFrom: [],
  },
  { userType: 'guardian', name: 'Diaz', home: '/home', expected: ['/profile', '/fluency'], reachedFrom: [] },
] as const;

for (const reader of READERS) {
  test(`every screen of a ${reader.userType}’s menu fits 320 px with extra-large text: nothing scrolls sideways, no picture is squeezed`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const context = await openContext(browser, { baseURL: baseURL!, viewport: { width: 320, height: 568 } });
    await presetDisplayPreferences(context, { textSize: 'extra-large' });
    const page = await context.newPage();
    const email = await signUpVerified(page, { name: reader.name, grade: '1', userType: reader.userType });
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email, password: TEST_PASSWORD },
    });
    expect(signIn.status()).toBe(200);
    await finishOnboardingByApi(page, '1');
    // One reading, so that the screens with tables and lists (history, tokens) have a row to lay out: the
    // story's first 60 % (over half, so it earns tokens; the whole story only cost the scorer more work).
    const list = (await (await page.request.get('/api/stories')).json()) as {
      stories: { id: string; wordCount: number }[];
    };
    const shortest = list.stories.reduce((a, b) => (b.wordCount < a.wordCount ? b : a));
    const { story } = (await (await page.request.get(`/api/stories/${shortest.id}`)).json()) as {
      story: { id: string; body: string };
    };
    const reading = await page.request.post('/api/reading-sessions', {
      multipart: {
        audio: {
          name: 'reading.wav',
          mimeType: 'audio/wav',
          buffer: readFileSync(fliteReading(firstWords(story.body, 0.6))),
        },
        storyId: story.id,
        idempotencyKey: `reflow-${reader.userType}-${Date.now()}`,
      },
      timeout: 60_000,
    });
    expect(reading.status(), await reading.text()).toBe(201);
    expect(
      ((await reading.json()) as { tokensAwarded: number }).tokensAwarded,
      'tokens for a row',
    ).toBeGreaterThan(0);

    await page.goto(reader.home);
    await expect(page.locator('html')).toHaveAttribute('data-text-size', 'extra-large');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const fromMenu = await menu
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    await page.keyboard.press('Escape');
    const fromHeader = await page
      .getByRole('banner')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    // The games are reached through the menu's Learning Hub: its links are screens of the reader's too.
    const fromHub = fromMenu.includes('/learn')
      ? await (async () => {
          await page.goto('/learn');
          const games = page.getByRole('list', { name: 'Games' });
          await expect(games.getByRole('link').first()).toBeVisible();
          return games.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
        })()
      : [];
    const paths = [...new Set([...fromMenu, ...fromHeader, ...fromHub, ...reader.reachedFrom])].filter(
      (href): href is string => !!href?.startsWith('/'),
    );
    expect(paths).toEqual(expect.arrayContaining([...reader.expected]));

    const problems: string[] = [];
    for (const path of paths) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The screen's data is in (a list still loading would be narrower than the one that comes).
        await expect(page.locator('main .loading')).toHaveCount(0, { timeout: 30_000 });
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (sideways > 0) problems.push(`${path}: ${sideways} px wider than the screen`);
        // Every picture keeps its size beside words that wrap (a pre-reader goes by the pictures).
        const squeezed = await page.evaluate(() =>
          [...document.querySelectorAll('svg[width]')]
            .filter((svg) => svg.getClientRects().length > 0)
            .filter((svg) => svg.getBoundingClientRect().width + 0.5 < Number(svg.getAttribute('width')))
            .map((svg) => (svg.parentElement?.textContent ?? '').trim().slice(0, 30)),
        );
        if (squeezed.length > 0) problems.push(`${path}: pictures squeezed beside ${squeezed.join(' | ')}`);
      });
    }
    expect(problems, 'screens that do not fit 320 px').toEqual([]);
    await context.close();
  });
}
