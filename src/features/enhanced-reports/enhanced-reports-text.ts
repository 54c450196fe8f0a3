/**
 * How Enhanced Reports writes its figures (docs/decisions/0053-enhanced-reports.md): the periods offered, weeks,
 * minutes read aloud, the pace against the grade's expected words per minute (spec §9), the change over the period
 * and the miscues in words. Pure: the same figures give the same text on every machine.
 */
import {
  DEFAULT_ENHANCED_PERIOD,
  ENHANCED_PERIODS,
  type EnhancedPeriod,
  type EnhancedReport,
  type WeekFigures,
} from '#core/api/enhanced-reports.ts';

/** The periods offered, in order, with their names (each name can also be said). */
export const PERIOD_LABELS: Readonly<Record<EnhancedPeriod, string>> = {
  'last-4-weeks': 'Last 4 weeks',
  'last-12-weeks': 'Last 12 weeks',
  all: 'All readings',
};

/** The periods as the choice lists them. */
export const PERIOD_OPTIONS = ENHANCED_PERIODS.map((id) => ({ id, label: PERIOD_LABELS[id] }));

/** Whether `value` (an address's `?period=`, say) is a period's id. */
export function isEnhancedPeriod(value: string | null | undefined): value is EnhancedPeriod {
  return (ENHANCED_PERIODS as readonly string[]).includes(value ?? '');
}

/** The period of an address's `?period=`, else the default. */
export function periodFromParam(value: string | null): EnhancedPeriod {
  return isEnhancedPeriod(value) ? value : DEFAULT_ENHANCED_PERIOD;
}

/** A calendar day (YYYY-MM-DD) as words: "2 Nov 2026" (the locale's order), taken as the day itself, not a time. */
export function dayText(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** A week by its Monday: "Week of 2 Nov 2026". */
export function weekText(weekStart: string): string {
  return `Week of ${dayText(weekStart)}`;
}

/**
 * Time read aloud in whole minutes, as words: "no time", "less than a minute", "1 minute", "12 minutes" (seconds
 * rounded to the nearest minute; under 30 s but not nothing: less than a minute).
 */
export function minutesText(seconds: number): string {
  if (seconds <= 0) return 'no time';
  const minutes = Math.round(seconds / 60);
  if (minutes === 0) return 'less than a minute';
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** Whole minutes of `seconds` for a table cell: "0", "less than 1", "12". */
export function minutesCell(seconds: number): string {
  if (seconds <= 0) return '0';
  const minutes = Math.round(seconds / 60);
  return minutes === 0 ? 'less than 1' : String(minutes);
}

/** "1 reading", "3 readings". */
export function readingsText(count: number): string {
  return `${count} ${count === 1 ? 'reading' : 'readings'}`;
}

/** The grade as a phrase: "grade 2", "kindergarten", "pre-K"; null when unknown. */
export function gradePhrase(grade: string | null): string | null {
  if (!grade) return null;
  if (grade === 'K') return 'kindergarten';
  if (grade === 'Pre-K') return 'pre-K';
  return `grade ${grade}`;
}

/**
 * The expected pace in a sentence (spec §9 "Expected WPM by grade"): "Sparky's guide for grade 2 is 70 words
 * correct per minute." For no grade, or one the table does not have (Pre-K), the default is said as such.
 */
export function expectedText(report: EnhancedReport): string {
  const { grade, expectedWpm } = report.reader;
  const phrase = gradePhrase(grade);
  if (phrase === null || grade === 'Pre-K')
    return `Sparky's guide without a grade is ${expectedWpm} words correct per minute.`;
  return `Sparky's guide for ${phrase} is ${expectedWpm} words correct per minute.`;
}

/**
 * The period's median pace against the expected one, in words for the audience: "8 more words correct per minute
 * to reach it." / "That is at or above the guide." ; null when nothing was read.
 * @param you - true for the reader's own page ("You read …"), false for a grown-up's ("Mia read …")
 */
export function paceText(report: EnhancedReport, you: boolean, name: string): string | null {
  const median = report.totals.medianWpm;
  if (median === null) return null;
  const who = you ? 'You' : name || 'They';
  const read = `${who} read ${median} words correct per minute (the middle of ${you ? 'your' : 'the'} readings).`;
  const gap = report.reader.expectedWpm - median;
  if (gap <= 0) return `${read} That is at or above the guide.`;
  return `${read} ${gap} more ${gap === 1 ? 'word' : 'words'} correct per minute to reach the guide.`;
}

/** The weeks with a reading, oldest first. */
function weeksRead(weeks: readonly WeekFigures[]): WeekFigures[] {
  return weeks.filter((w) => w.readings > 0 && w.medianWpm !== null);
}

/**
 * The change from the first week with a reading to the last: "From the week of 2 Nov 2026 to the week of 23 Nov
 * 2026: 25 more words correct per minute." ("fewer", "the same"); null with fewer than two such weeks.
 */
export function changeText(weeks: readonly WeekFigures[]): string | null {
  const read = weeksRead(weeks);
  if (read.length < 2) return null;
  const first = read[0]!;
  const last = read[read.length - 1]!;
  const diff = last.medianWpm! - first.medianWpm!;
  const span = `From the week of ${dayText(first.weekStart)} to the week of ${dayText(last.weekStart)}`;
  if (diff === 0) return `${span}: the same words correct per minute.`;
  const n = Math.abs(diff);
  return `${span}: ${n} ${diff > 0 ? 'more' : 'fewer'} ${n === 1 ? 'word' : 'words'} correct per minute.`;
}

/** The period in words: "the last 4 weeks (from 2 Nov 2026)", "all readings (from 2 Nov 2026)", "all readings". */
export function periodPhrase(report: EnhancedReport): string {
  const name = PERIOD_LABELS[report.period].toLowerCase();
  const base = report.period === 'all' ? name : `the ${name}`;
  return report.firstDay ? `${base} (from ${dayText(report.firstDay)})` : base;
}

/** One kind of miscue, as the report explains it. */
export interface MiscueRow {
  key: 'substitutions' | 'omissions' | 'selfCorrections' | 'insertions' | 'repetitions';
  name: string;
  meaning: string;
  /** Whether it counts as an error (DIBELS 8: substitutions and omissions only). */
  error: boolean;
}

/** The miscue kinds in the order the table lists them: the two errors first. */
export const MISCUE_ROWS: readonly MiscueRow[] = [
  {
    key: 'substitutions',
    name: 'Substitutions',
    meaning: 'Another word said for the printed word',
    error: true,
  },
  { key: 'omissions', name: 'Omissions', meaning: 'A printed word skipped', error: true },
  {
    key: 'selfCorrections',
    name: 'Self-corrections',
    meaning: 'A word read wrong, then put right: it counts as read right',
    error: false,
  },
  { key: 'insertions', name: 'Insertions', meaning: 'A word added that is not printed', error: false },
  { key: 'repetitions', name: 'Repetitions', meaning: 'A printed word said again', error: false },
];

/**
 * The errors over the words reached: "5 errors in 640 words read (0.8%)."; "No errors in 12 words read."; null when
 * no word was reached.
 */
export function errorsText(report: EnhancedReport): string | null {
  const { wordsReached, substitutions, omissions } = report.miscues;
  if (wordsReached === 0) return null;
  const errors = substitutions + omissions;
  const words = `${wordsReached} ${wordsReached === 1 ? 'word' : 'words'} read`;
  if (errors === 0) return `No errors in ${words}.`;
  const share = Math.round((errors / wordsReached) * 1000) / 10;
  return `${errors} ${errors === 1 ? 'error' : 'errors'} in ${words} (${share}%).`;
}
