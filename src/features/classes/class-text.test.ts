/** The names the class screens put in controls (class-text.ts): short, and two alike told apart. */
import { describe, expect, it } from 'vitest';
import { distinctNames, NAME_IN_CONTROL_MAX_WORDS, shortName } from './class-text.ts';

const words = (text: string) => text.trim().split(/\s+/).length;

describe('shortName', () => {
  it('keeps a name of a few words as it is', () => {
    expect(shortName('Mia')).toBe('Mia');
    expect(shortName(' Room 4 ')).toBe('Room 4');
  });

  it('cuts a long name to its first words and "…"', () => {
    const long = 'one two three four five six seven eight nine ten eleven twelve thirteen';
    expect(shortName(long)).toBe('one two three four five six…');
    expect(words(shortName(long))).toBe(NAME_IN_CONTROL_MAX_WORDS);
  });
});

describe('distinctNames', () => {
  it('leaves names that differ alone', () => {
    expect(distinctNames([{ name: 'Mia' }, { name: 'Leo' }])).toEqual(['Mia', 'Leo']);
  });

  it('tells two alike apart by grade when the grades differ', () => {
    expect(
      distinctNames([
        { name: 'Mia', grade: '2' },
        { name: 'Leo', grade: '2' },
        { name: 'mia', grade: 'K' },
      ]),
    ).toEqual(['Mia (2nd grade)', 'Leo', 'mia (Kindergarten)']);
  });

  it('numbers them in order when the grade does not tell them apart', () => {
    expect(
      distinctNames([
        { name: 'Room 4', grade: '2' },
        { name: 'Room 4', grade: '2' },
      ]),
    ).toEqual(['Room 4 (1)', 'Room 4 (2)']);
    expect(distinctNames([{ name: 'Room 4', grade: '2' }, { name: 'Room 4' }])).toEqual([
      'Room 4 (1)',
      'Room 4 (2)',
    ]);
  });

  it('tells apart long names that are the same once cut, and never passes 12 words with "Remove"', () => {
    const long = 'Anna Maria Louisa Catherine Elizabeth Josephine Victoria Margaret Rose Smith';
    const names = distinctNames([
      { name: long, grade: '2' },
      { name: `${long} Jones`, grade: '3' },
    ]);
    expect(names).toEqual([
      'Anna Maria Louisa Catherine Elizabeth Josephine… (2nd grade)',
      'Anna Maria Louisa Catherine Elizabeth Josephine… (3rd grade)',
    ]);
    for (const name of names) expect(words(`Remove ${name}`)).toBeLessThanOrEqual(12);
  });

  it('gives a name that looks tagged a name of its own', () => {
    expect(distinctNames([{ name: 'Mia' }, { name: 'Mia' }, { name: 'Mia (2)' }])).toEqual([
      'Mia (1)',
      'Mia (2)',
      'Mia (2) (2)',
    ]);
  });
});
