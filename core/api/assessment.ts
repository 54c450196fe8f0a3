/**
 * Payloads of the Reading Assessment's API (docs/decisions/0038-reading-assessment.md), shared by server and
 * browser: who the route guard sends to the assessment (GET /api/assessment-eligibility, spec §4.2 step 4, §7.4
 * check_assessment_eligibility) and "Not now" (POST /api/assessment/defer).
 */
import { z } from 'zod';

/**
 * How long "Not now" puts the assessment off, in hours: the route guard asks again the next day (ADR 0038). The
 * database adds it to its own clock (`now() + 24 hours`), so server and database clocks need not agree.
 */
export const ASSESSMENT_DEFER_HOURS = 24;

/**
 * The reasons check_assessment_eligibility gives (server/db/migrations/0009_assessment.sql), in the order it
 * checks them; only `eligible` sends the reader to /assessment.
 * - `no_profile`: the user has no profile (or, under row-level security, it is another user's);
 * - `onboarding_incomplete`, `assessment_completed`, `has_reading_sessions`: spec §4.2 step 4;
 * - `not_a_reader`: a teacher or guardian;
 * - `pre_reader`: Pre-K or K, or no grade and under 6: DIBELS 8 oral reading fluency starts in grade 1;
 * - `deferred`: put off with "Not now" until `assessment_deferred_until`;
 * - `assessment_not_available`: said by the server, not the database, when the assessment is switched off
 *   (`ASSESSMENT_AVAILABLE`, server/routes/account/account.service.ts; ADR 0008).
 */
export const ASSESSMENT_ELIGIBILITY_REASONS = [
  'no_profile',
  'onboarding_incomplete',
  'assessment_completed',
  'has_reading_sessions',
  'not_a_reader',
  'pre_reader',
  'deferred',
  'eligible',
  'assessment_not_available',
] as const;
/** One of {@link ASSESSMENT_ELIGIBILITY_REASONS}. */
export type AssessmentEligibilityReason = (typeof ASSESSMENT_ELIGIBILITY_REASONS)[number];

/**
 * POST /api/assessment/defer takes no input: no body, or an empty JSON object. Any field is refused (the reader
 * is the signed-in user, never an id sent).
 */
export const DeferAssessmentRequestSchema = z.strictObject({});
export type DeferAssessmentRequest = z.infer<typeof DeferAssessmentRequestSchema>;

/** What POST /api/assessment/defer answers. */
export const DeferAssessmentResponseSchema = z.object({
  /** When the route guard may send the reader to the assessment again: ISO 8601, UTC. */
  deferredUntil: z.iso.datetime(),
});
export type DeferAssessmentResponse = z.infer<typeof DeferAssessmentResponseSchema>;
