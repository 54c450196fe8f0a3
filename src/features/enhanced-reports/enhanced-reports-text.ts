/**
 * How Enhanced Reports writes its figures (docs/decisions/0053-enhanced-reports.md): the periods offered, weeks,
 * minutes read aloud, the pace against the grade's expected words per minute (spec §9), the change over the period
 * and the miscues in words. Pure: the same figures give the same text on every machine.
 *
 * Two audiences: a grown-up reads the field's terms (words correct per minute, median, substitutions…); a reader on
 * their own page (`you`) reads plain words (words right in a minute, the middle reading, words read wrong…), as the
 * rest of a child's screens say them.
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

/** The pace's unit for the audience: "correct per minute" for a grown-up, "right in a minute" for a reader. */
function perMinute(you: boolean): string {
  return you ? 'right in a minute' : 'correct per minute';
}

/** The figures' names for the audience: the field's terms for a grown-up, plain words for a reader (`you`). */
export function figureNames(you: boolean) {
  return you
    ? {
        wpm: 'Words right in a minute (the middle reading)',
        accuracy: 'Words read right (the middle reading)',
        middle: 'The middle reading: half of your readings were higher, half lower.',
      }
    : {
        wpm: 'Words correct per minute (median)',
        accuracy: 'Accuracy (median)',
        middle: 'The median is the middle reading: half were higher, half lower.',
      };
}

/**
 * The expected pace in a sentence (spec §9 "Expected WPM by grade"): "Sparky's guide for grade 2 is 70 words
 * correct per minute." ("words right in a minute" for a reader). For no grade, or one the table does not have
 * (Pre-K), the default is said as such.
 */
export function expectedText(report: EnhancedReport, you = false): string {
  const { grade, expectedWpm } = report.reader;
  const phrase = gradePhrase(grade);
  if (phrase === null || grade === 'Pre-K')
    return `Sparky's guide without a grade is ${expectedWpm} words ${perMinute(you)}.`;
  return `Sparky's guide for ${phrase} is ${expectedWpm} words ${perMinute(you)}.`;
}

/**
 * The period's median pace against the expected one, in words for the audience: "Mia read 60 words correct per
 * minute (the middle of the readings). 10 more words correct per minute to reach the guide." / "You read 60 words
 * right in a minute (your middle reading). 10 more words to reach Sparky's guide." / "… at or above the guide.";
 * null when nothing was read.
 * @param you - true for the reader's own page (plain words), false for a grown-up's ("Mia read …")
 */
export function paceText(report: EnhancedReport, you: boolean, name: string): string | null {
  const median = report.totals.medianWpm;
  if (median === null) return null;
  const gap = report.reader.expectedWpm - median;
  const words = (n: number) => `${n} more ${n === 1 ? 'word' : 'words'}`;
  if (you) {
    const read = `You read ${median} words right in a minute (your middle reading).`;
    if (gap <= 0) return `${read} That is at or above Sparky's guide.`;
    return `${read} ${words(gap)} to reach Sparky's guide.`;
  }
  const read = `${name || 'They'} read ${median} words correct per minute (the middle of the readings).`;
  if (gap <= 0) return `${read} That is at or above the guide.`;
  return `${read} ${words(gap)} correct per minute to reach the guide.`;
}

/** The weeks with a reading, oldest first. */
function weeksRead(weeks: readonly WeekFigures[]): WeekFigures[] {
  return weeks.filter((w) => w.readings > 0 && w.medianWpm !== null);
}

/**
 * The change from the first week with a reading to the last: "From the week of 2 Nov 2026 to the week of 23 Nov
 * 2026: 25 more words correct per minute." ("fewer", "the same"; "right in a minute" for a reader); null with fewer
 * than two such weeks.
 */
