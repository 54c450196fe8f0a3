import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on this screen (LoginPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const LOGIN_GUIDANCE: PageGuidance = [
  "Hi! Let's sign in. A grown-up can help you type.",
  'Type your email and your password, then press Sign In.',
];

/** What Sparky says on sign-up's first step (the account). */
export const SIGN_UP_GUIDANCE: PageGuidance = [
  "Hi! Let's make your account. A grown-up can help you type.",
  'Type your name, your email and a password, then press Continue.',
];

/** What Sparky says on sign-up's second step (who the reader is). */
export const SIGN_UP_DETAILS_GUIDANCE: PageGuidance = [
  'Now tell Sparky a little about you. A grown-up can help.',
  'Choose who you are, then press Create Account.',
];

/** What Sparky says on the reset-link form. */
export const PASSWORD_RESET_GUIDANCE: PageGuidance = [
  'Forgot your password? A grown-up can help you.',
  'Type your email, then press Send Reset Link.',
];

/** Sparky's words for each mode of the sign-in screen. */
export const LOGIN_MODE_GUIDANCE = {
  signIn: LOGIN_GUIDANCE,
  signUpStep1: SIGN_UP_GUIDANCE,
  signUpStep2: SIGN_UP_DETAILS_GUIDANCE,
  passwordReset: PASSWORD_RESET_GUIDANCE,
} as const;

/** What Sparky says on the new-password form (NewPasswordForm.tsx, opened from a reset link). */
export const NEW_PASSWORD_GUIDANCE: PageGuidance = [
  "Let's make a new password. A grown-up can help you.",
  'Type the new password, then press Save new password.',
];
