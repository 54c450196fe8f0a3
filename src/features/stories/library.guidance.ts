import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on this screen (StoryLibraryPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const LIBRARY_GUIDANCE: PageGuidance = [
  'Here are lots of stories. Pick one you like.',
  "Press a story's name to open it. Then press Read to me, and I will read it to you.",
];
