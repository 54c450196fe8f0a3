/**
 * How Class Analytics and Student Reports write a class's figures (docs/decisions/0050-class-analytics-and-reports.md):
 * the periods a teacher chooses and the days they ask for, each reader's first and latest reading, the change between
 * them, the stories past their due day not read, and which readers may need help. Pure: "today" is always given (the
 * teacher's local day, YYYY-MM-DD), so the same figures come out on every machine.
 */
import type {
  ClassAnalytics,
  ClassAnalyticsQuery,
  ClassAssignmentFigures,
  ReaderFigures,
  ReaderPoint,
} from '#core/api/class-analytics.ts';
import { addDays } from '#core/time/calendar-day.ts';
import { readerCount } from './class-text.ts';

/** The periods a teacher chooses from, in the order the list shows them. */
export const PERIODS = [
  { id: 'all', label: 'Since the class began', days: null },
  { id: 'last-4-weeks', label: 'Last 4 weeks', days: 28 },
  { id: 'last-12-weeks', label: 'Last 12 weeks', days: 84 },
] as const;

/** One of {@link PERIODS}' ids. */
export type PeriodId = (typeof PERIODS)[number]['id'];

/** The period shown when none is asked for. */
export const DEFAULT_PERIOD: PeriodId = 'all';

/** Whether `value` (a query string's, say) is a period's id. */
export function isPeriodId(value: string | null | undefined): value is PeriodId {
  return PERIODS.some((p) => p.id === value);
}

function periodOf(id: PeriodId) {
  return PERIODS.find((p) => p.id === id)!;
}

/** The first day of a period that ends today (both included): today−27 for 4 weeks; null for "since the class began". */
export function periodStart(id: PeriodId, today: string): string | null {
  const { days } = periodOf(id);
  return days === null ? null : addDays(today, -(days - 1));
}

/**
 * What to ask the server for a period: `from` its first day, and no `to`. The server counts the days an assignment
 * was set in UTC; a `to` of the teacher's today would leave out a story set this evening west of Greenwich (already
 * tomorrow in UTC), and nothing can be set after today anyway.
 */
export function periodQuery(id: PeriodId, today: string): ClassAnalyticsQuery {
  const from = periodStart(id, today);
  return from === null ? {} : { from };
}

