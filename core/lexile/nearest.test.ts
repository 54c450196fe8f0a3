import { describe, expect, it } from 'vitest';
import { nearestLexileFirst } from './nearest.ts';

const story = (title: string, lexile: number | null) => ({ title, lexile });
const LIBRARY = [
  story('K one', 150),
  story('unmeasured', null),
  story('grade 2', 400),
  story('grade 5', 800),
  story('grade 3', 550),
  story('K two', 150),
];

describe('nearestLexileFirst', () => {
  it('puts the stories nearest the reader first and unmeasured ones last, ties in library order', () => {
    expect(nearestLexileFirst(LIBRARY, 500).map((s) => s.title)).toEqual([
      'grade 3',
      'grade 2',
      'grade 5',
      'K one',
      'K two',
      'unmeasured',
    ]);
  });

  it('keeps a kindergarten reader’s stories first and takes at most `count`', () => {
    expect(nearestLexileFirst(LIBRARY, 150, 3).map((s) => s.title)).toEqual(['K one', 'K two', 'grade 2']);
  });

  it('leaves the list it was given as it was', () => {
    const copy = [...LIBRARY];
    nearestLexileFirst(LIBRARY, 800);
    expect(LIBRARY).toEqual(copy);
  });
});
