/**
 * Reading goals on the server (docs/decisions/0042-reading-goals.md): a guardian who follows a reader (ADR 0041)
 * sets how many days a week the reader aims to read aloud; `reading_goals` keeps one row per reader, which belongs
 * to the link of the guardian who set it last (migration 0012: the goal goes when that link goes).
 *
 * Who sees and writes what: the reader reads their own row, time zone and readings as themselves, under RLS; only
 * the setter's name is read as server work, naming that guardian. Nobody writes a goal row as themselves (migration
 * 0011). A guardian's reads and writes are server work (`systemStep`) naming the reader, made only after the
 * guardian's link to that reader is found under RLS, in the same transaction, as the family report does.
 *
 * Guardians never learn of each other (ADR 0041): a guardian's answer says only whether they set the goal
 * themselves (`setByYou`), never another guardian's name or id. The setter's name goes to the reader alone.
 */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { FollowedGoal, GoalWeek, Goals, ReadingGoal } from '#core/api/goals.ts';
import { dayInTimeZone } from '#core/challenges/daily-challenges.ts';
import { daysReadInWeek, weekStartOf } from '#core/goals/week.ts';
import type { Database } from '../../db/client.ts';
import { asUser, systemStep, type Tx } from '../../db/rls.ts';
import { guardianLinks, profiles, readingGoals, readingSessions } from '../../db/schema.ts';
import { displayNamesIn, READER_TYPES } from '../family/family.service.ts';
import { readerTimeZone } from '../rewards/daily-challenges.service.ts';

/** Readings looked at: eight days before `now` cover this week's Monday in every time zone (UTC−12 to UTC+14). */
const LOOK_BACK_MS = 8 * 86_400_000;

type GoalRow = typeof readingGoals.$inferSelect;

/**
 * The goal rows of `childIds` with this week's days, in the caller's transaction and role: the reader for their
 * own id (their rows, under RLS), or server work for readers whose links the caller found under RLS. Four
 * queries whatever the number of readers.
 */
async function goalsIn(
  tx: Tx,
  childIds: readonly string[],
  now: Date,
): Promise<Map<string, { row: GoalRow; week: GoalWeek }>> {
  const found = new Map<string, { row: GoalRow; week: GoalWeek }>();
  if (childIds.length === 0) return found;
  const rows = await tx
    .select()
    .from(readingGoals)
    .where(inArray(readingGoals.childId, [...childIds]));
  if (rows.length === 0) return found;
  const ids = rows.map((r) => r.childId);
  const zones = await tx
    .select({ userId: profiles.userId, timeZone: profiles.timeZone })
    .from(profiles)
    .where(inArray(profiles.userId, ids));
  const readings = await tx
    .select({ userId: readingSessions.userId, createdAt: readingSessions.createdAt })
    .from(readingSessions)
    .where(
      and(
        inArray(readingSessions.userId, ids),
        gte(readingSessions.createdAt, new Date(now.getTime() - LOOK_BACK_MS)),
      ),
    );
  for (const row of rows) {
    const zone = readerTimeZone(zones.find((z) => z.userId === row.childId)?.timeZone);
    const today = dayInTimeZone(now, zone);
    const weekStart = weekStartOf(today);
    found.set(row.childId, {
      row,
      week: {
        daysPerWeek: row.daysPerWeek,
        // Readings after `now` (a clock ahead, a test's time) are not counted: daysReadInWeek stops at today.
        daysReadThisWeek: daysReadInWeek(
          readings.filter((r) => r.userId === row.childId).map((r) => dayInTimeZone(r.createdAt, zone)),
          weekStart,
          today,
        ),
        weekStart,
        updatedAt: row.updatedAt.toISOString(),
      },
    });
  }
  return found;
}

/** A goal as a guardian sees it: whether they set it, and no other guardian's name (ADR 0041). */
function followedGoal(found: { row: GoalRow; week: GoalWeek }, guardianId: string): FollowedGoal {
  return { ...found.week, setByYou: found.row.setBy === guardianId };
}

