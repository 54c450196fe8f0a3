import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on /learn (LearnPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const LEARN_GUIDANCE: PageGuidance = [
  'Pick a game! Say alphabet to play with letters, word builder to build words, or sound it out.',
  'Each game has a picture. Press the picture to play.',
];
