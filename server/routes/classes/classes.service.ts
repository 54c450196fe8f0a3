/**
 * Classes on the server (docs/decisions/0046-classes.md; payloads in core/api/classes.ts): a teacher makes classes
 * and class codes, a reader joins a class with its code, and from then on the teacher reads the reader's progress
 * until the reader leaves, the teacher removes them, or the class (or either account) is deleted.
 *
 * Who sees what is decided by row-level security (server/db/schema.ts `classes`, `classCodes`, `classMembers`;
 * migration 0013): as themselves (app_user) a teacher reads, renames and deletes their own classes, reads and
 * deletes their classes' codes and memberships; a reader reads and deletes their own memberships. Nobody makes a
 * class, a code or a membership as themselves. The steps that cross from one user to another are server work
 * (`systemStep`, as app_system) inside the signed-in user's transaction, each naming the rows it reads or writes
 * itself, and each only after a check made as the user:
 * - making a class or a code: the teacher check and, for a code, the class read as the teacher;
 * - previewing and joining: the reader check; the code is then looked up (a reader sees no code row), and the
 *   membership made under the bounds, in the same transaction;
 * - a reader's classes (their names and teachers' names): the memberships read as the reader, then the classes
 *   named by those ids;
 * - a teacher's roster and reports: the memberships read as the teacher, then the readers' figures named by those
 *   ids (`readerReportIn` and, for a pupil's report, `readerPathIn`, shared with the guardian's report:
 *   server/routes/family/reader-report.ts, reader-path.ts). The readers' own tables keep their "own rows only"
 *   policies.
 */
import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import {
  CLASS_CODE_LENGTH,
  CLASS_CODE_TTL_DAYS,
  MAX_CLASS_SIZE,
  MAX_CLASSES_PER_READER,
  MAX_CLASSES_PER_TEACHER,
  type ClassCodeInfo,
  type ClassDetail,
  type ClassList,
  type Classroom,
  type ClassSummary,
  type CreateClassRequest,
  type JoinedClass,
  type PupilList,
  type PupilReport,
  type PupilSummary,
  type UpdateClassRequest,
} from '#core/api/classes.ts';
import type { Database } from '../../db/client.ts';
import { asUser, systemStep, type Tx } from '../../db/rls.ts';
import {
  classCodes,
  classes,
  classMembers,
  profiles,
  readingSessions,
  userRoles,
  users,
} from '../../db/schema.ts';
import { ApiFailure } from '../../http/errors.ts';
import { displayNamesIn, READER_TYPES } from '../family/family.service.ts';
import { readerPathIn } from '../family/reader-path.ts';
import { readerReportIn } from '../family/reader-report.ts';

/** profiles.user_type, or user_roles.role, of a teacher (spec §3; the menu's rule, src/app/nav-items.ts). */
const TEACHER = 'teacher';
/** New codes drawn when one is another class's live code (10^6 codes: a second draw is already rare). */
const CODE_ATTEMPTS = 10;
/** The days before a request in which a roster counts a pupil's readings ("readings this week"). */
const WEEK_DAYS = 7;
const DAY_MS = 86_400_000;
/** PostgreSQL's foreign_key_violation: the class went while the request was under way. */
export const FOREIGN_KEY_VIOLATION = '23503';

/** A source of class codes: CLASS_CODE_LENGTH digits. */
export type ClassCodeSource = () => string;

/** A new class code from the operating system's random source (node:crypto `randomInt`, uniform over 0–9). */
export function randomClassCode(): string {
  let code = '';
  for (let i = 0; i < CLASS_CODE_LENGTH; i++) code += String(randomInt(10));
  return code;
}

/** The PostgreSQL error code behind a (possibly Drizzle-wrapped) error. */
export function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.cause?.code ?? e.code;
}

/**
 * Waits for, then holds until the transaction ends, a lock on `key` (a transaction advisory lock, as stories'
 * keepOwnStory): bounds counted under it hold when requests arrive together.
 */
export async function lockFor(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * Whether the transaction's user is a teacher: their profile type is teacher, or they hold the teacher role (their
 * own rows, read under RLS; the menu's rule, `menuKindFor`).
 */
async function isTeacher(tx: Tx, userId: string): Promise<boolean> {
  const [profile] = await tx
    .select({ userType: profiles.userType })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (profile?.userType === TEACHER) return true;
  const [role] = await tx
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, TEACHER)));
  return role !== undefined;
}

