/**
 * What the Reading Assessment's results say to the child (docs/decisions/0038-reading-assessment.md):
 * shown on the page and said by Sparky as the results appear. Plain words and one number a child can be
 * proud of, the words read right; no percentile, no "part of the story" (the minute ends most readings
 * before the story does, as DIBELS 8 intends).
 */
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { isReadToTheEnd } from '#core/rewards/reading-share.ts';
import { ASSESSMENT_SECONDS } from './passage.ts';

/**
 * Seconds of recording an assessment needs to set the reader's level when the reader did not reach the
 * passage's end: a reader who pressed Stop after a few seconds has not shown how they read.
 */
export const ASSESSMENT_MIN_SECONDS = 30;

/**
 * Whether an assessment reading sets the reader's results and level (server: reading-sessions.service.ts;
 * the page says which): the reader reached the last word, or read for at least
 * {@link ASSESSMENT_MIN_SECONDS}.
 * @param result the scored reading (its words reached, and the recording's length in seconds)
 */
export function setsTheLevel(
  result: Pick<FluencyResult, 'wordsAttempted' | 'wordsTotal' | 'durationSeconds'>,
): boolean {
  return isReadToTheEnd(result) || result.durationSeconds >= ASSESSMENT_MIN_SECONDS;
}

/** A recording this close to the minute (seconds) was stopped by the minute, not by the reader. */
const MINUTE_SLACK_SECONDS = 5;

/**
 * The child's lines of an assessment's results.
 * @param result the scored reading (words read right and reached, and the recording's length in seconds)
 * @returns the lines, in order: how the reading went, thanks, what Sparky does with it
 */
export function assessmentResultLines(
  result: Pick<FluencyResult, 'wordsCorrect' | 'wordsAttempted' | 'wordsTotal' | 'durationSeconds'>,
): string[] {
  const right = result.wordsCorrect;
  const words = `${right} ${right === 1 ? 'word' : 'words'}`;
  const howItWent = isReadToTheEnd(result)
    ? `You read the whole story, and ${words} right.`
    : result.durationSeconds >= ASSESSMENT_SECONDS - MINUTE_SLACK_SECONDS
      ? `You read ${words} right in one minute.`
      : `You read ${words} right.`;
  return [
    howItWent,
    'Thank you for reading to Sparky!',
    setsTheLevel(result)
      ? 'Now Sparky knows which stories are just right for you. They come first when you choose a story.'
      : 'That was a short reading, so Sparky did not set your level. Next time, read until Sparky stops listening.',
  ];
}
