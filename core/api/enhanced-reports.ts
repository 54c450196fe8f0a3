/**
 * Enhanced Reports (docs/decisions/0053-enhanced-reports.md): a deeper report of one reader's reading aloud over a
 * chosen period, week by week: readings, minutes read aloud, median words correct per minute and accuracy, the
 * reader's pace against the expected words per minute of their grade (spec §9), miscues by type and the words read
 * wrong most often. A signed-in reader reads their own (GET /api/reports/enhanced); a guardian reads each reader
 * they follow (GET /api/family/children/:childId/enhanced-report, the family link rule of ADR 0041). Shared by
 * server and browser.
 */
import { z } from 'zod';
import { MissedWordSchema } from './class-analytics.ts';

/** The periods a report covers, in the order the page offers them. */
export const ENHANCED_PERIODS = ['last-4-weeks', 'last-12-weeks', 'all'] as const;
export const EnhancedPeriodSchema = z.enum(ENHANCED_PERIODS);
/** One of {@link ENHANCED_PERIODS}. */
export type EnhancedPeriod = z.infer<typeof EnhancedPeriodSchema>;
/** The period when none is asked for. */
export const DEFAULT_ENHANCED_PERIOD: EnhancedPeriod = 'last-4-weeks';
/**
 * Weeks (Monday to Sunday, in the reader's time zone) of each period, this week included; null: since the first
 * reading counted.
 */
export const PERIOD_WEEKS: Readonly<Record<EnhancedPeriod, number | null>> = {
  'last-4-weeks': 4,
  'last-12-weeks': 12,
  all: null,
};
/**
 * The newest readings one report counts (a bound on one request's work; Reading Practice's statistics count the
 * newest 500). Past it the report says so (`capped`).
 */
export const ENHANCED_READINGS_MAX = 2000;
/** How many of the words read wrong most often the report lists. */
export const ENHANCED_WORDS_MAX = 10;

/**
 * The query of both routes: `?period=` one of {@link ENHANCED_PERIODS} (default {@link DEFAULT_ENHANCED_PERIOD}).
 * Any other field, another value or a repeated `period` is refused (422 `invalid_input`).
 */
export const EnhancedReportQuerySchema = z.strictObject({ period: EnhancedPeriodSchema.optional() });
export type EnhancedReportQuery = z.infer<typeof EnhancedReportQuerySchema>;

/** One week's figures. Medians are over the week's counted readings, rounded to whole numbers; null for none. */
export const WeekFiguresSchema = z.object({
  /** The week's Monday, YYYY-MM-DD (the reader's calendar). */
  weekStart: z.string(),
  readings: z.number().int().nonnegative(),
  /** Seconds read aloud: each reading's first word's onset to its last word's end, added up. */
  secondsRead: z.number().nonnegative(),
  medianWpm: z.number().int().nullable(),
  /** Percent, 0–100. */
  medianAccuracy: z.number().int().nullable(),
});
export type WeekFigures = z.infer<typeof WeekFiguresSchema>;

/**
 * Miscues over the period's readings, by type, as the scorer counted them (DIBELS 8 as docs/scoring.md applies it;
 * core/fluency/metrics.ts). Errors are substitutions and omissions, and, in a reading check (a reading saved in
 * `assessment` mode: a Reading Assessment or a Reading Screening's passage), a word read right after a pause of more
 * than 3 s (`longPauses`: DIBELS 8's examiner gives the word after 3 s and marks it an error). Insertions, repetitions
 * and self-corrections are counted to be seen, never as errors (a self-correction is a word read right). Each word
 * is in one kind: a self-correction after a long pause in a reading check is a long pause.
 */
export const MiscueCountsSchema = z.object({
  /** Passage words the reader reached (every word but those after the last word reached). */
  wordsReached: z.number().int().nonnegative(),
  substitutions: z.number().int().nonnegative(),
  omissions: z.number().int().nonnegative(),
  /**
   * Words read right (or self-corrected) after a pause of more than 3 s, in reading checks only (`assessment`
   * mode); errors there. In practice a long pause is not an error and is not counted here.
   */
  longPauses: z.number().int().nonnegative(),
  /** Words said that are not in the passage (the recogniser's "unclear speech" marker is not counted). */
  insertions: z.number().int().nonnegative(),
  selfCorrections: z.number().int().nonnegative(),
  repetitions: z.number().int().nonnegative(),
});
export type MiscueCounts = z.infer<typeof MiscueCountsSchema>;

/** GET /api/reports/enhanced and GET /api/family/children/:childId/enhanced-report → 200. */
export const EnhancedReportSchema = z.object({
  reader: z.object({
    userId: z.string(),
    displayName: z.string(),
    /** Spec §3 grade option (Pre-K, K, 1–12), or null. */
    grade: z.string().nullable(),
    /** Spec §9 "Expected WPM by grade" for the reader's grade (85 when unknown, Pre-K included). */
    expectedWpm: z.number().int(),
    // The reader's time zone decides the weeks but is not sent: a guardian gets only what the page shows (ADR 0041).
  }),
  period: EnhancedPeriodSchema,
  /** The reader's day now, YYYY-MM-DD. */
  today: z.string(),
  /** The first day counted (a Monday), or null for `all` with no reading. */
  firstDay: z.string().nullable(),
  totals: z.object({
    readings: z.number().int().nonnegative(),
    secondsRead: z.number().nonnegative(),
    medianWpm: z.number().int().nullable(),
    medianAccuracy: z.number().int().nullable(),
  }),
  /**
   * Oldest first. For 4 and 12 weeks, every week of the period (a week without a reading has 0 and nulls); for
   * `all`, only the weeks with a reading.
   */
  weeks: z.array(WeekFiguresSchema),
  miscues: MiscueCountsSchema,
  /**
   * The words read wrong (substitutions, omissions and, in reading checks, words read after a long pause: the errors
   * of {@link MiscueCountsSchema}) in the most readings, a word counted once a reading, then
   * A–Z; shown as printed, lower-cased, without punctuation; at most ENHANCED_WORDS_MAX.
   */
  wordsToPractise: z.array(MissedWordSchema),
  /** True when the period held more than ENHANCED_READINGS_MAX readings and only the newest were counted. */
  capped: z.boolean(),
});
export type EnhancedReport = z.infer<typeof EnhancedReportSchema>;
