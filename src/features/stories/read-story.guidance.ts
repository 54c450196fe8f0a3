import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on this screen (ReadStoryPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const READ_STORY_GUIDANCE: PageGuidance = [
  'Here is your story.',
  'Press Read to me to hear it. Or press Read it myself to read it out loud to me.',
];
