import { describe, expect, it } from 'vitest';
import { pickScreeningPassages } from './passages.ts';

const s = (id: string, gradeBand: string | null, wordCount: number, title = id) => ({
  id,
  title,
  gradeBand,
  wordCount,
});
const ids = (stories: readonly { id: string }[]) => stories.map((x) => x.id);

describe('pickScreeningPassages', () => {
  const library = [
    s('k1', 'K', 70),
    s('g3a', '3', 180),
    s('g3b', '3', 240),
    s('g3c', '3', 210),
    s('g3d', '3', 150),
    s('g3e', '3', 210, 'Another'),
    s('g4a', '4', 300),
    s('none', null, 500),
  ];

  it('takes three stories of the band, the longest first, ties by title', () => {
    // g3e and g3c are both 210 words: 'Another' before 'g3c'.
    expect(ids(pickScreeningPassages(library, '3'))).toEqual(['g3b', 'g3e', 'g3c']);
  });

  it('takes stories not read in an earlier screening or reading check first', () => {
    expect(ids(pickScreeningPassages(library, '3', ['g3b', 'g3e']))).toEqual(['g3c', 'g3a', 'g3d']);
  });

  it('when fewer than three are unread, then those read longest ago', () => {
    // Newest first: g3c was read last, g3a longest ago.
    expect(ids(pickScreeningPassages(library, '3', ['g3c', 'g3b', 'g3e', 'g3a']))).toEqual([
      'g3d',
      'g3a',
      'g3e',
    ]);
    // A story read twice counts from its newest reading.
    expect(ids(pickScreeningPassages(library, '3', ['g3a', 'g3b', 'g3c', 'g3d', 'g3e', 'g3a']))).toEqual([
      'g3e',
      'g3d',
      'g3c',
    ]);
  });

  it('takes as many as the band has when it has fewer than three, never another band’s', () => {
    expect(ids(pickScreeningPassages(library, '4'))).toEqual(['g4a']);
    expect(ids(pickScreeningPassages(library, 'K'))).toEqual(['k1']);
  });

  it('takes the nearest band that has stories when the reader’s has none, the lower first', () => {
    expect(ids(pickScreeningPassages(library, '2'))).toEqual(['g3b', 'g3e', 'g3c']);
    expect(ids(pickScreeningPassages(library, '5'))).toEqual(['g4a']);
    expect(ids(pickScreeningPassages([s('k', 'K', 10), s('b', '2', 10)], '1'))).toEqual(['k']);
  });

  it('answers nothing for a library without a story of any band, and honours a count', () => {
    expect(pickScreeningPassages([], '3')).toEqual([]);
    expect(pickScreeningPassages([s('none', null, 500)], '3')).toEqual([]);
    expect(ids(pickScreeningPassages(library, '3', [], 2))).toEqual(['g3b', 'g3e']);
    expect(pickScreeningPassages(library, '3', [], 0)).toEqual([]);
  });

  it('never picks a story twice, and leaves its inputs as they were', () => {
    const stories = [...library];
    const used = ['g3a'];
    const picked = pickScreeningPassages(stories, '3', used, 10);
    expect(ids(picked)).toEqual(['g3b', 'g3e', 'g3c', 'g3d', 'g3a']);
    expect(new Set(ids(picked)).size).toBe(picked.length);
    expect(stories).toEqual(library);
    expect(used).toEqual(['g3a']);
  });
});
