/**
 * Tokens for a read-aloud practice session. The spec says tokens are awarded per session (§1) without
 * amounts; these are ours. They reward finishing and reading carefully, not speed, so a slow reader
 * earns as much as a fast one. Challenge rewards (5–15, spec §3) are of the same scale.
 */
import { isMostlyRead, type HowMuchRead } from './reading-share.ts';

/** Tokens for a session in which the reader reached at least half of the passage. */
export const SESSION_TOKENS = 5;
/** Extra tokens when accuracy is at least CAREFUL_READING_ACCURACY percent. */
export const CAREFUL_READING_BONUS = 5;
export const CAREFUL_READING_ACCURACY = 90;

/**
 * Tokens earned by one session: none for a partial reading ({@link isMostlyRead}).
 * @param figures - words attempted and total in the passage, accuracy percent (0–100)
 */
export function sessionTokens(figures: HowMuchRead & { accuracy: number }): number {
  if (!isMostlyRead(figures)) return 0;
  return SESSION_TOKENS + (figures.accuracy >= CAREFUL_READING_ACCURACY ? CAREFUL_READING_BONUS : 0);
}
