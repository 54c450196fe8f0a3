/**
 * Deleting readings and recordings (issue #14 item 11; docs/security.md V8): one reading with its
 * recording and its activity row, or every recording of a user (the scores stay). A reading is deleted
 * by its reader, or by an owner of the server; nobody else, guardians and teachers included, because
 * the spec links no child to a guardian or a class (spec §6 shows no such check), so no one else is
 * known to be responsible for the child.
 */
import { rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { asSystem, asUser } from '../../db/rls.ts';
import { progressTracking, readingSessions, userRoles } from '../../db/schema.ts';

/** Whether `userId` holds the owner role (read as server work: a user reads only their own roles anyway). */
export async function isOwner(db: Database, userId: string): Promise<boolean> {
  const rows = await asSystem(db, (tx) =>
    tx
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'owner'))),
  );
  return rows.length > 0;
}

/**
 * The absolute path of `relative` inside `dataDir`, or null when it would leave it (a stored path is
 * never followed outside the data folder).
 */
export function insideDataDir(dataDir: string, relative: string): string | null {
  const root = resolve(dataDir);
  const path = resolve(root, relative);
  return path.startsWith(root + sep) ? path : null;
}

/** Remove the files of `relatives` under `dataDir` (missing files are fine). */
async function removeFiles(dataDir: string, relatives: (string | null)[]): Promise<void> {
  for (const relative of relatives) {
    const path = relative ? insideDataDir(dataDir, relative) : null;
    if (path) await rm(path, { force: true });
  }
}

/**
 * Delete one reading session, its recording and the activity row it made. The reader's tokens and
 * badges stay earned.
 * @param actorId the signed-in user; an owner may delete anyone's reading, everyone else only their own
 * @returns false when there is no such session for this actor (unknown, or another user's: the two are
 *   not told apart, so ids of others cannot be probed)
 */
export async function deleteReadingSession(
  db: Database,
  actorId: string,
  sessionId: string,
  dataDir: string,
): Promise<boolean> {
  const owner = await isOwner(db, actorId);
  const del = readingSessions;
  const returning = { userId: del.userId, audioPath: del.audioPath };
  // A reader deletes under their own row-level security; an owner as server work.
  const [row] = owner
    ? await asSystem(db, (tx) => tx.delete(del).where(eq(del.id, sessionId)).returning(returning))
    : await asUser(db, actorId, (tx) =>
        tx
          .delete(del)
          .where(and(eq(del.id, sessionId), eq(del.userId, actorId)))
          .returning(returning),
      );
  if (!row) return false;
  await asSystem(db, (tx) =>
    tx
      .delete(progressTracking)
      .where(
        and(
          eq(progressTracking.userId, row.userId),
          sql`${progressTracking.activityData}->>'sessionId' = ${sessionId}`,
        ),
      ),
  );
  await removeFiles(dataDir, [row.audioPath]);
  return true;
}

/**
 * Delete every recording of `userId` (files and the sessions' pointers to them), and anything left in
 * their recordings folder. The scores stay.
 * @returns how many sessions had a recording
 */
export async function deleteRecordingsOf(db: Database, userId: string, dataDir: string): Promise<number> {
  const rows = await asSystem(db, (tx) =>
    tx
      .update(readingSessions)
      .set({ audioPath: null, audioExpiresAt: null })
      .where(and(eq(readingSessions.userId, userId), isNotNull(readingSessions.audioPath)))
      .returning({ audioPath: readingSessions.audioPath }),
  );
  // The pointers are already cleared, so `returning` gives nulls: remove the whole folder instead,
  // which also takes a recording written by an upload that failed half-way.
  const folder = recordingsFolderOf(dataDir, userId);
  if (folder) await rm(folder, { recursive: true, force: true });
  return rows.length;
}

/**
 * DATA_DIR/recordings/<userId>, or null for an id that is not one plain path segment (ids are made by
 * better-auth, but a folder removed recursively is never built from anything that could climb out).
 */
export function recordingsFolderOf(dataDir: string, userId: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(userId)) return null;
  return insideDataDir(join(dataDir, 'recordings'), userId);
}
