import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on /reports (ReportsPage.tsx; §4.8 page guidance): a grown-up's page, said plainly. */
export const REPORTS_GUIDANCE: PageGuidance = [
  'This page is for grown-ups. It shows how a child is reading.',
  "To follow a child, type the code from the child's Profile page.",
];