export function changeText(weeks: readonly WeekFigures[], you = false): string | null {
  const read = weeksRead(weeks);
  if (read.length < 2) return null;
  const first = read[0]!;
  const last = read[read.length - 1]!;
  const diff = last.medianWpm! - first.medianWpm!;
  const span = `From the week of ${dayText(first.weekStart)} to the week of ${dayText(last.weekStart)}`;
  if (diff === 0) return `${span}: the same words ${perMinute(you)}.`;
  const n = Math.abs(diff);
  return `${span}: ${n} ${diff > 0 ? 'more' : 'fewer'} ${n === 1 ? 'word' : 'words'} ${perMinute(you)}.`;
}

/** The period in words: "the last 4 weeks (from 2 Nov 2026)", "all readings (from 2 Nov 2026)", "all readings". */
export function periodPhrase(report: EnhancedReport): string {
  const name = PERIOD_LABELS[report.period].toLowerCase();
  const base = report.period === 'all' ? name : `the ${name}`;
  return report.firstDay ? `${base} (from ${dayText(report.firstDay)})` : base;
}

/** One kind of miscue, as the report explains it. */
export interface MiscueRow {
  key: 'substitutions' | 'omissions' | 'longPauses' | 'selfCorrections' | 'insertions' | 'repetitions';
  /** The field's term, for a grown-up. */
  name: string;
  meaning: string;
  /** Plain words, for a reader on their own page. */
  plainName: string;
  plainMeaning: string;
  /**
   * Whether it counts as an error (DIBELS 8 as the scorer applies it, core/fluency/metrics.ts: substitutions and
   * omissions, and in a reading check a word read after a pause of more than 3 s).
   */
  error: boolean;
}

/** The miscue kinds in the order the table lists them: the errors first. */
export const MISCUE_ROWS: readonly MiscueRow[] = [
  {
    key: 'substitutions',
    name: 'Substitutions',
    meaning: 'Another word said for the printed word',
    plainName: 'Words read wrong',
    plainMeaning: 'You said another word',
    error: true,
  },
  {
    key: 'omissions',
    name: 'Omissions',
    meaning: 'A printed word skipped',
    plainName: 'Words skipped',
    plainMeaning: 'You left a word out',
    error: true,
  },
  {
    key: 'longPauses',
    name: 'Long pause (in a reading check)',
    meaning:
      'A word read after a stop of more than 3 seconds, in a Reading Assessment or Screening: an error there, not in practice',
    plainName: 'Long stops (in a reading check)',
    plainMeaning: 'You stopped for more than 3 seconds before a word',
    error: true,
  },
  {
    key: 'selfCorrections',
    name: 'Self-corrections',
    meaning: 'A word read wrong, then put right: it counts as read right',
    plainName: 'Words you fixed',
    plainMeaning: 'You read a word wrong, then fixed it: it counts as right',
    error: false,
  },
  {
    key: 'insertions',
    name: 'Insertions',
    meaning: 'A word added that is not printed',
    plainName: 'Words added',
    plainMeaning: 'You said a word that is not in the story',
    error: false,
  },
  {
    key: 'repetitions',
    name: 'Repetitions',
    meaning: 'A printed word said again',
    plainName: 'Words said again',
    plainMeaning: 'You said a word two times',
    error: false,
  },
];

/** Every error of the period (substitutions, omissions and long pauses in reading checks). */
export function errorCount(report: EnhancedReport): number {
  const { substitutions, omissions, longPauses } = report.miscues;
  return substitutions + omissions + longPauses;
}

/**
 * The errors over the words reached: "5 errors in 640 words read (0.8%)."; "No errors in 12 words read."
 * ("mistakes" for a reader); null when no word was reached.
 */
export function errorsText(report: EnhancedReport, you = false): string | null {
  const { wordsReached } = report.miscues;
  if (wordsReached === 0) return null;
  const errors = errorCount(report);
  const kind = you ? 'mistake' : 'error';
  const words = `${wordsReached} ${wordsReached === 1 ? 'word' : 'words'} read`;
  if (errors === 0) return `No ${kind}s in ${words}.`;
  const share = Math.round((errors / wordsReached) * 1000) / 10;
  return `${errors} ${errors === 1 ? kind : `${kind}s`} in ${words} (${share}%).`;
}
