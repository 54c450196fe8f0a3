import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on /sound-it-out (SoundItOutPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const SOUND_IT_OUT_GUIDANCE: PageGuidance = [
  "Let's sound out words! Say play to start.",
  'Sparky says the sounds of a word. You say the word, or find its picture.',
];
