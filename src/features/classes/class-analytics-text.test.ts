import { describe, expect, it } from 'vitest';
import type { ClassAnalytics, ClassAssignmentFigures, ReaderFigures } from '#core/api/class-analytics.ts';
import { addDays } from '#core/time/calendar-day.ts';
import {
  changeText,
  flagReasons,
  flagText,
  headlineLines,
  isPeriodId,
  LOW_ACCURACY_PERCENT,
  periodPhrase,
  periodQuery,
  periodStart,
  periodText,
  readerSummary,
  readOfSet,
  readWrongByText,
  storyCount,
  wcpmChange,
} from './class-analytics-text.ts';

const TODAY = '2026-11-26';

function assignment(
  id: string,
  dueOn: string | null,
  assignedAt = '2026-11-01T09:00:00Z',
): ClassAssignmentFigures {
  return {
    id,
    storyId: `story-${id}`,
    storyTitle: `Story ${id}`,
    wordCount: 100,
    dueOn,
    assignedAt,
    pupilCount: 1,
    doneCount: 0,
    medianWpm: null,
    medianAccuracy: null,
  };
}

function reader(
  points: [string, string, number, number][],
  joinedAt = '2026-09-01T09:00:00Z',
): ReaderFigures {
  return {
    userId: 'pupil-1',
    displayName: 'Mia',
    grade: '2',
    joinedAt,
    points: points.map(([assignmentId, at, wpm, accuracy]) => ({
      assignmentId,
      readingId: `reading-${assignmentId}`,
      at,
      wpm,
      accuracy,
      unsureCount: 0,
    })),
    wordsToPractise: [],
  };
}

describe('periods', () => {
  it('counts back on the calendar, across months, years and clock changes (core/time/calendar-day.ts)', () => {
    expect(periodStart('last-4-weeks', '2026-11-26')).toBe('2026-10-30');
    expect(periodStart('last-12-weeks', '2026-01-10')).toBe('2025-10-19');
    // Europe's and America's clocks change in late March and early November: whole days still.
    expect(periodStart('last-4-weeks', '2026-04-05')).toBe('2026-03-09');
  });

  it('asks from today−27 for 4 weeks, today−83 for 12 weeks, and nothing since the class began', () => {
    expect(periodQuery('all', TODAY)).toEqual({});
    expect(periodQuery('last-4-weeks', TODAY)).toEqual({ from: '2026-10-30' });
    expect(periodQuery('last-12-weeks', TODAY)).toEqual({ from: '2026-09-04' });
    expect(periodStart('all', TODAY)).toBeNull();
    // Today and the 27 days before it: 28 days, 4 weeks.
    expect(addDays(periodStart('last-4-weeks', TODAY)!, 27)).toBe(TODAY);
  });

  it('knows its ids and writes a period in words', () => {
    expect(isPeriodId('last-4-weeks')).toBe(true);
    expect(isPeriodId('last-week')).toBe(false);
    expect(isPeriodId(null)).toBe(false);
    expect(periodPhrase('all')).toBe('since the class began');
    expect(periodPhrase('last-12-weeks')).toBe('in the last 12 weeks');
    expect(periodText('all', TODAY)).toBe('Since the class began');
    expect(periodText('last-4-weeks', TODAY)).toMatch(/^Last 4 weeks, from .*30.* to .*26.*$/);
  });
});

describe('figures in words', () => {
  it('counts stories and readers', () => {
    expect(storyCount(1)).toBe('1 story');
    expect(storyCount(0)).toBe('0 stories');
    expect(storyCount(3)).toBe('3 stories');
    expect(readOfSet(2, 3)).toBe('2 of 3');
    expect(readWrongByText(1)).toBe('read wrong by 1 reader');
    expect(readWrongByText(3)).toBe('read wrong by 3 readers');
  });

  it('says a change in words', () => {
    expect(changeText(12)).toBe('12 more words a minute');
    expect(changeText(-3)).toBe('3 fewer words a minute');
    expect(changeText(1)).toBe('1 more word a minute');
    expect(changeText(-1)).toBe('1 fewer word a minute');
    expect(changeText(0)).toBe('the same');
    expect(changeText(12, { family: true })).toBe('12 more words read correctly in one minute');
    expect(changeText(0, { family: true })).toBe('the same');
  });
});

