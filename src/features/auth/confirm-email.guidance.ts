import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on this screen (ConfirmEmailPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const CONFIRM_EMAIL_GUIDANCE: PageGuidance = [
  'This page checks your email address.',
  'When it says verified, press the button to sign in.',
];
