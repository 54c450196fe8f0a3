import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on this screen (LandingPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const LANDING_GUIDANCE: PageGuidance = [
  "Hi! I'm Sparky. I help children learn to read.",
  'Press Start Reading to begin, or Sign In if you have been here before.',
];
