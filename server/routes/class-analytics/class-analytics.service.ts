/**
 * Class Analytics and Student Reports on the server (docs/decisions/0050-class-analytics-and-reports.md; payload in
 * core/api/class-analytics.ts): one class's assignments in a period, each with the class's figures, every reader
 * now in the class with their latest counted reading of each, and the words read wrong.
 *
 * What counts is what a teacher may already open word by word (ADR 0048), decided by the very rules of
 * assignments.service.ts (`scored`, `countsFrom`): a scored reading, not made for a Reading Screening, of the
 * assignment's story, saved at or after the later of the time it was set and the time the reader joined the class.
 * Of several, the reader's latest (then the greatest id, as the teacher's lists order them).
 *
 * Who sees what, as for assignments: the teacher check, the class, its memberships and its assignments are read as
 * the teacher under RLS; only then, as server work (`systemStep`), the readers' names and grades and their readings,
 * naming only those reader ids and those assignments (so their stories).
 */
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CLASS_WORDS_TO_TEACH_MAX,
  READER_WORDS_TO_PRACTISE_MAX,
  type ClassAnalytics,
  type ClassAnalyticsQuery,
  type ClassAssignmentFigures,
  type MissedWord,
  type ReaderFigures,
  type ReaderPoint,
} from '#core/api/class-analytics.ts';
import { ScoredWordSchema } from '#core/fluency/result.schema.ts';
import { median } from '#core/screening/rules.ts';
import { normaliseToken } from '#core/text/normalize.ts';
import { capitalisedWords, shownWord } from '#core/text/shown-word.ts';
import type { Database } from '../../db/client.ts';
import { asUser, systemStep, type Tx } from '../../db/rls.ts';
import { assignments, classes, classMembers, profiles, readingSessions, stories } from '../../db/schema.ts';
import { countsFrom, scored } from '../assignments/assignments.service.ts';
import { byName, requireTeacher } from '../classes/classes.service.ts';
import { displayNamesIn } from '../family/family.service.ts';

const DAY_MS = 86_400_000;

/**
 * The words of a reading's result that this view reads: those scored as errors (DIBELS 8: substitutions and
 * omissions; docs/scoring.md) and those marked "check this word" (scored as read, counted apart). Picked in the
 * database so that a class's readings do not bring every passage word over the wire; lax mode, so a result of
 * another shape gives no words rather than an error.
 */
const WORDS_READ = '$.words[*] ? (@.status == "substitution" || @.status == "omission" || @.unsure == true)';
const WordsReadSchema = z.array(ScoredWordSchema);
const ERRORS: ReadonlySet<string> = new Set(['substitution', 'omission']);

/** The median of `values` rounded to a whole number (Math.round), or null for none. */
export function roundedMedian(values: readonly number[]): number | null {
  return values.length === 0 ? null : Math.round(median(values));
}

/**
 * `counts` (by the scorer's key of each word) as MissedWords: most first, then A–Z by key (by code unit, so the order
 * is the same everywhere), at most `max`, each shown as `shown` has it. Also Enhanced Reports' words to practise (ADR
 * 0053).
 */
export function topWords(
  counts: Map<string, number>,
  max: number,
  shown: ReadonlyMap<string, string>,
): MissedWord[] {
  return [...counts]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, max)
    .map(({ key, count }) => ({ word: shown.get(key) ?? key, count }));
}

/** The first instant of the UTC day `day` (YYYY-MM-DD) plus `days` days. */
function utcMidnight(day: string, days = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS);
}

