/**
 * Where the reader probably is in the passage while recording, so the page can keep that part of the
 * story on screen (issue 17, item 2). Until a word follower hears each word (the realtime tutor), the
 * place is estimated from how long the reader has been speaking: the grade's expected pace (spec §9
 * "Expected WPM by grade", core/lexile/grade-norms.ts) applied to speech time only, so pauses do not
 * move it. Speech time leaves out the short gaps between words, so the estimate runs behind a reader
 * at the expected pace: the page shows the estimated place near the top and the lines after it, and
 * a reader ahead of the estimate is still on screen.
 */
import { expectedWpm } from '#core/lexile/grade-norms.ts';

/**
 * The fastest pace a reader could keep, in words per second of speech: 4 (240 words a minute of
 * speech, above the 90th percentile of every grade in Hasbrouck & Tindal 2017, whose top is about 200
 * WCPM including pauses). An upper bound, used only to rule out an end check that cannot succeed.
 */
export const FASTEST_WORDS_PER_SPEECH_SECOND = 4;

/**
 * Whether, after this much speech, even a very fast reader could have read the whole passage.
 *
 * @param speechSeconds seconds of speech heard so far
 * @param wordsTotal words in the passage
 */
export function couldHaveReadAll(speechSeconds: number, wordsTotal: number): boolean {
  return wordsTotal > 0 && speechSeconds * FASTEST_WORDS_PER_SPEECH_SECOND >= wordsTotal;
}

/**
 * The estimated share of the passage read, 0–1.
 *
 * @param speechSeconds seconds of speech heard so far (level above the silence threshold)
 * @param wordsTotal words in the passage
 * @param grade the reader's profile grade ('K', '1'–'12'); unknown grades use the default pace (85)
 */
export function estimatedShareRead(speechSeconds: number, wordsTotal: number, grade: string | null): number {
  if (!(wordsTotal > 0) || !(speechSeconds > 0)) return 0;
  const wordsPerSecond = expectedWpm(grade) / 60;
  return Math.min(1, (speechSeconds * wordsPerSecond) / wordsTotal);
}
