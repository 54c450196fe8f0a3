/**
 * How Class Calendar (docs/decisions/0051-class-calendar.md) words and groups the teacher's assignments by their
 * due day: days and months in words ("Monday 7 December", "December 2026"), "2 stories due", the names of its
 * cells, list buttons and links, and which days may have a story set due on them. Pure functions of the data:
 * days are calendar days, YYYY-MM-DD (core/api/assignments.ts CalendarDaySchema), months YYYY-MM; "today" is
 * always passed in, so nothing here reads the clock.
 */
import type { AssignmentSummary } from '#core/api/assignments.ts';
import { protectedPaths } from '../../app/paths.ts';
import { localDayOf } from './class-analytics-text.ts';
import { shortName } from './class-text.ts';

/** The year, month (1–12) and day of month of a YYYY-MM-DD day. */
function partsOf(day: string): { year: number; month: number; date: number } {
  const [year, month, date] = day.split('-').map(Number);
  return { year: year!, month: month!, date: date! };
}

/** A day as a Date at noon UTC (so no time zone moves it to the day before or after). */
function utcNoon(day: string): Date {
  const { year, month, date } = partsOf(day);
  return new Date(Date.UTC(year, month - 1, date, 12));
}

/** The month a day is in, YYYY-MM: '2026-12' for '2026-12-07'. */
export function monthKeyOf(day: string): string {
  return day.slice(0, 7);
}

