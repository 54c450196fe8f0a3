import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { secondsInWords } from '#core/fluency-session/countdown.ts';
import { compareWithNorms, normsGrade, seasonOf, type NormComparison } from '#core/fluency-session/season.ts';
import { readingSummary } from '#core/fluency-session/summary.ts';
import { cx } from '../class-names.ts';
import './reading.css';

/** A figure of a scored reading. */
export type ReadingFigureId =
  'wcpm' | 'accuracy' | 'errors' | 'fluencyScore' | 'readingTime' | 'wordsReached';

/** An accuracy percent as the results show it: "95%", "71.4%". */
export function accuracyText(accuracy: number): string {
  return `${accuracy.toFixed(accuracy % 1 === 0 ? 0 : 1)}%`;
}

/** Each figure's name and value. */
function figureOf(id: ReadingFigureId, result: FluencyResult) {
  switch (id) {
    case 'wcpm':
      return { term: 'Words correct per minute', value: String(Math.round(result.wcpm)) };
    case 'accuracy':
      return { term: 'Accuracy', value: accuracyText(result.accuracy) };
    case 'errors':
      return { term: 'Errors', value: String(result.errors) };
    case 'fluencyScore':
      return {
        term: 'Fluency score',
        value: (
          <>
            {result.fluencyScore}
            <span className="fluency-score__out-of"> out of 100</span>
          </>
        ),
      };
    case 'readingTime':
      return { term: 'Reading time', value: secondsInWords(result.readingSeconds) };
    case 'wordsReached': {
      const summary = readingSummary(result);
      return { term: 'Words reached', value: `${summary.wordsReached} of ${summary.wordsTotal}` };
    }
  }
}

/**
 * A scored reading's figures, each in a box under its name (a description list): the grown-ups' part of the
 * reader's results, and a teacher's reading record (docs/decisions/0048-reading-record.md).
 */
export function ReadingFigures({
  result,
  figures,
  small = false,
}: {
  result: FluencyResult;
  /** Which figures, in order. */
  figures: readonly ReadingFigureId[];
  small?: boolean;
}) {
  return (
    <dl className={cx('fluency-scores', small && 'fluency-scores--small')}>
      {figures.map((id) => {
        const { term, value } = figureOf(id, result);
        return (
          <div key={id} className="fluency-score">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * How a reading's words correct per minute compare with Hasbrouck & Tindal (2017) for the reader's grade, in the
 * season it was read; null when the grade has no norms (none set, or beyond them).
 * @param createdAt when it was read (ISO time)
 * @param grade the reader's grade (spec §3 profiles.grade_level)
 * @param reader who the sentence names: "You" on the reader's own results, the reader's name for a teacher
 */
export function compareReading(
  wcpm: number,
  createdAt: string,
  grade: string | null,
  reader?: string,
): NormComparison | null {
  const g = normsGrade(grade);
  return g === undefined ? null : compareWithNorms(wcpm, g, seasonOf(new Date(createdAt)), reader);
}
