import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on this screen (ReadStoryPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const READ_STORY_GUIDANCE: PageGuidance = [
  'Here is your story.',
  'Press Read to me to hear it. Or press Read it myself to read it out loud to me.',
];

/** What Sparky says when the story is not there (a removed story, a wrong link), not "Here is your story". */
export const STORY_MISSING_GUIDANCE: PageGuidance = [
  'Sorry, I could not find that story.',
  'Press Back to Premade Stories to pick another one.',
];

/** What Sparky says when the story could not be loaded. */
export const STORY_NOT_LOADED_GUIDANCE: PageGuidance = [
  'Sorry, I could not open that story just now.',
  'Press Try again, or Back to Premade Stories.',
];
