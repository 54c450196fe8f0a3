import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page, type Route } from '@playwright/test';
import { saveShot } from './helpers/shots.ts';
import { expectNoAxeViolations, expectNoAxeViolationsInBothThemes as checkA11y } from './helpers/axe.ts';
import { bounded } from './helpers/bounded.ts';
import { launchWithMicrophone, waitForReadingHeard } from './helpers/microphone.ts';
import { logVoiceCommands } from './helpers/voice-log.ts';
import { finishOnboardingByApi, freshEmail, signUpVerified, TEST_PASSWORD } from './helpers/reader.ts';
import { FLUENCY_GUIDANCE } from '../src/features/fluency/fluency.guidance.ts';
import { HOME_GUIDANCE } from '../src/features/home/home.guidance.ts';
import { hasReachedTheEnd } from '../core/fluency-session/end-of-reading.ts';
import { closeOpenedContexts, openContext } from './helpers/contexts.ts';

test.afterEach(closeOpenedContexts);

/*
 * Fluency practice (issue 5) in Debian chromium with the fake microphone: a reading made by flite at
 * test time from a library story with one word left out is "spoken" into the microphone; the page
 * records it through the AudioWorklet, streams it to the follow-along socket (issue 12: highlight,
 * the tutor's help at the 6 s pause, a dropped socket resumed), uploads the WAV, and shows the
 * scored result. Queries by role
 * and accessible name only; axe on every screen; screenshots of each state into E2E_SHOTS_DIR when it is set.
 */

const PASSWORD = TEST_PASSWORD;

interface Reading {
  storyId: string;
  title: string;
  omitted: string;
  /** Words read (the story's, or its first `wordLimit`). */
  wordsTotal: number;
  /** The WAV with leading silence (the countdown) for the fake microphone. */
  micWav: string;
  /** The same reading without the leading silence, for the API. */
  plainWav: string;
  /** Words correct × 60 / speech span: the WCPM a perfect scorer reports. */
  truthWcpm: number;
}

/** The parts of a scored reading (core/fluency/result.schema.ts) a failure message shows. */
interface ScoredForLog {
  durationSeconds?: number;
  wordsAttempted?: number;
  wordsTotal?: number;
  words?: { text: string; status: string }[];
}

/** Seconds of a WAV, measured with sox. */
function soxSeconds(path: string): number {
  return Number(execFileSync('soxi', ['-D', path], { encoding: 'utf8' }).trim());
}

/**
 * flite reads the story (or its first `wordLimit` words) with one word left out, in two halves around it with `pauseSeconds` of
 * silence between (a hesitant reader); sox makes it 16 kHz mono 16-bit, measures the speech (silence
 * trimmed both ends, the pause kept: WCPM counts the time from the first word to the last) and pads
 * 4.5 s of silence in front for the 3-2-1 countdown (the fake device starts playing when the
 * microphone opens, before the recording starts).
 */
function makeReading(
  story: { id: string; title: string; body: string },
  pauseSeconds = 0,
  wordLimit = Infinity,
): Reading {
  const dir = mkdtempSync(join(tmpdir(), 'sparky-fluency-'));
  const words = story.body
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .slice(0, wordLimit);
  // Leave out a plain content word from the middle (not the first or last few).
  let omitIndex = Math.floor(words.length / 2);
  while (omitIndex < words.length - 3 && !/^[A-Za-z]{4,}$/.test(words[omitIndex] ?? '')) omitIndex++;
  const omitted = words[omitIndex] as string;
  const halves = [words.slice(0, omitIndex), words.slice(omitIndex + 1)].map((part) => part.join(' '));
  const plain = join(dir, 'reading.wav');
  const trimmed = join(dir, 'trimmed.wav');
  const mic = join(dir, 'mic.wav');
  const pieces = halves.map((text, i) => {
    const raw = join(dir, `raw-${i}.wav`);
    const wav = join(dir, `part-${i}.wav`);
    execFileSync('flite', ['-voice', 'slt', '--setf', 'duration_stretch=1.3', '-t', text, '-o', raw]);
    execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', wav]);
    return wav;
  });
  // A hesitant reader (issue 17, item 1): stuck on the left-out word for `pauseSeconds`, then on.
  if (pauseSeconds > 0) {
    const pause = join(dir, 'pause.wav');
    execFileSync('sox', [
      '-n',
      '-r',
      '16000',
      '-c',
      '1',
      '-b',
      '16',
      pause,
      'trim',
      '0',
      String(pauseSeconds),
    ]);
    pieces.splice(1, 0, pause);
  }
  execFileSync('sox', [...pieces, plain]);
  execFileSync('sox', [
    plain,
    trimmed,
    'silence',
    '1',
    '0.02',
    '0.5%',
    'reverse',
    'silence',
    '1',
    '0.02',
    '0.5%',
    'reverse',
  ]);
  execFileSync('sox', [plain, mic, 'pad', '4.5', '0']);
  const speechSeconds = soxSeconds(trimmed);
  return {
    storyId: story.id,
    title: story.title,
    omitted,
    wordsTotal: words.length,
    micWav: mic,
    plainWav: plain,
    truthWcpm: ((words.length - 1) * 60) / speechSeconds,
  };
}

