/**
 * Reading assignments on the server (docs/decisions/0047-assignments.md; payloads in core/api/assignments.ts): a
 * teacher asks one of their classes to read a library story aloud, by a day or not; each reader of the class sees it
 * on My Classroom, and it is done once they save a scored reading of the story after it was set; the teacher sees
 * who has read it, with the latest and best figures.
 *
 * Who sees what is decided as for classes (classes.service.ts): the teacher reads and deletes their own assignments
 * as themselves (RLS on `assignments`, migration 0014), and reads their classes and memberships as themselves. The
 * steps that cross from one user to another are server work (`systemStep`, as app_system) inside the signed-in
 * user's transaction, each naming the rows it reads or writes, and each only after a check made as the user:
 * - setting an assignment: the teacher check, the class read as the teacher, the story read as the teacher and found
 *   to be a library story (owner_id null), the MAX_ASSIGNMENTS_PER_CLASS bound under the class's lock; then the row;
 * - the teacher's figures: the memberships read as the teacher, then the readings of those reader ids of the stories
 *   of those assignments;
 * - a reader's list: the memberships read as the reader, then the assignments of those class ids (with the class's
 *   and teacher's names). The reader's own readings are theirs to read.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import {
  ASSIGNMENT_DUE_MAX_DAYS,
  MAX_ASSIGNMENTS_PER_CLASS,
  type AssignmentDetail,
  type AssignmentList,
  type AssignmentReading,
  type AssignmentReadingSummary,
  type AssignmentResult,
  type AssignmentSummary,
  type CreateAssignmentRequest,
  type ReaderAssignment,
  type ReaderAssignmentList,
} from '#core/api/assignments.ts';
import { FluencyResultSchema } from '#core/fluency/result.schema.ts';
import type { Database } from '../../db/client.ts';
import { asUser, systemStep, type Tx } from '../../db/rls.ts';
import { assignments, classes, classMembers, profiles, readingSessions, stories } from '../../db/schema.ts';
import { ApiFailure } from '../../http/errors.ts';
import {
  byName,
  FOREIGN_KEY_VIOLATION,
  lockFor,
  pgCode,
  requireReader,
  requireTeacher,
  summariesOf,
} from '../classes/classes.service.ts';
import { displayNamesIn } from '../family/family.service.ts';

const DAY_MS = 86_400_000;
const NO_CLASS = 'No such class.';

/** The UTC calendar day `days` after `now`'s (YYYY-MM-DD). */
function utcDay(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The due days a teacher may set at `now`: from their yesterday to ASSIGNMENT_DUE_MAX_DAYS after their today. The
 * server does not know the teacher's time zone, so it allows a day either side of the UTC day: from UTC yesterday
 * to UTC today + ASSIGNMENT_DUE_MAX_DAYS + 1 (every time zone's yesterday and furthest day are within these).
 */
export function dueDayRange(now: Date): { earliest: string; latest: string } {
  return { earliest: utcDay(now, -1), latest: utcDay(now, ASSIGNMENT_DUE_MAX_DAYS + 1) };
}

/** @throws ApiFailure 422 `invalid_input` for a due day outside {@link dueDayRange} */
function checkDueDay(dueOn: string, now: Date): void {
  const { earliest, latest } = dueDayRange(now);
  if (dueOn < earliest || dueOn > latest) {
    const message =
      dueOn < earliest
        ? 'dueOn: That day has gone. Choose today or a day ahead.'
        : `dueOn: Choose a day within ${ASSIGNMENT_DUE_MAX_DAYS} days.`;
    throw new ApiFailure(422, 'invalid_input', message, [{ path: 'dueOn', code: 'custom', message }]);
  }
}

/** An assignment row with its class's and story's names, as the teacher reads them under RLS. */
type AssignmentRow = Awaited<ReturnType<typeof teacherRows>>[number];

/** The teacher's assignments (one when `assignmentId` is given), newest first; read as the teacher under RLS. */
async function teacherRows(tx: Tx, teacherId: string, assignmentId?: string) {
  return tx
    .select({
      id: assignments.id,
      classId: assignments.classId,
      className: classes.name,
      storyId: assignments.storyId,
      storyTitle: stories.title,
      lexile: stories.lexile,
      wordCount: stories.wordCount,
      note: assignments.note,
      dueOn: assignments.dueOn,
      createdAt: assignments.createdAt,
    })
    .from(assignments)
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .innerJoin(stories, eq(stories.id, assignments.storyId))
    .where(
      and(
        eq(assignments.teacherId, teacherId),
        assignmentId === undefined ? undefined : eq(assignments.id, assignmentId),
      ),
    )
    .orderBy(desc(assignments.createdAt), desc(assignments.id));
}

/** A reader now in a class: their user id and when they joined it (their membership's `joined_at`). */
interface ClassReader {
  id: string;
  joinedAt: Date;
}

/** The readers now in each of `classIds` (the teacher's classes), read as the teacher under RLS. */
async function readersOf(tx: Tx, classIds: string[]): Promise<Map<string, ClassReader[]>> {
  const byClass = new Map<string, ClassReader[]>(classIds.map((id) => [id, []]));
  if (classIds.length === 0) return byClass;
  const rows = await tx
    .select({
      classId: classMembers.classId,
      studentId: classMembers.studentId,
      joinedAt: classMembers.joinedAt,
    })
    .from(classMembers)
    .where(inArray(classMembers.classId, classIds));
  for (const r of rows) byClass.get(r.classId)?.push({ id: r.studentId, joinedAt: r.joinedAt });
  return byClass;
}

/**
 * A reading that counts for an assignment: scored (words correct per minute and accuracy both kept), and not made for
 * a Reading Screening (ADR 0049: a screening is the reader's own check-up; its readings are never work a teacher set,
 * and a teacher sees only its figures, on Class Analytics, ADR 0050).
 */
export const scored = and(
  isNotNull(readingSessions.wordsPerMinute),
  isNotNull(readingSessions.accuracyPercentage),
  eq(readingSessions.forScreening, false),
);

/**
 * When a reading of `readerId` (a column or a value) starts counting for the assignment `assignmentId` (a column or a
 * value): the later of the time it was set and the time the reader joined its class (ADR 0047, ADR 0048). A reading
 * made before the reader joined is not one the teacher asked of them, so it neither makes the work done nor opens on
 * the teacher's reading record; a reader who leaves and joins again starts again. Read in the database at its own
 * precision (a JavaScript Date keeps milliseconds only); null (so nothing counts) when the reader is not in the class.
 */
export function countsFrom(assignmentId: SQLWrapper | string, readerId: SQLWrapper | string): SQL {
  return sql`(select greatest(a.created_at, m.joined_at) from ${assignments} a join ${classMembers} m on m.class_id = a.class_id where a.id = ${assignmentId} and m.student_id = ${readerId})`;
}

/**
 * The (assignment, reader) pairs done among `assignmentIds` and `readerIds`: the reader saved a scored reading of
 * the assignment's story at or after the time it was set. Compared in the database, at its own precision. In the
 * caller's system step, which must name only assignments and readers the teacher's reads under RLS gave.
 */
async function donePairsIn(tx: Tx, assignmentIds: string[], readerIds: string[]): Promise<Set<string>> {
  if (assignmentIds.length === 0 || readerIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ assignmentId: assignments.id, userId: readingSessions.userId })
    .from(assignments)
    .innerJoin(
      readingSessions,
      and(
        eq(readingSessions.storyId, assignments.storyId),
        gte(readingSessions.createdAt, countsFrom(assignments.id, readingSessions.userId)),
      ),
    )
    .where(and(inArray(assignments.id, assignmentIds), inArray(readingSessions.userId, readerIds), scored));
  return new Set(rows.map((r) => `${r.assignmentId} ${r.userId}`));
}

/** The teacher's summaries of `rows`, with each class's readers now and how many of them are done. */
async function summariesFor(tx: Tx, rows: AssignmentRow[]): Promise<AssignmentSummary[]> {
  const readers = await readersOf(tx, [...new Set(rows.map((r) => r.classId))]);
  const everyone = [...new Set([...readers.values()].flat().map((r) => r.id))];
  const done = await systemStep(tx, (tx) =>
    donePairsIn(
      tx,
      rows.map((r) => r.id),
      everyone,
    ),
  );
  return rows.map((r) =>
    summaryOf(r, readers.get(r.classId) ?? [], (userId) => done.has(`${r.id} ${userId}`)),
  );
}

/**
 * The teacher's summary of `row`, given its class's readers now and which of them are done: how many there are, how
 * many are done, and when each of the others joined (earliest first).
 */
function summaryOf(
  row: AssignmentRow,
  readers: readonly ClassReader[],
  isDone: (userId: string) => boolean,
): AssignmentSummary {
  const notRead = readers.filter((r) => !isDone(r.id)).map((r) => r.joinedAt.toISOString());
  return {
    id: row.id,
    classId: row.classId,
    className: row.className,
    storyId: row.storyId,
    storyTitle: row.storyTitle,
    lexile: row.lexile ?? null,
    wordCount: row.wordCount ?? null,
    note: row.note ?? null,
    dueOn: row.dueOn ?? null,
    assignedAt: row.createdAt.toISOString(),
    pupilCount: readers.length,
    doneCount: readers.length - notRead.length,
    notReadJoinedAt: notRead.sort(),
  };
}

// ---------------------------------------------------------------------------------------------
// The teacher's side (/api/classes/:classId/assignments, /api/assignments)
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/classes/:classId/assignments: the signed-in teacher asks one of their classes to read a library story
 * aloud, set at `now`. As the teacher: the account type, the class (RLS: their own) and the story (RLS: the library
 * and their own; only a library story, owner_id null, is taken: the readers could not open a teacher's own). Then,
 * under the class's transaction lock (the one its codes and joins take), the class's assignments are counted, so
 * MAX_ASSIGNMENTS_PER_CLASS holds when requests arrive together; the row is written as server work (app_user may
 * not insert one: migration 0014). `dueOn` must be within {@link dueDayRange}: from the UTC day before today to
 * ASSIGNMENT_DUE_MAX_DAYS + 1 days after it (a day's tolerance either side for the teacher's time zone).
 * @throws ApiFailure 403 `not_a_teacher`; 404 `not_found` for a class not the teacher's (or deleted meanwhile);
 *   404 `story_not_found` for an unknown story or one not in the library; 422 `invalid_input` for a due day out of
 *   range; 409 `too_many_assignments` at MAX_ASSIGNMENTS_PER_CLASS
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function createAssignment(
  db: Database,
  teacherId: string,
  classId: string,
  input: CreateAssignmentRequest,
  now: Date,
): Promise<AssignmentSummary> {
  return asUser(db, teacherId, async (tx) => {
    await requireTeacher(tx, teacherId);
    const [own] = await summariesOf(tx, teacherId, now, [classId]);
    if (!own) throw new ApiFailure(404, 'not_found', NO_CLASS);
    const [story] = await tx
      .select({ id: stories.id })
      .from(stories)
      // A retired library story (server/stories/seed.ts) is set no more.
      .where(and(eq(stories.id, input.storyId), isNull(stories.ownerId), isNull(stories.retiredAt)));
    if (!story) throw new ApiFailure(404, 'story_not_found', 'No such story in the library.');
    const dueOn = input.dueOn ?? null;
    if (dueOn !== null) checkDueDay(dueOn, now);
    await lockFor(tx, `classes:class:${classId}`);
    const [set] = await tx.select({ n: count() }).from(assignments).where(eq(assignments.classId, classId));
    if ((set?.n ?? 0) >= MAX_ASSIGNMENTS_PER_CLASS) {
      throw new ApiFailure(
        409,
        'too_many_assignments',
        `This class has ${MAX_ASSIGNMENTS_PER_CLASS} assignments, the most there is room for. Delete one it has read, then try again.`,
        { max: MAX_ASSIGNMENTS_PER_CLASS },
      );
    }
    let row: { id: string } | undefined;
    try {
      [row] = await systemStep(tx, (tx) =>
        tx
          .insert(assignments)
          .values({
            classId,
            teacherId,
            storyId: story.id,
            note: input.note ? input.note : null,
            dueOn,
            createdAt: now,
          })
          .returning({ id: assignments.id }),
      );
    } catch (error) {
      // The teacher deleted the class meanwhile (another request).
      if (pgCode(error) === FOREIGN_KEY_VIOLATION) throw new ApiFailure(404, 'not_found', NO_CLASS);
      throw error;
    }
    return (await summariesFor(tx, await teacherRows(tx, teacherId, row!.id)))[0]!;
  });
}

/**
 * GET /api/assignments: the signed-in teacher's assignments in every class, newest first, each with the readers now
 * in its class and how many of them have read the story since it was set.
 * @throws ApiFailure 403 `not_a_teacher`
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function listAssignments(db: Database, teacherId: string): Promise<AssignmentList> {
  return asUser(db, teacherId, async (tx) => {
    await requireTeacher(tx, teacherId);
    return { assignments: await summariesFor(tx, await teacherRows(tx, teacherId)) };
  });
}

/**
 * GET /api/assignments/:assignmentId: one of the signed-in teacher's assignments with every reader now in its class,
 * by display name: done, the number of scored readings of the story since it was set, the latest of them and the
 * best words correct per minute. The assignment and the memberships are read as the teacher (RLS); the readers'
 * names and readings as server work naming those readers.
 * @returns null when the teacher has no assignment with this id
 * @throws ApiFailure 403 `not_a_teacher`
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function assignmentDetail(
  db: Database,
  teacherId: string,
  assignmentId: string,
): Promise<AssignmentDetail | null> {
  return asUser(db, teacherId, async (tx) => {
    await requireTeacher(tx, teacherId);
    const [row] = await teacherRows(tx, teacherId, assignmentId);
    if (!row) return null;
    // The memberships are read once, and the headline counts are taken from the very rows returned, so a reader
    // joining or leaving (or a reading saved) meanwhile cannot make the two disagree.
    const readers = (await readersOf(tx, [row.classId])).get(row.classId) ?? [];
    const results = await systemStep(tx, (tx) =>
      resultsIn(
        tx,
        row,
        readers.map((r) => r.id),
      ),
    );
    const done = new Set(results.filter((r) => r.done).map((r) => r.userId));
    const assignment = summaryOf(row, readers, (userId) => done.has(userId));
    return { assignment, results };
  });
}

/**
 * Each of `readerIds`' work on the assignment `row`, by display name, in the caller's system step (which must name
 * only the readers the teacher's read of the class's memberships gave).
 */
async function resultsIn(
  tx: Tx,
  row: { id: string; storyId: string },
  readerIds: string[],
): Promise<AssignmentResult[]> {
  if (readerIds.length === 0) return [];
  const names = await displayNamesIn(tx, readerIds);
  const since = and(
    inArray(readingSessions.userId, readerIds),
    eq(readingSessions.storyId, row.storyId),
    gte(readingSessions.createdAt, countsFrom(row.id, readingSessions.userId)),
    scored,
  );
  const figures = await tx
    .select({
      userId: readingSessions.userId,
      readings: count(),
      bestWpm: sql<number>`max(${readingSessions.wordsPerMinute})`.mapWith(Number),
    })
    .from(readingSessions)
    .where(since)
    .groupBy(readingSessions.userId);
  const latest = await tx
    .selectDistinctOn([readingSessions.userId], {
      userId: readingSessions.userId,
      id: readingSessions.id,
      at: readingSessions.createdAt,
      wpm: readingSessions.wordsPerMinute,
      accuracy: readingSessions.accuracyPercentage,
    })
    .from(readingSessions)
    .where(since)
    .orderBy(readingSessions.userId, desc(readingSessions.createdAt), desc(readingSessions.id));
  const figuresOf = new Map(figures.map((f) => [f.userId, f]));
  const latestOf = new Map(latest.map((l) => [l.userId, l]));
  return readerIds
    .map((userId): AssignmentResult => {
      const f = figuresOf.get(userId);
      const l = latestOf.get(userId);
      return {
        userId,
        displayName: names.get(userId) ?? '',
        done: (f?.readings ?? 0) > 0,
        readings: f?.readings ?? 0,
        latest: l ? { id: l.id, at: l.at.toISOString(), wpm: l.wpm!, accuracy: l.accuracy! } : null,
        bestWpm: f ? f.bestWpm : null,
      };
    })
    .sort(byName);
}

// ---------------------------------------------------------------------------------------------
// A reading record (docs/decisions/0048-reading-record.md)
// ---------------------------------------------------------------------------------------------

/** What the reading record's routes need of one allowed reading: the record, and the kept recording's path. */
export interface AssignmentReadingFound {
  record: AssignmentReading;
  /** Path of the kept recording under DATA_DIR, or null when none is kept any more. */
  audioPath: string | null;
}

/** A reading session row as the record lists it. */
function readingSummaryOf(r: {
  id: string;
  createdAt: Date;
  wordsPerMinute: number | null;
  accuracyPercentage: number | null;
  mode: string;
}): AssignmentReadingSummary {
  return {
    id: r.id,
    at: r.createdAt.toISOString(),
    wpm: r.wordsPerMinute!,
    accuracy: r.accuracyPercentage!,
    mode: r.mode === 'assessment' ? 'assessment' : 'practice',
  };
}

/**
 * GET /api/assignments/:assignmentId/readings/:readingId (and its audio): one scored reading of the assignment's
 * story, saved at or after the time it was set by a reader now in the assignment's class, for the teacher who set
 * it (ADR 0048). The assignment and the membership are read as the teacher (RLS); only then, as server work, the
 * reading, named by its id, that reader, that story and that time, and the reader's name and grade.
 * @param now - the recording counts as kept only before its `audio_expires_at` (the retention job may not have run)
 * @returns null for anything else (another teacher's assignment, a reader not in the class, another story, a reading
 *   from before, an unscored one, an unknown id), alike
 * @throws ApiFailure 403 `not_a_teacher`
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function assignmentReading(
  db: Database,
  teacherId: string,
  assignmentId: string,
  readingId: string,
  now: Date,
): Promise<AssignmentReadingFound | null> {
  return asUser(db, teacherId, async (tx) => {
    await requireTeacher(tx, teacherId);
    const [row] = await teacherRows(tx, teacherId, assignmentId);
    if (!row) return null;
    const readerIds = ((await readersOf(tx, [row.classId])).get(row.classId) ?? []).map((r) => r.id);
    if (readerIds.length === 0) return null;
    return systemStep(tx, async (tx) => {
      const since = and(
        inArray(readingSessions.userId, readerIds),
        eq(readingSessions.storyId, row.storyId),
        gte(readingSessions.createdAt, countsFrom(row.id, readingSessions.userId)),
        scored,
      );
      const [reading] = await tx
        .select()
        .from(readingSessions)
        .where(and(eq(readingSessions.id, readingId), since));
      if (!reading) return null;
      const others = await tx
        .select({
          id: readingSessions.id,
          createdAt: readingSessions.createdAt,
          wordsPerMinute: readingSessions.wordsPerMinute,
          accuracyPercentage: readingSessions.accuracyPercentage,
          mode: readingSessions.mode,
        })
        .from(readingSessions)
        .where(and(since, eq(readingSessions.userId, reading.userId)))
        .orderBy(desc(readingSessions.createdAt), desc(readingSessions.id));
      const names = await displayNamesIn(tx, [reading.userId]);
      const [profile] = await tx
        .select({ grade: profiles.grade })
        .from(profiles)
        .where(eq(profiles.userId, reading.userId));
      const parsed = FluencyResultSchema.safeParse(reading.wordResults);
      const kept =
        reading.audioPath !== null &&
        (reading.audioExpiresAt === null || reading.audioExpiresAt.getTime() > now.getTime());
      return {
        record: {
          assignment: {
            id: row.id,
            classId: row.classId,
            className: row.className,
            storyId: row.storyId,
            storyTitle: row.storyTitle,
          },
          reader: {
            userId: reading.userId,
            displayName: names.get(reading.userId) ?? '',
            grade: profile?.grade ?? null,
          },
          reading: {
            ...readingSummaryOf(reading),
            result: parsed.success ? parsed.data : null,
            hasRecording: kept,
          },
          readings: others.map(readingSummaryOf),
        },
        audioPath: kept ? reading.audioPath : null,
      };
    });
  });
}

/**
 * DELETE /api/assignments/:assignmentId: deletes one of the signed-in teacher's assignments, as the teacher (RLS).
 * The readers' readings stay.
 * @returns false when the teacher has no assignment with this id
 * @throws ApiFailure 403 `not_a_teacher`
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function deleteAssignment(
  db: Database,
  teacherId: string,
  assignmentId: string,
): Promise<boolean> {
  return asUser(db, teacherId, async (tx) => {
    await requireTeacher(tx, teacherId);
    const deleted = await tx
      .delete(assignments)
      .where(eq(assignments.id, assignmentId))
      .returning({ id: assignments.id });
    return deleted.length > 0;
  });
}

// ---------------------------------------------------------------------------------------------
// The reader's side (/api/classroom/assignments)
// ---------------------------------------------------------------------------------------------

/** Not done first (by due day, no day last, then oldest set first), then done (newest set first); then by id. */
function readerOrder(a: ReaderAssignment, b: ReaderAssignment): number {
  if (a.done !== b.done) return a.done ? 1 : -1;
  const byId = a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  if (a.done) return b.assignedAt.localeCompare(a.assignedAt) || byId;
  if (a.dueOn !== b.dueOn) {
    if (a.dueOn === null) return 1;
    if (b.dueOn === null) return -1;
    return a.dueOn < b.dueOn ? -1 : 1;
  }
  return a.assignedAt.localeCompare(b.assignedAt) || byId;
}

/**
 * GET /api/classroom/assignments: the signed-in reader's assignments in every class they are in now, in the
 * contract's order (ReaderAssignmentListSchema), each with whether they have saved a scored reading of the story
 * since it was set. The memberships are read as the reader (RLS); the assignments, classes and teachers' names as
 * server work naming those class ids only; never another reader's work.
 * @throws ApiFailure 403 `not_a_reader`
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function readerAssignments(db: Database, readerId: string): Promise<ReaderAssignmentList> {
  return asUser(db, readerId, async (tx) => {
    await requireReader(tx, readerId);
    const members = await tx
      .select({ classId: classMembers.classId })
      .from(classMembers)
      .where(eq(classMembers.studentId, readerId));
    if (members.length === 0) return { assignments: [] };
    const classIds = members.map((m) => m.classId);
    const list = await systemStep(tx, async (tx) => {
      const rows = await tx
        .select({
          id: assignments.id,
          classId: assignments.classId,
          className: classes.name,
          teacherId: classes.teacherId,
          storyId: assignments.storyId,
          storyTitle: stories.title,
          note: assignments.note,
          dueOn: assignments.dueOn,
          createdAt: assignments.createdAt,
          done: sql<boolean>`exists (select 1 from ${readingSessions} where ${and(
            eq(readingSessions.userId, readerId),
            eq(readingSessions.storyId, assignments.storyId),
            gte(readingSessions.createdAt, countsFrom(assignments.id, readerId)),
            scored,
          )})`,
        })
        .from(assignments)
        .innerJoin(classes, eq(classes.id, assignments.classId))
        .innerJoin(stories, eq(stories.id, assignments.storyId))
        .where(inArray(assignments.classId, classIds))
        .orderBy(asc(assignments.createdAt));
      const names = await displayNamesIn(tx, [...new Set(rows.map((r) => r.teacherId))]);
      return rows.map((r): ReaderAssignment => ({
        id: r.id,
        classId: r.classId,
        className: r.className,
        teacherName: names.get(r.teacherId) ?? '',
        storyId: r.storyId,
        storyTitle: r.storyTitle,
        note: r.note ?? null,
        dueOn: r.dueOn ?? null,
        assignedAt: r.createdAt.toISOString(),
        done: Boolean(r.done),
      }));
    });
    return { assignments: list.sort(readerOrder) };
  });
}
