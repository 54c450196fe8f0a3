/**
 * /class-calendar (docs/decisions/0051-class-calendar.md) against the class screens' fetch stub, on a fixed today
 * (Wednesday 2 December 2026): days with stories due show how many and say so in their names; choosing a day by
 * pointer, by the grid's keys, or from "Due in …"; months by buttons, keys and voice; the class filter; the links'
 * addresses; "No due day"; no story, no class, an error with Try again, not a teacher; Tab and Enter alone.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meFixture } from '../../test/me-fixture.ts';
import {
  CLASS_CALENDAR_ERROR_GUIDANCE,
  CLASS_CALENDAR_GUIDANCE,
  CLASS_CALENDAR_NO_CLASS_GUIDANCE,
  CLASS_CALENDAR_NONE_GUIDANCE,
} from './class-calendar.guidance.ts';
import {
  calendarServer,
  DOG_ROOM_4_ONE_JOINED_AFTER,
  DOG_ROOM_5,
  DOG_ROOM_5_JOINED_AFTER,
  installCalendarServer,
  KITE_ROOM_4,
  KITE_ROOM_4_NO_DAY,
  KITE_ROOM_5_LATE,
  renderCalendar,
  say,
} from './class-calendar-test-server.tsx';
import { calls, ROOM_4, ROOM_4_ID, ROOM_5_ID, state } from './classes-test-server.tsx';
import { NOT_A_TEACHER_GUIDANCE } from './classes.guidance.ts';

const results = (assignmentId: string) => `/grade-assignments?assignment=${assignmentId}`;
const where = () => screen.getByTestId('where');
/** The shown month, as the calendar's heading shows it (the heading itself is hidden from screen readers). */
const shownMonth = () => document.querySelector('.class-calendar__month')?.textContent;
/** The chosen day's heading: "Monday 7 December 2026", or "Today, …". */
const dayHeading = () => screen.getByRole('heading', { level: 2, name: /day \d+ [A-Z][a-z]+ \d{4}$/ });
const dueList = () => screen.getByRole('list', { name: /^Due in / });

