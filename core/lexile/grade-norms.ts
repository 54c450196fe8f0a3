/**
 * Per-grade constants of spec §9 "Lexile per grade" and "Expected WPM by grade".
 * An unknown grade uses K (spec §9).
 */

/** Lexile band and target for one grade, in Lexile units (L). */
export interface GradeLexileNorm {
  grade: string;
  min: number;
  max: number;
  target: number;
  /** Words per minute expected at this grade (spec §9 "Expected WPM by grade"). */
  expectedWpm: number;
}

/** Spec §9, grades K and 1–12, in that order. */
export const GRADE_LEXILE_NORMS: readonly GradeLexileNorm[] = [
  { grade: 'K', min: 0, max: 300, target: 150, expectedWpm: 40 },
  { grade: '1', min: 200, max: 400, target: 300, expectedWpm: 55 },
  { grade: '2', min: 300, max: 500, target: 400, expectedWpm: 70 },
  { grade: '3', min: 400, max: 700, target: 550, expectedWpm: 85 },
  { grade: '4', min: 600, max: 800, target: 700, expectedWpm: 100 },
  { grade: '5', min: 700, max: 900, target: 800, expectedWpm: 115 },
  { grade: '6', min: 800, max: 1000, target: 900, expectedWpm: 130 },
  { grade: '7', min: 900, max: 1100, target: 1000, expectedWpm: 140 },
  { grade: '8', min: 1000, max: 1200, target: 1100, expectedWpm: 150 },
  { grade: '9', min: 1100, max: 1300, target: 1200, expectedWpm: 160 },
  { grade: '10', min: 1200, max: 1400, target: 1300, expectedWpm: 170 },
  { grade: '11', min: 1300, max: 1500, target: 1400, expectedWpm: 180 },
  { grade: '12', min: 1400, max: 1600, target: 1500, expectedWpm: 190 },
];

/** Expected WPM when the grade is unknown (spec §9 "default 85"). */
export const DEFAULT_EXPECTED_WPM = 85;

/**
 * The norm of a grade ('K', '1'…'12'; also accepts 'Kindergarten', '3rd', 3).
 * Unknown grades (including Pre-K) use K, as spec §9 says.
 */
export function gradeNorm(grade: string | number | null | undefined): GradeLexileNorm {
  const key = normaliseGrade(grade);
  return GRADE_LEXILE_NORMS.find((n) => n.grade === key) ?? GRADE_LEXILE_NORMS[0]!;
}

/**
 * Expected WPM for a grade, or 85 when the grade is unknown (spec §9; the Lexile table falls back to K,
 * the WPM table to its own default).
 */
export function expectedWpm(grade: string | number | null | undefined): number {
  const key = normaliseGrade(grade);
  return GRADE_LEXILE_NORMS.find((n) => n.grade === key)?.expectedWpm ?? DEFAULT_EXPECTED_WPM;
}

function normaliseGrade(grade: string | number | null | undefined): string | undefined {
  if (grade === null || grade === undefined) return undefined;
  const text = String(grade).trim().toLowerCase();
  if (text === 'k' || text === 'kindergarten') return 'K';
  const match = /^(\d{1,2})(st|nd|rd|th)?$/.exec(text);
  if (!match) return undefined;
  const n = Number(match[1]);
  return n >= 1 && n <= 12 ? String(n) : undefined;
}
