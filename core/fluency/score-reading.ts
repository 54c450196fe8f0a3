/**
 * From passage text and recognised words to the result contract: normalise, align, measure.
 */
import { normaliseHeard, tokenisePassage, type HeardWord } from '#core/text/normalize.ts';
import { alignReading, type AlignOptions } from '#core/fluency/align.ts';
import { computeMetrics, type ScoringMode } from '#core/fluency/metrics.ts';
import { fluencyScore } from '#core/fluency/fluency-score.ts';
import type { Grade, Season } from '#core/fluency/orf-norms.ts';
import type { FluencyResult } from '#core/fluency/result.schema.ts';

export interface ScoreReadingOptions extends AlignOptions {
  /** Recogniser name reported in the result. */
  engine: string;
  /** Audio length, seconds. */
  durationSeconds: number;
  /** Reader's grade for the norms; default 3 (the spec's default expected WPM, 85, is grade 3's). */
  grade?: Grade;
  /** Default winter (mid-year). */
  season?: Season;
  /** Default practice. */
  mode?: ScoringMode;
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * Scores a reading of `passageText` from the words a recogniser heard.
 * @param passageText the passage as printed.
 * @param heard recognised words with start/end in seconds, in time order.
 * @returns the result contract (`FluencyResultSchema`).
 * @throws RangeError for a grade outside K–12.
 */
export function scoreReading(
  passageText: string,
  heard: readonly HeardWord[],
  options: ScoreReadingOptions,
): FluencyResult {
  const passage = tokenisePassage(passageText);
  const alignment = alignReading(passage, normaliseHeard(heard), options);
  const metrics = computeMetrics(alignment.words, options.mode ?? 'practice');
  const grade = options.grade ?? 3;
  return {
    engine: options.engine,
    durationSeconds: round3(options.durationSeconds),
    ...metrics,
    fluencyScore: fluencyScore(metrics.wcpm, metrics.accuracy, grade, options.season ?? 'winter'),
    words: alignment.words.map((w) => ({
      ...w,
      start: w.start === null ? null : round3(w.start),
      end: w.end === null ? null : round3(w.end),
    })),
    insertions: alignment.insertions.map((x) => ({ ...x, start: round3(x.start), end: round3(x.end) })),
    repetitions: alignment.repetitions.map((x) => ({ ...x, start: round3(x.start), end: round3(x.end) })),
  };
}
