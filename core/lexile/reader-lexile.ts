/**
 * A reader's Lexile estimate (spec §4.7, §9 "Level estimate"): the grade's target times (WPM / expected
 * WPM for the grade) plus (accuracy − 85) × 2, rounded and clamped to the grade's min and max. The range
 * text is level − 50 to level + 100 (spec §3: 'X-50L - X+100L').
 */
import { expectedWpm, gradeNorm } from './grade-norms.ts';

/** The estimate and its range text. */
export interface ReaderLexile {
  /** Lexile measure (L). */
  level: number;
  /** e.g. '450L - 600L'. */
  range: string;
}

/**
 * Estimate a reader's Lexile.
 * @param grade - profile grade ('K', '1'…'12'; unknown grades use K per spec §9)
 * @param wcpm - words correct per minute (WCPM)
 * @param accuracy - percent, 0–100
 */
export function estimateReaderLexile(
  grade: string | null | undefined,
  wcpm: number,
  accuracy: number,
): ReaderLexile {
  const norm = gradeNorm(grade);
  const raw = norm.target * (wcpm / expectedWpm(grade)) + (accuracy - 85) * 2;
  const level = Math.min(norm.max, Math.max(norm.min, Math.round(raw)));
  return { level, range: lexileRange(level) };
}

/** Spec §3 range text: level − 50 to level + 100. */
export function lexileRange(level: number): string {
  return `${level - 50}L - ${level + 100}L`;
}

/** Spec §4.8/§9: the level-up hint shows when the Lexile level exceeds the reading level by more than 50. */
export function isReadyToLevelUp(lexileLevel: number | null, readingLevel: number | null): boolean {
  return lexileLevel !== null && readingLevel !== null && lexileLevel - readingLevel > 50;
}