/**
 * GET /api/classes/:classId/analytics: one of the signed-in teacher's classes, its assignments set (UTC day of
 * `created_at`) from `query.from` to `query.to` inclusive (either optional; none: all), oldest set first, each with
 * the readers now in the class (`pupilCount`), how many have a counted reading (`doneCount`) and the median words
 * correct per minute and accuracy (percent) of each reader's latest counted reading, rounded (an even count: the
 * mean of the middle two); every reader now in the class by display name with grade, join time, their latest
 * counted reading of each assignment (`points`, in assignment order, with its "check this word" count) and their
 * words read wrong by number of assignments (at most READER_WORDS_TO_PRACTISE_MAX); and the class's words read
 * wrong by number of readers (at most CLASS_WORDS_TO_TEACH_MAX). Words are the scorer's passage words, normalised as
 * the scorer compares them (`normaliseToken`: lower case, punctuation off). A reading whose saved result does not
 * parse still counts with its figures, without words. The same few queries whatever the class's size (the readings
 * of every assignment and reader in one; the passages of only the stories with a word read wrong, in one).
 * @returns null when the teacher has no class with this id
 * @throws ApiFailure 403 `not_a_teacher`
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function classAnalytics(
  db: Database,
  teacherId: string,
  classId: string,
  query: ClassAnalyticsQuery,
): Promise<ClassAnalytics | null> {
  return asUser(db, teacherId, async (tx) => {
    await requireTeacher(tx, teacherId);
    const [cls] = await tx
      .select({ id: classes.id, name: classes.name, grade: classes.grade })
      .from(classes)
      .where(and(eq(classes.id, classId), eq(classes.teacherId, teacherId)));
    if (!cls) return null;
    // Read once: the readers listed, `pupilCount` and the readings asked for all come from these rows.
    const members = await tx
      .select({ userId: classMembers.studentId, joinedAt: classMembers.joinedAt })
      .from(classMembers)
      .where(eq(classMembers.classId, classId));
    const set = await tx
      .select({
        id: assignments.id,
        storyId: assignments.storyId,
        storyTitle: stories.title,
        wordCount: stories.wordCount,
        dueOn: assignments.dueOn,
        createdAt: assignments.createdAt,
      })
      .from(assignments)
      .innerJoin(stories, eq(stories.id, assignments.storyId))
      .where(
        and(
          eq(assignments.classId, classId),
          eq(assignments.teacherId, teacherId),
          query.from === undefined ? undefined : gte(assignments.createdAt, utcMidnight(query.from)),
          query.to === undefined ? undefined : lt(assignments.createdAt, utcMidnight(query.to, 1)),
        ),
      )
      .orderBy(asc(assignments.createdAt), asc(assignments.id));
    const readerIds = members.map((m) => m.userId);
    const { people, latest } = await systemStep(tx, async (tx) => ({
      people: await peopleIn(tx, readerIds),
      latest: await latestReadingsIn(
        tx,
        set.map((a) => a.id),
        readerIds,
      ),
    }));
    // The words that keep their capital where shown (a name, "I"), from the passages of only the stories with a
    // word read wrong in these readings: a passage is up to 20 kB, and most stories set may have none.
    const storyOf = new Map(set.map((a) => [a.id, a.storyId]));
    const capitalsOf = await capitalsOfStories(
      tx,
      latest.filter((r) => r.wrong.size > 0).map((r) => storyOf.get(r.assignmentId)!),
    );

    // One latest reading per (assignment, reader); its words read wrong (a set: a word once a reading).
    const latestOf = new Map(latest.map((r) => [`${r.assignmentId} ${r.userId}`, r]));
    const toPractise = new Map<string, Map<string, number>>(readerIds.map((id) => [id, new Map()]));
    const readersOfWord = new Map<string, Set<string>>();
    /** Each word's key and how it is shown: as first printed in these readings. */
    const shown = new Map<string, string>();
    for (const r of latest) {
      const counts = toPractise.get(r.userId)!;
      const capitals = capitalsOf.get(storyOf.get(r.assignmentId)!);
      for (const [word, printed] of r.wrong) {
        if (!shown.has(word)) shown.set(word, shownWord(printed, capitals?.has(word) ?? false) || word);
        counts.set(word, (counts.get(word) ?? 0) + 1);
        const who = readersOfWord.get(word) ?? new Set<string>();
        who.add(r.userId);
        readersOfWord.set(word, who);
      }
    }

    const assignmentFigures = set.map((a): ClassAssignmentFigures => {
      const read = readerIds.flatMap((id) => latestOf.get(`${a.id} ${id}`) ?? []);
      return {
        id: a.id,
        storyId: a.storyId,
        storyTitle: a.storyTitle,
        wordCount: a.wordCount ?? null,
        dueOn: a.dueOn ?? null,
        assignedAt: a.createdAt.toISOString(),
        pupilCount: readerIds.length,
        doneCount: read.length,
        medianWpm: roundedMedian(read.map((r) => r.wpm)),
        medianAccuracy: roundedMedian(read.map((r) => r.accuracy)),
      };
    });

    const readers = members
      .map((m): ReaderFigures => {
        const person = people.get(m.userId);
        return {
          userId: m.userId,
          displayName: person?.displayName ?? '',
          grade: person?.grade ?? null,
          joinedAt: m.joinedAt.toISOString(),
          points: set.flatMap((a): ReaderPoint[] => {
            const r = latestOf.get(`${a.id} ${m.userId}`);
            return r
              ? [
                  {
                    assignmentId: a.id,
                    readingId: r.id,
                    at: r.at.toISOString(),
                    wpm: r.wpm,
                    accuracy: r.accuracy,
                    unsureCount: r.unsureCount,
                  },
                ]
              : [];
          }),
          wordsToPractise: topWords(toPractise.get(m.userId)!, READER_WORDS_TO_PRACTISE_MAX, shown),
        };
      })
      .sort(byName);

    const wordsToTeach = topWords(
      new Map([...readersOfWord].map(([word, who]) => [word, who.size])),
      CLASS_WORDS_TO_TEACH_MAX,
      shown,
    );
    return {
      class: { id: cls.id, name: cls.name, grade: cls.grade ?? null },
      from: query.from ?? null,
      to: query.to ?? null,
      assignments: assignmentFigures,
      readers,
      wordsToTeach,
    };
  });
}

