import type { PageGuidance } from '../../../app/audio/use-page-guidance.ts';

/**
 * What Sparky says on the Reading Assessment (AssessmentPage.tsx; §4.8 page guidance), written for a
 * child who reads a little: what will happen, and the two things they can say.
 */
export const ASSESSMENT_GUIDANCE: PageGuidance = [
  'Sparky would like to hear you read for one minute.',
  'Press Start reading, or say start reading. Then read the story out loud, as well as you can.',
];
