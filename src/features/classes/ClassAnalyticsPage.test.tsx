/**
 * /class-analytics against a fetch stub that answers like the server (class-analytics-test-server.tsx): the class
 * and period chosen, by list, by the address and by voice, each asking the server again; the headline, the three
 * tables and their links; who may need help and why; a period with no story set, a class nobody has read in yet, no
 * class yet, a class that is not the teacher's, a failure and "Try again"; and the page for anyone else.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meFixture } from '../../test/me-fixture.ts';
import { ClassAnalyticsPage } from './ClassAnalyticsPage.tsx';
import {
  CLASS_ANALYTICS_NOBODY_READ_GUIDANCE,
  classAnalyticsGuidance,
  FIGURES_CHOOSE_CLASS_GUIDANCE,
  FIGURES_CLASS_NOT_FOUND_GUIDANCE,
  FIGURES_ERROR_GUIDANCE,
  FIGURES_NO_CLASS_GUIDANCE,
  FIGURES_NONE_SET_GUIDANCE,
} from './class-analytics.guidance.ts';
import {
  allRequests,
  analytics,
  analyticsCalls,
  daysAgo,
  DOG_ID,
  installFakeAnalyticsServer,
  KITE_ID,
  MITTEN_ID,
  renderFiguresPage,
} from './class-analytics-test-server.tsx';
import { NOT_A_TEACHER_GUIDANCE } from './classes.guidance.ts';
import { ROOM_4, ROOM_4_ID, ROOM_5_ID, state } from './classes-test-server.tsx';

const pattern = '/class-analytics';
const room4 = { at: `/class-analytics?class=${ROOM_4_ID}`, pattern };
const words = (text: string) => text.trim().split(/\s+/).length;

/** What a screen reader hears in each cell of a row (the stacked layout's visual labels are hidden from it). */
function cells(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => {
      const copy = cell.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return copy.textContent!.trim();
    });
}

/** The row of a table whose row header is `name`. */
function rowOf(table: HTMLElement, name: string | RegExp): HTMLElement {
  return within(table).getByRole('rowheader', { name }).closest('tr')!;
}

/** Says a command: finds it on the registry's list, as the recogniser would, and runs its handler. */
function say(registry: ReturnType<typeof renderFiguresPage>['registry'], phrase: string) {
  const command = registry.active().find((c) => c.phrase.toLowerCase() === phrase.toLowerCase());
  expect(command, phrase).toBeDefined();
  act(() => registry.handlerFor(command!)!(command!.target, command!));
}

beforeEach(installFakeAnalyticsServer);
afterEach(() => vi.unstubAllGlobals());