/** @throws ApiFailure 403 `not_a_teacher` unless the transaction's user is a teacher ({@link isTeacher}) */
export async function requireTeacher(tx: Tx, userId: string): Promise<void> {
  if (!(await isTeacher(tx, userId))) {
    throw new ApiFailure(403, 'not_a_teacher', 'Only a teacher’s account can make and see classes.');
  }
}

/** @throws ApiFailure 403 `not_a_reader` unless the user's profile type is a reader's (student or other) */
export async function requireReader(tx: Tx, userId: string): Promise<void> {
  const [profile] = await tx
    .select({ userType: profiles.userType })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (profile === undefined || !READER_TYPES.includes(profile.userType)) {
    throw new ApiFailure(403, 'not_a_reader', 'Only a reader’s account can join a class.');
  }
}

const CODE_INVALID =
  'This class code does not work. Check it with your teacher: a code works for a week, until the teacher makes a new one.';

/** 404 `class_code_invalid`: an unknown, expired or turned-off code, or the class deleted meanwhile. */
function codeInvalid(): ApiFailure {
  return new ApiFailure(404, 'class_code_invalid', CODE_INVALID);
}

/**
 * The refusal of a live code of the reader's own class (a reader who is that class's teacher too). Answered as
 * {@link codeInvalid}, word for word, but it is no wrong guess: the routes do not count it toward the server's
 * pause (CLASS_FAILURES_PER_WINDOW).
 */
export class OwnClassCodeRefusal extends ApiFailure {
  constructor() {
    super(404, 'class_code_invalid', CODE_INVALID);
  }
}

