/**
 * Class Calendar's words and groupings (class-calendar-text.ts; docs/decisions/0051-class-calendar.md): days and
 * months in words, counts, the names of cells, buttons and links, grouping by due day, and which days may have a
 * story set due on them.
 */
import { describe, expect, it } from 'vitest';
import type { AssignmentSummary } from '#core/api/assignments.ts';
import { addDays } from '#core/time/calendar-day.ts';
import {
  addMonths,
  canSetDueOn,
  createAssignmentOnDayPath,
  dayCellLabel,
  dayName,
  dueDayButtonName,
  dueDaysInMonth,
  fullDayName,
  groupByDueDay,
  isOverdue,
  monthKeyOf,
  monthName,
  readByText,
  readersOwing,
  seeWhoHasReadNames,
  storiesDue,
  storyCount,
  storyProgressText,
  withoutDueDay,
} from './class-calendar-text.ts';

/** When these tests' readers joined, unless told: well before every due day (noon UTC: the same day everywhere). */
const EARLY = '2026-11-02T12:00:00Z';

/** An assignment with only what these functions read; those who have not read it joined at `joined`. */
function a(
  id: string,
  storyTitle: string,
  className: string,
  dueOn: string | null,
  doneCount = 0,
  pupilCount = 2,
  joined: string[] = Array.from({ length: pupilCount - doneCount }, () => EARLY),
): AssignmentSummary {
  return {
    id,
    classId: `class-${className}`,
    className,
    storyId: `story-${storyTitle}`,
    storyTitle,
    lexile: null,
    wordCount: null,
    note: null,
    dueOn,
    assignedAt: '2026-11-20T09:00:00Z',
    pupilCount,
    doneCount,
    notReadJoinedAt: joined,
  };
}

const words = (text: string) => text.trim().split(/\s+/).length;

describe('days and months in words', () => {
  it('writes a day weekday first, "Monday 7 December", in any English locale', () => {
    expect(dayName('2026-12-07', 'en-GB')).toBe('Monday 7 December');
    expect(dayName('2026-12-07', 'en-US')).toBe('Monday 7 December');
    expect(fullDayName('2027-01-15', 'en-US')).toBe('Friday 15 January 2027');
    // A leap day, and the first of a month: no time zone moves them.
    expect(fullDayName('2028-02-29', 'en-GB')).toBe('Tuesday 29 February 2028');
    expect(dayName('2026-11-01', 'en-US')).toBe('Sunday 1 November');
  });

  it('writes a month with its year', () => {
    expect(monthName('2026-12', 'en-US')).toBe('December 2026');
    expect(monthName('2027-01', 'en-GB')).toBe('January 2027');
  });

  it('counts stories in words', () => {
    expect(storyCount(1)).toBe('1 story');
    expect(storyCount(2)).toBe('2 stories');
    expect(storiesDue(1)).toBe('1 story due');
    expect(storiesDue(12)).toBe('12 stories due');
    expect(readByText({ doneCount: 1, pupilCount: 2 })).toBe('Read by 1 of 2');
    expect(readByText({ doneCount: 0, pupilCount: 0 })).toBe('No reader in the class yet');
  });
});

describe('day and month keys', () => {
  it('moves months across years (days: core/time/calendar-day.ts)', () => {
    expect(monthKeyOf('2026-12-07')).toBe('2026-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2026-03', -14)).toBe('2025-01');
  });
});

describe('grouping by due day', () => {
  const kite4 = a('1', 'The Red Kite', 'Room 4', '2026-12-07');
  const dog5 = a('2', 'The Big Dog', 'Room 5', '2026-12-07');
  const dog4 = a('3', 'The Big Dog', 'Room 4', '2026-12-07');
  const late = a('4', 'The Red Kite', 'Room 5', '2026-11-30', 0, 1);
  const january = a('5', 'The Red Kite', 'Room 4', '2027-01-15');
  const noDay5 = a('6', 'The Red Kite', 'Room 5', null);
  const noDay4 = a('7', 'The Red Kite', 'Room 4', null);
  const all = [noDay5, january, late, dog5, kite4, noDay4, dog4];

  it('groups by day, earliest day first, each day by class then story', () => {
    const groups = groupByDueDay(all);
    expect([...groups.keys()]).toEqual(['2026-11-30', '2026-12-07', '2027-01-15']);
    expect(groups.get('2026-12-07')!.map((x) => x.id)).toEqual(['3', '1', '2']);
    expect(dueDaysInMonth(groups, '2026-12')).toEqual(['2026-12-07']);
    expect(dueDaysInMonth(groups, '2026-10')).toEqual([]);
  });

  it('lists the stories without a due day, by class then story', () => {
    expect(withoutDueDay(all).map((x) => x.id)).toEqual(['7', '6']);
    expect(withoutDueDay([kite4])).toEqual([]);
  });

  it('calls a past day overdue only while some reader has not read its story', () => {
    expect(isOverdue('2026-11-30', [late], '2026-12-02')).toBe(true);
    expect(isOverdue('2026-11-30', [{ notReadJoinedAt: [] }], '2026-12-02')).toBe(false);
    // A class with no reader has nobody late.
    expect(isOverdue('2026-11-30', [a('9', 'The Big Dog', 'Room 6', '2026-11-30', 0, 0)], '2026-12-02')).toBe(
      false,
    );
    // Today and later are not overdue yet.
    expect(isOverdue('2026-12-02', [late], '2026-12-02')).toBe(false);
    expect(isOverdue('2026-11-30', [], '2026-12-02')).toBe(false);
  });
});

