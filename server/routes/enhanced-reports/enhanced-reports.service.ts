/**
 * Enhanced Reports on the server (docs/decisions/0053-enhanced-reports.md; payload core/api/enhanced-reports.ts): one
 * reader's reading aloud over a period, week by week, with miscues by type and the words read wrong most often.
 *
 * Who sees what, exactly as the family report (server/routes/family/family.service.ts `childReport`, ADR 0041):
 * - a reader's own report is read as the reader (`asUser`), under row-level security, their own rows only;
 * - a guardian's report of a followed reader: the link is read first as the guardian under RLS (a guardian_links
 *   row with this guardian and this child, which only the two sides see); only then, in the same transaction, a
 *   `systemStep` reads the reader's profile and readings, every query naming the reader's id itself. No policy is
 *   widened.
 *
 * What counts: the reader's readings with words correct per minute, accuracy and fluency score all kept (the rule
 * of Reading Practice's statistics, spec §9 "Only sessions with all three values non-null count"), whatever the
 * mode (practice, Reading Assessment, Reading Screening passages: all are the reader reading aloud), saved on a day
 * of the period in the reader's time zone (profiles.time_zone, else UTC); at most the newest
 * ENHANCED_READINGS_MAX. Errors are the scorer's own for each reading's mode (core/fluency/metrics.ts), so the error
 * counts agree with the accuracy saved: in a reading check (`assessment` mode) a word read after a pause of more
 * than 3 s is an error too.
 *
 * The reader's time zone decides the days but is not in the payload: a guardian is sent only what the page shows.
 */
import { and, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ENHANCED_READINGS_MAX,
  ENHANCED_WORDS_MAX,
  type EnhancedPeriod,
  type EnhancedReport,
  type MiscueCounts,
} from '#core/api/enhanced-reports.ts';
import { dayInTimeZone, isTimeZone } from '#core/challenges/daily-challenges.ts';
import { ScoredWordSchema } from '#core/fluency/result.schema.ts';
import type { ScoringMode } from '#core/fluency/metrics.ts';
import { expectedWpm } from '#core/lexile/grade-norms.ts';
import {
  figuresOf,
  periodFirstDay,
  weeklyFigures,
  type ReadingFigure,
} from '#core/reading/enhanced-report.ts';
import { normaliseToken } from '#core/text/normalize.ts';
import { capitalisedWords, shownWord } from '#core/text/shown-word.ts';
import type { Database } from '../../db/client.ts';
import { asUser, type Tx } from '../../db/rls.ts';
import { profiles, readingSessions, stories } from '../../db/schema.ts';
import { topWords } from '../class-analytics/class-analytics.service.ts';
import { displayNamesIn, withFollowedReader } from '../family/family.service.ts';

/**
 * The widest gap between UTC and a time zone's clock (UTC+14, Kiribati): a reading saved at UTC midnight of a
 * day minus this may already be on that day somewhere. The database is asked from that instant, and each
 * reading's own day decides.
 */
const WIDEST_OFFSET_MS = 14 * 3_600_000;

/**
 * The parts of a reading's saved result (the scorer's contract, core/fluency/result.schema.ts) this report reads,
 * picked in the database so that no passage's every word comes over the wire; lax mode, so a result of another
 * shape gives no words and zero counts rather than an error.
 */
const PATHS = {
  /** Words scored as errors in practice (DIBELS 8: substitutions and omissions). */
  wrong: '$.words[*] ? (@.status == "substitution" || @.status == "omission")',
  /**
   * Words scored as errors in a reading check (`assessment` mode): also a word read right, or self-corrected, after
   * a pause of more than 3 s (`hesitation`), as core/fluency/metrics.ts `computeMetrics` counts it.
   */
  wrongInCheck:
    '$.words[*] ? (@.status == "substitution" || @.status == "omission" || ' +
    '(@.hesitation == true && (@.status == "correct" || @.status == "self_correction")))',
  reached: '$.words[*] ? (@.status != "not_reached")',
  selfCorrections: '$.words[*] ? (@.status == "self_correction")',
  /** In a reading check, a self-correction after a long pause is an error (a long pause), not a word put right. */
  selfCorrectionsInCheck:
    '$.words[*] ? (@.status == "self_correction" && !exists(@.hesitation ? (@ == true)))',
  /** Words added; the recogniser's "[unclear]" marker of speech it could not make out is not a word added. */
  insertions: '$.insertions[*] ? (!(@.heard starts with "["))',
  repetitions: '$.repetitions[*]',
} as const;
/** The scoring mode whose extra error (a long pause) a reading check has (core/fluency/metrics.ts). */
const CHECK_MODE: ScoringMode = 'assessment';
/**
 * One word of a reading's errors, checked on its own: a malformed item (a hand-edited or older result) is left out,
 * not the reading's whole list.
 */
