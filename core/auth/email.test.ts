import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SignUpRequestSchema } from '../api/account.ts';
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE, isValidEmail } from './email.ts';

const GOOD = ['mia@example.com', ' mia@example.com ', "o'neil+reading@school.co.uk", 'a_b-c@x-y.org'];
const BAD = [
  'mia',
  'mia@',
  'mia@example',
  '@example.com',
  'mia@@example.com',
  '.mia@example.com',
  'mia..b@example.com',
  'mia@example.c',
  'mia @example.com',
  `${'a'.repeat(250)}@x.org`,
];

describe('The e-mail rule of sign-up (one for the form and the server)', () => {
  it("is zod's own default pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });

  it('accepts and refuses what the server accepts and refuses', () => {
    const server = (email: string) => SignUpRequestSchema.shape.email.safeParse(email.trim()).success;
    for (const email of GOOD)
      expect([email, isValidEmail(email), server(email)]).toEqual([email, true, true]);
    for (const email of BAD)
      expect([email, isValidEmail(email), server(email)]).toEqual([email, false, false]);
  });

  it("refuses with the server's message", () => {
    const refusal = SignUpRequestSchema.shape.email.safeParse('mia@example');
    expect(refusal.error?.issues[0]?.message).toBe(INVALID_EMAIL_MESSAGE);
  });
});
