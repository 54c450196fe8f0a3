import { describe, expect, it } from 'vitest';
import { gradeNearestLexile, nearestLevelFirst } from './nearest.ts';

describe('nearestLevelFirst', () => {
  const graded = (title: string, gradeBand: string | null, lexile: number | null) => ({
    title,
    gradeBand,
    lexile,
  });
  // Computed Lexiles of short stories sit off their bands: a grade-2 story at 180L.
  const LIBRARY = [
    graded('K short', 'K', 260),
    graded('grade 2 low', '2', 180),
    graded('grade 1', '1', 320),
    graded('no band', null, 150),
    graded('K long', 'K', 120),
    graded('grade 5', '5', 820),
  ];
  const titles = (lexile: number) => nearestLevelFirst(LIBRARY, lexile).map((s) => s.title);

  it('gives a kindergartner (150L) the kindergarten stories first, then grade 1, then grade 2', () => {
    expect(titles(150)).toEqual(['K long', 'K short', 'grade 1', 'grade 2 low', 'grade 5', 'no band']);
  });

  it('gives a grade-1 reader (300L) grade 1, then the grades either side by Lexile', () => {
    expect(titles(300)).toEqual(['grade 1', 'K short', 'grade 2 low', 'K long', 'grade 5', 'no band']);
  });

  it('takes a measured level as the grade its target is nearest', () => {
    expect(gradeNearestLexile(150)).toBe('K');
    expect(gradeNearestLexile(790)).toBe('5');
    expect(gradeNearestLexile(2000)).toBe('12');
    expect(gradeNearestLexile(225)).toBe('K');
    expect(titles(790)[0]).toBe('grade 5');
  });
});