const WrongWordSchema = ScoredWordSchema.pick({ text: true, status: true, hesitation: true }).partial({
  hesitation: true,
});

type WrongWord = z.infer<typeof WrongWordSchema>;

/** How many items of the saved result `path` selects (0 for none, or a result without them). */
const countOf = (path: string) =>
  sql<number>`coalesce(jsonb_array_length(jsonb_path_query_array(${readingSessions.wordResults}, ${path}::jsonpath)), 0)`;

/** The items `practice` selects, or `check` for a reading saved in a reading check's mode. */
const byMode = (practice: string, check: string) =>
  sql`jsonb_path_query_array(${readingSessions.wordResults}, (case when ${readingSessions.mode} = ${CHECK_MODE} then ${check} else ${practice} end)::jsonpath)`;

/** The words of a reading's errors that are well formed (each checked on its own); none for anything but a list. */
function wrongWordsOf(items: unknown): WrongWord[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) => {
    const parsed = WrongWordSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The report of reader `readerId` in the caller's transaction: as that reader (asUser), or a system step whose
 * access the caller checked (a guardian link found under RLS). An unknown id gives an empty report.
 * @param period - the period (the routes give DEFAULT_ENHANCED_PERIOD when none is asked for)
 * @param now - the current time: "today" is its day in the reader's time zone
 */
export async function enhancedReportIn(
  tx: Tx,
  readerId: string,
  period: EnhancedPeriod,
  now: Date,
): Promise<EnhancedReport> {
  const [profile] = await tx
    .select({ displayName: profiles.displayName, grade: profiles.grade, timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.userId, readerId));
  const timeZone = profile?.timeZone && isTimeZone(profile.timeZone) ? profile.timeZone : 'UTC';
  const today = dayInTimeZone(now, timeZone);
  const periodStart = periodFirstDay(period, today);
  const rows = await tx
    .select({
      at: readingSessions.createdAt,
      storyId: readingSessions.storyId,
      wpm: readingSessions.wordsPerMinute,
      accuracy: readingSessions.accuracyPercentage,
      seconds: readingSessions.readingSeconds,
      wrong: sql<unknown>`${byMode(PATHS.wrong, PATHS.wrongInCheck)}`,
      reached: countOf(PATHS.reached),
      selfCorrections: sql<number>`coalesce(jsonb_array_length(${byMode(PATHS.selfCorrections, PATHS.selfCorrectionsInCheck)}), 0)`,
      insertions: countOf(PATHS.insertions),
      repetitions: countOf(PATHS.repetitions),
    })
    .from(readingSessions)
    .where(
      and(
        eq(readingSessions.userId, readerId),
        isNotNull(readingSessions.wordsPerMinute),
        isNotNull(readingSessions.accuracyPercentage),
        isNotNull(readingSessions.fluencyScore),
        periodStart === null
          ? undefined
          : gte(
              readingSessions.createdAt,
              new Date(Date.parse(`${periodStart}T00:00:00Z`) - WIDEST_OFFSET_MS),
            ),
      ),
    )
    .orderBy(desc(readingSessions.createdAt), desc(readingSessions.id))
    // One more than counted: whether the period held more than the report counts.
    .limit(ENHANCED_READINGS_MAX + 1);

  // Each reading's own day decides; newest first, so the newest are the ones counted.
  const inPeriod = rows
    .map((r) => ({ ...r, day: dayInTimeZone(r.at, timeZone) }))
    .filter((r) => r.day <= today && (periodStart === null || r.day >= periodStart));
  const counted = inPeriod.slice(0, ENHANCED_READINGS_MAX);
  const figures: ReadingFigure[] = counted.map((r) => ({
    day: r.day,
    // The query keeps only readings with both.
    wpm: r.wpm!,
    accuracy: r.accuracy!,
    seconds: r.seconds,
  }));

  const miscues: MiscueCounts = {
    wordsReached: 0,
    substitutions: 0,
    omissions: 0,
    longPauses: 0,
    insertions: 0,
    selfCorrections: 0,
    repetitions: 0,
  };
  /** Each word read wrong (the scorer's key) and in how many readings; the first reading that shows it. */
  const wrongIn = new Map<string, number>();
  const firstSeen = new Map<string, { printed: string; storyId: string | null }>();
  for (const r of counted) {
    miscues.wordsReached += Number(r.reached);
    miscues.selfCorrections += Number(r.selfCorrections);
    miscues.insertions += Number(r.insertions);
    miscues.repetitions += Number(r.repetitions);
    const once = new Set<string>();
    // The database picked only errors for the reading's mode; each is counted under one kind.
    for (const w of wrongWordsOf(r.wrong)) {
      if (w.status === 'substitution') miscues.substitutions++;
      else if (w.status === 'omission') miscues.omissions++;
      else if (w.hesitation === true) miscues.longPauses++;
      else continue;
      const key = normaliseToken(w.text);
      if (!key || once.has(key)) continue;
      once.add(key);
      if (!firstSeen.has(key)) firstSeen.set(key, { printed: w.text, storyId: r.storyId });
      wrongIn.set(key, (wrongIn.get(key) ?? 0) + 1);
    }
  }
  const shown = await shownWordsIn(tx, firstSeen);

  const weeks = weeklyFigures(figures, periodStart, today, periodStart !== null);
  return {
    reader: {
      userId: readerId,
      displayName: profile?.displayName ?? '',
      grade: profile?.grade ?? null,
      expectedWpm: expectedWpm(profile?.grade),
    },
    period,
    today,
    firstDay: periodStart ?? weeks[0]?.weekStart ?? null,
    totals: figuresOf(figures),
    weeks,
    miscues,
    wordsToPractise: topWords(wrongIn, ENHANCED_WORDS_MAX, shown),
    capped: inPeriod.length > ENHANCED_READINGS_MAX,
  };
}

/**
 * How each word read wrong is shown (`shownWord`, core/text/shown-word.ts, as Class Analytics shows it): as first
 * printed in these readings, with its capital when that reading's story shows the capital belongs to the word (a
 * name, "I"; `capitalisedWords` of its passage), else lower-cased. The passages are read only for the stories of
 * those first readings, by id, in the caller's transaction; a story deleted (or not readable) since gives lower case.
 * @param firstSeen - by the scorer's key: the word as printed and the story of the first reading it was wrong in
 * @returns by the scorer's key: the word to show (the key itself when nothing word-like is printed)
 */
async function shownWordsIn(
  tx: Tx,
  firstSeen: ReadonlyMap<string, { printed: string; storyId: string | null }>,
): Promise<Map<string, string>> {
  const storyIds = [...new Set([...firstSeen.values()].flatMap((w) => (w.storyId ? [w.storyId] : [])))];
  const bodies =
    storyIds.length === 0
      ? []
      : await tx
          .select({ id: stories.id, body: stories.body })
          .from(stories)
          .where(inArray(stories.id, storyIds));
  const capitals = new Map(bodies.map((b) => [b.id, capitalisedWords(b.body)]));
  return new Map(
    [...firstSeen].map(([key, w]) => {
      const keep = w.storyId !== null && (capitals.get(w.storyId)?.has(key) ?? false);
      return [key, shownWord(w.printed, keep) || key];
    }),
  );
}

/**
 * GET /api/reports/enhanced: the signed-in user's own report, read as themselves under row-level security.
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function ownEnhancedReport(
  db: Database,
  userId: string,
  period: EnhancedPeriod,
  now: Date,
): Promise<EnhancedReport> {
  return asUser(db, userId, (tx) => enhancedReportIn(tx, userId, period, now));
}

/**
 * GET /api/family/children/:childId/enhanced-report: a followed reader's report. The link is read first as the
 * guardian under RLS, then the reader's rows as a system step naming `childId` (`withFollowedReader`, the family
 * report's rule, ADR 0041); the reader's name is their display name, else the account's name, as on Progress Reports.
 * @returns null when the user follows no reader with this id (unknown id, another guardian's reader, oneself)
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function childEnhancedReport(
  db: Database,
  guardianId: string,
  childId: string,
  period: EnhancedPeriod,
  now: Date,
): Promise<EnhancedReport | null> {
  return withFollowedReader(db, guardianId, childId, async (tx) => {
    const report = await enhancedReportIn(tx, childId, period, now);
    const name = (await displayNamesIn(tx, [childId])).get(childId);
    return { ...report, reader: { ...report.reader, displayName: name ?? report.reader.displayName } };
  });
}
