import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on /my-voice (§4.8 page guidance), for a 5-year-old. */
export const MY_VOICE_GUIDANCE: PageGuidance = [
  'This is where you change how I talk. Pick my voice, how fast I talk, and how loud.',
  'Press Try my voice to hear me. Then press the big Save button.',
];
