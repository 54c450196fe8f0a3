import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on /alphabet (AlphabetPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const ALPHABET_GUIDANCE: PageGuidance = [
  "Let's learn letters! Say play to play the letter game.",
  'Or press a letter to hear its name.',
];
