import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on this screen (MyStoriesPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const MY_STORIES_GUIDANCE: PageGuidance = [
  'These are your saved stories.',
  'Press a story to read it again. Or make a new one with Create Story.',
];