describe('readers who joined after the due day (ADR 0051 amendment)', () => {
  const joinedOn = (day: string) => `${day}T12:00:00Z`;
  // Due Monday 30 November; of three readers, one has read it, one joined on the 20th, one on 1 December.
  const story = a('1', 'The Red Kite', 'Room 4', '2026-11-30', 1, 3, [
    joinedOn('2026-11-20'),
    joinedOn('2026-12-01'),
  ]);

  it('counts as owing only readers who had joined by the due day, that day included', () => {
    expect(readersOwing('2026-11-30', story)).toBe(1);
    expect(readersOwing('2026-11-30', { notReadJoinedAt: [joinedOn('2026-11-30')] })).toBe(1);
    expect(readersOwing('2026-11-30', { notReadJoinedAt: [joinedOn('2026-12-01')] })).toBe(0);
  });

  it('is not overdue when every reader who has not read it joined after the day', () => {
    const joinedLater = a('2', 'The Big Dog', 'Room 5', '2026-11-27', 0, 1, [joinedOn('2026-11-29')]);
    expect(isOverdue('2026-11-27', [joinedLater], '2026-12-02')).toBe(false);
    expect(isOverdue('2026-11-30', [story], '2026-12-02')).toBe(true);
    expect(isOverdue('2026-11-30', [joinedLater, story], '2026-12-02')).toBe(true);
  });

  it('says who is late and who joined after, on past days only', () => {
    expect(storyProgressText(story, '2026-11-30', '2026-12-02')).toBe(
      'Overdue: read by 1 of 3, 1 joined after',
    );
    const joinedLater = a('2', 'The Big Dog', 'Room 5', '2026-11-27', 0, 1, [joinedOn('2026-11-29')]);
    expect(storyProgressText(joinedLater, '2026-11-27', '2026-12-02')).toBe('Read by 0 of 1, 1 joined after');
    expect(
      storyProgressText(a('3', 'The Big Dog', 'Room 5', '2026-11-27', 0, 1), '2026-11-27', '2026-12-02'),
    ).toBe('Overdue: read by 0 of 1');
    // Today and later: nobody is late yet.
    expect(storyProgressText(story, '2026-12-02', '2026-12-02')).toBe('Read by 1 of 3');
    expect(storyProgressText(a('4', 'The Big Dog', 'Room 5', null, 2, 2), '2026-12-02', '2026-12-02')).toBe(
      'Read by 2 of 2',
    );
  });
});

/**
 * Runs `check` as in a teacher's browser in the IANA time zone `zone`: the page takes the teacher's local day from the
 * Date getters (class-analytics-text.ts `localDayOf`, assignment-links.ts `localDay`), and Node reads `process.env.TZ`
 * again whenever it is set. The zone before is put back, even when `check` fails, so no other test sees this one.
 */
