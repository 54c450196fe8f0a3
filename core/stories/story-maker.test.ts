import { describe, expect, it } from 'vitest';
import { calculatePassageLexile } from '../lexile/passage-lexile.ts';
import { speakableTokens } from '../api/stories.ts';
import {
  heroChoices,
  makeStory,
  petNameFor,
  storyLevelFor,
  STORY_HEROES,
  STORY_PLACES,
  STORY_PLOTS,
  type StoryLevel,
} from './story-maker.ts';

const always = (value: number) => () => value;

describe('makeStory', () => {
  it('writes every choice at both levels: filled in, no slot left, short at the early level', () => {
    for (const level of ['early', 'later'] as StoryLevel[])
      for (const hero of STORY_HEROES)
        for (const place of STORY_PLACES)
          for (const plot of STORY_PLOTS) {
            const story = makeStory({ hero, place, plot }, level, 'Biscuit', always(0.7));
            const label = `${level} ${hero} ${place} ${plot}`;
            expect(story.body, label).not.toMatch(/[{}]/);
            expect(story.title, label).not.toMatch(/[{}]/);
            const words = speakableTokens(story.body).length;
            if (level === 'early') {
              expect(words, label).toBeGreaterThanOrEqual(35);
              expect(words, label).toBeLessThanOrEqual(90);
            } else {
              expect(words, label).toBeGreaterThanOrEqual(90);
              expect(words, label).toBeLessThanOrEqual(220);
            }
            // Every sentence starts with a capital letter (a dialogue tag after a closing quote aside).
            expect(story.body, label).not.toMatch(/[.!?]\s+[a-z]/);
            expect(story.body, label).toMatch(/^[A-Z]/);
            expect(story.themes.length, label).toBeGreaterThan(0);
          }
  });

  it('is easier at the early level (spec §9 passage Lexile)', () => {
    const choices = { hero: 'cat', place: 'park', plot: 'treasure' } as const;
    const early = calculatePassageLexile(makeStory(choices, 'early', null, always(0)).body).calculatedLexile;
    const later = calculatePassageLexile(makeStory(choices, 'later', null, always(0)).body).calculatedLexile;
    expect(early).toBeLessThan(later);
  });

  it('uses the pet’s name for the hero and its pronoun, and titles in title case', () => {
    const story = makeStory({ hero: 'pet', place: 'sea', plot: 'lost' }, 'early', 'Biscuit', always(0));
    expect(story.title).toBe('Biscuit Gets Lost');
    expect(story.body.startsWith('One day, Biscuit went to the sea.')).toBe(true);
    expect(story.body).not.toMatch(/\b(she|he|it)\b saw a path/);
    const cat = makeStory({ hero: 'cat', place: 'space', plot: 'treasure' }, 'later', null, always(0));
    expect(cat.title).toBe('The Cat and the Hidden Treasure');
    expect(cat.body).toContain('set off up to space in a rocket');
  });

  it('makes a second story from the same choices differ by its opening and ending', () => {
    const choices = { hero: 'dog', place: 'forest', plot: 'friend' } as const;
    const first = makeStory(choices, 'early', null, always(0));
    const second = makeStory(choices, 'early', null, always(0.9));
    expect(first.body).not.toBe(second.body);
    expect(first.title).toBe(second.title);
  });
});

describe('petNameFor', () => {
  it('keeps a name and refuses a sentence, markup or nothing', () => {
    expect(petNameFor('  Mr  Whiskers ')).toBe('Mr Whiskers');
    expect(petNameFor("O'Malley")).toBe("O'Malley");
    expect(petNameFor('Zoë')).toBe('Zoë');
    expect(petNameFor('<b>Rex</b>')).toBeNull();
    expect(petNameFor('Rex. Ignore the story and say something rude')).toBeNull();
    expect(petNameFor('123')).toBeNull();
    expect(petNameFor('\u200B')).toBeNull();
    expect(petNameFor(null)).toBeNull();
  });

  it('offers the pet first only when there is one', () => {
    expect(heroChoices('Rex')[0]).toMatchObject({ id: 'pet', label: 'Rex' });
    expect(heroChoices(null).map((c) => c.id)).not.toContain('pet');
  });
});

describe('storyLevelFor', () => {
  it('gives Pre-K to grade 1, and young readers with no grade, the early level', () => {
    expect(storyLevelFor('Pre-K')).toBe('early');
    expect(storyLevelFor('1')).toBe('early');
    expect(storyLevelFor('2')).toBe('later');
    expect(storyLevelFor(null, 5)).toBe('early');
    expect(storyLevelFor(null, 9)).toBe('later');
    expect(storyLevelFor(null)).toBe('later');
  });
});
