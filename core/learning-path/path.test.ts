import { describe, expect, it } from 'vitest';
import {
  isPreReader,
  learningPath,
  PATH_STEPS,
  READINGS_TO_READ,
  WORDS_TO_BUILD,
  WORDS_TO_SOUND_OUT,
  type PathFacts,
} from './path.ts';

/** A reader who has done nothing yet. */
function facts(overrides: Partial<PathFacts> = {}): PathFacts {
  return {
    grade: 'K',
    age: null,
    lettersFound: 0,
    wordsBuilt: 0,
    wordsSounded: 0,
    readings: 0,
    assessmentDone: false,
    assessmentAccuracy: null,
    hasGoal: false,
    ...overrides,
  };
}

/** Every step finished (a reading check at 96 %). */
const EVERYTHING: Partial<PathFacts> = {
  lettersFound: 26,
  wordsBuilt: WORDS_TO_BUILD,
  wordsSounded: WORDS_TO_SOUND_OUT,
  readings: READINGS_TO_READ,
  assessmentDone: true,
  assessmentAccuracy: 96,
  hasGoal: true,
};

function statuses(path: ReturnType<typeof learningPath>): Record<string, string> {
  return Object.fromEntries(path.steps.map((s) => [s.id, s.status]));
}

describe('isPreReader (the reading check’s pre_reader rule, ADR 0038)', () => {
  it('is Pre-K and K, or no grade and under 6', () => {
    expect(isPreReader('Pre-K', null)).toBe(true);
    expect(isPreReader('K', 9)).toBe(true);
    expect(isPreReader(null, 5)).toBe(true);
    expect(isPreReader(null, 6)).toBe(false);
    expect(isPreReader(null, null)).toBe(false);
    expect(isPreReader('1', 5)).toBe(false);
    expect(isPreReader('4', null)).toBe(false);
  });
});

describe('learningPath', () => {
  it('lists every step in order, with exactly one next step', () => {
    for (const f of [
      facts(),
      facts({ grade: '3' }),
      facts(EVERYTHING),
      facts({ grade: '2', ...EVERYTHING }),
    ]) {
      const path = learningPath(f);
      expect(path.steps.map((s) => s.id)).toEqual([...PATH_STEPS]);
      expect(path.steps.filter((s) => s.status === 'now').map((s) => s.id)).toEqual([path.next]);
    }
  });

  describe('a pre-reader (Pre-K, K) walks the steps in order', () => {
    it('starts at the letters; the reading check is for later', () => {
      const path = learningPath(facts({ grade: 'Pre-K' }));
      expect(path.band).toBe('pre-reader');
      expect(path.next).toBe('letters');
      expect(path.allDone).toBe(false);
      expect(statuses(path)).toEqual({
        letters: 'now',
        words: 'todo',
        sounds: 'todo',
        reading: 'todo',
        assessment: 'later',
        goal: 'todo',
      });
    });

    it('stays on the letters until all 26 are found', () => {
      expect(learningPath(facts({ lettersFound: 25, wordsBuilt: 40 })).next).toBe('letters');
    });

    it('moves on to words, then sounds, then reading, then the goal, each at its threshold', () => {
      expect(learningPath(facts({ lettersFound: 26 })).next).toBe('words');
      expect(learningPath(facts({ lettersFound: 26, wordsBuilt: WORDS_TO_BUILD - 1 })).next).toBe('words');
      expect(learningPath(facts({ lettersFound: 26, wordsBuilt: WORDS_TO_BUILD })).next).toBe('sounds');
      const read = facts({ lettersFound: 26, wordsBuilt: 12, wordsSounded: WORDS_TO_SOUND_OUT });
      expect(learningPath(read).next).toBe('reading');
      expect(learningPath({ ...read, readings: READINGS_TO_READ - 1 }).next).toBe('reading');
      const goal = learningPath({ ...read, readings: READINGS_TO_READ });
      expect(goal.next).toBe('goal');
      expect(statuses(goal)).toEqual({
        letters: 'done',
        words: 'done',
        sounds: 'done',
        reading: 'done',
        assessment: 'later',
        goal: 'now',
      });
    });

    it('goes back to an earlier step not done, whatever was done after it', () => {
      const path = learningPath(facts({ lettersFound: 26, wordsBuilt: 3, wordsSounded: 20, readings: 9 }));
      expect(path.next).toBe('words');
      expect(statuses(path)).toMatchObject({ letters: 'done', sounds: 'done', reading: 'done' });
    });

    it('counts a reading check taken anyway as done; without it the path is finished: keep reading', () => {
      const path = learningPath(facts({ ...EVERYTHING, assessmentDone: false, assessmentAccuracy: null }));
      expect(path.allDone).toBe(true);
      expect(path.next).toBe('reading');
      expect(statuses(path).assessment).toBe('later');
      expect(statuses(learningPath(facts(EVERYTHING))).assessment).toBe('done');
    });

    it('treats a child with no grade under 6 as a pre-reader', () => {
      expect(learningPath(facts({ grade: null, age: 5 })).next).toBe('letters');
    });
  });

  describe('a reader (grade 1 and up) starts with the reading check', () => {
    it('is sent to the check first; the letter and word games are extra practice', () => {
      const path = learningPath(facts({ grade: '2' }));
      expect(path.band).toBe('reader');
      expect(path.next).toBe('assessment');
      expect(statuses(path)).toEqual({
        letters: 'extra',
        words: 'extra',
        sounds: 'extra',
        reading: 'todo',
        assessment: 'now',
        goal: 'todo',
      });
    });

    it('moves on from the letters when they are all found: they are done, not asked for', () => {
      const path = learningPath(facts({ grade: '1', lettersFound: 26 }));
      expect(statuses(path).letters).toBe('done');
      expect(path.next).toBe('assessment');
    });

    it('after a good check (90 % or more), reads stories, then sets a goal', () => {
      const checked = facts({ grade: '3', assessmentDone: true, assessmentAccuracy: 90 });
      expect(learningPath(checked).next).toBe('reading');
      expect(learningPath({ ...checked, readings: READINGS_TO_READ }).next).toBe('goal');
      expect(statuses(learningPath(checked)).sounds).toBe('extra');
    });

    it('after a check under 90 % accuracy, sounds out words first, then reads', () => {
      const weak = facts({ grade: '2', assessmentDone: true, assessmentAccuracy: 89.9 });
      const path = learningPath(weak);
      expect(path.next).toBe('sounds');
      expect(statuses(path)).toMatchObject({ sounds: 'now', reading: 'todo', letters: 'extra' });
      expect(learningPath({ ...weak, wordsSounded: WORDS_TO_SOUND_OUT }).next).toBe('reading');
    });

    it('an accuracy without a finished check does not count', () => {
      expect(learningPath(facts({ grade: '2', assessmentAccuracy: 50 })).next).toBe('assessment');
    });

    it('treats no grade and no age as a reader, as the reading check does', () => {
      expect(learningPath(facts({ grade: null, age: null })).next).toBe('assessment');
      expect(learningPath(facts({ grade: null, age: 7 })).band).toBe('reader');
    });

    it('with the check, readings and a goal done, the path is finished: keep reading', () => {
      const path = learningPath(
        facts({ grade: '4', assessmentDone: true, assessmentAccuracy: 97, readings: 5, hasGoal: true }),
      );
      expect(path.allDone).toBe(true);
      expect(path.next).toBe('reading');
      expect(statuses(path)).toEqual({
        letters: 'extra',
        words: 'extra',
        sounds: 'extra',
        reading: 'now',
        assessment: 'done',
        goal: 'done',
      });
    });
  });
});
