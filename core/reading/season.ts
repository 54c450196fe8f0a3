/**
 * The benchmark season of a date, for oral-reading-fluency norms. Hasbrouck & Tindal (2017) give fall,
 * winter and spring norms, gathered at the beginning (Aug–Nov), middle (Dec–Feb) and end (Mar–Jul) of the
 * U.S. school year; summer readings are compared with spring, the last norms the child has passed.
 */
import type { Season } from '../fluency/orf-norms.ts';

/** Season of a date in its local calendar month. */
export function seasonOf(date: Date): Season {
  const month = date.getMonth() + 1;
  if (month >= 8 && month <= 11) return 'fall';
  if (month === 12 || month <= 2) return 'winter';
  return 'spring';
}

/**
 * The norms grade of a profile grade (spec §3: 'Pre-K', 'K', '1'–'12'): 'K' for kindergarten and
 * Pre-K, a number for 1–12, undefined when unknown.
 */
export function normsGrade(grade: string | null | undefined): 'K' | number | undefined {
  if (!grade) return undefined;
  if (grade === 'K' || grade === 'Pre-K') return 'K';
  const n = Number(grade);
  return Number.isInteger(n) && n >= 1 && n <= 12 ? n : undefined;
}