/** Whether `guardianId` follows `childId` (read under RLS as the guardian). */
async function follows(tx: Tx, guardianId: string, childId: string): Promise<boolean> {
  const [link] = await tx
    .select({ id: guardianLinks.id })
    .from(guardianLinks)
    .where(and(eq(guardianLinks.guardianId, guardianId), eq(guardianLinks.childId, childId)));
  return link !== undefined;
}

/** A foreign-key violation (23503): here, the guardian's link to the reader ended before the goal was written. */
function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === '23503';
}

/**
 * GET /api/goals: the user's own goal (`mine`, only for a reader's account: student or other; with the name of the
 * grown-up who set it), and each reader they follow with theirs, oldest link first (`setByYou` only, never another
 * guardian's name).
 * @param now - the current time (this week is taken in each reader's time zone)
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function goalsOf(db: Database, userId: string, now: Date): Promise<Goals> {
  return asUser(db, userId, async (tx) => {
    const [own] = await tx
      .select({ userType: profiles.userType })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    let mine: ReadingGoal | null = null;
    if (own && READER_TYPES.includes(own.userType)) {
      // The reader's own row, time zone and readings, as the reader (own-row policies).
      const found = (await goalsIn(tx, [userId], now)).get(userId);
      if (found) {
        const setBy = found.row.setBy;
        const names = await systemStep(tx, (system) => displayNamesIn(system, [setBy]));
        mine = { ...found.week, setBy: names.get(setBy) ?? '' };
      }
    }
    const links = await tx
      .select({ childId: guardianLinks.childId })
      .from(guardianLinks)
      .where(eq(guardianLinks.guardianId, userId))
      .orderBy(asc(guardianLinks.createdAt), asc(guardianLinks.id));
    const ids = links.map((l) => l.childId);
    if (ids.length === 0) return { mine, children: [] };
    const children = await systemStep(tx, async (system) => {
      const names = await displayNamesIn(system, ids);
      const goals = await goalsIn(system, ids, now);
      return ids.map((childId) => {
        const found = goals.get(childId);
        return {
          userId: childId,
          displayName: names.get(childId) ?? '',
          goal: found ? followedGoal(found, userId) : null,
        };
      });
    });
    return { mine, children };
  });
}

/**
 * PUT /api/goals/:childId: the guardian sets or changes a followed reader's goal (one row per reader; the last
 * write wins, and the goal then belongs to that guardian's link).
 * @returns the goal as now set (`setByYou` true), or null when the user does not follow this reader (404 at the
 *   route), also when the link ended between the check and the write (the composite foreign key of migration 0012
 *   refuses the row, 23503, and the transaction rolls back)
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function setGoal(
  db: Database,
  guardianId: string,
  childId: string,
  daysPerWeek: number,
  now: Date,
): Promise<FollowedGoal | null> {
  try {
    return await asUser(db, guardianId, async (tx) => {
      if (!(await follows(tx, guardianId, childId))) return null;
      return systemStep(tx, async (system) => {
        await system
          .insert(readingGoals)
          .values({ childId, daysPerWeek, setBy: guardianId, updatedAt: now })
          .onConflictDoUpdate({
            target: readingGoals.childId,
            set: { daysPerWeek, setBy: guardianId, updatedAt: now },
          });
        const found = (await goalsIn(system, [childId], now)).get(childId);
        // Just written in this transaction, so it is there.
        return found ? followedGoal(found, guardianId) : null;
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return null;
    throw error;
  }
}

/**
 * DELETE /api/goals/:childId: the guardian removes a followed reader's goal, whoever set it (none is fine: nothing
 * to remove).
 * @returns false when the user does not follow this reader (404 at the route)
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function removeGoal(db: Database, guardianId: string, childId: string): Promise<boolean> {
  return asUser(db, guardianId, async (tx) => {
    if (!(await follows(tx, guardianId, childId))) return false;
    await systemStep(tx, (system) => system.delete(readingGoals).where(eq(readingGoals.childId, childId)));
    return true;
  });
}
