/**
 * The Reading Assessment's own writes (docs/decisions/0038-reading-assessment.md). Who is sent to it is
 * check_assessment_eligibility (account.service.ts `checkEligibility`); its result is saved with the reading
 * (reading-sessions.service.ts `saveReadingSession`, mode `assessment`).
 */
import { and, eq, sql } from 'drizzle-orm';
import { ASSESSMENT_DEFER_HOURS } from '#core/api/assessment.ts';
import type { Database } from '../../db/client.ts';
import { asUser } from '../../db/rls.ts';
import { profiles } from '../../db/schema.ts';
import { ApiFailure } from '../../http/errors.ts';

/**
 * "Not now": puts the signed-in reader's assessment off for {@link ASSESSMENT_DEFER_HOURS} hours from the
 * database's clock, so check_assessment_eligibility answers `deferred` until then (spec §4.2 step 4 then shows
 * the page asked for). A second "Not now" moves the time on. Runs as the reader (app_user): row-level security
 * holds the update to their own row, and the column grant (migration 0009) to this one column.
 * @param userId the signed-in user's id
 * @returns when the deferral ends
 * @throws ApiFailure 409 `assessment_completed` when the reader has done the assessment (there is nothing to put
 *   off), 404 `no_profile` when the user has no profile
 */
export async function deferAssessment(db: Database, userId: string): Promise<Date> {
  return asUser(db, userId, async (tx) => {
    // One statement, so an assessment saved at the same moment is never deferred after it completed.
    const [row] = await tx
      .update(profiles)
      .set({
        assessmentDeferredUntil: sql`now() + make_interval(hours => ${ASSESSMENT_DEFER_HOURS}::integer)`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(profiles.userId, userId), eq(profiles.assessmentCompleted, false)))
      .returning({ deferredUntil: profiles.assessmentDeferredUntil });
    if (row?.deferredUntil) return row.deferredUntil;
    const [profile] = await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    if (!profile) throw new ApiFailure(404, 'no_profile', 'No user or profile found');
    throw new ApiFailure(409, 'assessment_completed', 'You have already done the reading check.');
  });
}
