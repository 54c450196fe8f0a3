/**
 * The Reading Screening's rules (docs/decisions/0049-reading-screening.md): a seasonal benchmark of oral reading
 * fluency, given as DIBELS Next gives its benchmark (Good & Kaminski, DIBELS Next Assessment Manual, ch. 9: three
 * one-minute readings of different grade-level passages, the median of the three; when fewer than 10 words are read
 * correctly on the first passage the other two are not given and the first passage's score is the score), each
 * reading scored with the DIBELS 8 oral reading fluency rules of our scorer (`assessment` mode). The median score is
 * compared with the Hasbrouck & Tindal (2017) norms of the reader's grade and season: Hasbrouck & Tindal recommend
 * reading a score within 10 words correct per minute of the 50th percentile as the expected range for that grade and
 * time of year. Shared by server and browser.
 */
import { orfNorms, type Season } from '#core/fluency/orf-norms.ts';
import { normsGrade, seasonOf } from '#core/reading/season.ts';

/** Passages of one screening (DIBELS Next benchmark: three). */
export const SCREENING_PASSAGES = 3;
/**
 * Fewer words correct than this on the first passage and the screening stops there (DIBELS Next: "three passages are
 * administered if the student reads 10 or more words correctly on the first passage"). Words correct, not words
 * correct per minute: a reading that counts but stopped before the minute (core/assessment/results.ts setsTheLevel)
 * has a prorated rate above its count.
 */
export const SCREENING_DISCONTINUE_WORDS = 10;
/** Words correct per minute either side of the 50th percentile that Hasbrouck & Tindal read as the expected range. */
export const EXPECTED_RANGE_WCPM = 10;
/** An unfinished screening started less than this many hours ago is resumed rather than started again. */
export const SCREENING_RESUME_HOURS = 2;

/** One passage's reading, as the screening counts it. */
export interface ScreeningReadingFigures {
  /** Words correct per minute (the scorer's `wcpm` in `assessment` mode). */
  wcpm: number;
  /** Words read correctly and errors (the scorer's `wordsCorrect`, `errors`). */
  wordsCorrect: number;
  errors: number;
}

/** The median of a non-empty list (the mean of the middle two for an even count). @throws RangeError when empty */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Whether a screening with these readings (in the order read) is complete: all {@link SCREENING_PASSAGES} read, or
 * the first with fewer than {@link SCREENING_DISCONTINUE_WORDS} words correct.
 */
export function isScreeningComplete(
  readings: readonly Pick<ScreeningReadingFigures, 'wordsCorrect'>[],
): boolean {
  if (readings.length >= SCREENING_PASSAGES) return true;
  return readings.length >= 1 && readings[0]!.wordsCorrect < SCREENING_DISCONTINUE_WORDS;
}

/** A complete screening's score. */
export interface ScreeningScore {
  /** The median words correct per minute. */
  wcpm: number;
  /** The median words correct and the median errors. */
  wordsCorrect: number;
  errors: number;
  /**
   * Percent, 0–100, one decimal: median words correct / (median words correct + median errors) × 100 (DIBELS Next's
   * accuracy of a benchmark); 0 when both medians are 0.
   */
  accuracy: number;
}

/**
 * The score of a complete screening: the medians of its readings (one reading: that reading's figures).
 * @throws RangeError for no readings
 */
export function screeningScore(readings: readonly ScreeningReadingFigures[]): ScreeningScore {
  const wcpm = median(readings.map((r) => r.wcpm));
  const wordsCorrect = median(readings.map((r) => r.wordsCorrect));
  const errors = median(readings.map((r) => r.errors));
  const attempted = wordsCorrect + errors;
  const accuracy = attempted === 0 ? 0 : Math.round((wordsCorrect / attempted) * 1000) / 10;
  return { wcpm, wordsCorrect, errors, accuracy };
}

/**
 * Where a screening's score falls against the norms (Hasbrouck & Tindal 2017):
 * - `below`: more than {@link EXPECTED_RANGE_WCPM} under the 50th percentile (worth a closer look and more practice);
 * - `expected`: within {@link EXPECTED_RANGE_WCPM} of it;
 * - `above`: more than {@link EXPECTED_RANGE_WCPM} over it.
 */
export type ScreeningBand = 'below' | 'expected' | 'above';

/**
 * The band of a median WCPM for a grade and season.
 * @param grade the profile's grade, '1'–'12' (grades 7–12 use grade 6's norms, the highest published)
 * @returns the band and the 50th percentile it was read against
 * @throws RangeError for a grade without norms (Pre-K, K, unknown): the screening is not given to them
 */
export function screeningBand(
  wcpm: number,
  grade: string,
  season: Season,
): { band: ScreeningBand; p50: number } {
  const g = normsGrade(grade);
  if (typeof g !== 'number') throw new RangeError(`no screening norms for grade ${grade}`);
  const p50 = orfNorms(g, season)[2];
  const band: ScreeningBand =
    wcpm < p50 - EXPECTED_RANGE_WCPM ? 'below' : wcpm > p50 + EXPECTED_RANGE_WCPM ? 'above' : 'expected';
  return { band, p50 };
}

/**
 * Why a reader may not take the screening: Pre-K/K (`pre_reader`), no grade set (`no_grade`), grade 1 in the fall
 * (`too_early`).
 */
export type ScreeningRefusal = 'pre_reader' | 'no_grade' | 'too_early';

/**
 * Whether a reader of this profile grade may take the screening on `date`: grade 1–12 (oral reading fluency and its
 * norms start in grade 1; a grade is needed to pick the norms and the passages), and grade 1 only from the winter
 * season: Hasbrouck & Tindal (2017) have no fall norms for grade 1, and DIBELS Next's oral reading fluency benchmark
 * starts in the middle of grade 1, so a fall first-grader would be measured against winter's middle and mostly told
 * "below".
 */
export function screeningRefusal(grade: string | null, date: Date): ScreeningRefusal | null {
  if (grade === 'Pre-K' || grade === 'K') return 'pre_reader';
  const g = normsGrade(grade);
  if (typeof g !== 'number') return 'no_grade';
  return g === 1 && screeningSeason(date) === 'fall' ? 'too_early' : null;
}

/** The school year a date falls in, by the year it began (August, as the norms' fall): 2026-11-29 → 2026. */
export function schoolYearOf(date: Date): number {
  return date.getUTCMonth() + 1 >= 8 ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
}

/** "2026–27" for 2026. */
export function schoolYearLabel(year: number): string {
  return `${year}–${String((year + 1) % 100).padStart(2, '0')}`;
}

/**
 * The season a screening started on `date` is compared in (the norms' seasons), by `date`'s UTC calendar fields: the
 * server passes the reader's own day at noon UTC (server/routes/screening/screening.service.ts `readersDay`).
 */
export function screeningSeason(date: Date): Season {
  return seasonOf(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 15)));
}
