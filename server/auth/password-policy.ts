/**
 * Password rules: 8–128 characters (NIST SP 800-63B §5.1.1.2: at least 8, allow long passphrases) and
 * not guessable — not in the common-password lists and not built from the user's own name or e-mail,
 * judged by zxcvbn-ts (score 2 or more of 0–4). A refusal lists its reasons (spec §5 "a weak password
 * is rejected with a list of reasons").
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#core/api/account.ts';

const strength = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
});

/** Lowest accepted zxcvbn score (0–4): 2 means "somewhat guessable", resisting online guessing. */
export const MIN_PASSWORD_SCORE = 2;

/**
 * Reasons a password is refused; empty when it is acceptable.
 * @param password - as typed (never trimmed)
 * @param context - the user's name and e-mail, which must not make up the password
 */
export function passwordProblems(
  password: string,
  context: { email?: string; name?: string } = {},
): string[] {
  const reasons: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) reasons.push(`Use at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (password.length > PASSWORD_MAX_LENGTH) reasons.push(`Use at most ${PASSWORD_MAX_LENGTH} characters.`);
  if (reasons.length) return reasons;
  const userInputs = [context.email, context.email?.split('@')[0], context.name].filter(
    (v): v is string => typeof v === 'string' && v.length > 0,
  );
  const result = strength.check(password, userInputs);
  if (result.score < MIN_PASSWORD_SCORE) {
    if (result.feedback.warning) reasons.push(result.feedback.warning);
    reasons.push(...result.feedback.suggestions);
    if (reasons.length === 0) reasons.push('This password is too easy to guess.');
  }
  return reasons;
}
