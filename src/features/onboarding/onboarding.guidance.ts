import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on this screen (OnboardingPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const ONBOARDING_GUIDANCE: PageGuidance = [
  "Welcome! Let's get you ready to read.",
  'A grown-up can help you answer. Then press Start reading at the bottom.',
];
