import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on /sparky-chat (SparkyChatPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const SPARKY_CHAT_GUIDANCE: PageGuidance = [
  'Let’s talk! Press a question, and I will answer.',
  'Or type a question and press Ask. Or press Talk to Sparky and say it.',
];
