import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on this screen (NotFoundPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const NOT_FOUND_GUIDANCE: PageGuidance = [
  "Oops! I can't find that page.",
  'Press Return to Home to go back.',
];
