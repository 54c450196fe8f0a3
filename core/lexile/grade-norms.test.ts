import { describe, expect, it } from 'vitest';
import { expectedWpm, gradeNorm, GRADE_LEXILE_NORMS } from './grade-norms.ts';

describe('grade norms (spec §9)', () => {
  it('has K and grades 1–12 with min < target < max', () => {
    expect(GRADE_LEXILE_NORMS.map((n) => n.grade)).toEqual([
      'K',
      ...Array.from({ length: 12 }, (_, i) => String(i + 1)),
    ]);
    for (const n of GRADE_LEXILE_NORMS) {
      expect(n.min).toBeLessThan(n.target);
      expect(n.target).toBeLessThan(n.max);
    }
  });
  it('reads grade spellings', () => {
    expect(gradeNorm('3').target).toBe(550);
    expect(gradeNorm('3rd').target).toBe(550);
    expect(gradeNorm(3).target).toBe(550);
    expect(gradeNorm('Kindergarten').target).toBe(150);
  });
  it('uses K for an unknown grade, and 85 WPM', () => {
    expect(gradeNorm('Pre-K')).toEqual(gradeNorm('K'));
    expect(gradeNorm(undefined).grade).toBe('K');
    expect(gradeNorm('13').grade).toBe('K');
    expect(expectedWpm('Pre-K')).toBe(85);
    expect(expectedWpm('12')).toBe(190);
  });
});
