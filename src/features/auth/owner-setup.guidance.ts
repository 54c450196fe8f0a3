import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on the set-up screen (OwnerSetupPage.tsx; §4.8 page guidance). A grown-up reads it. */
export const OWNER_SETUP_GUIDANCE: PageGuidance = [
  'This page is for the grown-up who set up Sparky Reads.',
  'Fill in your name, e-mail and a password, then press Create the owner account.',
];
