import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsInBothThemes } from './helpers/axe.ts';
import { closeOpenedContexts, openContext } from './helpers/contexts.ts';
import { tabToButton } from './helpers/keyboard.ts';
import { fliteCommand, fliteReading, launchWithMicrophone } from './helpers/microphone.ts';
import { finishOnboardingByApi, freshEmail, signUpVerified, TEST_PASSWORD } from './helpers/reader.ts';
import { saveShot } from './helpers/shots.ts';
import { logVoiceCommands } from './helpers/voice-log.ts';

test.afterEach(closeOpenedContexts);

/*
 * Classes (ADR 0046): a teacher makes a class and its code from her dashboard; a grade-1 reader who has read a story
 * joins it on My Classroom by keyboard alone, after seeing whose class it is; the teacher sees her on the roster and
 * her report on Student Progress; she leaves, and the roster is empty again. Axe on each page, in both themes where
 * the page has the most on it; the report at 375 px.
 */

async function signedIn(
  browser: Browser,
  baseURL: string,
  who: { name: string; email?: string; grade: string; userType: 'student' | 'teacher' },
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

test('a teacher makes a class and its code; a reader joins it; the teacher follows her reading; she leaves', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const rivera = await signedIn(browser, baseURL!, {
    name: 'Ms Rivera',
    email: freshEmail('rivera'),
    grade: '1',
    userType: 'teacher',
  });

  // The dashboard with no class leads to making one.
  await rivera.goto('/teacher-dashboard');
  await expect(rivera.getByRole('heading', { level: 1, name: 'Teacher Dashboard' })).toBeVisible();
  await expect(rivera.getByRole('heading', { level: 2, name: 'Make your first class' })).toBeVisible();
  await expectNoAxeViolations(rivera, '/teacher-dashboard with no class');
  await saveShot(rivera, 'classes-dashboard-empty');
  await rivera.getByRole('main').getByRole('link', { name: 'Make your first class' }).click();
  await expect(rivera.getByRole('heading', { level: 1, name: 'Class Management' })).toBeVisible();

  // An empty name is refused on its field; then Room 4, grade 1.
  const name = rivera.getByRole('textbox', { name: 'Class name' });
  await rivera.getByRole('button', { name: 'Make the class' }).click();
  await expect(name).toHaveAccessibleDescription(/Give the class a name/);
  await expect(name).toBeFocused();
  await name.fill('Room 4');
  await rivera.getByRole('button', { name: 'Make the class' }).click();
  const classLink = rivera.getByRole('main').getByRole('link', { name: /Room 4/ });
  await expect(classLink).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(rivera, '/class-management with a class');
  await classLink.click();
  await expect(rivera.getByRole('heading', { level: 1, name: 'Room 4' })).toBeVisible();
  const roomId = new URL(rivera.url()).pathname.split('/').at(-1)!;
  await rivera.getByRole('button', { name: 'Make a class code' }).click();
  const shown = rivera.locator('.classes__code [aria-hidden="true"]');
  await expect(shown).toBeVisible({ timeout: 30_000 });
  const code = ((await shown.textContent()) ?? '').replace(/\s/g, '');
  expect(code).toMatch(/^\d{6}$/);
  // A screen reader hears the digits one by one.
  await expect(rivera.locator('.classes__code')).toContainText(
    `${[...code.slice(0, 3)].join(' ')}, ${[...code.slice(3)].join(' ')}`,
  );
  await expectNoAxeViolationsInBothThemes(rivera, '/class/:classId with a code');
  await saveShot(rivera, 'classes-class-code');

  // Mia, grade 1, in a class of her own account.
  const mia = await signedIn(browser, baseURL!, { name: 'Mia', grade: '1', userType: 'student' });
  const list = (await (await mia.request.get('/api/stories')).json()) as {
    stories: { id: string; title: string; wordCount: number }[];
  };
  const shortest = list.stories.reduce((a, b) => (b.wordCount < a.wordCount ? b : a));
  const { story } = (await (await mia.request.get(`/api/stories/${shortest.id}`)).json()) as {
    story: { body: string };
  };

  // She joins on My Classroom: a wrong code typed first, then the digits by keyboard on the number pad, and "join
  // the class" said into the microphone when Sparky asks whether this is her class.
  const storageState = await mia.context().storageState();
  const voiceBrowser = await launchWithMicrophone(fliteCommand('join the class'));
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
    await child.getByRole('navigation').getByRole('link', { name: 'My Classroom' }).click();
    await expect(child.getByRole('heading', { level: 1, name: 'My Classroom' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(child, '/student-classroom with no class');
    const field = child.getByRole('textbox', { name: 'Class code' });
    await field.fill(code === '000000' ? '111 111' : '000 000');
    await child.keyboard.press('Enter');
    await expect(child.getByRole('alert').filter({ hasText: /That code did not work/ })).toBeVisible({
      timeout: 30_000,
    });
    await expect(field).toBeFocused();
    await field.fill('');
    for (const digit of code) {
      await tabToButton(child, digit);
      await child.keyboard.press('Enter');
    }
    const question = child.getByRole('heading', {
      level: 2,
      name: "This is Room 4, Ms Rivera's class. Join it?",
    });
    await expect(question).toBeFocused({ timeout: 30_000 });
    await expectNoAxeViolations(child, '/student-classroom asking');
    await saveShot(child, 'classes-join-question');
    await tabToButton(child, 'Talk to Sparky');
    await child.keyboard.press('Enter');
    try {
      await expect(child.getByRole('button', { name: 'Leave Room 4' })).toBeVisible({ timeout: 60_000 });
    } catch (error) {
      throw new Error(`${(error as Error).message}\nSpoken commands sent: ${voiceLog.summary()}`);
    }
    await expect(child.getByText('Teacher: Ms Rivera')).toBeVisible();
    await expectNoAxeViolationsInBothThemes(child, '/student-classroom in a class');
    await saveShot(child, 'classes-joined');
    await child.setViewportSize({ width: 320, height: 640 });
    await saveShot(child, 'classes-joined-320');
  } finally {
    await voiceBrowser.close();
  }

  // The teacher sets the story for the class to read aloud (ADR 0047), from the class's page.
  await rivera.getByRole('link', { name: 'Set an assignment' }).click();
  await expect(rivera.getByRole('heading', { level: 1, name: 'Create Assignment' })).toBeVisible();
  await rivera.getByText(shortest.title, { exact: true }).click();
  await expect(rivera.getByRole('radio', { name: shortest.title })).toBeChecked();
  await rivera
    .getByRole('textbox', { name: 'Note for the readers' })
    .fill('Read it to Sparky twice this week.');
  await rivera.getByRole('button', { name: 'Set the assignment' }).click();
  const results = rivera.getByRole('link', { name: 'See who has read it' });
  await expect(results).toBeFocused({ timeout: 30_000 });
  await expectNoAxeViolations(rivera, '/create-assignment set');
  await saveShot(rivera, 'assignments-set');

  // Mia sees it on My Classroom, with the link that opens Reading Practice on it; she reads it (a scored reading of
  // the story saved as Reading Practice saves it), and it is done.
  // Home, where a pre-reader lands, shows it first.
  await mia.goto('/home');
  await expect(
    mia
      .getByRole('region', { name: 'From your teacher' })
      .getByRole('link', { name: `Read ${shortest.title} aloud` }),
  ).toHaveAttribute('href', new RegExp(`/fluency\\?storyId=${shortest.id}`));
  await mia.goto('/student-classroom');
  const readIt = mia.getByRole('link', { name: `Read ${shortest.title} aloud` });
  await expect(readIt).toHaveAttribute('href', new RegExp(`/fluency\\?storyId=${shortest.id}`));
  await expect(mia.getByText('Read it to Sparky twice this week.')).toBeVisible();
  await expectNoAxeViolationsInBothThemes(mia, '/student-classroom with a story to read');
  await saveShot(mia, 'assignments-to-read');
  const reading = await mia.request.post('/api/reading-sessions', {
    multipart: {
      audio: { name: 'reading.wav', mimeType: 'audio/wav', buffer: readFileSync(fliteReading(story.body)) },
      storyId: shortest.id,
      idempotencyKey: `classes-${Date.now()}`,
    },
    timeout: 90_000,
  });
  expect(reading.status(), await reading.text()).toBe(201);
  const { session } = (await reading.json()) as { session: { wcpm: number } };
  await mia.reload();
  await expect(mia.getByText('You read it')).toBeVisible({ timeout: 30_000 });

  // The teacher sees who has read it, with the figures.
  await results.click();
  await expect(rivera.getByRole('heading', { level: 1, name: shortest.title })).toBeVisible();
  const grades = rivera.getByRole('table');
  await expect(grades).toContainText('Mia', { timeout: 30_000 });
  await expect(grades).toContainText('Done');
  await expect(grades).toContainText(String(Math.round(session.wcpm)));
  await expectNoAxeViolationsInBothThemes(rivera, '/grade-assignments?assignment=');
  await saveShot(rivera, 'assignments-results');

  // Her reading record (ADR 0048): the passage marked word by word, the words to check, and her own voice saying a
  // word, from the recording kept for 30 days (served only to the teacher who set the story).
  await grades.getByRole('link', { name: 'How Mia read it' }).click();
  await expect(rivera.getByRole('heading', { level: 1, name: `Mia reading ${shortest.title}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(rivera).toHaveURL(/[?&]reading=/);
  await expect(rivera.getByRole('heading', { name: 'Words to check' })).toBeVisible();
  const firstWord = story.body.split(/\s+/)[0]!.replace(/[^\p{L}\p{N}'’-]/gu, '');
  await expect(rivera.getByRole('main')).toContainText(firstWord);
  await expectNoAxeViolationsInBothThemes(rivera, '/grade-assignments?reading=');
  await saveShot(rivera, 'assignments-reading-record');
  const heard = rivera.waitForResponse((r) => /\/readings\/[^/]+\/audio\?word=\d+$/.test(r.url()));
  await rivera.getByRole('button', { name: 'Listen', exact: true }).click();
  const audio = await heard;
  expect(audio.status()).toBe(200);
  expect(audio.headers()['cache-control']).toBe('no-store');
  await expect(rivera.getByText("Sorry, the recording couldn't be played.")).toHaveCount(0);
  for (const width of [375, 320]) {
    await rivera.setViewportSize({ width, height: 740 });
    await expect
      .poll(() => rivera.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    await saveShot(rivera, `assignments-reading-record-${width}`);
  }
  await rivera.setViewportSize({ width: 1280, height: 900 });
  // Mia herself cannot open it: it is the teacher's view of work she set.
  const readingUrl = new URL(rivera.url());
  const assignmentId = readingUrl.searchParams.get('assignment')!;
  const readingId = readingUrl.searchParams.get('reading')!;
  expect((await mia.request.get(`/api/assignments/${assignmentId}/readings/${readingId}`)).status()).toBe(
    403,
  );
  await rivera.goto('/grade-assignments');
  await expect(rivera.getByRole('main')).toContainText('1 of 1 have read it');
  await expectNoAxeViolations(rivera, '/grade-assignments');

  // The teacher sees her on the roster, and her reading on Student Progress.
  await rivera.goto('/class-management');
  await rivera
    .getByRole('main')
    .getByRole('link', { name: /Room 4/ })
    .click();
  const roster = rivera.getByRole('table', { name: /Readers/ });
  await expect(roster).toContainText('Mia', { timeout: 30_000 });
  await roster.getByRole('link', { name: 'Mia' }).click();
  await expect(rivera.getByRole('heading', { level: 1, name: 'Mia' })).toBeVisible();
  await expect(rivera.getByRole('table', { name: /Stories read/ })).toContainText(shortest.title, {
    timeout: 30_000,
  });
  // Her learning path as her guardian gets it (ADR 0052): a first-grader who has not taken the reading check
  // starts with it; one reading is not yet the reading step's three.
  await expect(rivera.getByRole('heading', { level: 2, name: 'Learning path' })).toBeVisible();
  await expect(rivera.getByRole('main')).toContainText(
    'Next step for Mia: Reading Assessment — the one-minute reading check, which sets the level of the stories offered.',
  );
  await expect(rivera.getByRole('main')).toContainText('Steps done: none yet.');
  await expectNoAxeViolationsInBothThemes(rivera, '/student-progress/:studentId');
  await saveShot(rivera, 'classes-student-progress');
  await rivera.setViewportSize({ width: 375, height: 667 });
  await expect
    .poll(() => rivera.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  await saveShot(rivera, 'classes-student-progress-375');
  await rivera.setViewportSize({ width: 1280, height: 900 });

  // The dashboard lists the class with one reader.
  await rivera.goto('/teacher-dashboard');
  await expect(rivera.getByRole('main')).toContainText('Room 4');
  await expectNoAxeViolations(rivera, '/teacher-dashboard with a class');
  await saveShot(rivera, 'classes-dashboard');

  // Class Analytics (ADR 0050): the story set with Mia's figures, Mia among the readers, and the class's screenings.
  await rivera.goto('/class-analytics');
  await expect(rivera.getByRole('heading', { level: 1, name: 'Class Analytics' })).toBeVisible();
  const storiesSet = rivera.getByRole('table', { name: 'Stories set for Room 4' });
  await expect(storiesSet).toContainText(shortest.title, { timeout: 30_000 });
  await expect(storiesSet).toContainText('1 of 1');
  await expect(storiesSet).toContainText(String(Math.round(session.wcpm)));
  await expect(rivera.getByRole('table', { name: 'Readers in Room 4' })).toContainText('Mia');
  await expect(rivera.getByRole('table', { name: 'Latest Reading Screening of each reader' })).toContainText(
    'No screening yet',
    { timeout: 30_000 },
  );
  await expectNoAxeViolationsInBothThemes(rivera, '/class-analytics');
  await saveShot(rivera, 'class-analytics');
  for (const width of [375, 320]) {
    await rivera.setViewportSize({ width, height: 740 });
    await expect
      .poll(() => rivera.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    await saveShot(rivera, `class-analytics-${width}`);
  }
  await rivera.setViewportSize({ width: 1280, height: 900 });
  // The period by voice-visible control: the last 4 weeks still holds the story set today.
  await rivera.getByRole('button', { name: /Period/ }).click();
  await rivera.getByRole('option', { name: 'Last 4 weeks' }).click();
  await expect(rivera).toHaveURL(/period=/);
  await expect(storiesSet).toContainText(shortest.title, { timeout: 30_000 });

  // Student Reports: Mia's report for her family, with a note for home that is printed and never sent.
  await rivera.goto('/student-reports');
  await expect(rivera.getByRole('heading', { name: 'Reading report for Mia' })).toBeVisible({
    timeout: 30_000,
  });
  const report = rivera.getByRole('article', { name: 'Reading report for Mia' });
  await expect(report).toContainText(shortest.title);
  await expect(report).toContainText('Ms Rivera');
  const sent: string[] = [];
  rivera.on('request', (r) => sent.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`));
  await report
    .getByRole('textbox', { name: 'Note for home for Mia' })
    .fill('Mia reads every evening with her dad.');
  await expectNoAxeViolationsInBothThemes(rivera, '/student-reports');
  await saveShot(rivera, 'student-reports');
  for (const width of [375, 320]) {
    await rivera.setViewportSize({ width, height: 740 });
    await expect
      .poll(() => rivera.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    await saveShot(rivera, `student-reports-${width}`);
  }
  await rivera.setViewportSize({ width: 1280, height: 900 });
  await rivera.emulateMedia({ media: 'print' });
  await expect(rivera.getByRole('navigation', { name: 'Sidebar navigation' })).toBeHidden();
  await expect(rivera.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(rivera.getByText('Mia reads every evening with her dad.').last()).toBeVisible();
  await saveShot(rivera, 'student-reports-print');
  await rivera.emulateMedia({ media: 'screen' });
  expect(sent.filter((line) => line.includes('every evening'))).toEqual([]);

  // Class Calendar (ADR 0051): the story has no due day; a story set due today from the calendar shows on today.
  await rivera.goto('/class-calendar');
  await expect(rivera.getByRole('heading', { level: 1, name: 'Class Calendar' })).toBeVisible();
  await expect(rivera.getByRole('region', { name: 'No due day' })).toContainText(shortest.title, {
    timeout: 30_000,
  });
  await rivera.getByRole('link', { name: 'Set a story due this day' }).click();
  await expect(rivera.getByRole('heading', { level: 1, name: 'Create Assignment' })).toBeVisible();
  await expect(rivera).toHaveURL(/dueOn=\d{4}-\d{2}-\d{2}/);
  await rivera.getByText(shortest.title, { exact: true }).click();
  await rivera.getByRole('button', { name: 'Set the assignment' }).click();
  await expect(rivera.getByRole('link', { name: 'See who has read it' })).toBeFocused({ timeout: 30_000 });
  await rivera.goto('/class-calendar');
  await expect(rivera.getByRole('gridcell', { name: /today.*1 story due/ })).toBeVisible({ timeout: 30_000 });
  await expect(rivera.getByRole('heading', { level: 2, name: /^Today, / })).toBeVisible();
  await expect(rivera.getByRole('region', { name: /^Today, / })).toContainText(shortest.title);
  await expectNoAxeViolationsInBothThemes(rivera, '/class-calendar');
  await saveShot(rivera, 'class-calendar');
  for (const width of [375, 320]) {
    await rivera.setViewportSize({ width, height: 740 });
    await expect
      .poll(() => rivera.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    await saveShot(rivera, `class-calendar-${width}`);
  }
  await rivera.setViewportSize({ width: 1280, height: 900 });
  // Mia cannot read the class's figures or screenings: they are her teacher's view.
  for (const what of ['analytics', 'screenings'])
    expect((await mia.request.get(`/api/classes/${roomId}/${what}`)).status()).toBe(403);

  await leave(mia);
  await rivera.goto('/student-progress');
  await expect(rivera.getByRole('heading', { level: 1, name: 'Student Progress' })).toBeVisible();
  await expect(rivera.getByRole('main').getByRole('link', { name: 'Mia' })).toHaveCount(0);
});

/** The reader leaves the class by keyboard: "Leave Room 4", then the question's "Leave the class". */
async function leave(page: Page): Promise<void> {
  await page.goto('/student-classroom');
  await tabToButton(page, 'Leave Room 4');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Leave the class' }).click();
  await expect(page.getByRole('button', { name: 'Leave Room 4' })).toHaveCount(0, { timeout: 30_000 });
}
