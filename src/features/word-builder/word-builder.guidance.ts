import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on /word-builder (WordBuilderPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const WORD_BUILDER_GUIDANCE: PageGuidance = [
  "Let's build words! Say play to build a word with Sparky.",
  'Sparky shows a picture. You find its letters, one by one.',
];
