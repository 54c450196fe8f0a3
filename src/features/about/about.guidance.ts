import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on this screen (AboutPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const ABOUT_GUIDANCE: PageGuidance = [
  'This page tells grown-ups about Sparky Reads.',
  'Press Sign Up to start reading with me.',
];
