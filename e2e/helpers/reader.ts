import { expect, type Page } from '@playwright/test';

/**
 * Accounts for browser tests against the real server (NODE_ENV=test, so mail goes to the outbox that
 * GET /api/test/outbox reads).
 */

/** A password the server's policy accepts (long, not a common password). */
export const TEST_PASSWORD = 'purple-otter-42-reads';

let counter = 0;
/** A fresh address per call, so runs and tests never collide. */
export function freshEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

/**
 * The first link of the newest message to `email` whose subject matches, polling until the server
 * has written it.
 */
export async function linkFromOutbox(page: Page, email: string, subject: RegExp = /./): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/test/outbox?to=${encodeURIComponent(email)}`);
      const { messages } = (await response.json()) as { messages: { subject: string; text: string }[] };
      link = messages.find((m) => subject.test(m.subject))?.text.match(/https?:\/\/\S+/)?.[0];
      return link ?? null;
    })
    .not.toBeNull();
  return link as string;
}

/** Who {@link signUpVerified} creates. */
export interface TestReader {
  email?: string;
  name: string;
  grade: string;
  userType?: 'student' | 'teacher' | 'guardian' | 'other';
}

/**
 * Signs up by the API (POST /api/signup) and follows the confirmation link from the outbox, in
 * `page`'s context. Returns the address. Signing in is left to the caller (by the form or the API).
 */
export async function signUpVerified(page: Page, who: TestReader): Promise<string> {
  const email = who.email ?? freshEmail(who.name.toLowerCase());
  const signUp = await page.request.post('/api/signup', {
    data: {
      email,
      password: TEST_PASSWORD,
      data: { display_name: who.name, user_type: who.userType ?? 'student', grade: who.grade },
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  await page.goto(await linkFromOutbox(page, email, /Confirm your e-mail/));
  return email;
}

/**
 * Marks onboarding done through the API with this grade (what the onboarding screen saves). A new
 * reader would then be sent to the reading check (spec §4.2 step 4, ADR 0038): unless `assessment` is
 * 'ask', it is put off as "Not now" does, so the test opens the page it is about.
 */
export async function finishOnboardingByApi(
  page: Page,
  grade: string,
  { assessment = 'putOff' }: { assessment?: 'putOff' | 'ask' } = {},
): Promise<void> {
  const onboarding = await page.request.post('/api/onboarding', { data: { grade } });
  expect(onboarding.status(), await onboarding.text()).toBe(200);
  if (assessment === 'ask') return;
  const defer = await page.request.post('/api/assessment/defer');
  expect(defer.status(), await defer.text()).toBe(200);
}
