import { describe, expect, it } from 'vitest';
import { assessmentBand, pickAssessmentPassage } from './passage.ts';

const s = (id: string, gradeBand: string | null, wordCount: number, title = id) => ({
  id,
  title,
  gradeBand,
  wordCount,
});

describe('assessmentBand', () => {
  it('takes the grade, with Pre-K as K and grades above 5 as 5', () => {
    expect(assessmentBand('Pre-K', 4)).toBe('K');
    expect(assessmentBand('K', 5)).toBe('K');
    expect(assessmentBand('1', 6)).toBe('1');
    expect(assessmentBand('4', null)).toBe('4');
    expect(assessmentBand('5', 10)).toBe('5');
    expect(assessmentBand('6', 11)).toBe('5');
    expect(assessmentBand('12', 17)).toBe('5');
  });

  it('without a grade, uses the age as US schools do, and grade 2 without either', () => {
    expect(assessmentBand(null, 4)).toBe('K');
    expect(assessmentBand(null, 5)).toBe('K');
    expect(assessmentBand(null, 6)).toBe('1');
    expect(assessmentBand(null, 8)).toBe('3');
    expect(assessmentBand(null, 10)).toBe('5');
    expect(assessmentBand(null, 40)).toBe('5');
    expect(assessmentBand(null, null)).toBe('2');
    // A grade the product does not store is treated as missing.
    expect(assessmentBand('second', 7)).toBe('2');
  });
});

describe('pickAssessmentPassage', () => {
  const library = [
    s('k1', 'K', 70),
    s('g2a', '2', 150),
    s('g2b', '2', 159),
    s('g2c', '2', 159, 'Another'),
    s('g4', '4', 240),
    s('none', null, 500),
  ];

  it('takes the longest story of the band, the first title on a tie', () => {
    expect(pickAssessmentPassage(library, '2')?.id).toBe('g2c');
    expect(pickAssessmentPassage(library, 'K')?.id).toBe('k1');
  });

  it('avoids passages of earlier assessments while the band has another', () => {
    expect(pickAssessmentPassage(library, '2', ['g2c'])?.id).toBe('g2b');
    expect(pickAssessmentPassage(library, '2', ['g2b', 'g2c'])?.id).toBe('g2a');
    // All used (newest first): the one read longest ago, rather than another grade's story or the longest.
    expect(pickAssessmentPassage(library, '2', ['g2a', 'g2b', 'g2c'])?.id).toBe('g2c');
    expect(pickAssessmentPassage(library, '2', ['g2c', 'g2a', 'g2b'])?.id).toBe('g2b');
    // A story used twice counts by its newest use.
    expect(pickAssessmentPassage(library, '2', ['g2b', 'g2a', 'g2c', 'g2b'])?.id).toBe('g2c');
  });

  it('falls back to the nearest band, the lower one first; never to a story without a band', () => {
    expect(pickAssessmentPassage(library, '3')?.id).toBe('g2c');
    expect(pickAssessmentPassage(library, '5')?.id).toBe('g4');
    expect(pickAssessmentPassage(library, '1')?.id).toBe('k1');
    expect(pickAssessmentPassage([s('none', null, 500)], '2')).toBeNull();
    expect(pickAssessmentPassage([], '2')).toBeNull();
  });
});
