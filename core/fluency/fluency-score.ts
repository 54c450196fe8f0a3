/**
 * The 0–100 fluency score shown to children and teachers.
 *
 * fluencyScore = round(0.7 × rateScore + 0.3 × accuracyScore), where
 * - rateScore (0–100) is the reader's estimated percentile among peers of the same grade and
 *   season: WCPM is interpolated linearly between the Hasbrouck & Tindal (2017) norm points
 *   (0 WCPM → 0, 10th → 10, 25th → 25, 50th → 50, 75th → 75, 90th → 90) and extended past the
 *   90th percentile with the 75th–90th slope up to 100;
 * - accuracyScore (0–100) is linear from 80 % accuracy (0) to 100 % (100). Below 90 % accuracy
 *   a text is at frustration level and 95 % is the usual benchmark for independent reading
 *   (DIBELS 8 ORF accuracy; Betts' reading levels), so the score falls steeply across that range.
 *
 * Both parts are non-decreasing, so the score is monotone in WCPM and in accuracy.
 * The 70/30 weighting is a product choice (docs/scoring.md), not a published rule.
 */
import { NORM_PERCENTILES, orfNorms, type Grade, type Season } from '#core/fluency/orf-norms.ts';

export const RATE_WEIGHT = 0.7;
export const ACCURACY_WEIGHT = 0.3;
const ACCURACY_FLOOR = 80;

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/**
 * Estimated percentile (0–100) of a WCPM among peers (Hasbrouck & Tindal 2017 norms).
 * @param wcpm words correct per minute, ≥ 0.
 */
export function wcpmPercentile(wcpm: number, grade: Grade, season: Season): number {
  const row = orfNorms(grade, season);
  const xs = [0, ...row];
  const ys = [0, ...NORM_PERCENTILES];
  const w = Math.max(0, wcpm);
  for (let k = 1; k < xs.length; k++) {
    const x0 = xs[k - 1] ?? 0;
    const x1 = xs[k] ?? 0;
    const y0 = ys[k - 1] ?? 0;
    const y1 = ys[k] ?? 0;
    if (w <= x1) return x1 === x0 ? y1 : y0 + ((w - x0) / (x1 - x0)) * (y1 - y0);
  }
  const [, , , p75, p90] = row;
  const slope = 15 / Math.max(1, p90 - p75);
  return clamp(90 + (w - p90) * slope, 0, 100);
}

/**
 * Accuracy part of the score: 0 at ≤ 80 % accuracy, 100 at 100 %, linear between.
 * @param accuracy percent, 0–100.
 */
export function accuracyScore(accuracy: number): number {
  return clamp(((accuracy - ACCURACY_FLOOR) / (100 - ACCURACY_FLOOR)) * 100, 0, 100);
}

/**
 * The 0–100 fluency score (formula above).
 * @param wcpm words correct per minute.
 * @param accuracy percent, 0–100.
 * @param grade K/'Pre-K'/0–12; throws RangeError outside.
 * @param season defaults to winter (mid-year) when unknown.
 * @returns an integer 0–100; 0 when nothing was read correctly.
 */
export function fluencyScore(
  wcpm: number,
  accuracy: number,
  grade: Grade,
  season: Season = 'winter',
): number {
  if (!(wcpm > 0)) return 0;
  const score = RATE_WEIGHT * wcpmPercentile(wcpm, grade, season) + ACCURACY_WEIGHT * accuracyScore(accuracy);
  return Math.round(clamp(score, 0, 100));
}