describe('readerSummary', () => {
  const assignments = [
    assignment('a', '2026-11-10'),
    assignment('b', '2026-11-20'),
    assignment('c', '2026-11-25'),
    assignment('d', TODAY),
    assignment('e', null),
  ];

  it('takes the first and latest reading in the order the stories were set, and the change in whole words', () => {
    // "b" was read before "a", and "a" (set first) read again last: first and latest still follow the order set, so
    // an easy story read again does not hide how the last story set went.
    const s = readerSummary(
      reader([
        ['a', '2026-11-25T10:00:00Z', 70, 98],
        ['b', '2026-11-11T10:00:00Z', 40.2, 92],
        ['c', '2026-11-24T10:00:00Z', 52.4, 85],
      ]),
      assignments,
      TODAY,
    );
    expect(s.read).toBe(3);
    expect(s.set).toBe(5);
    expect(s.readings.map((p) => p.assignmentId)).toEqual(['a', 'b', 'c']);
    expect(s.first?.assignmentId).toBe('a');
    expect(s.latest?.assignmentId).toBe('c');
    expect(wcpmChange(s)).toBe(52 - 70);
    expect(s.lowAccuracy).toBe(true);
    expect(s.mayNeedHelp).toBe(true);
    expect(s.pastDue).toEqual([]);
  });

  it('has no change with one reading or none', () => {
    expect(
      wcpmChange(readerSummary(reader([['a', '2026-11-12T10:00:00Z', 47, 95]]), assignments, TODAY)),
    ).toBe(null);
    const none = readerSummary(reader([]), assignments, TODAY);
    expect(wcpmChange(none)).toBeNull();
    expect(none.first).toBeNull();
    expect(none.latest).toBeNull();
    expect(none.lowAccuracy).toBe(false);
  });

  it('counts stories past their due day, not read: due before today, not today, not without a day', () => {
    const s = readerSummary(reader([['b', '2026-11-19T10:00:00Z', 50, 95]]), assignments, TODAY);
    expect(s.pastDue.map((a) => a.id)).toEqual(['a', 'c']);
    expect(s.mayNeedHelp).toBe(true);
    expect(flagText(s)).toBe('May need help: 2 stories past their due day not read.');
  });

  it('does not hold a story due before the reader joined against them', () => {
    const s = readerSummary(reader([], '2026-11-21T09:00:00Z'), assignments, TODAY);
    expect(s.pastDue.map((a) => a.id)).toEqual(['c']);
    expect(s.mayNeedHelp).toBe(false);
    expect(flagText(s)).toBe('No');
  });

  it(`flags a latest accuracy under ${LOW_ACCURACY_PERCENT}%, not at it, by the latest reading only`, () => {
    const under = readerSummary(
      reader([
        ['a', '2026-11-09T10:00:00Z', 50, 99],
        ['b', '2026-11-19T10:00:00Z', 50, 89.9],
        ['c', '2026-11-24T10:00:00Z', 50, 80],
      ]),
      assignments,
      TODAY,
    );
    expect(under.lowAccuracy).toBe(true);
    expect(flagReasons(under)).toEqual(['latest accuracy under 90%']);
    expect(flagText(under)).toBe('May need help: latest accuracy under 90%.');
    const at90 = readerSummary(
      reader([
        ['a', '2026-11-09T10:00:00Z', 50, 70],
        ['b', '2026-11-19T10:00:00Z', 50, 90],
        ['c', '2026-11-24T10:00:00Z', 50, 90],
      ]),
      assignments,
      TODAY,
    );
    expect(at90.lowAccuracy).toBe(false);
    expect(at90.mayNeedHelp).toBe(false);
  });

  it('gives both reasons when both hold', () => {
    const s = readerSummary(reader([['d', '2026-11-26T08:00:00Z', 30, 70]]), assignments, TODAY);
    expect(flagText(s)).toBe(
      'May need help: latest accuracy under 90%; 3 stories past their due day not read.',
    );
  });
});

describe('headlineLines', () => {
  const base: ClassAnalytics = {
    class: { id: 'c', name: 'Room 4', grade: '2' },
    from: null,
    to: null,
    assignments: [assignment('a', '2026-11-10'), assignment('b', '2026-11-20')],
    readers: [
      reader([
        ['a', '2026-11-09T10:00:00Z', 50, 95],
        ['b', '2026-11-19T10:00:00Z', 50, 80],
      ]),
      { ...reader([['a', '2026-11-09T10:00:00Z', 50, 95]]), userId: 'pupil-2' },
    ],
    wordsToTeach: [],
  };

  it('says what was set, for whom, what is read and who may need help', () => {
    expect(headlineLines(base, 'last-4-weeks', TODAY)).toEqual([
      '2 stories set in the last 4 weeks.',
      '2 readers in the class.',
      'Readers have read 3 of the 4 stories set for them (each story counts once for each reader).',
      '1 reader may need help: see Readers.',
    ]);
  });

  it('says when nobody has read yet, and when nothing was set', () => {
    const unread = { ...base, readers: base.readers.map((r) => ({ ...r, points: [] })) };
    expect(headlineLines(unread, 'all', TODAY)).toEqual([
      '2 stories set since the class began.',
      '2 readers in the class.',
      'Nobody has read a story set in this period yet.',
      // Both readers missed both stories' due days.
      '2 readers may need help: see Readers.',
    ]);
    expect(headlineLines({ ...base, assignments: [] }, 'all', TODAY)).toEqual([
      '0 stories set since the class began.',
      '2 readers in the class.',
    ]);
  });
});
