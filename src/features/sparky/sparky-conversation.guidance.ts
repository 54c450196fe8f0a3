import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on /sparky-conversation (SparkyConversationPage.tsx; §4.8 page guidance), for a 5-year-old. */
export const SPARKY_CONVERSATION_GUIDANCE: PageGuidance = [
  'Let’s talk! Press Talk to Sparky and ask me something.',
  'Say: how am I doing? Or press a question, and I will answer.',
];

/** Sparky's answer to "help" on /sparky-conversation (the chat's own mentions typing). */
export const SPARKY_CONVERSATION_HELP =
  'Press Talk to Sparky, or Alt and T, and say a question. Or press one of the questions. I say every answer out loud, and it is written here too.';
