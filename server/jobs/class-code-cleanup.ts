/**
 * Deletes class codes that stopped working (docs/decisions/0046-classes.md, amendment "Expired class codes are
 * deleted"): a code works for CLASS_CODE_TTL_DAYS, and joining and previews already refuse an expired one, but its
 * row stayed until its teacher made a new code or turned joining off, so a class left alone kept a dead code (and
 * its number) for ever. Runs hourly from server/main.ts, beside the recordings' retention job (audio-retention.ts);
 * `now` is injectable so tests move the clock.
 */
import { inArray, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { asSystem } from '../db/rls.ts';
import { classCodes } from '../db/schema.ts';

/** How often the job runs, in milliseconds. */
export const CLASS_CODE_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes every class's code whose `expires_at` is at or before `now` (the rule by which joining refuses it: a code
 * works only while `expires_at > now`), as server work (app_system: a teacher may delete only their own classes'
 * codes). Nothing a user sees changes: a class with an expired code already shows no code, and joining with it
 * already fails alike. Rows another transaction holds (a teacher making that class's new code just now) are
 * skipped, not waited for (`FOR UPDATE SKIP LOCKED`): the job never holds up a request, and a skipped row goes next
 * hour if it is still there.
 * @returns how many codes were deleted
 */
export async function deleteExpiredClassCodes(
  db: Database,
  options: { now?: Date; log?: Logger } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const count = await asSystem(db, async (tx) => {
    const expired = tx
      .select({ classId: classCodes.classId })
      .from(classCodes)
      .where(lte(classCodes.expiresAt, now))
      .for('update', { skipLocked: true });
    const deleted = await tx
      .delete(classCodes)
      .where(inArray(classCodes.classId, expired))
      .returning({ classId: classCodes.classId });
    return deleted.length;
  });
  if (count) options.log?.info({ count }, 'expired class codes deleted');
  return count;
}
