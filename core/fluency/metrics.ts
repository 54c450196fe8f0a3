/**
 * Oral reading fluency metrics from scored words (DIBELS 8 ORF scoring rules).
 */
import type { ScoredWord } from '#core/fluency/align.ts';

/** Practice mode reports hesitations; assessment mode also counts them as errors (DIBELS 8). */
export type ScoringMode = 'practice' | 'assessment';

export interface ReadingMetrics {
  /** Onset of the first word read to the end of the last word read, seconds. */
  readingSeconds: number;
  wordsTotal: number;
  /** Words not `not_reached`. */
  wordsAttempted: number;
  wordsCorrect: number;
  errors: number;
  /** Words correct per minute, 1 decimal. */
  wcpm: number;
  /** Percent, 1 decimal. */
  accuracy: number;
}

/** The one minute of a DIBELS 8 oral reading fluency assessment, seconds. */
export const ORF_MINUTE_SECONDS = 60;

const round1 = (x: number): number => Math.round(x * 10) / 10;
const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * Counts and rates for one reading.
 * - correct = `correct` + `self_correction` (DIBELS 8: self-corrections count as correct);
 * - errors = `substitution` + `omission`, plus, in assessment mode, correct words read after a
 *   hesitation > 3 s (DIBELS 8: the examiner supplies the word and marks it an error);
 * - readingSeconds = end of the last word read − onset of the first word read (words with times);
 * - WCPM = correct × 60 / readingSeconds (0 when nothing was timed). In assessment mode, as DIBELS 8
 *   times it: the words read right in the first {@link ORF_MINUTE_SECONDS} s of the recording, prorated
 *   (× 60 / readingSeconds) only for a reader who reached the passage's last word; a reader who stalled
 *   or stopped early is not credited with a rate they did not read at;
 * - accuracy = correct / (correct + errors) × 100 (0 when nothing was attempted).
 * @param words scored words in passage order.
 * @param mode practice (default) or assessment.
 */
export function computeMetrics(words: readonly ScoredWord[], mode: ScoringMode = 'practice'): ReadingMetrics {
  let correct = 0;
  let correctInMinute = 0;
  let errors = 0;
  let attempted = 0;
  let first = Infinity;
  let last = -Infinity;
  for (const w of words) {
    if (w.status === 'not_reached') continue;
    attempted++;
    if (w.start !== null) first = Math.min(first, w.start);
    if (w.end !== null) last = Math.max(last, w.end);
    const readRight = w.status === 'correct' || w.status === 'self_correction';
    if (readRight && !(mode === 'assessment' && w.hesitation)) {
      correct++;
      if (w.start === null || w.start < ORF_MINUTE_SECONDS) correctInMinute++;
    } else errors++;
  }
  const readingSeconds = last > first ? round3(last - first) : 0;
  const reachedEnd = words.length > 0 && attempted === words.length;
  const rate = readingSeconds > 0 ? round1((correct * 60) / readingSeconds) : 0;
  return {
    readingSeconds,
    wordsTotal: words.length,
    wordsAttempted: attempted,
    wordsCorrect: correct,
    errors,
    wcpm: mode === 'assessment' && !reachedEnd ? correctInMinute : rate,
    accuracy: correct + errors > 0 ? round1((correct / (correct + errors)) * 100) : 0,
  };
}
