import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsInBothThemes } from './helpers/axe.ts';
import { closeOpenedContexts, openContext } from './helpers/contexts.ts';
import { tabToButton } from './helpers/keyboard.ts';
import { fliteReading } from './helpers/microphone.ts';
import { finishOnboardingByApi, signUpVerified, TEST_PASSWORD } from './helpers/reader.ts';
import { saveShot } from './helpers/shots.ts';

test.afterEach(closeOpenedContexts);

/*
 * Family links (ADR 0041): a grade-1 reader makes a code on Profile by keyboard alone; her father, on his own
 * guardian account, enters it on Progress Reports and sees her reading, then her weeks on Enhanced Reports (ADR
 * 0053); she stops sharing, and his page no longer lists her. Axe on each page, in both themes; the report at 375
 * px, Enhanced Reports at 320 px.
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

test('a reader gives her father a code; he follows her reading; she stops sharing', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const mia = await signedIn(browser, baseURL!, { name: 'Mia', grade: '1', userType: 'student' });
  // One reading, so the report has a story in it.
  const list = (await (await mia.request.get('/api/stories')).json()) as {
    stories: { id: string; title: string; wordCount: number }[];
  };
  const shortest = list.stories.reduce((a, b) => (b.wordCount < a.wordCount ? b : a));
  const { story } = (await (await mia.request.get(`/api/stories/${shortest.id}`)).json()) as {
    story: { body: string };
  };
  const reading = await mia.request.post('/api/reading-sessions', {
    multipart: {
      audio: { name: 'reading.wav', mimeType: 'audio/wav', buffer: readFileSync(fliteReading(story.body)) },
      storyId: shortest.id,
      idempotencyKey: `family-${Date.now()}`,
    },
    timeout: 90_000,
  });
  expect(reading.status(), await reading.text()).toBe(201);

  // Mia's own Enhanced Reports (ADR 0053), in a child's words: no "median", no "substitutions".
  await mia.goto('/enhanced-reports');
  const own = mia.getByRole('region', { name: 'Your reading' });
  await expect(own.getByRole('table', { name: /Each week/ })).toBeVisible({ timeout: 30_000 });
  await expect(own).toContainText('Words right in a minute (the middle reading)');
  await expect(own).toContainText("Sparky's guide for grade 1 is 55 words right in a minute.");
  await expect(own).not.toContainText(/median|substitution|omission|miscue/i);
  await expectNoAxeViolationsInBothThemes(mia, '/enhanced-reports, her own');
  await saveShot(mia, 'enhanced-reports-own');

  // Mia, by keyboard alone: Profile, "Make a code for a grown-up".
  await mia.goto('/profile');
  await expect(mia.getByRole('heading', { level: 2, name: 'Grown-ups who see your progress' })).toBeVisible();
  await tabToButton(mia, 'Make a code for a grown-up');
  await mia.keyboard.press('Enter');
  const shown = mia.locator('.family__code [aria-hidden="true"]');
  await expect(shown).toBeVisible({ timeout: 30_000 });
  const code = ((await shown.textContent()) ?? '').replace(/\s/g, '');
  expect(code).toMatch(/^\d{9}$/);
  // Sparky says it only when asked, to be passed on quietly.
  await tabToButton(mia, 'Hear the code');
  await mia.keyboard.press('Enter');
  await expect(mia.getByRole('region', { name: "Sparky's captions" })).toContainText(
    `Your code is: ${[code.slice(0, 3), code.slice(3, 6), code.slice(6)].map((g) => [...g].join(' ')).join(', ')}.`,
    { timeout: 30_000 },
  );
  await expectNoAxeViolationsInBothThemes(mia, '/profile with a code');
  await saveShot(mia, 'family-code');

  // Her father, on his own account: Progress Reports from the menu; the code as he types it.
  const dad = await signedIn(browser, baseURL!, { name: 'Dad', grade: '1', userType: 'guardian' });
  await dad.goto('/home');
  await dad.getByRole('navigation').getByRole('link', { name: 'Progress Reports' }).click();
  await expect(dad.getByRole('heading', { level: 1, name: 'Progress Reports' })).toBeVisible();
  await expect(dad.getByText('You do not follow a reader yet.')).toBeVisible();
  await expectNoAxeViolations(dad, '/reports empty');
  const field = dad.getByRole('textbox', { name: "Your child's code" });
  // Letters are not a code: refused in the browser, before any try is spent.
  await field.fill('ABC DEF GHI');
  await dad.getByRole('button', { name: 'Follow' }).click();
  await expect(field).toHaveAccessibleDescription(/A code is 9 digits/);
  // A well-formed code that is not hers.
  await field.fill(code === '000000000' ? '111111111' : '000000000');
  await dad.getByRole('button', { name: 'Follow' }).click();
  await expect(field).toHaveAccessibleDescription(/A code works once, for a day/);
  await field.fill(`${code.slice(0, 3)} ${code.slice(3, 6)}-${code.slice(6)}`);
  await dad.getByRole('button', { name: 'Follow' }).click();
  const card = dad.getByRole('region', { name: 'Mia', exact: true });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('table', { name: /Stories read/ })).toContainText(shortest.title);
  await expect(card).toContainText('1 scored reading');
  // Her learning path (ADR 0052): a first-grader who has not taken the reading check starts with it.
  await expect(card.getByRole('heading', { name: 'Learning path' })).toBeVisible();
  await expect(card).toContainText(
    'Next step for Mia: Reading Assessment — the one-minute reading check, which sets the level of the stories offered.',
  );
  await expect(card).toContainText('Steps done: none yet.');
  await expectNoAxeViolationsInBothThemes(dad, '/reports with a child');
  await saveShot(dad, 'family-report');
  await dad.setViewportSize({ width: 375, height: 667 });
  await saveShot(dad, 'family-report-375');

  // Enhanced Reports (ADR 0053), from Progress Reports: Mia's weeks, miscues and words, each as text or a table.
  await dad.setViewportSize({ width: 1280, height: 900 });
  await dad.getByRole('link', { name: 'See more in Enhanced Reports' }).click();
  await expect(dad.getByRole('heading', { level: 1, name: 'Enhanced Reports' })).toBeVisible();
  await expect(dad).toHaveURL(/\/enhanced-reports$/);
  const deeper = dad.getByRole('region', { name: 'Mia', exact: true });
  const weeks = deeper.getByRole('table', { name: /Each week/ });
  await expect(weeks).toBeVisible({ timeout: 30_000 });
  // The last 4 weeks: this week and the 3 before it; her one reading is this week's.
  await expect(weeks.getByRole('row')).toHaveCount(5);
  // (Each cell carries its column's name for the stacked layout: "Readings" then the figure.)
  await expect(weeks.getByRole('row').last()).toContainText('Readings1');
  await expect(deeper.getByRole('table', { name: /Miscues by kind, 1 reading/ })).toBeVisible();
  await expect(deeper).toContainText("Sparky's guide for grade 1 is 55 words correct per minute.");
  await expectNoAxeViolationsInBothThemes(dad, '/enhanced-reports with a child');
  await saveShot(dad, 'enhanced-reports');
  // Another period, by keyboard: the radios are Tab stops, Space chooses.
  await dad.getByRole('radio', { name: 'Last 12 weeks' }).focus();
  await dad.keyboard.press('Space');
  await expect(dad).toHaveURL(/period=last-12-weeks/);
  await expect(weeks.getByRole('row')).toHaveCount(13, { timeout: 30_000 });
  // At 320 px (1280 px at 400 % zoom) nothing scrolls sideways: the tables stack into cards (WCAG 1.4.10).
  await dad.setViewportSize({ width: 320, height: 640 });
  await expect(weeks).toBeVisible();
  expect(
    await dad.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(dad, '/enhanced-reports at 320 px');
  await saveShot(dad, 'enhanced-reports-320');
  await dad.getByRole('heading', { level: 3, name: 'Words to practise' }).scrollIntoViewIfNeeded();
  await saveShot(dad, 'enhanced-reports-320-words');
  await dad.setViewportSize({ width: 1280, height: 900 });

  // Mia sees her father listed, and stops sharing.
  await mia.reload();
  await mia.getByRole('button', { name: 'Stop sharing with Dad' }).click();
  await mia.getByRole('alertdialog').getByRole('button', { name: 'Stop sharing' }).click();
  await expect(mia.getByText('No grown-up sees your progress yet.')).toBeVisible();
  await dad.reload();
  await expect(dad.getByText('You do not follow a reader yet.')).toBeVisible();
  await expect(dad.getByRole('region', { name: 'Mia', exact: true })).toHaveCount(0);
});
