/**
 * How a WCPM compares with peers of the same grade and
 * season (Hasbrouck & Tindal 2017, core/fluency/orf-norms.ts).
 */
import { NORM_PERCENTILES, orfNorms, type Grade, type Season } from '#core/fluency/orf-norms.ts';

/**
 * The norm season of a date and the profile grade as a norms grade: the same rules the server scores
 * with (core/reading/season.ts), re-exported so the results screen and the score always agree.
 */
export { seasonOf, normsGrade } from '#core/reading/season.ts';

/** Where a WCPM falls among the norm percentiles. */
export interface NormComparison {
  grade: Grade;
  season: Season;
  /** WCPM at the 10th, 25th, 50th, 75th and 90th percentiles. */
  norms: readonly [number, number, number, number, number];
  /** The band: `below10`, `10to25`, `25to50`, `50to75`, `75to90`, `above90`. */
  band: 'below10' | '10to25' | '25to50' | '50to75' | '75to90' | 'above90';
  /** One plain sentence, e.g. "That is between the 50th and 75th percentile …". */
  sentence: string;
}

const ORDINAL: Record<number, string> = { 10: '10th', 25: '25th', 50: '50th', 75: '75th', 90: '90th' };

/** "grade 3", "kindergarten". */
export function gradeInWords(grade: Grade): string {
  return grade === 'K' || grade === 'Pre-K' || grade === 0 ? 'kindergarten' : `grade ${grade}`;
}

/**
 * Compares a WCPM with the Hasbrouck & Tindal (2017) norms of a grade and season.
 * @param wcpm words correct per minute
 * @param grade K/'Pre-K'/0–12
 * @param season norm season ({@link seasonOf})
 * @param reader who read, as the sentence starts: "You" (the reader's own results) or a name (a teacher's
 *   reading record, docs/decisions/0048-reading-record.md)
 * @throws RangeError for a grade outside K–12 (orfNorms)
 */
export function compareWithNorms(wcpm: number, grade: Grade, season: Season, reader = 'You'): NormComparison {
  const norms = orfNorms(grade, season);
  const [p10, p25, p50, p75, p90] = norms;
  const who = `${season} readers in ${gradeInWords(grade)}`;
  const rate = Math.round(wcpm);
  let band: NormComparison['band'];
  let where: string;
  if (wcpm < p10) {
    band = 'below10';
    where = `below the ${ORDINAL[10]} percentile (${p10} words correct per minute)`;
  } else if (wcpm >= p90) {
    band = 'above90';
    where = `at or above the ${ORDINAL[90]} percentile (${p90} words correct per minute)`;
  } else {
    const bands = ['10to25', '25to50', '50to75', '75to90'] as const;
    const idx = wcpm < p25 ? 0 : wcpm < p50 ? 1 : wcpm < p75 ? 2 : 3;
    band = bands[idx] ?? '10to25';
    const lo = NORM_PERCENTILES[idx] ?? 10;
    const hi = NORM_PERCENTILES[idx + 1] ?? 25;
    where = `between the ${ORDINAL[lo]} and ${ORDINAL[hi]} percentile`;
  }
  const sentence = `${reader} read ${rate} words correct per minute. That is ${where} for ${who}; the middle (50th percentile) is ${p50}.`;
  return { grade, season, norms, band, sentence };
}