describe('ClassAnalyticsPage', () => {
  it('shows the class’s headline, its stories, its readers and the words to teach', async () => {
    const { setGuidance } = renderFiguresPage(<ClassAnalyticsPage />, room4);
    expect(await screen.findByRole('heading', { level: 1, name: 'Class Analytics' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Class Analytics · /);
    expect(
      screen.getByText('These are figures of the stories set in class, not a screening and not a grade.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Room 4 at a glance' })).toBeInTheDocument();
    expect(analyticsCalls).toEqual([{ classId: ROOM_4_ID, from: null, to: null }]);
    expect(screen.getByRole('button', { name: /Class/ })).toHaveTextContent('Room 4');
    expect(screen.getByRole('button', { name: /Period/ })).toHaveTextContent('Since the class began');

    const headline = screen.getByRole('heading', { name: 'Room 4 at a glance' }).parentElement!;
    expect(
      within(headline)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '4 stories set since the class began.',
      '4 readers in the class.',
      'Readers have read 7 of the 16 stories set for them (each story counts once for each reader).',
      '2 readers may need help: see Readers.',
    ]);

    // Stories set: each story's days, readers and medians, and a link to its readers on Grade Assignments.
    const stories = screen.getByRole('table', { name: 'Stories set for Room 4' });
    expect(
      within(stories)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Story',
      'Set',
      'Due',
      'Read by',
      'Median words correct per minute',
      'Median accuracy',
      'Readers',
    ]);
    expect(
      within(stories)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['StoryThe Lost Mitten', 'StoryThe Red Kite', 'StoryThe Big Dog', 'StoryFrog Pond']);
    const kite = cells(rowOf(stories, 'The Red Kite'));
    expect(kite.slice(2)).toEqual(['2 of 4', '40', '90%', 'See who has read The Red Kite']);
    expect(cells(rowOf(stories, 'Frog Pond')).slice(2, 5)).toEqual(['0 of 4', '—', '—']);
    expect(within(stories).getByRole('link', { name: 'See who has read The Red Kite' })).toHaveAttribute(
      'href',
      `/grade-assignments?assignment=${KITE_ID}`,
    );
    expect(within(stories).getByRole('link', { name: 'See who has read The Big Dog' })).toHaveAttribute(
      'href',
      `/grade-assignments?assignment=${DOG_ID}`,
    );
    expect(within(stories).getByRole('link', { name: 'See who has read The Lost Mitten' })).toHaveAttribute(
      'href',
      `/grade-assignments?assignment=${MITTEN_ID}`,
    );

    // Readers: stories read, first and latest words correct per minute and the change, accuracy, stories late, flag.
    const readers = screen.getByRole('table', { name: 'Readers in Room 4' });
    expect(cells(rowOf(readers, 'Mia'))).toEqual([
      '3 of 4',
      '40',
      '52',
      '12 more words a minute',
      '96%',
      'None',
      'No',
      "Check Mia's 2 words",
    ]);
    expect(within(readers).getByRole('link', { name: "Check Mia's 2 words" })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`^/grade-assignments\\?assignment=${DOG_ID}&reading=`)),
    );
    expect(cells(rowOf(readers, 'Leo'))).toEqual([
      '3 of 4',
      '35',
      '30',
      '5 fewer words a minute',
      '86%',
      // The Frog Pond is due in five days: not late.
      'None',
      'May need help: latest accuracy under 90%.',
      'None',
    ]);
    expect(cells(rowOf(readers, 'Ava'))).toEqual([
      '1 of 4',
      '44',
      '44',
      '—',
      '97%',
      '2 stories',
      'May need help: 2 stories past their due day not read.',
      'None',
    ]);
    // Sam joined three days ago: only the Big Dog was due since then.
    expect(cells(rowOf(readers, 'Sam'))).toEqual(['0 of 4', '—', '—', '—', '—', '1 story', 'No', '—']);
    // The class's Reading Screenings follow (ClassScreenings.test.tsx checks them).
    expect(
      await screen.findByRole('table', { name: 'Latest Reading Screening of each reader' }),
    ).toHaveTextContent('Below the expected range');
    expect(within(readers).getByRole('link', { name: 'Mia' })).toHaveAttribute(
      'href',
      '/student-progress/pupil-mia',
    );

    const taught = screen.getByRole('table', { name: 'Words read wrong in Room 4' });
    expect(cells(rowOf(taught, 'kite'))).toEqual(['2 readers']);
    expect(cells(rowOf(taught, 'mitten'))).toEqual(['1 reader']);

    expect(setGuidance).toHaveBeenLastCalledWith([...classAnalyticsGuidance(2)]);
  });

  it('asks again for the period chosen, from today−27 or today−83, in the list, the address and by voice', async () => {
    const user = userEvent.setup();
    const { registry } = renderFiguresPage(<ClassAnalyticsPage />, room4);
    await screen.findByRole('table', { name: 'Readers in Room 4' });

    await user.click(screen.getByRole('button', { name: /Period/ }));
    await user.click(await screen.findByRole('option', { name: 'Last 4 weeks' }));
    await waitFor(() =>
      expect(analyticsCalls.at(-1)).toEqual({ classId: ROOM_4_ID, from: daysAgo(27), to: null }),
    );
    expect(await screen.findByText('3 stories set in the last 4 weeks.')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveAttribute(
      'data-search',
      `?class=${ROOM_4_ID}&period=last-4-weeks`,
    );
    const stories = screen.getByRole('table', { name: 'Stories set for Room 4' });
    expect(within(stories).queryByRole('rowheader', { name: /The Lost Mitten/ })).not.toBeInTheDocument();
    // In four weeks Ava missed one story's day, not two; Mia's first is the Red Kite.
    const readers = screen.getByRole('table', { name: 'Readers in Room 4' });
    expect(cells(rowOf(readers, 'Ava')).slice(5, 7)).toEqual(['1 story', 'No']);
    expect(cells(rowOf(readers, 'Mia')).slice(0, 4)).toEqual(['2 of 3', '48', '52', '4 more words a minute']);
    expect(screen.getByText('1 reader may need help: see Readers.')).toBeInTheDocument();

    say(registry, 'Last 12 weeks');
    await waitFor(() =>
      expect(analyticsCalls.at(-1)).toEqual({ classId: ROOM_4_ID, from: daysAgo(83), to: null }),
    );
    expect(await screen.findByText('4 stories set in the last 12 weeks.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Period/ })).toHaveTextContent('Last 12 weeks');

    say(registry, 'Since the class began');
    await waitFor(() => expect(analyticsCalls.at(-1)).toEqual({ classId: ROOM_4_ID, from: null, to: null }));
    expect(screen.getByTestId('where')).toHaveAttribute('data-search', `?class=${ROOM_4_ID}`);
  });

  it('opens on the period in the address', async () => {
    renderFiguresPage(<ClassAnalyticsPage />, { at: `${room4.at}&period=last-12-weeks`, pattern });
    expect(await screen.findByText('4 stories set in the last 12 weeks.')).toBeInTheDocument();
    expect(analyticsCalls).toEqual([{ classId: ROOM_4_ID, from: daysAgo(83), to: null }]);
  });

  it('asks to choose among several classes, by list or by name, and says when nobody has read yet', async () => {
    const user = userEvent.setup();
    const { setGuidance, registry } = renderFiguresPage(<ClassAnalyticsPage />, { at: pattern, pattern });
    expect(await screen.findByText('Choose a class to see its figures.')).toBeInTheDocument();
    expect(setGuidance).toHaveBeenLastCalledWith([...FIGURES_CHOOSE_CLASS_GUIDANCE]);
    expect(analyticsCalls).toEqual([]);

    await user.click(screen.getByRole('button', { name: /Class/ }));
    await user.click(await screen.findByRole('option', { name: 'Room 5' }));
    expect(await screen.findByText('Nobody has read a story set in this period yet.')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveAttribute('data-search', `?class=${ROOM_5_ID}`);
    expect(
      screen.getByText('Nobody has read a story set in this period yet, so there are no words to teach.'),
    ).toBeInTheDocument();
    expect(cells(rowOf(screen.getByRole('table', { name: 'Readers in Room 5' }), 'Mia'))).toEqual([
      '0 of 1',
      '—',
      '—',
      '—',
      '—',
      '1 story',
      'No',
      '—',
    ]);
    await waitFor(() =>
      expect(setGuidance).toHaveBeenLastCalledWith([...CLASS_ANALYTICS_NOBODY_READ_GUIDANCE]),
    );

    say(registry, 'Room 4');
    expect(await screen.findByRole('heading', { name: 'Room 4 at a glance' })).toBeInTheDocument();
    expect(analyticsCalls.at(-1)).toEqual({ classId: ROOM_4_ID, from: null, to: null });
  });

  it('says plainly when no story was set in the period', async () => {
    const { setGuidance } = renderFiguresPage(<ClassAnalyticsPage />, {
      at: `/class-analytics?class=${ROOM_5_ID}&period=last-4-weeks`,
      pattern,
    });
    expect(await screen.findByText('0 stories set in the last 4 weeks.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Assignment' })).toHaveAttribute(
      'href',
      '/create-assignment',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(setGuidance).toHaveBeenLastCalledWith([...FIGURES_NONE_SET_GUIDANCE]);
  });

  it('shows the only class without a list', async () => {
    state.classes = [{ ...ROOM_4 }];
    renderFiguresPage(<ClassAnalyticsPage />, { at: pattern, pattern });
    expect(await screen.findByText(/^Class:/)).toHaveTextContent('Class: Room 4');
    expect(screen.queryByRole('button', { name: /Class/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Readers in Room 4' })).toBeInTheDocument();
    expect(analyticsCalls).toEqual([{ classId: ROOM_4_ID, from: null, to: null }]);
  });

  it('leads to Class Management when there is no class yet', async () => {
    state.classes = [];
    const { setGuidance } = renderFiguresPage(<ClassAnalyticsPage />, { at: pattern, pattern });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'You have no class yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Class Management' })).toHaveAttribute(
      'href',
      '/class-management',
    );
    expect(setGuidance).toHaveBeenLastCalledWith([...FIGURES_NO_CLASS_GUIDANCE]);
    expect(analyticsCalls).toEqual([]);
  });

  it('says when the class is not the teacher’s, or was deleted, and offers the others', async () => {
    const { setGuidance } = renderFiguresPage(<ClassAnalyticsPage />, {
      at: '/class-analytics?class=9f8e7d6c-0000-4000-8000-000000000000',
      pattern,
    });
    expect(
      await screen.findByText('This class is not one of yours, or it was deleted. Choose another class.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/not one of yours/);
    expect(screen.getByRole('button', { name: /Class/ })).toHaveTextContent('Choose a class');
    expect(setGuidance).toHaveBeenLastCalledWith([...FIGURES_CLASS_NOT_FOUND_GUIDANCE]);
    // A class not in the teacher's list is not asked for at all.
    expect(analyticsCalls).toEqual([]);
  });

  it('never puts an address’s class into a request path as it is', async () => {
    renderFiguresPage(<ClassAnalyticsPage />, {
      at: `/class-analytics?class=${encodeURIComponent('../assignments/x?')}`,
      pattern,
    });
    expect(
      await screen.findByText('This class is not one of yours, or it was deleted. Choose another class.'),
    ).toBeInTheDocument();
    expect(allRequests.map((r) => new URL(r.url).pathname).filter((p) => p !== '/api/me')).toEqual([
      '/api/classes',
    ]);
  });

  it('says when the figures did not load, and tries again', async () => {
    const user = userEvent.setup();
    analytics.refuse = [{ error: { code: 'internal_error', message: 'Oops' } }, 500];
    const { setGuidance } = renderFiguresPage(<ClassAnalyticsPage />, room4);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the figures right now.');
    expect(setGuidance).toHaveBeenLastCalledWith([...FIGURES_ERROR_GUIDANCE]);
    // The hook tried twice more on its own before saying so (a server error may pass).
    const asked = analyticsCalls.length;
    analytics.refuse = null;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Readers in Room 4' })).toBeInTheDocument();
    expect(analyticsCalls).toHaveLength(asked + 1);
  });

  it('shows the page for teachers to anyone else, and asks nothing', async () => {
    const { setGuidance } = renderFiguresPage(<ClassAnalyticsPage />, {
      ...room4,
      me: meFixture({ userType: 'student' }),
    });
    expect(await screen.findByText('This page is for teachers.')).toBeInTheDocument();
    expect(setGuidance).toHaveBeenLastCalledWith([...NOT_A_TEACHER_GUIDANCE]);
    expect(analyticsCalls).toEqual([]);
    expect(screen.getByRole('link', { name: 'Home Dashboard' })).toHaveAttribute('href', '/home');
  });

  it('shows the page for teachers when the server says 403 not a teacher', async () => {
    state.refuseAll = [{ error: { code: 'not_a_teacher', message: 'Teachers only' } }, 403];
    const { setGuidance } = renderFiguresPage(<ClassAnalyticsPage />, room4);
    expect(await screen.findByText('This page is for teachers.')).toBeInTheDocument();
    expect(setGuidance).toHaveBeenLastCalledWith([...NOT_A_TEACHER_GUIDANCE]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('has one h1, a heading per section, named tables and regions, labelled controls, short control names', async () => {
    renderFiguresPage(<ClassAnalyticsPage />, room4);
    await screen.findByRole('table', { name: 'Readers in Room 4' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Class and period',
      'Room 4 at a glance',
      'Stories set',
      'Readers',
      'Words to teach',
      'Reading Screening',
    ]);
    for (const name of ['Stories set for Room 4', 'Readers in Room 4', 'Words read wrong in Room 4']) {
      expect(screen.getByRole('table', { name })).toBeInTheDocument();
      // The table's own scroller is named and reachable by keyboard (TableScroll).
      expect(screen.getByRole('region', { name })).toHaveAttribute('tabindex', '0');
    }
    expect(screen.getByRole('button', { name: /Period/ })).toHaveAccessibleDescription(
      'Stories set in this time count, by the day they were set.',
    );
    // Every link and button is a voice command of at most 12 words.
    for (const control of [...screen.getAllByRole('link'), ...screen.getAllByRole('button')]) {
      expect(control).toHaveAccessibleName();
      expect(words(control.textContent ?? '')).toBeLessThanOrEqual(12);
    }
    // Which readers may need help is said in words, not shown by colour alone.
    expect(screen.getAllByText(/^May need help:/)).toHaveLength(2);
  });
});