/** A day (YYYY-MM-DD) as the teacher's locale writes it: "30 Oct 2026". */
export function calendarDayText(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** A period in a sentence: "since the class began", "in the last 4 weeks". */
export function periodPhrase(id: PeriodId): string {
  return id === 'all' ? 'since the class began' : `in the ${periodOf(id).label.toLowerCase()}`;
}

/** A period as a report prints it: "Since the class began", "Last 4 weeks, from 30 Oct 2026 to 26 Nov 2026". */
export function periodText(id: PeriodId, today: string): string {
  const from = periodStart(id, today);
  const { label } = periodOf(id);
  return from === null ? label : `${label}, from ${calendarDayText(from)} to ${calendarDayText(today)}`;
}

/** "1 story", "3 stories". */
export function storyCount(n: number): string {
  return n === 1 ? '1 story' : `${n} stories`;
}

/** "2 of 3": stories read of those set. */
export function readOfSet(read: number, set: number): string {
  return `${read} of ${set}`;
}

/** A reader's day (YYYY-MM-DD) from an ISO time, in the teacher's own time zone. */
export function localDayOf(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Accuracy under which a reader may need help: Betts' frustration level (Betts 1946, "Foundations of Reading
 * Instruction": below 90 % of words read right, a text is too hard to learn from).
 */
export const LOW_ACCURACY_PERCENT = 90;

/** How many stories past their due day and not read flag a reader (ADR 0050). */
export const PAST_DUE_FLAG_COUNT = 2;

/** What the screens say about one reader in a period. */
export interface ReaderSummary {
  /** Stories read, of those set in the period. */
  read: number;
  set: number;
  /** Their latest reading of each story read, in the order the stories were set (oldest first). */
  readings: ReaderPoint[];
  /**
   * Their reading of the first and of the last story set that they read, in the period; null when they read none.
   */
  first: ReaderPoint | null;
  latest: ReaderPoint | null;
  /** Stories due before today, not read, that were due on or after the day they joined the class. */
  pastDue: ClassAssignmentFigures[];
  /** Latest accuracy under {@link LOW_ACCURACY_PERCENT}. */
  lowAccuracy: boolean;
  /** "May need help" (ADR 0050): low accuracy, or {@link PAST_DUE_FLAG_COUNT} or more stories past due. */
  mayNeedHelp: boolean;
}

/**
 * One reader's figures in the period. "First" and "latest" follow the order the stories were set (ADR 0050), each
 * story by the reader's latest reading of it (the only one the server sends): a reader who reads an easy early story
 * again today does not make it their "latest", hiding how they read the hardest story set. A story due before the
 * reader joined the class is not held against them: they were never asked to read it by its day.
 * @param today the teacher's local day, YYYY-MM-DD
 */
export function readerSummary(
  reader: ReaderFigures,
  assignments: readonly ClassAssignmentFigures[],
  today: string,
): ReaderSummary {
  const order = new Map(assignments.map((a, i) => [a.id, i]));
  const readings = reader.points
    .filter((p) => order.has(p.assignmentId))
    .sort((a, b) => order.get(a.assignmentId)! - order.get(b.assignmentId)!);
  const readIds = new Set(readings.map((p) => p.assignmentId));
  const joined = localDayOf(reader.joinedAt);
  const pastDue = assignments.filter(
    (a) => a.dueOn !== null && a.dueOn < today && a.dueOn >= joined && !readIds.has(a.id),
  );
  const latest = readings.at(-1) ?? null;
  const lowAccuracy = latest !== null && latest.accuracy < LOW_ACCURACY_PERCENT;
  return {
    read: assignments.filter((a) => readIds.has(a.id)).length,
    set: assignments.length,
    readings,
    first: readings[0] ?? null,
    latest,
    pastDue,
    lowAccuracy,
    mayNeedHelp: lowAccuracy || pastDue.length >= PAST_DUE_FLAG_COUNT,
  };
}

/** The change in whole words correct per minute from the first reading to the latest; null with fewer than two. */
export function wcpmChange(summary: Pick<ReaderSummary, 'first' | 'latest' | 'readings'>): number | null {
  if (summary.readings.length < 2 || !summary.first || !summary.latest) return null;
  return Math.round(summary.latest.wpm) - Math.round(summary.first.wpm);
}

/**
 * A change in words correct per minute, in words: "12 more words a minute", "1 fewer word a minute", "the same"
 * (teacher); "12 more words read correctly in one minute" (`family`).
 */
export function changeText(change: number, { family = false }: { family?: boolean } = {}): string {
  if (change === 0) return 'the same';
  const n = Math.abs(change);
  const words = n === 1 ? 'word' : 'words';
  return `${n} ${change > 0 ? 'more' : 'fewer'} ${words} ${family ? 'read correctly in one minute' : 'a minute'}`;
}

/** Why a reader may need help, in words; empty when they are not flagged. */
export function flagReasons(
  summary: Pick<ReaderSummary, 'lowAccuracy' | 'pastDue' | 'mayNeedHelp'>,
): string[] {
  if (!summary.mayNeedHelp) return [];
  const reasons: string[] = [];
  if (summary.lowAccuracy) reasons.push(`latest accuracy under ${LOW_ACCURACY_PERCENT}%`);
  if (summary.pastDue.length >= PAST_DUE_FLAG_COUNT)
    reasons.push(`${storyCount(summary.pastDue.length)} past their due day not read`);
  return reasons;
}

/** The flag as a table cell says it: "May need help: latest accuracy under 90%." or "No". */
export function flagText(summary: Pick<ReaderSummary, 'lowAccuracy' | 'pastDue' | 'mayNeedHelp'>): string {
  const reasons = flagReasons(summary);
  return reasons.length === 0 ? 'No' : `May need help: ${reasons.join('; ')}.`;
}

/** "read wrong by 3 readers". */
export function readWrongByText(readers: number): string {
  return `read wrong by ${readerCount(readers)}`;
}

/** Said on both screens and on every printed report (ADR 0050, ADR 0047 keeps no grades). */
export const NOT_A_SCREENING_TEXT =
  'These are figures of the stories set in class, not a screening and not a grade.';

/**
 * Class Analytics' headline: plain sentences of the period's figures (the tables below hold each of them).
 * @param today the teacher's local day, YYYY-MM-DD
 */
export function headlineLines(data: ClassAnalytics, period: PeriodId, today: string): string[] {
  const set = data.assignments.length;
  const readers = data.readers.length;
  const lines = [`${storyCount(set)} set ${periodPhrase(period)}.`, `${readerCount(readers)} in the class.`];
  if (set === 0 || readers === 0) return lines;
  const summaries = data.readers.map((r) => readerSummary(r, data.assignments, today));
  const done = summaries.reduce((sum, s) => sum + s.read, 0);
  if (done === 0) lines.push('Nobody has read a story set in this period yet.');
  else
    lines.push(
      `Readers have read ${done} of the ${set * readers} stories set for them (each story counts once for each reader).`,
    );
  const flagged = summaries.filter((s) => s.mayNeedHelp).length;
  lines.push(
    flagged === 0
      ? 'No reader is flagged as needing help.'
      : `${readerCount(flagged)} may need help: see Readers.`,
  );
  return lines;
}