/** The classes of the transaction's teacher as summaries, oldest first; `ids` narrows them. Read under RLS. */
export async function summariesOf(
  tx: Tx,
  teacherId: string,
  now: Date,
  ids?: string[],
): Promise<ClassSummary[]> {
  const rows = await tx
    .select({
      id: classes.id,
      name: classes.name,
      grade: classes.grade,
      createdAt: classes.createdAt,
      pupilCount:
        sql<number>`(select count(*) from ${classMembers} where ${classMembers.classId} = ${classes.id})`.mapWith(
          Number,
        ),
      code: classCodes.code,
      expiresAt: classCodes.expiresAt,
    })
    .from(classes)
    .leftJoin(classCodes, and(eq(classCodes.classId, classes.id), gt(classCodes.expiresAt, now)))
    .where(and(eq(classes.teacherId, teacherId), ids ? inArray(classes.id, ids) : undefined))
    .orderBy(asc(classes.createdAt), asc(classes.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    grade: r.grade,
    pupilCount: r.pupilCount,
    code: r.code && r.expiresAt ? { code: r.code, expiresAt: r.expiresAt.toISOString() } : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** One class of the teacher's, or undefined (another teacher's, or none). */
async function summaryOf(tx: Tx, teacherId: string, classId: string, now: Date) {
  return (await summariesOf(tx, teacherId, now, [classId]))[0];
}

/** Names compared as a person reads a list: letters alike whatever their case or accents, then by id. */
export function byName(
  a: { displayName: string; userId: string },
  b: { displayName: string; userId: string },
) {
  return (
    a.displayName.localeCompare(b.displayName, 'en', { sensitivity: 'base' }) ||
    (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0)
  );
}

/**
 * Roster figures of readers `ids` (each with when they joined), in the caller's system step, which must name only
 * readers whose memberships the teacher's read under RLS gave: the profile's name, grade and Lexile level, and of
 * their reading sessions the latest's time, the latest WCPM and accuracy (of a reading with both), and how many in
 * the WEEK_DAYS before `now`. Sorted by display name.
 */
async function pupilSummariesIn(tx: Tx, joined: Map<string, Date>, now: Date): Promise<PupilSummary[]> {
  const ids = [...joined.keys()];
  if (ids.length === 0) return [];
  const people = await tx
    .select({
      id: users.id,
      name: users.name,
      displayName: profiles.displayName,
      grade: profiles.grade,
      lexileLevel: profiles.lexileLevel,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, ids));
  const weekStart = new Date(now.getTime() - WEEK_DAYS * DAY_MS);
  const activity = await tx
    .select({
      userId: readingSessions.userId,
      lastReadingAt: sql<Date>`max(${readingSessions.createdAt})`.mapWith(readingSessions.createdAt),
      thisWeek:
        sql<number>`count(*) filter (where ${readingSessions.createdAt} > ${weekStart.toISOString()}::timestamptz and ${readingSessions.createdAt} <= ${now.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
    })
    .from(readingSessions)
    .where(inArray(readingSessions.userId, ids))
    .groupBy(readingSessions.userId);
  const latest = await tx
    .selectDistinctOn([readingSessions.userId], {
      userId: readingSessions.userId,
      wcpm: readingSessions.wordsPerMinute,
      accuracy: readingSessions.accuracyPercentage,
    })
    .from(readingSessions)
    .where(
      and(
        inArray(readingSessions.userId, ids),
        isNotNull(readingSessions.wordsPerMinute),
        isNotNull(readingSessions.accuracyPercentage),
      ),
    )
    .orderBy(readingSessions.userId, desc(readingSessions.createdAt));
  const activityOf = new Map(activity.map((a) => [a.userId, a]));
  const latestOf = new Map(latest.map((l) => [l.userId, l]));
  return people
    .map((p): PupilSummary => {
      const a = activityOf.get(p.id);
      const l = latestOf.get(p.id);
      return {
        userId: p.id,
        displayName: p.displayName ?? p.name,
        grade: p.grade ?? null,
        lexileLevel: p.lexileLevel ?? null,
        joinedAt: joined.get(p.id)!.toISOString(),
        lastReadingAt: a?.lastReadingAt ? a.lastReadingAt.toISOString() : null,
        lastWpm: l?.wcpm ?? null,
        lastAccuracy: l?.accuracy ?? null,
        readingsThisWeek: a?.thisWeek ?? 0,
      };
    })
    .sort(byName);
}

// ---------------------------------------------------------------------------------------------
// The teacher's side (/api/classes)
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/classes: the signed-in teacher's classes, oldest first, each with its reader count and its live code
 * (null when joining is off at `now`: never made, expired, or turned off).
 * @throws ApiFailure 403 `not_a_teacher` ({@link isTeacher})
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function listClasses(db: Database, teacherId: string, now: Date): Promise<ClassList> {
  return asUser(db, teacherId, async (tx) => {
    await requireTeacher(tx, teacherId);
    return { classes: await summariesOf(tx, teacherId, now) };
  });
}

/**
 * POST /api/classes: a new class of the signed-in teacher (name and grade as CreateClassRequestSchema gives them),
 * made at `now`. The teacher's classes are counted under a transaction lock on the teacher, so MAX_CLASSES_PER_TEACHER
 * holds when several requests arrive together; the row is written as server work naming the teacher (app_user may
 * not insert a class: migration 0013).
 * @throws ApiFailure 403 `not_a_teacher`; 409 `too_many_classes` when the teacher has MAX_CLASSES_PER_TEACHER
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function createClass(
  db: Database,
  teacherId: string,
  input: CreateClassRequest,
  now: Date,
): Promise<ClassSummary> {
  return asUser(db, teacherId, async (tx) => {
    await requireTeacher(tx, teacherId);
    await lockFor(tx, `classes:teacher:${teacherId}`);
    const [made] = await tx.select({ n: count() }).from(classes).where(eq(classes.teacherId, teacherId));
    if ((made?.n ?? 0) >= MAX_CLASSES_PER_TEACHER) {
      throw new ApiFailure(
        409,
        'too_many_classes',
        `You have ${MAX_CLASSES_PER_TEACHER} classes, the most there is room for. Delete a class you no longer teach, then try again.`,
        { max: MAX_CLASSES_PER_TEACHER },
      );
    }
    const [row] = await systemStep(tx, (tx) =>
      tx
        .insert(classes)
        .values({ teacherId, name: input.name, grade: input.grade ?? null, createdAt: now })
        .returning({ id: classes.id }),
    );
    return (await summaryOf(tx, teacherId, row!.id, now))!;
  });
}

/**
 * PATCH /api/classes/:classId: renames a class of the signed-in teacher, or changes its grade (null: none), as the
 * teacher (RLS: their own classes; the grant: name and grade only).
 * @returns the class, or null when the teacher has no class with this id
 * @throws ApiFailure 403 `not_a_teacher`
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function updateClass(
  db: Database,
  teacherId: string,
  classId: string,
  input: UpdateClassRequest,
  now: Date,
): Promise<ClassSummary | null> {
  return asUser(db, teacherId, async (tx) => {
    await requireTeacher(tx, teacherId);
    const changed = await tx
      .update(classes)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.grade !== undefined ? { grade: input.grade } : {}),
      })
      .where(eq(classes.id, classId))
      .returning({ id: classes.id });
    if (changed.length === 0) return null;
    return (await summaryOf(tx, teacherId, classId, now)) ?? null;
  });
}

/**
 * DELETE /api/classes/:classId: deletes a class of the signed-in teacher, as the teacher; its code and its
 * memberships go by the database's cascade, the readers' own rows stay.
 * @returns false when the teacher has no class with this id
 * @throws ApiFailure 403 `not_a_teacher`
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function deleteClass(db: Database, teacherId: string, classId: string): Promise<boolean> {
  return asUser(db, teacherId, async (tx) => {
    await requireTeacher(tx, teacherId);
    const deleted = await tx.delete(classes).where(eq(classes.id, classId)).returning({ id: classes.id });
    return deleted.length > 0;
  });
}

/**
 * POST /api/classes/:classId/code: a new class code for a class of the signed-in teacher, working for
 * CLASS_CODE_TTL_DAYS from `now`; the class's earlier code stops working (one row per class). The class is found as
 * the teacher (RLS), a transaction lock on the class taken (the teacher's requests for one class's code one at a
 * time), and its current code read; the row is written as server work. The new code is never the class's current
 * one (drawn again, else "a new code" would leave the old one working), and unique among live codes: an expired
 * code drawn again is taken from its class, another class's live one makes a new draw. (Other classes' expired
 * codes are deleted by the hourly job, server/jobs/class-code-cleanup.ts: ADR 0046's amendment.)
 * @param randomCode - the code source (tests force a collision or a repeat); by default {@link randomClassCode}
 * @returns the code and when it stops working, or null when the teacher has no class with this id
 * @throws ApiFailure 403 `not_a_teacher`
 * @throws Error when CODE_ATTEMPTS draws were all live codes (the class's own among them): nothing changed;
 *   Error('User not authenticated') for an empty id
 */
export async function makeClassCode(
  db: Database,
  teacherId: string,
  classId: string,
  now: Date,
  randomCode: ClassCodeSource = randomClassCode,
): Promise<ClassCodeInfo | null> {
  const expiresAt = new Date(now.getTime() + CLASS_CODE_TTL_DAYS * DAY_MS);
  return asUser(db, teacherId, async (tx) => {
    await requireTeacher(tx, teacherId);
    const [own] = await tx.select({ id: classes.id }).from(classes).where(eq(classes.id, classId));
    if (!own) return null;
    // Under the lock, the code read next is the class's code until this transaction ends.
    await lockFor(tx, `classes:class:${classId}`);
    return systemStep(tx, async (tx) => {
      const [current] = await tx
        .select({ code: classCodes.code })
        .from(classCodes)
        .where(eq(classCodes.classId, classId));
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
        const code = randomCode();
        // The class's current code, live or expired, is no new code: draw again.
        if (code === current?.code) continue;
        // Delete the class's row and an expired row holding the code, then insert unless the code is another
        // class's live code (a unique key taken: a new draw).
        await tx.delete(classCodes).where(eq(classCodes.classId, classId));
        await tx.delete(classCodes).where(and(eq(classCodes.code, code), lte(classCodes.expiresAt, now)));
        let row: { expiresAt: Date } | undefined;
        try {
          [row] = await tx
            .insert(classCodes)
            .values({ classId, code, expiresAt, createdAt: now })
            .onConflictDoNothing()
            .returning({ expiresAt: classCodes.expiresAt });
        } catch (error) {
          // The teacher deleted the class meanwhile (another request).
          if (pgCode(error) === FOREIGN_KEY_VIOLATION)
            throw new ApiFailure(404, 'not_found', 'No such class.');
          throw error;
        }
        if (row) return { code, expiresAt: row.expiresAt.toISOString() };
      }
      throw new Error(`No free class code after ${CODE_ATTEMPTS} tries`);
    });
  });
}

/**
 * DELETE /api/classes/:classId/code: turns joining off for a class of the signed-in teacher (its code is deleted,
 * as the teacher). Readers already in the class stay.
 * @returns false when the teacher has no class with this id (true also when there was no code)
 * @throws ApiFailure 403 `not_a_teacher`
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function turnOffClassCode(db: Database, teacherId: string, classId: string): Promise<boolean> {
  return asUser(db, teacherId, async (tx) => {
    await requireTeacher(tx, teacherId);
    const [own] = await tx.select({ id: classes.id }).from(classes).where(eq(classes.id, classId));
    if (!own) return false;
    await tx.delete(classCodes).where(eq(classCodes.classId, classId));
    return true;
  });
}

/**
 * GET /api/classes/:classId: a class of the signed-in teacher with its readers' roster figures, by display name.
 * The class and its memberships are read as the teacher (RLS); the readers' figures as server work naming them.
 * @returns null when the teacher has no class with this id
 * @throws ApiFailure 403 `not_a_teacher`
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function classDetail(
  db: Database,
  teacherId: string,
  classId: string,
  now: Date,
): Promise<ClassDetail | null> {
  return asUser(db, teacherId, async (tx) => {
    await requireTeacher(tx, teacherId);
    const summary = await summaryOf(tx, teacherId, classId, now);
    if (!summary) return null;
    const members = await tx
      .select({ studentId: classMembers.studentId, joinedAt: classMembers.joinedAt })
      .from(classMembers)
      .where(eq(classMembers.classId, classId));
    const joined = new Map(members.map((m) => [m.studentId, m.joinedAt]));
    const pupils = await systemStep(tx, (tx) => pupilSummariesIn(tx, joined, now));
    return { class: summary, pupils };
  });
}

/**
 * DELETE /api/classes/:classId/pupils/:studentId: the signed-in teacher removes a reader from one of their classes,
 * as the teacher (RLS: memberships of their own classes). The reader's rows stay.
 * @returns false when no such reader is in such a class of the teacher's
 * @throws ApiFailure 403 `not_a_teacher`
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function removePupil(
  db: Database,
  teacherId: string,
  classId: string,
  studentId: string,
): Promise<boolean> {
  return asUser(db, teacherId, async (tx) => {
    await requireTeacher(tx, teacherId);
    const deleted = await tx
      .delete(classMembers)
      .where(and(eq(classMembers.classId, classId), eq(classMembers.studentId, studentId)))
      .returning({ id: classMembers.id });
    return deleted.length > 0;
  });
}

/** The teacher's classes that `studentId` is in (all readers when undefined), oldest class first; under RLS. */
async function membershipsInOwnClasses(tx: Tx, teacherId: string, studentId?: string) {
  return tx
    .select({
      studentId: classMembers.studentId,
      joinedAt: classMembers.joinedAt,
      classId: classes.id,
      className: classes.name,
    })
    .from(classMembers)
    .innerJoin(classes, eq(classes.id, classMembers.classId))
    .where(
      and(
        eq(classes.teacherId, teacherId),
        studentId === undefined ? undefined : eq(classMembers.studentId, studentId),
      ),
    )
    .orderBy(asc(classes.createdAt), asc(classes.id));
}

/**
 * GET /api/classes/pupils: every reader in any of the signed-in teacher's classes, once, by display name, with the
 * teacher's classes they are in (oldest class first) and, as joinedAt, their earliest membership.
 * @throws ApiFailure 403 `not_a_teacher`
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function pupilsOf(db: Database, teacherId: string, now: Date): Promise<PupilList> {
  return asUser(db, teacherId, async (tx) => {
    await requireTeacher(tx, teacherId);
    const rows = await membershipsInOwnClasses(tx, teacherId);
    const joined = new Map<string, Date>();
    const classesOf = new Map<string, { id: string; name: string }[]>();
    for (const r of rows) {
      const earliest = joined.get(r.studentId);
      if (!earliest || r.joinedAt < earliest) joined.set(r.studentId, r.joinedAt);
      classesOf.set(r.studentId, [
        ...(classesOf.get(r.studentId) ?? []),
        { id: r.classId, name: r.className },
      ]);
    }
    const summaries = await systemStep(tx, (tx) => pupilSummariesIn(tx, joined, now));
    return { pupils: summaries.map((s) => ({ ...s, classes: classesOf.get(s.userId) ?? [] })) };
  });
}

/**
 * GET /api/classes/pupils/:studentId/report: the progress report of a reader in one of the signed-in teacher's
 * classes, the one a guardian sees (ADR 0041; `readerReportIn`), their learning path as the guardian gets it
 * (`readerPathIn`, ADR 0052: only the result, none of the figures it needs beyond the report's), and the teacher's
 * classes the reader is in. The memberships are read first, as the teacher under RLS; only then the reader's rows,
 * as server work naming them (report and path in the one system step).
 * @returns null when the reader is in none of the teacher's classes (unknown id, another teacher's reader, oneself)
 * @throws ApiFailure 403 `not_a_teacher`
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function pupilReport(
  db: Database,
  teacherId: string,
  studentId: string,
  now: Date,
): Promise<PupilReport | null> {
  return asUser(db, teacherId, async (tx) => {
    await requireTeacher(tx, teacherId);
    const rows = await membershipsInOwnClasses(tx, teacherId, studentId);
    if (rows.length === 0) return null;
    const report = await systemStep(tx, async (tx) => {
      const figures = await readerReportIn(tx, studentId, now);
      return { ...figures, learningPath: await readerPathIn(tx, studentId, figures) };
    });
    return { ...report, classes: rows.map((r) => ({ id: r.classId, name: r.className })) };
  });
}

// ---------------------------------------------------------------------------------------------
// The reader's side (/api/classroom)
// ---------------------------------------------------------------------------------------------

/** The class of a live code at `now`, in a system step (a reader sees no code row). */
async function liveClassOf(tx: Tx, code: string, now: Date) {
  const [found] = await tx
    .select({ id: classes.id, name: classes.name, grade: classes.grade, teacherId: classes.teacherId })
    .from(classCodes)
    .innerJoin(classes, eq(classes.id, classCodes.classId))
    .where(and(eq(classCodes.code, code), gt(classCodes.expiresAt, now)));
  return found;
}

/** A class as a reader sees it, with its teacher's name. */
function joinedClass(
  c: { id: string; name: string; grade: string | null; teacherId: string },
  names: Map<string, string>,
  joinedAt: Date | null,
): JoinedClass {
  return {
    id: c.id,
    name: c.name,
    grade: c.grade,
    teacherName: names.get(c.teacherId) ?? '',
    joinedAt: joinedAt ? joinedAt.toISOString() : null,
  };
}

/**
 * POST /api/classroom/preview: the class of a live code (the canonical digits ClassCodeSchema gives), so that the
 * signed-in reader sees its name and teacher before joining; joinedAt is set when they are in it already. Changes
 * nothing. The code is looked up as server work after the reader check.
 * @throws ApiFailure 403 `not_a_reader`; 404 `class_code_invalid` for an unknown, expired or turned-off code (one
 *   answer for all), or a code of the reader's own class ({@link OwnClassCodeRefusal})
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function previewClass(
  db: Database,
  readerId: string,
  code: string,
  now: Date,
): Promise<JoinedClass> {
  return asUser(db, readerId, async (tx) => {
    await requireReader(tx, readerId);
    return systemStep(tx, async (tx) => {
      const found = await liveClassOf(tx, code, now);
      if (!found) throw codeInvalid();
      if (found.teacherId === readerId) throw new OwnClassCodeRefusal();
      const [member] = await tx
        .select({ joinedAt: classMembers.joinedAt })
        .from(classMembers)
        .where(and(eq(classMembers.classId, found.id), eq(classMembers.studentId, readerId)));
      const names = await displayNamesIn(tx, [found.teacherId]);
      return joinedClass(found, names, member?.joinedAt ?? null);
    });
  });
}

/**
 * POST /api/classroom/join: the signed-in reader joins the class of a live code, at `now`.
 *
 * One transaction: as the reader, the account type is checked and a transaction lock on the reader taken (their
 * joins one at a time: MAX_CLASSES_PER_READER holds); then, as server work, the code is looked up, a lock on the
 * class taken (its joins one at a time: MAX_CLASS_SIZE holds; always reader then class, so two joins never wait on
 * each other in a cycle), and the membership made unless it exists or a bound is reached.
 * @returns the class, and whether the membership is new (false: the reader was in it already)
 * @throws ApiFailure 403 `not_a_reader`; 404 `class_code_invalid` (unknown, expired, turned off, the reader's own
 *   class ({@link OwnClassCodeRefusal}), or the class deleted meanwhile); 409 `too_many_classes` (the reader is in MAX_CLASSES_PER_READER
 *   classes); 409 `class_full` (MAX_CLASS_SIZE readers)
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function joinClass(
  db: Database,
  readerId: string,
  code: string,
  now: Date,
): Promise<{ created: boolean; class: JoinedClass }> {
  return asUser(db, readerId, async (tx) => {
    await requireReader(tx, readerId);
    await lockFor(tx, `classroom:reader:${readerId}`);
    return systemStep(tx, async (tx) => {
      const found = await liveClassOf(tx, code, now);
      if (!found) throw codeInvalid();
      if (found.teacherId === readerId) throw new OwnClassCodeRefusal();
      await lockFor(tx, `classes:class:${found.id}`);
      const names = await displayNamesIn(tx, [found.teacherId]);
      const [existing] = await tx
        .select({ joinedAt: classMembers.joinedAt })
        .from(classMembers)
        .where(and(eq(classMembers.classId, found.id), eq(classMembers.studentId, readerId)));
      if (existing) return { created: false, class: joinedClass(found, names, existing.joinedAt) };
      const [mine] = await tx
        .select({ n: count() })
        .from(classMembers)
        .where(eq(classMembers.studentId, readerId));
      if ((mine?.n ?? 0) >= MAX_CLASSES_PER_READER) {
        throw new ApiFailure(
          409,
          'too_many_classes',
          `You are in ${MAX_CLASSES_PER_READER} classes, the most there is room for. Leave a class first.`,
          { max: MAX_CLASSES_PER_READER },
        );
      }
      const [size] = await tx
        .select({ n: count() })
        .from(classMembers)
        .where(eq(classMembers.classId, found.id));
      if ((size?.n ?? 0) >= MAX_CLASS_SIZE) {
        throw new ApiFailure(
          409,
          'class_full',
          `This class has ${MAX_CLASS_SIZE} readers, the most there is room for. Ask your teacher.`,
          { max: MAX_CLASS_SIZE },
        );
      }
      try {
        const [row] = await tx
          .insert(classMembers)
          .values({ classId: found.id, studentId: readerId, joinedAt: now })
          .returning({ joinedAt: classMembers.joinedAt });
        return { created: true, class: joinedClass(found, names, row!.joinedAt) };
      } catch (error) {
        if (pgCode(error) === FOREIGN_KEY_VIOLATION) throw codeInvalid();
        throw error;
      }
    });
  });
}

/**
 * GET /api/classroom: the signed-in reader's classes, oldest joined first, with their teachers' names. The
 * memberships are read as the reader (RLS); the classes and names as server work naming those class ids only.
 * @throws ApiFailure 403 `not_a_reader`
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function classroomOf(db: Database, readerId: string): Promise<Classroom> {
  return asUser(db, readerId, async (tx) => {
    await requireReader(tx, readerId);
    const members = await tx
      .select({ classId: classMembers.classId, joinedAt: classMembers.joinedAt })
      .from(classMembers)
      .where(eq(classMembers.studentId, readerId))
      .orderBy(asc(classMembers.joinedAt), asc(classMembers.id));
    if (members.length === 0) return { classes: [] };
    return systemStep(tx, async (tx) => {
      const rows = await tx
        .select({ id: classes.id, name: classes.name, grade: classes.grade, teacherId: classes.teacherId })
        .from(classes)
        .where(
          inArray(
            classes.id,
            members.map((m) => m.classId),
          ),
        );
      const byId = new Map(rows.map((r) => [r.id, r]));
      const names = await displayNamesIn(tx, [...new Set(rows.map((r) => r.teacherId))]);
      return {
        classes: members.flatMap((m) => {
          const c = byId.get(m.classId);
          return c ? [joinedClass(c, names, m.joinedAt)] : [];
        }),
      };
    });
  });
}

/**
 * DELETE /api/classroom/:classId: the signed-in reader leaves a class, as themselves (RLS: their own memberships).
 * The teacher no longer sees the reader at once.
 * @returns false when the reader is not in this class
 * @throws ApiFailure 403 `not_a_reader`
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function leaveClass(db: Database, readerId: string, classId: string): Promise<boolean> {
  return asUser(db, readerId, async (tx) => {
    await requireReader(tx, readerId);
    const deleted = await tx
      .delete(classMembers)
      .where(and(eq(classMembers.classId, classId), eq(classMembers.studentId, readerId)))
      .returning({ id: classMembers.id });
    return deleted.length > 0;
  });
}
