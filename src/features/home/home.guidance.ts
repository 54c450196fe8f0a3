import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on this screen (HomePage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const HOME_GUIDANCE: PageGuidance = [
  "Hi! I'm Sparky. This is your home page.",
  'To read a story out loud to me, press Reading Practice. To hear a story, press Premade Stories.',
];