beforeEach(installCalendarServer);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ClassCalendarPage', () => {
  it('shows the month with how many stories are due on each day, said in each day’s name, and today chosen', async () => {
    const { setGuidance } = renderCalendar();
    expect(screen.getByRole('heading', { level: 1, name: 'Class Calendar' })).toBeInTheDocument();
    expect(screen.getByText('Loading your calendar…')).toBeInTheDocument();
    const monday = await screen.findByRole('button', { name: 'Monday 7 December 2026, 2 stories due' });
    expect(monday).toHaveTextContent(/^72$/);
    expect(shownMonth()).toBe('December 2026');
    expect(screen.getByRole('grid', { name: /Due days, December 2026/ })).toBeInTheDocument();
    // Everyone has read Tuesday's story: due, not overdue.
    expect(screen.getByRole('button', { name: 'Tuesday 1 December 2026, 1 story due' })).toHaveTextContent(
      /^11$/,
    );
    // A day with nothing due says only its day.
    expect(screen.getByRole('button', { name: 'Thursday 3 December 2026' })).toHaveTextContent(/^3$/);
    // Today is chosen at first, and says so.
    expect(
      screen.getByRole('button', { name: 'Wednesday 2 December 2026, today, selected' }),
    ).toBeInTheDocument();
    expect(dayHeading()).toHaveTextContent('Today, Wednesday 2 December 2026');
    expect(screen.getByText('No story is due this day.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set a story due this day' })).toHaveAttribute(
      'href',
      '/create-assignment?dueOn=2026-12-02',
    );
    expect(setGuidance).toHaveBeenLastCalledWith([...CLASS_CALENDAR_GUIDANCE]);
    expect(document.title).toBe('Class Calendar · Sparky Reads');
    // Every control's name is a voice command of at most 12 words.
    for (const control of [...screen.getAllByRole('button'), ...screen.getAllByRole('link')]) {
      const name = control.getAttribute('aria-label') ?? control.textContent ?? '';
      expect(name.trim().split(/\s+/).length, name).toBeLessThanOrEqual(12);
    }
  });

  it('lists the stories of a day chosen by pointer, with their class, who has read them, and the links', async () => {
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: 'Monday 7 December 2026, 2 stories due' }));
    expect(
      screen.getByRole('button', { name: 'Monday 7 December 2026, 2 stories due, selected' }),
    ).toBeInTheDocument();
    expect(dayHeading()).toHaveTextContent('Monday 7 December 2026');
    expect(screen.getByText('2 stories are due this day.')).toBeInTheDocument();
    const section = dayHeading().closest('section')!;
    const items = within(section).getAllByRole('listitem');
    // By class, then story. The Red Kite is also set for Room 4 with no due day (listed below): the links of both
    // lists are named apart.
    expect(items.map((li) => li.textContent)).toEqual([
      'The Red Kite, Room 4, Read by 1 of 2See who has read The Red Kite (Room 4) 1',
      'The Big Dog, Room 5, Read by 0 of 1See who has read The Big Dog',
    ]);
    expect(
      within(section).getByRole('link', { name: 'See who has read The Red Kite (Room 4) 1' }),
    ).toHaveAttribute('href', results(KITE_ROOM_4.id));
    expect(within(section).getByRole('link', { name: 'See who has read The Big Dog' })).toHaveAttribute(
      'href',
      results(DOG_ROOM_5.id),
    );
    // Every link of the page has a name of its own (a voice command reaches each one).
    const linkNames = screen.getAllByRole('link', { name: /^See who has read/ }).map((l) => l.textContent);
    expect(new Set(linkNames).size).toBe(linkNames.length);
    expect(screen.getByRole('link', { name: 'See who has read The Red Kite (Room 4) 2' })).toHaveAttribute(
      'href',
      results(KITE_ROOM_4_NO_DAY.id),
    );
    await user.click(within(section).getByRole('link', { name: 'Set a story due this day' }));
    expect(where()).toHaveTextContent('/create-assignment');
    expect(where()).toHaveAttribute('data-search', '?dueOn=2026-12-07');
  });

  it('chooses a day with the grid’s keys, and Page Down shows the next month', async () => {
    const user = userEvent.setup();
    renderCalendar();
    const today = await screen.findByRole('button', { name: /^Wednesday 2 December 2026, today/ });
    // The class filter, the two month buttons, then the grid: one Tab stop, on the chosen day.
    await user.tab();
    expect(screen.getByRole('button', { name: /Class$/ })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveFocus();
    await user.tab();
    expect(today).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    const monday = screen.getByRole('button', { name: 'Monday 7 December 2026, 2 stories due' });
    expect(monday).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(dayHeading()).toHaveTextContent('Monday 7 December 2026');
    await user.keyboard('{PageDown}');
    expect(shownMonth()).toBe('January 2027');
    expect(screen.getByRole('button', { name: 'Thursday 7 January 2027' })).toHaveFocus();
    // The chosen day stays chosen while another month is shown.
    expect(dayHeading()).toHaveTextContent('Monday 7 December 2026');
  });

  it('lists the shown month’s days with stories as buttons that choose the day and go to its stories', async () => {
    const user = userEvent.setup();
    renderCalendar();
    const list = await screen.findByRole('list', { name: 'Due in December 2026' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Tuesday 1 December: 1 story', 'Monday 7 December: 2 stories']);
    await user.click(within(list).getByRole('button', { name: 'Monday 7 December: 2 stories' }));
    expect(dayHeading()).toHaveTextContent('Monday 7 December 2026');
    expect(dayHeading()).toHaveFocus();
    expect(screen.getByRole('link', { name: 'See who has read The Big Dog' })).toBeInTheDocument();
  });

  it('moves by month with the buttons, and says an overdue day in words', async () => {
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: 'Next month' }));
    expect(shownMonth()).toBe('January 2027');
    expect(within(dueList()).getByRole('button', { name: 'Friday 15 January: 1 story' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(shownMonth()).toBe('November 2026');
    const late = screen.getByRole('button', { name: 'Monday 30 November 2026, 1 story due, overdue' });
    expect(late).toHaveTextContent(/^30!1$/);
    await user.click(within(dueList()).getByRole('button', { name: 'Monday 30 November: 1 story, overdue' }));
    const section = dayHeading().closest('section')!;
    expect(section).toHaveTextContent(
      '1 story is due this day. Overdue: the day has passed and some readers have not read their story yet.',
    );
    expect(within(section).getByRole('listitem')).toHaveTextContent('Overdue: read by 0 of 1');
    expect(
      within(section).getByRole('link', { name: 'See who has read The Red Kite (Room 5)' }),
    ).toHaveAttribute('href', results(KITE_ROOM_5_LATE.id));
    // A day gone by cannot have a story set due on it.
    expect(within(section).queryByRole('link', { name: 'Set a story due this day' })).not.toBeInTheDocument();
    expect(
      within(section).getByText('This day has passed. A story can be set due from today on.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(shownMonth()).toBe('December 2026');
    expect(dayHeading()).toHaveTextContent('Today, Wednesday 2 December 2026');
  });

  it('does not call a day overdue for readers who joined the class after it (ADR 0051 amendment)', async () => {
    state.assignments.push({ ...DOG_ROOM_5_JOINED_AFTER }, { ...DOG_ROOM_4_ONE_JOINED_AFTER });
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: 'Previous month' }));
    expect(shownMonth()).toBe('November 2026');
    // Friday 27 November: its only reader who has not read it joined on the 29th, so nobody is late.
    const friday = screen.getByRole('button', { name: 'Friday 27 November 2026, 1 story due' });
    expect(friday).toHaveTextContent(/^271$/);
    await user.click(within(dueList()).getByRole('button', { name: 'Friday 27 November: 1 story' }));
    let section = dayHeading().closest('section')!;
    expect(section).toHaveTextContent('1 story is due this day.');
    expect(section).not.toHaveTextContent(/overdue/i);
    expect(within(section).getByRole('listitem')).toHaveTextContent('Read by 0 of 1, 1 joined after');
    // Thursday 26 November: one reader was in the class then and has not read it: overdue, for that one.
    expect(
      screen.getByRole('button', { name: 'Thursday 26 November 2026, 1 story due, overdue' }),
    ).toHaveTextContent(/^26!1$/);
    await user.click(
      within(dueList()).getByRole('button', { name: 'Thursday 26 November: 1 story, overdue' }),
    );
    section = dayHeading().closest('section')!;
    expect(section).toHaveTextContent(
      'Overdue: the day has passed and some readers have not read their story yet.',
    );
    expect(within(section).getByRole('listitem')).toHaveTextContent(
      'Overdue: read by 0 of 2, 1 joined after',
    );
  });

  it('moves by month when "next month", "last month", "previous month", "this month" or "today" is said', async () => {
    const { registry, spoken } = renderCalendar();
    await screen.findByRole('button', { name: 'Monday 7 December 2026, 2 stories due' });
    const phrases = registry.active().map((c) => c.phrase);
    expect(phrases).toEqual([
      'next month',
      'last month',
      'previous month',
      'this month',
      'today',
      'next day',
      'previous day',
      'day before',
    ]);
    say(registry, 'next month');
    expect(shownMonth()).toBe('January 2027');
    expect(spoken).toContain('January 2027: 1 story due.');
    say(registry, 'last month');
    say(registry, 'last month');
    expect(shownMonth()).toBe('November 2026');
    expect(spoken).toContain('November 2026: 1 story due.');
    say(registry, 'previous month');
    expect(shownMonth()).toBe('October 2026');
    expect(spoken).toContain('October 2026: no story due.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next month' }));
    say(registry, 'today');
    expect(shownMonth()).toBe('December 2026');
    expect(spoken).toContain('December 2026: 3 stories due.');
    say(registry, 'next month');
    say(registry, 'this month');
    expect(shownMonth()).toBe('December 2026');
    expect(dayHeading()).toHaveTextContent('Today, Wednesday 2 December 2026');
  });

  it('shows one class when chosen, in the address and in the link to set a story', async () => {
    const user = userEvent.setup();
    renderCalendar();
    const filter = await screen.findByRole('button', { name: /Class$/ });
    expect(filter).toHaveTextContent('All classes');
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Room 5' }));
    await waitFor(() => expect(where()).toHaveAttribute('data-search', `?class=${ROOM_5_ID}`));
    expect(screen.getByRole('button', { name: 'Monday 7 December 2026, 1 story due' })).toBeInTheDocument();
    // Room 4's Tuesday story is not Room 5's.
    expect(screen.getByRole('button', { name: 'Tuesday 1 December 2026' })).toBeInTheDocument();
    expect(
      within(dueList())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Monday 7 December: 1 story']);
    expect(screen.getByText('No story for Room 5 is due this day.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set a story due this day' })).toHaveAttribute(
      'href',
      `/create-assignment?dueOn=2026-12-02&class=${ROOM_5_ID}`,
    );
    expect(screen.getByText('No story for Room 5 is set without a due day.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Class$/ }));
    await user.click(await screen.findByRole('option', { name: 'All classes' }));
    await waitFor(() => expect(where()).toHaveAttribute('data-search', ''));
    expect(screen.getByRole('button', { name: 'Monday 7 December 2026, 2 stories due' })).toBeInTheDocument();
  });

  it('opens on the class in ?class=, and offers no class choice with one class', async () => {
    const { unmount } = renderCalendar(`/class-calendar?class=${ROOM_4_ID}`);
    expect(await screen.findByRole('button', { name: /Class$/ })).toHaveTextContent('Room 4');
    expect(screen.getByRole('button', { name: 'Monday 7 December 2026, 1 story due' })).toBeInTheDocument();
    unmount();

    state.classes = [{ ...ROOM_4 }];
    state.assignments = state.assignments.filter((a) => a.classId === ROOM_4_ID);
    renderCalendar();
    await screen.findByRole('button', { name: 'Monday 7 December 2026, 1 story due' });
    expect(screen.queryByRole('button', { name: /Class$/ })).not.toBeInTheDocument();
  });

  it('lists the stories with no due day, each with its link', async () => {
    renderCalendar();
    const heading = await screen.findByRole('heading', { level: 2, name: 'No due day' });
    const section = heading.closest('section')!;
    expect(within(section).getByRole('listitem')).toHaveTextContent('The Red Kite, Room 4, Read by 1 of 2');
    expect(within(section).getByRole('link', { name: 'See who has read it' })).toHaveAttribute(
      'href',
      results(KITE_ROOM_4_NO_DAY.id),
    );
  });

  it('with no story set yet, says so plainly and still offers to set one', async () => {
    state.assignments = [];
    const { setGuidance } = renderCalendar();
    expect(await screen.findByText(/^You have not set a story yet\./)).toBeInTheDocument();
    expect(screen.getByText('No story is due in December 2026.')).toBeInTheDocument();
    expect(screen.getByText('No story is set without a due day.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set a story due this day' })).toBeInTheDocument();
    expect(setGuidance).toHaveBeenLastCalledWith([...CLASS_CALENDAR_NONE_GUIDANCE]);
  });

  it('with no class yet, says so and links to Class Management', async () => {
    state.classes = [];
    state.assignments = [];
    const { setGuidance } = renderCalendar();
    expect(await screen.findByRole('heading', { name: 'You have no class yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Class Management' })).toHaveAttribute(
      'href',
      '/class-management',
    );
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(setGuidance).toHaveBeenLastCalledWith([...CLASS_CALENDAR_NO_CLASS_GUIDANCE]);
  });

  it('says when the calendar could not be loaded, and Try again loads it', async () => {
    calendarServer.failAssignments = true;
    const user = userEvent.setup();
    const { setGuidance } = renderCalendar();
    const message = await screen.findByText('We could not load your calendar right now.');
    const alert = message.closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toBeInTheDocument();
    expect(setGuidance).toHaveBeenLastCalledWith([...CLASS_CALENDAR_ERROR_GUIDANCE]);
    calendarServer.failAssignments = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('button', { name: 'Monday 7 December 2026, 2 stories due' }),
    ).toBeInTheDocument();
  });

  it('is for teachers only, and asks the server nothing', () => {
    const { setGuidance } = renderCalendar('/class-calendar', meFixture({ userType: 'student' }));
    expect(screen.getByText('This page is for teachers.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url !== '/api/me')).toEqual([]);
    expect(setGuidance).toHaveBeenLastCalledWith([...NOT_A_TEACHER_GUIDANCE]);
  });

  it('is for teachers only, also when the server says so', async () => {
    state.refuseAll = [{ error: { code: 'not_a_teacher', message: 'Teachers only' } }, 403];
    renderCalendar();
    expect(await screen.findByText('This page is for teachers.')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('with Tab and Enter alone, reaches every day with stories through the list, and then its stories', async () => {
    const user = userEvent.setup();
    renderCalendar();
    await screen.findByRole('list', { name: 'Due in December 2026' });
    const reached: string[] = [];
    for (let i = 0; i < 40 && reached.length < 2; i++) {
      await user.tab();
      const focused = document.activeElement as HTMLElement;
      if (focused.closest('.class-calendar__days')) reached.push(focused.textContent ?? '');
    }
    expect(reached).toEqual(['Tuesday 1 December: 1 story', 'Monday 7 December: 2 stories']);
    await user.keyboard('{Enter}');
    expect(dayHeading()).toHaveTextContent('Monday 7 December 2026');
    expect(dayHeading()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'See who has read The Red Kite (Room 4) 1' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'See who has read The Big Dog' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Set a story due this day' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(where()).toHaveAttribute('data-search', '?dueOn=2026-12-07');
  });

  it('steps the chosen day to any day, with Tab and Enter alone or by voice, into the next month too', async () => {
    const user = userEvent.setup();
    const { registry } = renderCalendar();
    await screen.findByRole('list', { name: 'Due in December 2026' });
    // Today is Wednesday 2 December, which has no story due.
    let found = false;
    for (let i = 0; i < 40 && !found; i++) {
      await user.tab();
      found = document.activeElement === screen.getByRole('button', { name: 'Next day' });
    }
    expect(found).toBe(true);
    await user.keyboard('{Enter}');
    expect(dayHeading()).toHaveTextContent('Thursday 3 December 2026');
    expect(screen.getByRole('link', { name: 'Set a story due this day' })).toHaveAttribute(
      'href',
      '/create-assignment?dueOn=2026-12-03',
    );
    say(registry, 'previous day');
    await waitFor(() => expect(dayHeading()).toHaveTextContent('Today, Wednesday 2 December 2026'));
    for (let i = 0; i < 29; i++) say(registry, 'next day');
    await waitFor(() => expect(dayHeading()).toHaveTextContent('Thursday 31 December 2026'));
    say(registry, 'next day');
    await waitFor(() => expect(dayHeading()).toHaveTextContent('Friday 1 January 2027'));
    expect(shownMonth()).toBe('January 2027');
  });
});