function inTimeZone(zone: string, check: () => void): void {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    check();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

describe('the day a reader joined, in the teacher’s time zone, near midnight (ADR 0051 amendment)', () => {
  // Due Monday 30 November 2026; today is 2 December, so a reader who owes it is late.
  const due = '2026-11-30';
  const today = '2026-12-02';
  const story = (joinedAt: string) => a('1', 'The Red Kite', 'Room 4', due, 0, 1, [joinedAt]);

  it('west of Greenwich: a join at 23:30 on the due day owes it, though it is the next day in UTC', () => {
    inTimeZone('America/New_York', () => {
      // Eastern Standard Time, UTC−5: 23:30 on 30 November is 04:30 UTC on 1 December.
      const lateEvening = '2026-12-01T04:30:00Z';
      const afterMidnight = '2026-12-01T05:30:00Z'; // 00:30 on 1 December
      expect(new Date(lateEvening).getDate()).toBe(30); // the zone took effect
      expect(readersOwing(due, story(lateEvening))).toBe(1);
      expect(isOverdue(due, [story(lateEvening)], today)).toBe(true);
      expect(storyProgressText(story(lateEvening), due, today)).toBe('Overdue: read by 0 of 1');
      expect(readersOwing(due, story(afterMidnight))).toBe(0);
      expect(isOverdue(due, [story(afterMidnight)], today)).toBe(false);
      expect(storyProgressText(story(afterMidnight), due, today)).toBe('Read by 0 of 1, 1 joined after');
    });
  });

  it('east of Greenwich: a join at 00:30 the day after joined after, though it is still the due day in UTC', () => {
    inTimeZone('Pacific/Auckland', () => {
      // New Zealand Daylight Time, UTC+13: 00:30 on 1 December is 11:30 UTC on 30 November.
      const lateEvening = '2026-11-30T10:30:00Z'; // 23:30 on 30 November
      const afterMidnight = '2026-11-30T11:30:00Z';
      expect(new Date(afterMidnight).getDate()).toBe(1); // the zone took effect
      expect(readersOwing(due, story(lateEvening))).toBe(1);
      expect(isOverdue(due, [story(lateEvening)], today)).toBe(true);
      expect(readersOwing(due, story(afterMidnight))).toBe(0);
      expect(isOverdue(due, [story(afterMidnight)], today)).toBe(false);
      expect(storyProgressText(story(afterMidnight), due, today)).toBe('Read by 0 of 1, 1 joined after');
    });
  });
});

describe('names of cells, buttons and links', () => {
  it('names a day’s cell with what is due, and today, overdue and selected when they apply', () => {
    const none = { count: 0, overdue: false, isToday: false, isSelected: false };
    expect(dayCellLabel('2026-12-03', none, 'en-US')).toBe('Thursday 3 December 2026');
    expect(dayCellLabel('2026-12-07', { ...none, count: 2 }, 'en-US')).toBe(
      'Monday 7 December 2026, 2 stories due',
    );
    expect(
      dayCellLabel('2026-11-30', { count: 1, overdue: true, isToday: false, isSelected: true }, 'en-US'),
    ).toBe('Monday 30 November 2026, 1 story due, overdue, selected');
    expect(dayCellLabel('2026-12-02', { ...none, isToday: true, isSelected: true }, 'en-US')).toBe(
      'Wednesday 2 December 2026, today, selected',
    );
  });

  it('names a day’s button in the month’s list', () => {
    expect(dueDayButtonName('2026-12-07', 2, false, 'en-US')).toBe('Monday 7 December: 2 stories');
    expect(dueDayButtonName('2026-11-30', 1, true, 'en-US')).toBe('Monday 30 November: 1 story, overdue');
  });

  it('names each story’s link apart, in at most 12 words', () => {
    const kite = a('1', 'The Red Kite', 'Room 4', '2026-12-07');
    expect(seeWhoHasReadNames([kite])).toEqual(['See who has read it']);
    expect(seeWhoHasReadNames([kite, a('2', 'The Big Dog', 'Room 5', '2026-12-07')])).toEqual([
      'See who has read The Red Kite',
      'See who has read The Big Dog',
    ]);
    // The same story for two classes: by class; for two classes whose names start alike, then by number.
    expect(
      seeWhoHasReadNames([
        kite,
        a('2', 'The Red Kite', 'Room 5', '2026-12-07'),
        a('3', 'The Big Dog', 'Room 5', '2026-12-07'),
      ]),
    ).toEqual([
      'See who has read The Red Kite (Room 4)',
      'See who has read The Red Kite (Room 5)',
      'See who has read The Big Dog',
    ]);
    const long = 'The Very Long Story of the Kite That Flew Away';
    const names = seeWhoHasReadNames([
      a('1', long, 'Mrs Smith Year Two Blue Group', null),
      a('2', long, 'Mrs Smith Year Two Red Group', null),
    ]);
    expect(names).toEqual([
      'See who has read The Very Long Story… (Mrs Smith…) 1',
      'See who has read The Very Long Story… (Mrs Smith…) 2',
    ]);
    for (const name of names) expect(words(name)).toBeLessThanOrEqual(12);
  });
});

describe('setting a story due on a day', () => {
  it('allows today up to the furthest day, and nothing before or after', () => {
    const today = '2026-12-02';
    const furthest = addDays(today, 366);
    expect(canSetDueOn(today, today, furthest)).toBe(true);
    expect(canSetDueOn(furthest, today, furthest)).toBe(true);
    expect(canSetDueOn('2026-12-01', today, furthest)).toBe(false);
    expect(canSetDueOn(addDays(furthest, 1), today, furthest)).toBe(false);
  });

  it('links to Create Assignment with the day, and the class when one is chosen', () => {
    expect(createAssignmentOnDayPath('2026-12-07')).toBe('/create-assignment?dueOn=2026-12-07');
    expect(createAssignmentOnDayPath('2026-12-07', null)).toBe('/create-assignment?dueOn=2026-12-07');
    expect(createAssignmentOnDayPath('2026-12-07', 'a b')).toBe(
      '/create-assignment?dueOn=2026-12-07&class=a+b',
    );
  });
});
