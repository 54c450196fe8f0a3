/**
 * Deletes readers' recordings whose retention ended (AUDIO_RETENTION_DAYS after the session) and clears
 * the session's audio_path. Runs hourly from server/main.ts; `now` is injectable so tests move the clock.
 */
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { and, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { asSystem } from '../db/rls.ts';
import { readingSessions } from '../db/schema.ts';

/** How often the job runs, in milliseconds. */
export const AUDIO_RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Remove expired recordings.
 * @returns how many recordings were deleted
 */
export async function deleteExpiredRecordings(
  db: Database,
  options: { dataDir: string; now?: Date; log?: Logger },
): Promise<number> {
  const now = options.now ?? new Date();
  const root = resolve(options.dataDir);
  const count = await asSystem(db, async (tx) => {
    const expired = await tx
      .select({ id: readingSessions.id, audioPath: readingSessions.audioPath })
      .from(readingSessions)
      .where(and(isNotNull(readingSessions.audioPath), lte(readingSessions.audioExpiresAt, now)));
    for (const row of expired) {
      const path = resolve(root, row.audioPath!);
      // Never follow a stored path outside the data folder.
      if (path.startsWith(root + '/')) await rm(path, { force: true });
    }
    if (expired.length) {
      await tx
        .update(readingSessions)
        .set({ audioPath: null, audioExpiresAt: null })
        .where(
          inArray(
            readingSessions.id,
            expired.map((r) => r.id),
          ),
        );
    }
    return expired.length;
  });
  if (count) options.log?.info({ count }, 'expired recordings deleted');
  return count;
}
