import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/**
 * /ai-tutor's guidance (spec §2.6 names the page among Sparky's guidance), said on Ctrl+V or Help:
 * the tutor already talks on arrival, so it is not said by itself.
 */
export const AI_TUTOR_GUIDANCE: PageGuidance = [
  'This is your reading tutor. Sparky talks about your reading and practises words with you.',
  'Press the big buttons, or say what is written on them.',
];
