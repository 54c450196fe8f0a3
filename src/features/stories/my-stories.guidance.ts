import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on this screen (MyStoriesPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const MY_STORIES_GUIDANCE: PageGuidance = [
  'These are your saved stories.',
  'Press a story to read it again. A grown-up can bring a new one with Import Text.',
];
