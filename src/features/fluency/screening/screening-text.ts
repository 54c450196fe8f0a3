/**
 * What the Reading Screening and Screening History say (docs/decisions/0049-reading-screening.md): to the child,
 * plain words and one number to be proud of, never a percentile or a band; to grown-ups, the medians and the band
 * in words against the Hasbrouck & Tindal (2017) 50th percentile, as a reason to listen to the child read, never a
 * label. Pure: shown on the pages and said by Sparky (the session's results line, use-fluency-session.ts).
 */
import type { Screening } from '#core/api/screening.ts';
import type { Season } from '#core/fluency/orf-norms.ts';
import { EXPECTED_RANGE_WCPM } from '#core/screening/rules.ts';
import { screeningChange } from '../../../lib/reports/screening-words.ts';

export { BAND_WORDS, screeningDay, seasonTitle } from '../../../lib/reports/screening-words.ts';

/** The passages a screening has. */
export function passageCount(screening: Pick<Screening, 'passages'>): number {
  return screening.passages.length;
}

/** The passages read so far. */
export function readCount(screening: Pick<Screening, 'passages'>): number {
  return screening.passages.filter((p) => p.reading !== null).length;
}

/** "Story 2 of 3: The Fox and the Crow": the heading of a passage (index from 0). */
export function storyHeading(index: number, total: number, title: string): string {
  return `Story ${index + 1} of ${total}: ${title}`;
}

/** "Well done! Next: story 2 of 3": the step between two passages (`next` from 0). */
export function betweenHeading(next: number, total: number): string {
  return `Well done! Next: story ${next + 1} of ${total}`;
}

/** "You read 3 stories to Sparky!" */
export function storiesReadLine(count: number): string {
  return `You read ${count === 1 ? 'one story' : `${count} stories`} to Sparky!`;
}

/** Whole words correct per minute, as shown. */
export function wholeWcpm(wcpm: number): number {
  return Math.round(wcpm);
}

/** "45 words right in one minute": the child's one number (the median words correct per minute). */
export function wordsRightLine(wcpm: number): string {
  const n = wholeWcpm(wcpm);
  return `${n} ${n === 1 ? 'word' : 'words'} right in one minute`;
}

/**
 * The label of the child's number: the middle of three readings ("Your middle score"), or the one reading of a
 * screening that stopped after the first ("Your score").
 */
export function scoreLabel(readings: number): string {
  return readings > 1 ? 'Your middle score' : 'Your score';
}

/** What the screening page shows after a saved reading of a passage ({@link screeningStepAfter}). */
export type ScreeningStepAfter = 'done' | 'again' | 'between';

/**
 * What comes after a saved reading of a screening's passage (the upload's `screening` and `screeningCounted`,
 * core/api/reading-sessions.ts):
 * - `done`: the screening is complete (its score is there);
 * - `again`: the reading did not count (stopped before 30 s and before the story's end, core/assessment/results.ts
 *   setsTheLevel): it was saved as the reader's reading, and the same story is the screening's next, to read again;
 * - `between`: the next story.
 * @param storyId the story just read (the saved session's `story_id`)
 */
export function screeningStepAfter(
  screening: Pick<Screening, 'score' | 'next' | 'passages'>,
  counted: boolean | undefined,
  storyId: string | null,
): ScreeningStepAfter {
  if (screening.score || screening.next === null) return 'done';
  // A replayed upload that did not count, answered after the screening moved on, goes on with the next story.
  if (counted === false && screening.passages[screening.next]?.storyId === storyId) return 'again';
  return 'between';
}

/** The step shown when a reading did not count ({@link screeningStepAfter} `again`). */
export const READ_AGAIN_TEXT = {
  title: "Let's read that story again",
  text: 'That reading was short, so it did not count. Read the story again, until Sparky stops listening.',
} as const;

/**
 * What Sparky says when a screening's reading is saved: the next story and how to go on, that the reading was short
 * and the story is read again, or, once complete, the child's part of the score.
 * @param screening the screening after the reading (the upload's `screening`)
 * @param step what comes next ({@link screeningStepAfter}; by default from the screening alone: done or between)
 */
export function screeningSpokenResult(
  screening: Screening,
  step: ScreeningStepAfter = screening.score || screening.next === null ? 'done' : 'between',
): string {
  const total = passageCount(screening);
  if (step === 'done' && screening.score) {
    const read = readCount(screening);
    return `${storiesReadLine(read)} ${scoreLabel(read)} is ${wordsRightLine(screening.score.wpm)}.`;
  }
  if (step === 'again')
    return `${READ_AGAIN_TEXT.title}. ${READ_AGAIN_TEXT.text} Press Read it again, or say read it again.`;
  const next = screening.next ?? readCount(screening);
  return `${betweenHeading(next, total)}. Press Next story, or say next story.`;
}

/** A screening's grade as the norms name it: grades 7–12 are compared with grade 6, the highest published. */
export function normsGradeWords(grade: string): string {
  const n = Number(grade);
  if (Number.isInteger(n) && n > 6)
    return `grade 6 (the highest grade with published norms; this reader is in grade ${n})`;
  return `grade ${grade}`;
}

/**
 * The band in plain words for grown-ups, against the 50th percentile of the season's readers in the grade: below →
 * "more than 10 words correct per minute under the middle of fall readers in grade 2 (the 50th percentile is 50).
 * Worth listening to Mia read, and more reading practice; a screening is not a diagnosis."
 * @param score the screening's score (median WCPM, band, the 50th percentile it was read against)
 * @param grade the grade it was read in ('1'–'12')
 * @param season the season it was read in
 * @param reader the child's name, or null ("them")
 */
export function bandSentence(
  score: NonNullable<Screening['score']>,
  grade: string,
  season: Season,
  reader: string | null,
): string {
  const who = `${season} readers in ${normsGradeWords(grade)}`;
  const p50 = `(the 50th percentile is ${score.p50})`;
  const wcpm = `${wholeWcpm(score.wpm)} words correct per minute`;
  const range = EXPECTED_RANGE_WCPM;
  switch (score.band) {
    case 'below':
      return `${wcpm} is more than ${range} words correct per minute under the middle of ${who} ${p50}. Worth listening to ${reader ?? 'them'} read, and more reading practice; a screening is not a diagnosis.`;
    case 'above':
      return `${wcpm} is more than ${range} words correct per minute over the middle of ${who} ${p50}: above the expected range.`;
    default:
      return `${wcpm} is within the expected range: within ${range} words correct per minute of the middle of ${who} ${p50}.`;
  }
}

/**
 * The change in median words correct per minute since the screening before (screeningChange): "12 more words correct
 * per minute than in fall", "… than in spring 2025–26" (another school year), "… than on November 2, 2026" (the same
 * season), "The same words correct per minute as in fall"; null for the first.
 * @param current a complete screening
 * @param previous the complete screening before it, or null
 */
export function changeSince(
  current: Pick<Screening, 'score' | 'season' | 'schoolYear'>,
  previous: Pick<Screening, 'score' | 'season' | 'schoolYear' | 'completedAt' | 'startedAt'> | null,
): string | null {
  if (!previous?.score || !current.score) return null;
  return screeningChange(
    { wpm: current.score.wpm, season: current.season, schoolYear: current.schoolYear },
    {
      wpm: previous.score.wpm,
      season: previous.season,
      schoolYear: previous.schoolYear,
      at: previous.completedAt ?? previous.startedAt,
    },
  );
}