/**
 * The display names and grades of `ids`, in the caller's system step (which must name only the readers the
 * teacher's read of the class's memberships gave).
 */
async function peopleIn(
  tx: Tx,
  ids: string[],
): Promise<Map<string, { displayName: string; grade: string | null }>> {
  if (ids.length === 0) return new Map();
  const names = await displayNamesIn(tx, ids);
  const grades = await tx
    .select({ userId: profiles.userId, grade: profiles.grade })
    .from(profiles)
    .where(inArray(profiles.userId, ids));
  const gradeOf = new Map(grades.map((g) => [g.userId, g.grade ?? null]));
  return new Map(ids.map((id) => [id, { displayName: names.get(id) ?? '', grade: gradeOf.get(id) ?? null }]));
}

/**
 * The keys of the words that keep their capital where shown (`capitalisedWords`) of each of `storyIds` (repeats
 * allowed), by story id: one query for those stories' passages only, read as the teacher under RLS (the stories the
 * teacher's read of the class's assignments gave). None asked for, no query.
 */
async function capitalsOfStories(tx: Tx, storyIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const ids = [...new Set(storyIds)];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: stories.id, body: stories.body })
    .from(stories)
    .where(inArray(stories.id, ids));
  return new Map(rows.map((s) => [s.id, capitalisedWords(s.body)]));
}

/** One reader's latest counted reading of one assignment's story. */
interface LatestReading {
  assignmentId: string;
  userId: string;
  id: string;
  at: Date;
  /** Words correct per minute; percent, 0–100. */
  wpm: number;
  accuracy: number;
  /** Words marked "check this word". */
  unsureCount: number;
  /**
   * Its words read wrong: the scorer's key of each (once a reading), with the word as the scorer's result prints it
   * (`ScoredWord.text`, punctuation and capital as in the passage; the caller shows it with `shownWord`).
   */
  wrong: Map<string, string>;
}

/**
 * Each of `readerIds`' latest counted reading of each of `assignmentIds` (by time, then id, both descending), in one
 * query, in the caller's system step (which must name only the assignments and readers the teacher's reads under
 * RLS gave). A saved result that does not parse (an old or damaged row) gives the reading no words.
 */
async function latestReadingsIn(
  tx: Tx,
  assignmentIds: string[],
  readerIds: string[],
): Promise<LatestReading[]> {
  if (assignmentIds.length === 0 || readerIds.length === 0) return [];
  const rows = await tx
    .selectDistinctOn([assignments.id, readingSessions.userId], {
      assignmentId: assignments.id,
      userId: readingSessions.userId,
      id: readingSessions.id,
      at: readingSessions.createdAt,
      wpm: readingSessions.wordsPerMinute,
      accuracy: readingSessions.accuracyPercentage,
      words: sql<unknown>`jsonb_path_query_array(${readingSessions.wordResults}, ${WORDS_READ}::jsonpath)`,
    })
    .from(assignments)
    .innerJoin(
      readingSessions,
      and(
        eq(readingSessions.storyId, assignments.storyId),
        gte(readingSessions.createdAt, countsFrom(assignments.id, readingSessions.userId)),
      ),
    )
    .where(and(inArray(assignments.id, assignmentIds), inArray(readingSessions.userId, readerIds), scored))
    .orderBy(
      assignments.id,
      readingSessions.userId,
      desc(readingSessions.createdAt),
      desc(readingSessions.id),
    );
  return rows.map((r): LatestReading => {
    const parsed = WordsReadSchema.safeParse(r.words ?? []);
    const words = parsed.success ? parsed.data : [];
    const wrong = new Map<string, string>();
    for (const w of words) {
      if (!ERRORS.has(w.status)) continue;
      const word = normaliseToken(w.text);
      if (word && !wrong.has(word)) wrong.set(word, w.text);
    }
    return {
      assignmentId: r.assignmentId,
      userId: r.userId,
      id: r.id,
      at: r.at,
      // `scored`: neither is null.
      wpm: r.wpm!,
      accuracy: r.accuracy!,
      unsureCount: words.filter((w) => w.unsure).length,
      wrong,
    };
  });
}