/** `month` (YYYY-MM) plus `months` (negative for before): addMonths('2026-12', 1) is '2027-01'. */
export function addMonths(month: string, months: number): string {
  const [year, m] = month.split('-').map(Number);
  const index = year! * 12 + (m! - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** One part of a day written by Intl in `locale` (the teacher's when undefined), read in UTC. */
function part(day: string, options: Intl.DateTimeFormatOptions, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(utcNoon(day));
}

/**
 * A day in words, weekday first: "Monday 7 December" (the weekday's and month's names in the teacher's
 * locale; the order is the ADR's, the same in every locale, so each list reads alike).
 */
export function dayName(day: string, locale?: string): string {
  return `${part(day, { weekday: 'long' }, locale)} ${partsOf(day).date} ${part(day, { month: 'long' }, locale)}`;
}

/** A day in words with its year: "Monday 7 December 2026". */
export function fullDayName(day: string, locale?: string): string {
  return `${dayName(day, locale)} ${partsOf(day).year}`;
}

/** A month in words: "December 2026" for '2026-12'. */
export function monthName(month: string, locale?: string): string {
  return part(`${month}-01`, { month: 'long', year: 'numeric' }, locale);
}

/** "1 story", "2 stories". */
export function storyCount(n: number): string {
  return n === 1 ? '1 story' : `${n} stories`;
}

/** "1 story due", "2 stories due". */
export function storiesDue(n: number): string {
  return `${storyCount(n)} due`;
}

/** "Read by 1 of 2"; "No reader in the class yet" for a class with none. */
export function readByText(summary: Pick<AssignmentSummary, 'doneCount' | 'pupilCount'>): string {
  return summary.pupilCount === 0
    ? 'No reader in the class yet'
    : `Read by ${summary.doneCount} of ${summary.pupilCount}`;
}

/** The order of the stories of one day (and of "No due day"): by class, then by story, as a teacher plans. */
function byClassThenStory(a: AssignmentSummary, b: AssignmentSummary): number {
  return a.className.localeCompare(b.className) || a.storyTitle.localeCompare(b.storyTitle);
}

/**
 * The assignments with a due day, by that day: a map from YYYY-MM-DD to its assignments (by class, then story),
 * its days in order, earliest first.
 */
export function groupByDueDay(assignments: readonly AssignmentSummary[]): Map<string, AssignmentSummary[]> {
  const groups = new Map<string, AssignmentSummary[]>();
  for (const a of assignments) {
    if (!a.dueOn) continue;
    groups.set(a.dueOn, [...(groups.get(a.dueOn) ?? []), a]);
  }
  return new Map(
    [...groups.entries()]
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([day, list]) => [day, list.sort(byClassThenStory)]),
  );
}

/** The days of `month` (YYYY-MM) with stories due, earliest first. */
export function dueDaysInMonth(groups: ReadonlyMap<string, readonly unknown[]>, month: string): string[] {
  return [...groups.keys()].filter((day) => monthKeyOf(day) === month).sort();
}

/** The assignments set without a due day, by class, then story. */
export function withoutDueDay(assignments: readonly AssignmentSummary[]): AssignmentSummary[] {
  return assignments.filter((a) => !a.dueOn).sort(byClassThenStory);
}

/**
 * How many readers owe a story due on `day`: they have not read it, and they had joined the class by that day (the
 * day they joined, in the teacher's time zone, is `day` or before). A reader who joined after the due day was never
 * asked to read it by then (ADR 0051's amendment; Class Analytics' "past due" rule, class-analytics-text.ts
 * `readerSummary`, ADR 0050).
 */
export function readersOwing(day: string, assignment: Pick<AssignmentSummary, 'notReadJoinedAt'>): number {
  return assignment.notReadJoinedAt.filter((joinedAt) => localDayOf(joinedAt) <= day).length;
}

/**
 * Whether a day's stories are overdue: the day is before `today` and some reader who was in the class on it has
 * not read one of its stories yet ({@link readersOwing}; a class with no reader, or whose readers who have not read
 * it all joined later, has nobody late).
 */
export function isOverdue(
  day: string,
  assignments: readonly Pick<AssignmentSummary, 'notReadJoinedAt'>[],
  today: string,
): boolean {
  return day < today && assignments.some((a) => readersOwing(day, a) > 0);
}

/**
 * What a past day's list says of a story beside "read by n of m": "Overdue: read by 1 of 3" when a reader who was in
 * the class on its due day has not read it; ", 1 joined after" for readers who have not read it but joined after
 * the day (not late). Today and later days: "Read by 1 of 3" alone.
 */
export function storyProgressText(
  assignment: Pick<AssignmentSummary, 'doneCount' | 'pupilCount' | 'notReadJoinedAt'>,
  day: string,
  today: string,
): string {
  const readBy = readByText(assignment);
  if (day >= today) return readBy;
  const owing = readersOwing(day, assignment);
  const joinedAfter = assignment.notReadJoinedAt.length - owing;
  const text = owing > 0 ? `Overdue: ${readBy.charAt(0).toLowerCase()}${readBy.slice(1)}` : readBy;
  return joinedAfter > 0 ? `${text}, ${joinedAfter} joined after` : text;
}

/** What a day's cell in the calendar says it is, besides its day. */
export interface DayCellState {
  /** Stories due that day (after the class filter). */
  count: number;
  overdue: boolean;
  isToday: boolean;
  isSelected: boolean;
}

/**
 * The accessible name of a day's cell in the calendar: "Monday 7 December 2026, today, 2 stories due, overdue,
 * selected" (only the parts that apply). It replaces react-aria's own name, which has the day but not what is
 * due, so it says "today" and "selected" itself.
 */
export function dayCellLabel(day: string, state: DayCellState, locale?: string): string {
  return [
    fullDayName(day, locale),
    state.isToday ? 'today' : null,
    state.count > 0 ? storiesDue(state.count) : null,
    state.overdue ? 'overdue' : null,
    state.isSelected ? 'selected' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * The name of a day's button in "Due this month": "Monday 7 December: 2 stories" (", overdue" when it is). A voice
 * command of at most 6 words.
 */
export function dueDayButtonName(day: string, count: number, overdue: boolean, locale?: string): string {
  return `${dayName(day, locale)}: ${storyCount(count)}${overdue ? ', overdue' : ''}`;
}

/** The name of a story's link to who has read it when a list has only one: as on Create Assignment. */
export const SEE_WHO_HAS_READ_IT = 'See who has read it';

/**
 * The names of the links to each story's results in one list, in order, each a voice command of at most 12 words
 * and all different (visible-controls.ts keeps only the first of a name): "See who has read it" when the list
 * has one story; else "See who has read The Red Kite", with its class when two have the same title ("See who has
 * read The Red Kite (Room 4)"), then a number when that is the same too.
 */
export function seeWhoHasReadNames(assignments: readonly AssignmentSummary[]): string[] {
  if (assignments.length === 1) return [SEE_WHO_HAS_READ_IT];
  const key = (s: string) => s.toLocaleLowerCase();
  const count = (names: readonly string[]) => {
    const seen = new Map<string, number>();
    names.forEach((n) => seen.set(key(n), (seen.get(key(n)) ?? 0) + 1));
    return seen;
  };
  // 4 words + "See who has read" + at most 2 words of class + a number: 11 words at most.
  const titles = assignments.map((a) => shortName(a.storyTitle, 4));
  const titleCount = count(titles);
  const tagged = assignments.map((a, i) =>
    titleCount.get(key(titles[i]!))! > 1 ? `${titles[i]!} (${shortName(a.className, 2)})` : titles[i]!,
  );
  const taggedCount = count(tagged);
  const nth = new Map<string, number>();
  return tagged.map((t) => {
    if (taggedCount.get(key(t))! < 2) return `See who has read ${t}`;
    const n = (nth.get(key(t)) ?? 0) + 1;
    nth.set(key(t), n);
    return `See who has read ${t} ${n}`;
  });
}

/**
 * Whether a story may be set due on `day`: from the teacher's `today` to `furthest` (today plus
 * ASSIGNMENT_DUE_MAX_DAYS), as Create Assignment allows (CreateAssignmentPage.tsx checkAssignment).
 */
export function canSetDueOn(day: string, today: string, furthest: string): boolean {
  return day >= today && day <= furthest;
}

/**
 * `/create-assignment?dueOn=YYYY-MM-DD`, and `&class={id}` when one class is chosen: Create Assignment with the
 * day (and class) filled in.
 */
export function createAssignmentOnDayPath(day: string, classId?: string | null): string {
  const query = new URLSearchParams({ dueOn: day });
  if (classId) query.set('class', classId);
  return `${protectedPaths.createAssignment}?${query.toString()}`;
}
