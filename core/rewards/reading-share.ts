/**
 * How much of a passage a reading covered, and when a reading counts as complete enough to be
 * rewarded as one (issue 17, item 1). A reading that stops with most words not reached — the reader
 * stopped, the time ran out, or nobody answered "Are you still reading?" — is a partial reading: its
 * accuracy is true of the words read, but it earns no tokens (core/rewards/tokens.ts) and no speed or
 * accuracy achievement (core/rewards/achievements.ts), and the results say how much was read.
 *
 * "Reached" follows DIBELS 8 ORF scoring: every word up to the last word the reader attempted counts
 * as attempted (errors included); the words after it are "not reached" (core/fluency/metrics.ts).
 */

/** The figures of a scored reading this rule needs (core/fluency/result.schema.ts). */
export interface HowMuchRead {
  /** Words up to the last word attempted, errors included. */
  wordsAttempted: number;
  /** Words in the passage. */
  wordsTotal: number;
}

/** A reading must reach at least this share of its passage to count as complete enough, 0–1. */
export const MOSTLY_READ_SHARE = 0.5;

/**
 * Whether a reading reached at least half of its passage (so most words were not "not reached").
 * An empty passage was not read.
 *
 * @param figures words attempted and total
 */
export function isMostlyRead(figures: HowMuchRead): boolean {
  return figures.wordsTotal > 0 && figures.wordsAttempted >= figures.wordsTotal * MOSTLY_READ_SHARE;
}

/**
 * Whether the reader reached the last word (no word "not reached").
 *
 * @param figures words attempted and total
 */
export function isReadToTheEnd(figures: HowMuchRead): boolean {
  return figures.wordsTotal > 0 && figures.wordsAttempted >= figures.wordsTotal;
}
