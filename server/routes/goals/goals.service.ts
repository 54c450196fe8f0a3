/**
 * Reading goals on the server (docs/decisions/0042-reading-goals.md): a guardian who follows a reader (ADR 0041)
 * sets how many days a week the reader aims to read aloud; `reading_goals` keeps one row per reader.
 *
 * Who sees and writes what: the reader reads their own row under RLS; nobody writes one as themselves (migration
 * 0011). A guardian's reads and writes are server work (`systemStep`) naming the reader, made only after the
 * guardian's link to that reader is found under RLS, in the same transaction, as the family report does. The
 * setter's name and the reader's readings are read the same way, so the readers' own tables keep their
 * own-rows policies.
 */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Goals, ReadingGoal } from '#core/api/goals.ts';
import { dayInTimeZone } from '#core/challenges/daily-challenges.ts';
import { daysReadInWeek, weekStartOf } from '#core/goals/week.ts';
import type { Database } from '../../db/client.ts';
import { asUser, systemStep, type Tx } from '../../db/rls.ts';
import { guardianLinks, profiles, readingGoals, readingSessions, users } from '../../db/schema.ts';
import { readerTimeZone } from '../rewards/daily-challenges.service.ts';

/** A reader's goal with this week's days, read as server work (the caller has checked who may see it). */
async function goalIn(system: Tx, childId: string, now: Date): Promise<ReadingGoal | null> {
  const [row] = await system.select().from(readingGoals).where(eq(readingGoals.childId, childId));
  if (!row) return null;
  const [profile] = await system
    .select({ timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.userId, childId));
  const zone = readerTimeZone(profile?.timeZone);
  const today = dayInTimeZone(now, zone);
  const weekStart = weekStartOf(today);
  // Eight days back covers the week in any time zone; the days are then taken in the reader's own.
  const readings = await system
    .select({ createdAt: readingSessions.createdAt })
    .from(readingSessions)
    .where(
      and(
        eq(readingSessions.userId, childId),
        gte(readingSessions.createdAt, new Date(now.getTime() - 8 * 86_400_000)),
      ),
    );
  let setBy: string | null = null;
  if (row.setBy) {
    const [setter] = await system
      .select({ name: users.name, displayName: profiles.displayName })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, row.setBy));
    setBy = setter ? setter.displayName || setter.name : null;
  }
  return {
    daysPerWeek: row.daysPerWeek,
    daysReadThisWeek: daysReadInWeek(
      readings.map((r) => dayInTimeZone(r.createdAt, zone)),
      weekStart,
      today,
    ),
    weekStart,
    setBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Whether `guardianId` follows `childId` (read under RLS as the guardian). */
async function follows(tx: Tx, guardianId: string, childId: string): Promise<boolean> {
  const [link] = await tx
    .select({ id: guardianLinks.id })
    .from(guardianLinks)
    .where(and(eq(guardianLinks.guardianId, guardianId), eq(guardianLinks.childId, childId)));
  return link !== undefined;
}

/**
 * GET /api/goals: the user's own goal (`mine`), and each reader they follow with theirs, oldest link first.
 * @param now - the current time (this week is taken in each reader's time zone)
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function goalsOf(db: Database, userId: string, now: Date): Promise<Goals> {
  return asUser(db, userId, async (tx) => {
    const links = await tx
      .select({ childId: guardianLinks.childId })
      .from(guardianLinks)
      .where(eq(guardianLinks.guardianId, userId))
      .orderBy(asc(guardianLinks.createdAt), asc(guardianLinks.id));
    return systemStep(tx, async (system) => {
      const mine = await goalIn(system, userId, now);
      const ids = links.map((l) => l.childId);
      const names =
        ids.length === 0
          ? []
          : await system
              .select({ id: users.id, name: users.name, displayName: profiles.displayName })
              .from(users)
              .leftJoin(profiles, eq(profiles.userId, users.id))
              .where(inArray(users.id, ids));
      const nameOf = new Map(names.map((n) => [n.id, n.displayName || n.name]));
      const children = [];
      for (const childId of ids)
        children.push({
          userId: childId,
          displayName: nameOf.get(childId) ?? '',
          goal: await goalIn(system, childId, now),
        });
      return { mine, children };
    });
  });
}

/**
 * PUT /api/goals/:childId: the guardian sets or changes a followed reader's goal (one row per reader; the last
 * write wins and names its guardian).
 * @returns the goal as now set, or null when the user does not follow this reader (404 at the route)
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function setGoal(
  db: Database,
  guardianId: string,
  childId: string,
  daysPerWeek: number,
  now: Date,
): Promise<ReadingGoal | null> {
  return asUser(db, guardianId, async (tx) => {
    if (!(await follows(tx, guardianId, childId))) return null;
    return systemStep(tx, async (system) => {
      await system
        .insert(readingGoals)
        .values({ childId, daysPerWeek, setBy: guardianId, updatedAt: now })
        .onConflictDoUpdate({
          target: readingGoals.childId,
          set: { daysPerWeek, setBy: guardianId, updatedAt: now },
        });
      return goalIn(system, childId, now);
    });
  });
}

/**
 * DELETE /api/goals/:childId: the guardian removes a followed reader's goal (none is fine: nothing to remove).
 * @returns false when the user does not follow this reader (404 at the route)
 */
export async function removeGoal(db: Database, guardianId: string, childId: string): Promise<boolean> {
  return asUser(db, guardianId, async (tx) => {
    if (!(await follows(tx, guardianId, childId))) return false;
    await systemStep(tx, (system) => system.delete(readingGoals).where(eq(readingGoals.childId, childId)));
    return true;
  });
}
