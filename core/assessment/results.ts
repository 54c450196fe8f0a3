/**
 * What the Reading Assessment's results say to the child (docs/decisions/0038-reading-assessment.md):
 * shown on the page and said by Sparky as the results appear. Plain words and one number a child can be
 * proud of, the words read right; no percentile, no "part of the story" (the minute ends most readings
 * before the story does, as DIBELS 8 intends).
 */
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { isReadToTheEnd } from '#core/rewards/reading-share.ts';
import { ASSESSMENT_SECONDS } from './passage.ts';

/** A recording this close to the minute (seconds) was stopped by the minute, not by the reader. */
const MINUTE_SLACK_SECONDS = 5;

/**
 * The child's lines of an assessment's results.
 * @param result the scored reading
 * @param recordingSeconds how long the recording lasted, or null when unknown
 * @returns the lines, in order: how the reading went, thanks, what Sparky does with it
 */
export function assessmentResultLines(result: FluencyResult, recordingSeconds: number | null): string[] {
  const right = result.wordsCorrect;
  const words = `${right} ${right === 1 ? 'word' : 'words'}`;
  const howItWent = isReadToTheEnd(result)
    ? `You read the whole story, and ${words} right.`
    : recordingSeconds !== null && recordingSeconds >= ASSESSMENT_SECONDS - MINUTE_SLACK_SECONDS
      ? `You read ${words} right in one minute.`
      : `You read ${words} right.`;
  return [
    howItWent,
    'Thank you for reading to Sparky!',
    'Now Sparky knows which stories are just right for you. They come first when you choose a story.',
  ];
}
