/**
 * Tokens for a read-aloud practice session. The spec says tokens are awarded per session (§1) without
 * amounts; these are ours. They reward finishing and reading carefully, not speed, so a slow reader
 * earns as much as a fast one. Challenge rewards (5–15, spec §3) are of the same scale.
 */
import { ASSESSMENT_SECONDS } from '#core/assessment/passage.ts';
import { isMostlyRead, type HowMuchRead } from './reading-share.ts';

/** Tokens for a session in which the reader reached at least half of the passage. */
export const SESSION_TOKENS = 5;
/** Extra tokens when accuracy is at least CAREFUL_READING_ACCURACY percent. */
export const CAREFUL_READING_BONUS = 5;
export const CAREFUL_READING_ACCURACY = 90;

/** Words read right that a Reading Assessment's full minute needs to earn tokens without reaching half the story. */
export const ASSESSMENT_MIN_WORDS_CORRECT = 10;

/**
 * Tokens earned by one session: none for a partial reading ({@link isMostlyRead}). A Reading
 * Assessment (docs/decisions/0038-reading-assessment.md) is a minute of reading, which stops most
 * readers before half of its long passage: one whose recording lasted the minute (less 5 s) with at
 * least {@link ASSESSMENT_MIN_WORDS_CORRECT} words read right earns as a whole reading does.
 * @param figures - words attempted and total in the passage, accuracy percent (0–100), words read right
 *   and the recording's length in seconds
 * @param mode - 'practice' (default) or 'assessment'
 */
export function sessionTokens(
  figures: HowMuchRead & { accuracy: number; wordsCorrect?: number; durationSeconds?: number },
  mode: 'practice' | 'assessment' = 'practice',
): number {
  const fullMinute =
    mode === 'assessment' &&
    (figures.durationSeconds ?? 0) >= ASSESSMENT_SECONDS - 5 &&
    (figures.wordsCorrect ?? 0) >= ASSESSMENT_MIN_WORDS_CORRECT;
  if (!isMostlyRead(figures) && !fullMinute) return 0;
  return SESSION_TOKENS + (figures.accuracy >= CAREFUL_READING_ACCURACY ? CAREFUL_READING_BONUS : 0);
}
