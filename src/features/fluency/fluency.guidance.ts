import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on this screen (FluencyPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const FLUENCY_GUIDANCE: PageGuidance = [
  "Let's read! Pick a story to read out loud.",
  'Then press Start reading, or say start reading. Read the words you see.',
];
