import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on /goals (GoalsPage.tsx; §4.8 page guidance), for a child and a grown-up alike. */
export const GOALS_GUIDANCE: PageGuidance = [
  'This is your reading goal: how many days a week you read to me.',
  'A grown-up who follows your reading can set it.',
];
