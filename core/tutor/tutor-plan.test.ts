import { describe, expect, it } from 'vitest';
import {
  buildTutorPlan,
  mostMissedWords,
  nextLevel,
  nextStory,
  praiseFor,
  TUTOR_READINGS,
  type TutorReading,
  type TutorStory,
} from './tutor-plan.ts';

/** A reading of `text` where the words listed in `missed` were substitutions (or omissions after a `-`). */
function reading(
  title: string,
  text: string,
  missed: readonly string[],
  extra: Partial<TutorReading> = {},
): TutorReading {
  const words = text.split(' ').map((t) => {
    const key = t.toLowerCase().replace(/[^a-z']/g, '');
    const status = missed.includes(key)
      ? 'substitution'
      : missed.includes(`-${key}`)
        ? 'omission'
        : 'correct';
    return { text: t, status };
  });
  return { storyId: `id-${title}`, storyTitle: title, accuracy: 92, wcpm: 50, words, ...extra };
}

const LIBRARY: TutorStory[] = [
  { id: 'a', title: 'Ants', lexile: 200 },
  { id: 'b', title: 'Bees', lexile: 250 },
  { id: 'c', title: 'Cats', lexile: 300 },
  { id: 'd', title: 'Dogs', lexile: 350 },
  { id: 'x', title: 'Unmeasured', lexile: null },
];

describe('mostMissedWords', () => {
  it('counts substitutions and omissions across readings, most missed first, at most 3', () => {
    const words = mostMissedWords([
      reading('One', 'The brown dog ran to the big barn.', ['brown', '-barn']),
      reading('Two', 'A brown cat saw the barn and a big hen.', ['brown', 'barn', 'hen']),
      reading('Three', 'Brown, said the fox.', ['brown', 'fox']),
    ]);
    expect(words).toEqual([
      { word: 'brown', missed: 3 },
      { word: 'barn', missed: 2 },
      // hen and fox were missed once: the newer reading's word first.
      { word: 'hen', missed: 1 },
    ]);
  });

  it('does not count self-corrections, words not reached or correct words', () => {
    const words = mostMissedWords([
      {
        storyId: null,
        storyTitle: 'T',
        accuracy: null,
        wcpm: null,
        words: [
          { text: 'went', status: 'self_correction' },
          { text: 'home', status: 'not_reached' },
          { text: 'fast', status: 'correct' },
        ],
      },
      { storyId: null, storyTitle: 'Old', accuracy: null, wcpm: null, words: null },
    ]);
    expect(words).toEqual([]);
  });
});

describe('nextLevel (Betts: 95 % independent, under 90 % frustration)', () => {
  it.each([
    [100, 'harder'],
    [95, 'harder'],
    [94.9, 'same'],
    [90, 'same'],
    [89.9, 'easier'],
    [null, 'same'],
  ] as const)('%s %% → %s', (accuracy, level) => expect(nextLevel(accuracy)).toBe(level));
});

describe('nextStory', () => {
  it('suggests an unread story one step up after an independent reading', () => {
    const readings = [reading('Cats', 'x', [], { storyId: 'c', accuracy: 98 })];
    expect(nextStory(readings, LIBRARY, 300)).toEqual({ id: 'd', title: 'Dogs', level: 'harder' });
  });

  it('suggests an easier story after a frustrating one, never one read lately', () => {
    const readings = [
      reading('Bees', 'x', [], { storyId: 'b', accuracy: 80 }),
      reading('Ants', 'x', [], { storyId: 'a', accuracy: 80 }),
    ];
    expect(nextStory(readings, LIBRARY, 300)).toEqual({ id: 'c', title: 'Cats', level: 'easier' });
  });

  it('falls back to the whole library when everything was read, and to nothing when it is empty', () => {
    const readings = LIBRARY.map((s) => reading(s.title, 'x', [], { storyId: s.id, accuracy: 92 }));
    expect(nextStory(readings, LIBRARY, 250)).toEqual({ id: 'b', title: 'Bees', level: 'same' });
    expect(nextStory(readings, [], 250)).toBeNull();
  });
});

describe('praiseFor', () => {
  it('praises careful reading, a faster pace and a word read that was missed before', () => {
    const praise = praiseFor([
      reading('New', 'The barn was red.', [], { accuracy: 100, wcpm: 70 }),
      reading('Old', 'A big barn.', ['barn'], { wcpm: 50 }),
    ]);
    expect(praise).toEqual([
      'You read "New" so carefully: almost every word was right.',
      'You read faster than ever before: 70 words a minute.',
      '"barn" was tricky before, and this time you read it!',
    ]);
  });

  it('counts the words read right on a harder reading, and has nothing to say without readings', () => {
    expect(praiseFor([reading('Hard', 'one two three four', ['four'], { accuracy: 75 })])).toEqual([
      'You read 3 words right in "Hard".',
    ]);
    expect(praiseFor([])).toEqual([]);
  });
});

describe('buildTutorPlan', () => {
  it(`uses only the latest ${TUTOR_READINGS} readings`, () => {
    const readings = [
      ...Array.from({ length: TUTOR_READINGS }, (_, k) => reading(`R${k}`, 'fine words', [])),
      reading('Ancient', 'tricky tricky', ['tricky']),
    ];
    const plan = buildTutorPlan(readings, LIBRARY, 300);
    expect(plan.readings).toBe(TUTOR_READINGS);
    expect(plan.practice).toEqual([]);
    expect(plan.praise.length).toBeGreaterThan(0);
  });

  it('for a reader with no readings: no praise, no words, a story at their level', () => {
    expect(buildTutorPlan([], LIBRARY, 250)).toEqual({
      readings: 0,
      praise: [],
      practice: [],
      next: { id: 'b', title: 'Bees', level: 'same' },
    });
  });
});
