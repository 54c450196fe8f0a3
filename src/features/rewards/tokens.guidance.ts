import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on /tokens (TokensPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const TOKENS_GUIDANCE: PageGuidance = [
  'These are your tokens. You get tokens when you read.',
  'Press Spend them in the Avatar Shop to get something fun.',
];
