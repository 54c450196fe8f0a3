import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on this screen (ProfilePage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const PROFILE_GUIDANCE: PageGuidance = [
  'This page is all about you.',
  'You can change your name, your age and your grade. Then press Save changes.',
];
