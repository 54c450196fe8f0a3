import { describe, expect, it } from 'vitest';
import {
  assignmentsFor,
  currentAssignment,
  makeAssignment,
  mergeAssignments,
  numericReadingLevel,
  understandReply,
  type AssignmentFacts,
} from './assignments.ts';

const facts = (over: Partial<AssignmentFacts> = {}): AssignmentFacts => ({
  hasIncompleteChallenge: false,
  lexileLevel: null,
  readingLevel: null,
  pathname: '/fluency',
  canCreateStories: false,
  ...over,
});
const ids = (list: { id: string }[]) => list.map((a) => a.id);

describe('Sparky assignments (spec §4.8)', () => {
  it('gives each assignment when its condition holds, high first', () => {
    expect(assignmentsFor(facts())).toEqual([]);
    expect(ids(assignmentsFor(facts({ hasIncompleteChallenge: true })))).toEqual(['daily-challenge']);
    expect(ids(assignmentsFor(facts({ pathname: '/home' })))).toEqual(['explore']);
    expect(ids(assignmentsFor(facts({ canCreateStories: true })))).toEqual(['create-story']);
    expect(
      ids(
        assignmentsFor(
          facts({ hasIncompleteChallenge: true, lexileLevel: 520, readingLevel: '450L', pathname: '/home' }),
        ),
      ),
    ).toEqual(['daily-challenge', 'level-up', 'explore']);
    expect(assignmentsFor(facts({ hasIncompleteChallenge: true }))[0]).toMatchObject({
      title: 'Daily Challenge Ready!',
      priority: 'high',
      completed: false,
    });
  });

  it('levels up only when the Lexile level exceeds the reading level by more than 50', () => {
    expect(ids(assignmentsFor(facts({ lexileLevel: 500, readingLevel: '450' })))).toEqual([]);
    expect(ids(assignmentsFor(facts({ lexileLevel: 501, readingLevel: '450' })))).toEqual(['level-up']);
    expect(ids(assignmentsFor(facts({ lexileLevel: 501, readingLevel: null })))).toEqual([]);
    expect(ids(assignmentsFor(facts({ lexileLevel: 501, readingLevel: 'beginner' })))).toEqual([]);
    expect(numericReadingLevel('450L - 600L')).toBe(450);
  });

  it('the current one is the high one, else the medium one, else the first; none when all are done', () => {
    const low = makeAssignment('explore');
    const medium = makeAssignment('level-up');
    const high = makeAssignment('daily-challenge');
    expect(currentAssignment([low, medium, high])?.id).toBe('daily-challenge');
    expect(currentAssignment([low, medium, { ...high, completed: true }])?.id).toBe('level-up');
    expect(currentAssignment([low, { ...medium, completed: true }])?.id).toBe('explore');
    expect(currentAssignment([{ ...low, completed: true }])).toBeNull();
    expect(currentAssignment([])).toBeNull();
  });

  it('a data-driven one that no longer applies is completed; a place-driven one just leaves', () => {
    const before = [makeAssignment('daily-challenge'), makeAssignment('explore')];
    const gone = mergeAssignments(before, []);
    expect(gone.completedIds).toEqual(['daily-challenge']);
    expect(gone.assignments.map((a) => [a.id, a.completed])).toEqual([['daily-challenge', true]]);
    // Completed stays completed and is not praised twice.
    expect(mergeAssignments(gone.assignments, []).completedIds).toEqual([]);
    // Still applying: kept as it was; new ones join in priority order.
    const kept = mergeAssignments(
      [{ ...makeAssignment('explore'), completed: true }],
      [makeAssignment('explore'), makeAssignment('daily-challenge')],
    );
    expect(kept.assignments.map((a) => [a.id, a.completed])).toEqual([
      ['daily-challenge', false],
      ['explore', true],
    ]);
  });
});

describe('understandReply (spec §4.8)', () => {
  it.each([
    ['yes', 'yes'],
    ['Yes!', 'yes'],
    ['start', 'yes'],
    ['begin please', 'yes'],
    ['no', 'no'],
    ['skip', 'no'],
    ['Not now, Sparky.', 'no'],
    ['not now', 'no'],
  ] as const)('%s → %s', (text, reply) => {
    expect(understandReply(text)).toBe(reply);
  });

  it.each(['', 'maybe', 'yesterday', 'nothing', 'now', 'yes no', 'starting'])(
    '%j is not understood',
    (text) => {
      expect(understandReply(text)).toBeNull();
    },
  );
});
