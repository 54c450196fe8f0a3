import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on this screen (LoginPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const LOGIN_GUIDANCE: PageGuidance = [
  "Hi! Let's sign in. A grown-up can help you type.",
  'Type your email and your password, then press Sign In.',
];

/** What Sparky says on the new-password form (NewPasswordForm.tsx, opened from a reset link). */
export const NEW_PASSWORD_GUIDANCE: PageGuidance = [
  "Let's make a new password. A grown-up can help you.",
  'Type the new password, then press Save new password.',
];