async function newContext(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await openContext(browser, {
    baseURL,
    viewport: { width: 1280, height: 900 },
    permissions: ['microphone'],
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('pageerror:', error.message));
  return { context, page };
}

async function shot(page: Page, name: string): Promise<void> {
  await saveShot(page, `fluency-${name}`);
}

/** Signs up by API, verifies by the outbox link, signs in on the login page, onboards as grade 3. */
async function signUpAndIn(page: Page, prefix: string): Promise<string> {
  const email = await signUpVerified(page, { email: freshEmail(prefix), name: 'Rosa', grade: '3' });
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await finishOnboardingByApi(page, '3');
  return email;
}

async function tokens(page: Page): Promise<number> {
  const me = (await (await page.request.get('/api/me')).json()) as { profile: { tokens: number } };
  return me.profile.tokens;
}

/**
 * A reading saved through the API, as a reader's earlier practice (the history, the tokens and the
 * challenges the journeys count on start from it).
 */
async function firstSessionByApi(page: Page, reading: Reading): Promise<void> {
  const response = await page.request.post('/api/reading-sessions', {
    multipart: {
      audio: { name: 'reading.wav', mimeType: 'audio/wav', buffer: readFileSync(reading.plainWav) },
      storyId: reading.storyId,
      idempotencyKey: `api-first-${Date.now()}`,
    },
    timeout: 60_000,
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** A short library story (40–90 words, easiest first). */
async function pickStory(page: Page): Promise<{ id: string; title: string; body: string }> {
  const list = (await (await page.request.get('/api/stories')).json()) as {
    stories: { id: string; title: string; wordCount: number }[];
  };
  const summary = list.stories.find((s) => s.wordCount >= 40 && s.wordCount <= 90) ?? list.stories[0];
  expect(summary, 'the library has stories').toBeDefined();
  const detail = (await (await page.request.get(`/api/stories/${summary!.id}`)).json()) as {
    story: { id: string; title: string; body: string };
  };
  return detail.story;
}

/** The idempotency key in a multipart upload body. */
function idempotencyKeyOf(body: Buffer | null): string | null {
  return body?.toString('latin1').match(/name="idempotencyKey"\r\n\r\n([^\r]+)/)?.[1] ?? null;
}

/**
 * One spoken command for the fake microphone: flite's `voice` saying `text` at 16 kHz mono, with
 * 0.5 s of silence before and 2 s after (the talk button ends the utterance after 0.8 s of silence).
 */
function command(text: string, voice = 'rms'): string {
  const dir = mkdtempSync(join(tmpdir(), 'sparky-command-'));
  const raw = join(dir, 'raw.wav');
  const wav = join(dir, 'command.wav');
  execFileSync('flite', ['-voice', voice, '-t', text, '-o', raw]);
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', wav, 'pad', '0.5', '2']);
  return wav;
}

test.describe('fluency practice', () => {
  test.describe.configure({ timeout: 240_000 });

  test('practise with the mouse: countdown, recording, a failed upload re-sent with the same key, results, history, tokens once', async ({
    browser: defaultBrowser,
    baseURL,
  }) => {
    // Two readings scored and many axe checks: on a loaded machine this takes minutes.
    test.setTimeout(420_000);
    // A story and its flite reading, from a throwaway account (the library is the same for everyone).
    const setup = await newContext(defaultBrowser, baseURL!);
    await signUpAndIn(setup.page, 'fluency-setup');
    // A hesitant reader: 6 s stuck mid-story must not end the reading (issue 17, item 1).
    const story = await pickStory(setup.page);
    const reading = makeReading(story, 6);
    // The reader's first reading, by the API: the story's first 60 % (over half, so it counts for Story Time).
    const firstReading = makeReading(story, 0, Math.ceil(reading.wordsTotal * 0.6));

    // A refused microphone (no fake UI: headless chromium denies) explains how to allow it.
    await setup.context.clearPermissions();
    // (This account's first reading only opens /fluency: its first ten words are enough.)
    await firstSessionByApi(setup.page, makeReading(story, 0, 10));

    // Sparky speaks (issue 10): the new reader hears the home screen explained, then the fluency
    // screen after going there. Every line is asked of GET /api/speech (recorded here) and captioned.
    const asked: string[] = [];
    setup.page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/speech') asked.push(url.searchParams.get('text') ?? '');
    });
    // The fluency screen's first line is held at the server's door: it stays "loading", so only a
    // line of higher priority can get past it.
    const held: Route[] = [];
    const isSpeech = (url: URL) => url.pathname === '/api/speech';
    await setup.page.route(isSpeech, (route) => {
      const text = new URL(route.request().url()).searchParams.get('text');
      if (text === FLUENCY_GUIDANCE[0]) held.push(route);
      else void route.continue();
    });
    const strip = setup.page.getByRole('region', { name: "Sparky's captions" });
    await setup.page.goto('/home');
    asked.length = 0; // anything the previous page still asked for
    await expect(strip).toContainText(HOME_GUIDANCE[0], { timeout: 30_000 });
    // A press lets audio play (autoplay); line one plays through and the next line is asked for
    // (line two, or today's challenges, which replace it while it waits).
    await setup.page.getByRole('heading', { level: 1 }).click();
    await expect.poll(() => asked[0], { timeout: 15_000 }).toBe(HOME_GUIDANCE[0]);
    await expect.poll(() => asked.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await expectNoAxeViolations(setup.page, '/home with the caption strip');
    // Dedupe (§4.9): "read page" twice within 2 s is asked once. Quiet first, so the first reading
    // is being said when the second press comes; "Next" then shows that nothing else waited.
    await setup.page.keyboard.press('Escape');
    const next = strip.getByRole('button', { name: 'Next' });
    await expect(next).toHaveCount(0);
    const before = asked.length;
    await setup.page.keyboard.press('Alt+r');
    await expect.poll(() => asked.length, { timeout: 15_000 }).toBe(before + 1);
    await setup.page.keyboard.press('Alt+r');
    const readText = asked.at(-1)!;
    expect(readText).not.toBe(HOME_GUIDANCE[1]);
    if (await next.isVisible()) await next.click();
    await expect(next).toHaveCount(0, { timeout: 15_000 });
    expect(asked.filter((text) => text === readText)).toHaveLength(1);

    // A route change: the fluency screen's guidance, and nothing more of the home screen's.
    await setup.page.getByRole('link', { name: 'Reading Practice' }).first().click();
    await expect(strip).toContainText(FLUENCY_GUIDANCE[0], { timeout: 30_000 });
    expect(asked.filter((text) => text === HOME_GUIDANCE[0])).toHaveLength(1);
    // On a phone the strip's four buttons (line one is held, so Sparky is busy) share one row, and
    // the floating strip keeps under a quarter of a 667 px screen.
    const viewport = setup.page.viewportSize()!;
    await setup.page.setViewportSize({ width: 375, height: 667 });
    await expect
      .poll(() =>
        strip.evaluate((element) => ({
          buttons: element.querySelectorAll('.button').length,
          rows: new Set(
            [...element.querySelectorAll('.button')].map((b) => Math.round(b.getBoundingClientRect().top)),
          ).size,
          short: element.getBoundingClientRect().height < 667 / 4,
        })),
      )
      .toEqual({ buttons: 4, rows: 1, short: true });
    await setup.page.setViewportSize(viewport);

    // (Chromium makes a request for the same address wait for the one in flight: let that one go.)
    for (const route of held.splice(0)) await route.abort().catch(() => {});
    // The page left may still ask for its second line as it goes (its first was refused above, and
    // on a loaded machine the second was already waiting): only this visit's requests count below.
    const beforeVisit = asked.length;
    await setup.page.goto(`/fluency?storyId=${reading.storyId}`);
    // Generous waits from here: on a loaded machine the page, its guidance and the refusal are slow.
    await expect.poll(() => held.length, { timeout: 60_000 }).toBe(1);
    await setup.page.getByRole('button', { name: 'Start reading' }).click();
    await expect(setup.page.getByRole('heading', { level: 2, name: /microphone/ })).toBeVisible({
      timeout: 60_000,
    });
    // Priorities (§4.9): the warning cuts off the guidance still loading, and nothing of the guidance
    // is said before it.
    // (Headless Chromium reports a refused or a missing microphone, depending on the machine.)
    const warnings = ['Sparky is not allowed to use the microphone.', 'The microphone is not working.'];
    await expect(strip).toContainText(new RegExp(warnings.join('|').replace(/\./g, '\\.')), {
      timeout: 60_000,
    });
    // (The caption can show before Playwright has heard of its request: wait for the request too.)
    await expect.poll(() => asked.find((text) => warnings.includes(text)), { timeout: 15_000 }).toBeDefined();
    const warning = asked.find((text) => warnings.includes(text));
    expect(held.length).toBe(1);
    const warnedAt = asked.lastIndexOf(warning!);
    const lineOneAt = asked.indexOf(FLUENCY_GUIDANCE[0], beforeVisit);
    expect(lineOneAt).toBeGreaterThanOrEqual(0);
    expect(lineOneAt).toBeLessThan(warnedAt);
    const secondLine = asked.indexOf(FLUENCY_GUIDANCE[1]!, lineOneAt);
    expect(secondLine === -1 || secondLine > warnedAt).toBe(true);
    await setup.page.unroute(isSpeech);
    for (const route of held.splice(0)) await route.continue().catch(() => {});
    await expect(setup.page.getByRole('button', { name: 'Try again' })).toBeFocused();
    await shot(setup.page, 'microphone-problem');
    await checkA11y(setup.page, '/fluency microphone problem');
    await setup.page.getByRole('button', { name: 'Cancel' }).click();
    await expect(setup.page.getByRole('heading', { level: 2, name: 'Choose a story to read' })).toBeVisible();
    await setup.context.close();

    const browser = await launchWithMicrophone(reading.micWav);
    try {
      const { page } = await newContext(browser, baseURL!);
      await signUpAndIn(page, 'fluency-mouse');
      await firstSessionByApi(page, firstReading);
      const tokensBefore = await tokens(page);

      await page.goto(`/fluency?storyId=${reading.storyId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Reading Practice' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 3, name: reading.title })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Your progress' })).toBeVisible();
      await shot(page, 'choosing');
      await checkA11y(page, '/fluency choosing');

      // The first upload fails at the network; its key is kept for the retry.
      const keys: string[] = [];
      let failNext = true;
      await page.route('**/api/reading-sessions', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        keys.push(idempotencyKeyOf(route.request().postDataBuffer()) ?? '');
        if (failNext) {
          failNext = false;
          return route.abort('internetdisconnected');
        }
        return route.continue();
      });

      // What the scorer said to each end-of-reading check and upload, for the failure message of the
      // "how much was read" check below (a loaded CI machine once showed "part of the story").
      const scored: string[] = [];
      // End-of-reading checks that heard the last word: the reading must end by one of them, not by the
      // silence question's timeout, which ends a reading whose checks all fail 30 s after its last word.
      let checksReachingTheEnd = 0;
      page.on('response', (response) => {
        const path = new URL(response.url()).pathname;
        if (response.request().method() !== 'POST') return;
        if (path !== '/api/fluency/score' && path !== '/api/reading-sessions') return;
        void response
          .json()
          .then((body: { result?: ScoredForLog } & ScoredForLog) => {
            const r = body.result ?? body;
            if (
              path === '/api/fluency/score' &&
              response.ok() &&
              hasReachedTheEnd({ wordsAttempted: r.wordsAttempted ?? 0, wordsTotal: r.wordsTotal ?? 0 })
            )
              checksReachingTheEnd++;
            const statuses = (r.words ?? []).map((w) => `${w.text}:${w.status}`).join(' ');
            scored.push(
              `${path} ${response.status()} ${r.durationSeconds ?? '?'} s, ${r.wordsAttempted ?? '?'} of ${r.wordsTotal ?? '?'} words: ${statuses}`,
            );
          })
          .catch(() => scored.push(`${path} ${response.status()} (no JSON)`));
      });

      // On a phone, Start reading is on the first screen, above the story (issue 17, item 2); the
      // reading is done at 375 px.
      await page.setViewportSize({ width: 375, height: 812 });
      const start = page.getByRole('button', { name: 'Start reading' });
      await expect(start).toBeInViewport();
      await shot(page, '375-choosing');
      // Every heading the session shows, and when it first came (ms), to tell whether and when "Are you still
      // reading?" came.
      await page.evaluate(() => {
        const seen: string[] = [];
        const seenAt: Record<string, number> = {};
        Object.assign(window, { seenHeadings: seen, seenHeadingsAt: seenAt });
        new MutationObserver(() => {
          for (const h of document.querySelectorAll('main h2')) {
            const text = h.textContent ?? '';
            if (!seen.includes(text)) {
              seen.push(text);
              seenAt[text] = performance.now();
            }
          }
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      // The follow-along (issue 12): what the tutor asks the speech API to say, what the captions
      // and the passage show, and the socket, dropped once after 30 chunks and resumed by the page.
      const spokenTexts: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/speech') spokenTexts.push(url.searchParams.get('text') ?? '');
      });
      const sockets: { firstMessage: string | null; chunks: number }[] = [];
      await page.routeWebSocket('**/api/follow', (ws) => {
        const entry = { firstMessage: null as string | null, chunks: 0 };
        sockets.push(entry);
        const server = ws.connectToServer();
        ws.onMessage((message) => {
          if (typeof message === 'string') entry.firstMessage ??= message;
          else entry.chunks++;
          server.send(message);
          if (sockets.length === 1 && entry.chunks === 30) {
            // A network drop: both ends close; the page reconnects and resumes its stream.
            ws.close({ code: 4000, reason: 'test drop' });
            server.close();
          }
        });
      });
      await page.evaluate(() => {
        const seen = { captions: [] as string[], marks: [] as string[], passed: 0 };
        (window as unknown as { followSeen: typeof seen }).followSeen = seen;
        new MutationObserver(() => {
          const caption = document.querySelector('.caption-strip__line')?.textContent ?? '';
          if (caption && !seen.captions.includes(caption)) seen.captions.push(caption);
          const mark = document.querySelector('.follow-passage mark[aria-current="true"]')?.textContent ?? '';
          if (mark && seen.marks.at(-1) !== mark) seen.marks.push(mark);
          seen.passed = Math.max(
            seen.passed,
            document.querySelectorAll('.follow-passage .follow-word').length - 1,
          );
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await start.click();
      await expect(page.getByRole('heading', { level: 2, name: 'Get ready to read' })).toBeVisible();
      await shot(page, 'countdown');
      await checkA11y(page, '/fluency countdown');
      await expect(
        page.getByRole('heading', { level: 2, name: 'Recording: read the story out loud' }),
      ).toBeVisible({
        // The countdown is 3 s; generous for a loaded machine (axe on the countdown ran before).
        timeout: 30_000,
      });
      await expect(page.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Stop' })).toBeFocused();
      // Wait until the reader is heard, then take the picture with the meter moving.
      await expect
        .poll(async () => Number(await page.getByRole('meter').getAttribute('aria-valuenow')), {
          timeout: 30_000,
        })
        .toBeGreaterThan(20);
      // While recording on a phone the story fills the screen under the bar, not one line of it.
      const story = page.getByRole('article', { name: reading.title });
      // The highlight moves again after the socket was dropped (at 3 s) and resumed: axe on that
      // state while the reading goes on in real time (it costs no wall time: the reading is longer).
      await expect
        .poll(
          () =>
            page.evaluate(
              () => (window as unknown as { followSeen: { marks: string[] } }).followSeen.marks.length,
            ),
          { timeout: 60_000 },
        )
        .toBeGreaterThan(3);
      await expect.poll(() => sockets.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
      await expect(story.locator('mark[aria-current="true"]')).toBeVisible({ timeout: 60_000 });
      // One theme here (the reading does not wait for axe): both themes at 375 px with help shown below.
      await expectNoAxeViolations(page, '/fluency following after a reconnect');
      // The highlight moves through the passage as the reader reads; stuck at the left-out word for
      // 6 s, the tutor says it (through the speech API, captioned) and shows it larger.
      await expect(story.getByText('Sparky helped with:')).toBeVisible({ timeout: 90_000 });
      await expect(story.locator('.follow-help__word')).toHaveText(reading.omitted);
      // (The help shows as its line starts loading, a moment before Playwright hears of the request.)
      await expect.poll(() => spokenTexts, { timeout: 15_000 }).toContain(reading.omitted);
      await expect
        .poll(() =>
          page.evaluate(
            () => (window as unknown as { followSeen: { captions: string[] } }).followSeen.captions,
          ),
        )
        .toContain(reading.omitted);
      const followSeen = await page.evaluate(
        () => (window as unknown as { followSeen: { marks: string[]; passed: number } }).followSeen,
      );
      expect(followSeen.marks.length).toBeGreaterThan(5);
      expect(followSeen.passed).toBeGreaterThan(5);
      // The socket was dropped and the page resumed the same stream.
      expect(sockets.length).toBeGreaterThanOrEqual(2);
      expect(JSON.parse(sockets[0]!.firstMessage ?? '{}')).toMatchObject({
        type: 'start',
        storyId: reading.storyId,
      });
      expect(JSON.parse(sockets[1]!.firstMessage ?? '{}')).toMatchObject({ type: 'resume' });
      await shot(page, 'follow-help');
      await expect
        .poll(() =>
          story.evaluate((el) => {
            const r = el.getBoundingClientRect();
            return Math.min(r.bottom, window.innerHeight) - Math.max(r.top, 0);
          }),
        )
        .toBeGreaterThan(812 * 0.5);
      await expect(page.getByRole('button', { name: 'Stop' })).toBeInViewport();
      await shot(page, 'recording');
      await checkA11y(page, '/fluency recording at 375 px, help shown');

      // The page stops by itself a few seconds after the reading ends.
      await expect(
        page.getByRole('heading', { level: 2, name: "Your reading couldn't be sent" }),
      ).toBeVisible({
        timeout: 120_000,
      });
      await expect(page.getByRole('button', { name: 'Send again' })).toBeFocused();
      // It stopped because an end-of-reading check heard the last word (a broken check once went unnoticed
      // here: the question's timeout ended the reading instead, only later).
      await expect
        .poll(() => checksReachingTheEnd, {
          timeout: 15_000,
          message: `what the scorer said:\n${scored.join('\n')}`,
        })
        .toBeGreaterThan(0);
      await shot(page, 'failed-network');
      await checkA11y(page, '/fluency failed');
      await page.getByRole('button', { name: 'Send again' }).click();
      const listening = page.getByRole('heading', {
        level: 2,
        name: /Sparky is listening|Sending your reading/,
      });
      if (await listening.isVisible().catch(() => false)) await shot(page, 'scoring');

      const results = page.getByRole('heading', { level: 2, name: `Your results: ${reading.title}` });
      await expect(results).toBeVisible({ timeout: 90_000 });
      await expect(results).toBeFocused();
      await page.setViewportSize({ width: 1280, height: 900 });
      // The pause did not end the reading, nor bring the question: the whole story was heard. On a loaded
      // machine the end-of-reading check can take longer than the 10 s of silence after the last word, and the
      // question comes then (the CI of 27 Nov 2026): only a question before the reading's end is a fault. The
      // recording starts as the microphone's 4.5 s of silence ends, give or take the countdown, so the speech
      // ends about `plainWav`'s length after it; a question brought by the 6 s pause would come 10 s after the
      // pause began, well before that (the second half is longer than 6 s).
      const { seen, seenAt } = await page.evaluate(() => {
        const w = window as unknown as { seenHeadings: string[]; seenHeadingsAt: Record<string, number> };
        return { seen: w.seenHeadings, seenAt: w.seenHeadingsAt };
      });
      if (seen.includes('Are you still reading?')) {
        const asked =
          (seenAt['Are you still reading?']! - seenAt['Recording: read the story out loud']!) / 1000;
        expect(asked, 'seconds from the start of the recording to the question').toBeGreaterThan(
          soxSeconds(reading.plainWav) - 2,
        );
      }
      await expect(
        page.locator('main').getByText(/You read the whole story|of the \d+ words: most of the story/),
        `what the scorer said:\n${scored.join('\n')}`,
      ).toBeVisible();
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(keys[1]).toBe(keys[0]);
      // The interception is done with. Left on, it can hold the stylesheet requests that the font check's
      // CSS.enable makes below (puppeteer/puppeteer#10041, #5037): the CI of 27 Nov 2026 waited out the
      // test's 7 minutes there, or near there.
      await page.unroute('**/api/reading-sessions');

      // The child's summary first; WCPM within 10 % of the truth under the grown-ups' disclosure.
      await expect(page.getByRole('list', { name: 'Words to practise' })).toContainText(reading.omitted);
      await page.getByRole('button', { name: 'For grown-ups: scores and norms' }).click();
      const wcpmText = await page
        .getByText('Words correct per minute', { exact: true })
        .first()
        .locator('xpath=following-sibling::dd[1]')
        .textContent();
      const wcpm = Number(wcpmText);
      console.log(`WCPM ${wcpm}, truth ${reading.truthWcpm.toFixed(1)}, omitted "${reading.omitted}"`);
      expect(Math.abs(wcpm - reading.truthWcpm) / reading.truthWcpm).toBeLessThanOrEqual(0.1);
      const passage = page.getByRole('region', { name: 'How you read each word' });
      await expect(passage).toContainText(`${reading.omitted}, skipped`);
      await shot(page, 'results');
      await checkA11y(page, '/fluency results');

      // Listen to a word: the reader's own recording plays (Web Audio) and nothing goes wrong.
      const listen = page.getByRole('region', { name: 'Listen to a word' });
      await listen.getByRole('button', { name: 'Listen' }).click();
      await expect(listen.getByRole('button', { name: 'Listen' })).toBeEnabled({ timeout: 10_000 });
      await expect(listen).not.toContainText(/no longer kept|couldn't be played/);

      // The results in high contrast and on a phone, for the screenshots.
      await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'high-contrast'));
      await shot(page, 'results-high-contrast');
      await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'standard'));
      await page.setViewportSize({ width: 375, height: 812 });
      await shot(page, 'results-375');
      await saveShot(passage, 'fluency-results-375-passage');
      // The grown-ups' progress figures: a hint where a table scrolls sideways.
      const progress = page.getByRole('region', { name: 'Your progress' });
      await progress.getByRole('button', { name: 'For grown-ups: progress figures' }).click();
      await expect(progress.getByText('Scroll sideways to see the whole table.').first()).toBeVisible();
      await saveShot(progress, 'fluency-results-375-progress');
      // Reflow (WCAG 1.4.10): nothing scrolls sideways but the tables inside their own scroller.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await checkA11y(page, '/fluency results at 375 px');
      await page.setViewportSize({ width: 1280, height: 900 });

      // Digits are drawn in Andika (a plain zero), letters in Atkinson Hyperlegible Next (item 3).
      // (A raw CDP call has no timeout of its own: each is bounded, so a hang names its step.)
      const cdp = await page.context().newCDPSession(page);
      await bounded(cdp.send('DOM.enable'), 'DOM.enable');
      await bounded(cdp.send('CSS.enable'), 'CSS.enable');
      const { root } = await bounded(cdp.send('DOM.getDocument', { depth: -1 }), 'DOM.getDocument');
      const { nodeId } = await bounded(
        cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '.chip--tokens :is(span, a)' }),
        'DOM.querySelector',
      );
      const { fonts } = await bounded(
        cdp.send('CSS.getPlatformFontsForNode', { nodeId }),
        'CSS.getPlatformFontsForNode',
      );
      const families = fonts.map((f) => f.familyName);
      expect(families.some((f) => /Andika/i.test(f))).toBe(true);
      expect(families.some((f) => /Atkinson/i.test(f))).toBe(true);

      // Tokens went up once; the header shows the new count. Two readings finish Story Time (a target of
      // 1 or 2 stories, spec §3): if this one finished it, its 10 tokens were paid with the reading's.
      const tokensAfter = await tokens(page);
      const tokensLine = page.locator('main').getByText(/You earned \d+ tokens?\. You now have/);
      const sessionEarned = Number((await tokensLine.textContent())?.match(/You earned (\d+)/)?.[1]);
      expect(sessionEarned).toBeGreaterThan(0);
      const challenges = (await (await page.request.get('/api/daily-challenges')).json()) as {
        challenges: {
          challenge_type: string;
          completed: boolean;
          challenge_data: { reward_tokens: number };
        }[];
      };
      const storyTime = challenges.challenges.find((c) => c.challenge_type === 'read_stories');
      expect(storyTime?.completed, 'two readings finish Story Time').toBe(true);
      expect([sessionEarned, sessionEarned + storyTime!.challenge_data.reward_tokens]).toContain(
        tokensAfter - tokensBefore,
      );
      await expect(tokensLine).toContainText(`You now have ${tokensAfter} tokens`);
      await expect(page.getByText(`${tokensAfter} tokens`, { exact: true }).first()).toBeVisible();

      // History and chart, for grown-ups (opened above).
      await expect(progress.getByRole('figure', { name: /Your last 2 readings/ })).toBeVisible();
      await expect(
        progress.getByRole('table', { name: 'Every reading, newest first' }).getByRole('row'),
      ).toHaveCount(3);
      await expect(progress.getByRole('table', { name: 'Each story' })).toContainText(reading.title);
      await shot(page, 'progress');

      // The reading opened again from the history under the results (ADR 0036): the same marks as the
      // results, the figures with it, and Back to the Open button that opened it.
      const history = page.getByRole('table', { name: 'Every reading, newest first' });
      const open = history.getByRole('button', { name: `Open the reading of ${reading.title}` }).first();
      await open.click();
      const past = page.getByRole('heading', { level: 2, name: `Your reading of ${reading.title}` });
      await expect(past).toBeFocused();
      await expect(page).toHaveURL(/[?&]reading=[0-9a-f-]{36}/);
      await expect(page.getByRole('region', { name: 'How you read each word' })).toContainText(
        `${reading.omitted}, skipped`,
      );
      await expect(page.getByText(/^Read on .+\. It earned \d+ tokens?\.$/)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Choose a story to read' })).toBeHidden();
      await shot(page, 'past-reading');
      await expectNoAxeViolations(page, '/fluency a past reading');
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await expect(open).toBeFocused();
      await expect(page).not.toHaveURL(/reading=/);

      // Replaying the same upload (same key) answers the saved session and pays nothing.
      const replay = await page.evaluate(
        async ({ key, storyId, wav }) => {
          const form = new FormData();
          const bytes = Uint8Array.from(atob(wav), (c) => c.charCodeAt(0));
          form.append('audio', new Blob([bytes], { type: 'audio/wav' }), 'reading.wav');
          form.append('storyId', storyId);
          form.append('idempotencyKey', key);
          const response = await fetch('/api/reading-sessions', {
            method: 'POST',
            body: form,
            signal: AbortSignal.timeout(60_000),
          });
          return {
            status: response.status,
            body: (await response.json()) as { replayed: boolean; tokensAwarded: number },
          };
        },
        {
          key: keys[0] as string,
          storyId: reading.storyId,
          wav: readFileSync(reading.plainWav).toString('base64'),
        },
      );
      expect(replay.status).toBe(200);
      expect(replay.body).toMatchObject({ replayed: true, tokensAwarded: 0 });
      expect(await tokens(page)).toBe(tokensAfter);
    } finally {
      await browser.close();
    }
  });

  test('practise with the keyboard alone', async ({ browser: defaultBrowser, baseURL }) => {
    const setup = await newContext(defaultBrowser, baseURL!);
    await signUpAndIn(setup.page, 'fluency-kb-setup');
    // The first 20 words, then Stop (the whole story and the page's own end are the mouse journey's).
    const reading = makeReading(await pickStory(setup.page), 0, 20);
    await setup.context.close();

    const browser = await launchWithMicrophone(reading.micWav);
    try {
      const { page } = await newContext(browser, baseURL!);
      await signUpAndIn(page, 'fluency-keyboard');
      await firstSessionByApi(page, reading);
      await page.goto(`/fluency?storyId=${reading.storyId}`);
      await expect(page.getByRole('button', { name: 'Start reading' })).toBeEnabled();

      // Tab to Start reading.
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press('Tab');
        const name = await page.evaluate(() => document.activeElement?.textContent?.trim());
        if (name === 'Start reading') break;
      }
      await expect(page.getByRole('button', { name: 'Start reading' })).toBeFocused();
      await page.keyboard.press('Enter');
      // Cancel by keyboard during the countdown, then start again with Space.
      await expect(page.getByRole('heading', { level: 2, name: 'Get ready to read' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 2, name: 'Choose a story to read' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Start reading' })).toBeFocused();
      await page.keyboard.press('Space');
      await expect(page.getByRole('button', { name: 'Stop' })).toBeFocused({ timeout: 10_000 });
      // Read, then Enter on Stop (it kept the focus).
      await waitForReadingHeard(page);
      await expect(page.getByRole('button', { name: 'Stop' })).toBeFocused();
      await page.keyboard.press('Enter');

      const results = page.getByRole('heading', { level: 2, name: `Your results: ${reading.title}` });
      await expect(results).toBeFocused({ timeout: 150_000 });
      const passage = page.getByRole('region', { name: 'How you read each word' });
      await expect(passage).toContainText('skipped');

      // Try again, by keyboard, reaches the countdown.
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press('Tab');
        const name = await page.evaluate(() => document.activeElement?.textContent?.trim());
        if (name === 'Try again') break;
      }
      await expect(page.getByRole('button', { name: 'Try again' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 2, name: 'Get ready to read' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused({ timeout: 10_000 });
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 2, name: 'Choose a story to read' })).toBeVisible();
    } finally {
      await browser.close();
    }
  });
  test('by voice: "reading practice", a story by its title, "start reading" and the reading, then "read page"; the talk button by Tab and Enter', async ({
    browser: defaultBrowser,
    baseURL,
  }) => {
    // Four browser launches, a reading and its scoring: about 40 s on an idle machine; generous for a busy one.
    test.setTimeout(600_000);
    // A grown-up signs the reader in; the sign-in is kept for each browser (one utterance per launch).
    const setup = await newContext(defaultBrowser, baseURL!);
    await signUpAndIn(setup.page, 'fluency-voice');
    const story = await pickStory(setup.page);
    // The first 20 words, then Stop by keyboard (the page's own end is the mouse journey's).
    const reading = makeReading(story, 0, 20);
    await firstSessionByApi(setup.page, reading);
    const signedIn = await setup.context.storageState();
    await setup.context.close();

    /**
     * Opens `path` in a browser whose microphone plays `wav` (from its start each time a microphone
     * opens), reaches Talk to Sparky with Tab alone and presses Enter (the keyboard and switch path),
     * and waits for Sparky's answer in the talk caption.
     */
    const say = async (
      path: string,
      wav: string,
      text: string,
      caption: string | RegExp,
      check: (page: Page) => Promise<void>,
    ) => {
      const browser = await launchWithMicrophone(wav);
      try {
        const context = await browser.newContext({
          baseURL: baseURL!,
          viewport: { width: 1280, height: 900 },
          permissions: ['microphone'],
          storageState: signedIn,
        });
        const page = await context.newPage();
        const voiceLog = logVoiceCommands(page);
        await page.goto(path);
        // axe on each screen as the reader arrives (the screen one command leads to is where the next starts)
        const talk = page.getByRole('button', { name: 'Talk to Sparky' });
        await expect(talk).toBeVisible();
        // A story opened by its link: axe once the story has loaded (Start reading turns from its disabled
        // colours to its own while the story loads, and axe once caught it half-way: white on beige).
        if (path.includes('storyId=')) {
          await expect(page.getByRole('button', { name: 'Start reading' })).toBeEnabled();
        }
        // one theme here: the fluency journeys above check both on these screens
        await expectNoAxeViolations(page, `${path} before "${text}"`);
        for (
          let presses = 0;
          presses < 60 && !(await talk.evaluate((el) => el === document.activeElement));
          presses++
        )
          await page.keyboard.press('Tab');
        await expect(talk).toBeFocused();
        await page.keyboard.press('Enter');
        try {
          await expect(page.getByRole('region', { name: 'Talk to Sparky' })).toContainText(caption, {
            timeout: 30_000,
          });
        } catch (error) {
          // What the server heard, and how long the utterance was, for a failure under load.
          throw new Error(`${(error as Error).message}\nSpoken commands sent: ${voiceLog.summary()}`);
        }
        await check(page);
        await shot(page, `voice-${text.replace(/\W+/g, '-').toLowerCase()}`);
      } finally {
        await browser.close();
      }
    };

    // The sidebar's link has the screen's one name (issue 17, item 10), so the words may be taken as
    // pressing that link: the same place either way.
    await say(
      '/home',
      command('reading practice'),
      'reading practice',
      /Going to Reading Practice\.|OK: Reading Practice\./,
      async (page) => {
        await expect(page.getByRole('heading', { level: 1, name: 'Reading Practice' })).toBeVisible();
        await expect(page).toHaveURL(/\/fluency/);
      },
    );
    await say('/fluency', command(story.title), story.title, `OK: ${story.title}.`, async (page) => {
      await expect(page.getByRole('heading', { level: 3, name: story.title })).toBeVisible();
    });
    // "start reading", then the reading: the recording's microphone plays the file from its start
    // again, and the reading begins after the 3-2-1 countdown (makeReading's 4.5 s of silence).
    const startAndRead = join(mkdtempSync(join(tmpdir(), 'sparky-voice-')), 'start-and-read.wav');
    execFileSync('sox', ['-m', '-v', '1', reading.micWav, '-v', '1', command('start reading'), startAndRead]);
    let wcpm = '';
    await say(
      `/fluency?storyId=${story.id}`,
      startAndRead,
      'start reading',
      'OK: start reading.',
      async (page) => {
        await expect(
          page.getByRole('heading', { level: 2, name: /Get ready to read|Recording/ }),
        ).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: /^Recording/ })).toBeVisible({
          timeout: 30_000,
        });
        await waitForReadingHeard(page);
        await page.getByRole('button', { name: 'Stop' }).press('Enter');
        // reads it, and hears the result: the results screen, and its summary said and captioned by the audio queue
        await expect(
          page.getByRole('heading', { level: 2, name: `Your results: ${story.title}` }),
        ).toBeVisible({
          // The reading is ~10 s; its scoring waits its turn on a busy machine (seen > 150 s at load 38).
          timeout: 300_000,
        });
        await expect(page.getByRole('region', { name: "Sparky's captions" })).toContainText(
          /results are ready/i,
          {
            timeout: 30_000,
          },
        );
        wcpm = (
          (await page
            .getByText('Words correct per minute', { exact: true })
            .first()
            .locator('xpath=following-sibling::dd[1]')
            .textContent()) ?? ''
        ).trim();
        expect(wcpm).toMatch(/^\d+$/);
      },
    );
    // "read page" (a new browser: the fake microphone replays its file from the start each time a
    // microphone opens, so it would say "start reading" again, and the results screen does not outlive
    // its browser): Reading Practice, whose progress holds the result, is read aloud through the audio queue.
    await say('/fluency', command('read page'), 'read page', 'OK: read page.', async (page) => {
      await expect(page.getByRole('region', { name: "Sparky's captions" })).toContainText(
        'Reading Practice',
        {
          timeout: 30_000,
        },
      );
    });
  });
});
