/**
 * Oral reading fluency norms: words correct per minute (WCPM) at the 10th, 25th, 50th, 75th
 * and 90th percentiles, by grade and season.
 *
 * Source: Hasbrouck, J. & Tindal, G. (2017). An update to compiled ORF norms (Technical
 * Report No. 1702). Eugene, OR: Behavioral Research and Teaching, University of Oregon
 * (ERIC ED594994). Grades 1–6; grade 1 has no fall norms in the report.
 *
 * Outside the report's range we use the nearest published norm and say so
 * (docs/scoring.md): kindergarten and grade-1 fall use grade-1 winter; grades 7–12 use
 * grade 6 of the same season.
 */

export type Season = 'fall' | 'winter' | 'spring';

/** WCPM at the [10th, 25th, 50th, 75th, 90th] percentiles. */
export type PercentileRow = readonly [p10: number, p25: number, p50: number, p75: number, p90: number];

/** The percentiles each `PercentileRow` entry stands for. */
export const NORM_PERCENTILES = [10, 25, 50, 75, 90] as const;

/**
 * Hasbrouck & Tindal (2017) compiled ORF norms, WCPM by grade and season.
 *
 * Checked, all 85 figures, against the report's table as reproduced by Read Naturally (thanked
 * in the report's acknowledgements):
 * https://www.readnaturally.com/article/hasbrouck-tindal-oral-reading-fluency-chart
 * (the same figures are in its blog posts "Interpreting winter assessment data and setting goals
 * for spring" and "Analyzing winter assessment data"). A separately typed copy in a public
 * repository, which cites Reading Rockets' reproduction
 * (https://www.readingrockets.org/topics/fluency/articles/fluency-norms-chart-2017-update),
 * agrees on the 25th, 50th and 75th percentiles of grades 2–6. The report PDF itself could not be
 * read here, so the figures rest on those reproductions.
 *
 * Two quirks are the source's, kept as published: grade 3 winter jumps from 97 (50th) to 137
 * (75th), and the source's average-weekly-improvement column does not match (spring − fall) / 32
 * for grade 5 at the 10th percentile (1.9 printed, 1.2 computed) or grade 6 at the 50th (0.3 vs
 * 0.4). Grade 1 has winter and spring only (its weekly improvement is (spring − winter) / 16).
 */
export const HASBROUCK_TINDAL_2017: Readonly<
  Record<1 | 2 | 3 | 4 | 5 | 6, Partial<Record<Season, PercentileRow>>>
> = {
  1: { winter: [9, 16, 29, 59, 97], spring: [18, 34, 60, 91, 116] },
  2: { fall: [23, 36, 50, 84, 111], winter: [35, 59, 84, 109, 131], spring: [43, 72, 100, 124, 148] },
  3: { fall: [40, 59, 83, 104, 134], winter: [62, 79, 97, 137, 161], spring: [63, 91, 112, 139, 166] },
  4: { fall: [60, 75, 94, 125, 153], winter: [71, 95, 120, 143, 168], spring: [83, 105, 133, 160, 184] },
  5: { fall: [64, 87, 121, 153, 179], winter: [84, 109, 133, 160, 183], spring: [102, 119, 146, 169, 195] },
  6: { fall: [89, 112, 132, 159, 185], winter: [91, 116, 145, 166, 195], spring: [91, 122, 146, 173, 204] },
};

/**
 * Grades as the product stores them (product spec §4: Pre-K, K, 1 to 12).
 * `'Pre-K'` and `'K'` (or 0) are accepted as kindergarten.
 */
export type Grade = number | 'K' | 'Pre-K';

/**
 * The norm row for a grade and season, with the documented fallbacks.
 * @param grade 0/'K'/'Pre-K' for kindergarten, 1–12 otherwise; other values throw RangeError.
 * @param season time of year of the reading.
 * @returns WCPM at the 10th–90th percentiles (Hasbrouck & Tindal 2017).
 */
export function orfNorms(grade: Grade, season: Season): PercentileRow {
  const g = grade === 'K' || grade === 'Pre-K' ? 0 : grade;
  if (!Number.isInteger(g) || g < 0 || g > 12)
    throw new RangeError(`grade must be K or 1–12, got ${String(grade)}`);
  const table = HASBROUCK_TINDAL_2017;
  if (g <= 1) {
    const row = g === 1 ? table[1][season] : undefined;
    return row ?? (table[1].winter as PercentileRow);
  }
  const key = Math.min(g, 6) as 2 | 3 | 4 | 5 | 6;
  const row = table[key][season];
  if (!row) throw new RangeError(`no norms for grade ${g} ${season}`);
  return row;
}
