/**
 * A class's Reading Screenings for its teacher (docs/decisions/0050-class-analytics-and-reports.md, amending ADR 0049;
 * payload ClassScreenings in core/api/class-analytics.ts), shown on Class Analytics.
 *
 * Who sees what is decided as for assignments (assignments.service.ts): the class and its memberships are read as the
 * teacher under RLS; only then, as server work (`systemStep`, app_system) naming those readers, their names and their
 * complete screenings. A screening counts when it was started after the reader joined the class, as an assigned
 * reading does (ADR 0048): one begun before, even if finished after, stays the reader's; and only screenings started
 * since TEACHERS_SEE_SCREENINGS_FROM, when the Screening page began telling children their teacher sees them.
 */
import { and, desc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import {
  CLASS_SCREENINGS_PER_READER,
  TEACHERS_SEE_SCREENINGS_FROM,
  type ClassScreening,
  type ClassScreenings,
} from '#core/api/class-analytics.ts';
import type { Database } from '../../db/client.ts';
import { asUser, systemStep } from '../../db/rls.ts';
import { classes, classMembers, screenings } from '../../db/schema.ts';
import { byName, requireTeacher } from '../classes/classes.service.ts';
import { displayNamesIn } from '../family/family.service.ts';

const SEASONS = ['fall', 'winter', 'spring'] as const;
const BANDS = ['below', 'expected', 'above'] as const;

/** A stored value of a checked list as its type (the table's checks allow nothing else). */
function oneOf<T extends string>(list: readonly T[], value: string): T {
  if (!(list as readonly string[]).includes(value)) throw new Error(`unexpected value ${value}`);
  return value as T;
}

/**
 * GET /api/classes/:classId/screenings: every reader now in one of the signed-in teacher's classes, by name, with
 * their complete Reading Screenings started since they joined it, newest first, at most
 * CLASS_SCREENINGS_PER_READER each.
 * @returns null when the class is not the teacher's (or does not exist)
 * @throws ApiFailure 403 `not_a_teacher`
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function classScreenings(
  db: Database,
  teacherId: string,
  classId: string,
): Promise<ClassScreenings | null> {
  return asUser(db, teacherId, async (tx) => {
    await requireTeacher(tx, teacherId);
    const [found] = await tx
      .select({ id: classes.id, name: classes.name, grade: classes.grade })
      .from(classes)
      .where(and(eq(classes.id, classId), eq(classes.teacherId, teacherId)));
    if (!found) return null;
    const members = await tx
      .select({ studentId: classMembers.studentId })
      .from(classMembers)
      .where(eq(classMembers.classId, classId));
    const readerIds = members.map((m) => m.studentId);
    const { names, rows } = await systemStep(tx, async (tx) => ({
      names: await displayNamesIn(tx, readerIds),
      rows:
        readerIds.length === 0
          ? []
          : await tx
              .select({ screening: screenings })
              .from(screenings)
              .innerJoin(
                classMembers,
                and(eq(classMembers.studentId, screenings.userId), eq(classMembers.classId, classId)),
              )
              .where(
                and(
                  inArray(screenings.userId, readerIds),
                  isNotNull(screenings.completedAt),
                  // Started since joining (so every reading of it was made in the class), compared in the database at
                  // its own precision (a JavaScript Date keeps milliseconds only); and since teachers were told of.
                  gte(screenings.createdAt, classMembers.joinedAt),
                  gte(screenings.createdAt, new Date(TEACHERS_SEE_SCREENINGS_FROM)),
                ),
              )
              .orderBy(desc(screenings.completedAt), desc(screenings.id)),
    }));
    const byReader = new Map<string, ClassScreening[]>(readerIds.map((id) => [id, []]));
    for (const { screening: r } of rows) {
      const list = byReader.get(r.userId);
      if (!list || !r.completedAt || list.length >= CLASS_SCREENINGS_PER_READER) continue;
      list.push({
        id: r.id,
        completedAt: r.completedAt.toISOString(),
        schoolYear: r.schoolYear,
        season: oneOf(SEASONS, r.season),
        grade: r.grade,
        wpm: r.wpm!,
        accuracy: r.accuracy!,
        band: oneOf(BANDS, r.band!),
        p50: r.p50!,
      });
    }
    const readers = readerIds
      .map((userId) => ({ userId, displayName: names.get(userId) ?? '', screenings: byReader.get(userId)! }))
      .sort(byName);
    return { class: found, readers };
  });
}
