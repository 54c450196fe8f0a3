/**
 * The rule an e-mail address must meet, one for the server (POST /api/signup, core/api/account.ts)
 * and the sign-up form's step 1, so the form refuses on step 1 what the server would refuse after
 * step 2. Kept apart from sign-up.ts, which shared chunks load: this file reaches only the login
 * page's chunk (the landing page's first load is at its budget, docs/decisions/0012-route-splitting.md).
 */

/** The message of a malformed address, the server's own (POST /api/signup's 400). Not a spec text: §5 gives none. */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

/** Longest address accepted (RFC 5321 §4.5.3.1.3: a path is at most 256 octets, 254 without its brackets). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Zod 4's default e-mail pattern (`z.regexes.email`, zod 4.6; better-auth checks sign-ups with it too),
 * written out so the login statechart tests an address without a zod schema; the server's schema
 * uses this very expression, and core/auth/email.test.ts keeps it equal to zod's.
 */
export const EMAIL_PATTERN =
  // eslint-disable-next-line no-useless-escape -- zod's source character for character, which the test compares
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/**
 * Whether an address, as typed, is one the server accepts: trimmed (the form sends it trimmed),
 * at most {@link EMAIL_MAX_LENGTH} characters and matching {@link EMAIL_PATTERN}.
 *
 * @param value the e-mail field as typed
 */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
