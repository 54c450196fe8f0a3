import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on this screen (BeingBuiltPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const BEING_BUILT_GUIDANCE: PageGuidance = [
  'This part of Sparky Reads is not ready yet.',
  'Press Home in the menu to go back.',
];
