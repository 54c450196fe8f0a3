import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on /rewards (RewardsPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const REWARDS_GUIDANCE: PageGuidance = [
  'These are your badges. You get one for each big thing you do.',
  'Press Reading Practice in the menu. Read with me to get more badges.',
];
