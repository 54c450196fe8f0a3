/**
 * /student-reports against a fetch stub that answers like the server (class-analytics-test-server.tsx): one report a
 * reader for their family, with its facts, stories, change and words to practise; the reader and period chosen by
 * list and by voice; the note for home kept while the page is open and never sent; "Print" and "print"; the print
 * scope on <html>; no reader, no story set, a class that is not the teacher's, and the page for anyone else.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meFixture } from '../../test/me-fixture.ts';
import { calendarDayText, periodText } from './class-analytics-text.ts';
import {
  FIGURES_CLASS_NOT_FOUND_GUIDANCE,
  FIGURES_NONE_SET_GUIDANCE,
  STUDENT_REPORTS_GUIDANCE,
  STUDENT_REPORTS_NO_READERS_GUIDANCE,
} from './class-analytics.guidance.ts';
import {
  allRequests,
  analytics,
  analyticsCalls,
  daysAgo,
  installFakeAnalyticsServer,
  renderFiguresPage,
  TODAY,
} from './class-analytics-test-server.tsx';
import { NOT_A_TEACHER_GUIDANCE } from './classes.guidance.ts';
import { ROOM_4_ID, ROOM_5_ID, state } from './classes-test-server.tsx';
import { REPORTS_PRINT_SCOPE, StudentReportsPage } from './StudentReportsPage.tsx';

const pattern = '/student-reports';
const room4 = { at: `/student-reports?class=${ROOM_4_ID}`, pattern };
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

/** A report's facts: each term and its value. */
function facts(report: HTMLElement): Record<string, string> {
  const terms = within(report).getAllByRole('term');
  return Object.fromEntries(terms.map((t) => [t.textContent, t.nextElementSibling!.textContent]));
}

/** A paragraph by its whole text (a name in it is its own <bdi>). */
const paragraph = (text: string) => (_: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === text;

/** Says a command: finds it on the registry's list, as the recogniser would, and runs its handler. */
function say(registry: ReturnType<typeof renderFiguresPage>['registry'], phrase: string) {
  const command = registry.active().find((c) => c.phrase.toLowerCase() === phrase.toLowerCase());
  expect(command, phrase).toBeDefined();
  act(() => registry.handlerFor(command!)!(command!.target, command!));
}

beforeEach(installFakeAnalyticsServer);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('StudentReportsPage', () => {
  it('writes one report a reader for their family', async () => {
    const { setGuidance } = renderFiguresPage(<StudentReportsPage />, room4);
    expect(await screen.findByRole('heading', { level: 1, name: 'Student Reports' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Student Reports · /);
    const mia = await screen.findByRole('article', { name: 'Reading report for Mia' });
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(
      screen.getAllByRole('article').map((a) => within(a).getAllByRole('heading')[0]!.textContent),
    ).toEqual([
      'Reading report for Ava',
      'Reading report for Leo',
      'Reading report for Mia',
      'Reading report for Sam',
    ]);
    expect(facts(mia)).toEqual({
      Class: 'Room 4',
      Grade: '2nd grade',
      Period: 'Since the class began',
      'Made on': calendarDayText(TODAY),
      Teacher: 'Ms Rivera',
    });
    expect(
      within(mia).getByText(
        'These are figures of the stories set in class, not a screening and not a grade.',
      ),
    ).toBeInTheDocument();
    expect(within(mia).getByText(/read 3 of the 4 stories set for the class\./)).toHaveTextContent(
      'Mia read 3 of the 4 stories set for the class.',
    );
    const table = within(mia).getByRole('table', { name: 'Stories Mia read' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Story', 'Day read', 'Words read correctly in one minute', 'Accuracy']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'StoryThe Lost Mitten',
      'StoryThe Red Kite',
      'StoryThe Big Dog',
    ]);
    expect(cells(rows[1]!).slice(1)).toEqual(['48', '95.3%']);
    expect(
      within(mia).getByText(
        'From the first story to the latest: 12 more words read correctly in one minute.',
      ),
    ).toBeInTheDocument();
    expect(
      within(mia)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['kite', 'high']);
    const note = within(mia).getByRole('textbox', { name: /Note for home/ });
    expect(note).toHaveAccessibleDescription('This note is printed, not saved.');

    const leo = screen.getByRole('article', { name: 'Reading report for Leo' });
    expect(
      within(leo).getByText(
        'From the first story to the latest: 5 fewer words read correctly in one minute.',
      ),
    ).toBeInTheDocument();
    const ava = screen.getByRole('article', { name: 'Reading report for Ava' });
    expect(
      within(ava).getByText('One story read so far: the change shows after the next one.'),
    ).toBeInTheDocument();
    const sam = screen.getByRole('article', { name: 'Reading report for Sam' });
    expect(
      within(sam).getByText(paragraph('Sam has not read a story set in this period yet.')),
    ).toBeInTheDocument();
    expect(within(sam).queryByRole('table')).not.toBeInTheDocument();
    expect(within(sam).getByText('No word to practise from these stories.')).toBeInTheDocument();
    // The report says nothing a family cannot read: no flags, no medians.
    expect(screen.queryByText(/may need help/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/median/i)).not.toBeInTheDocument();

    expect(setGuidance).toHaveBeenLastCalledWith([...STUDENT_REPORTS_GUIDANCE]);
  });

  it('shows one reader or all, by list and by voice, in the address', async () => {
    const user = userEvent.setup();
    const { registry } = renderFiguresPage(<StudentReportsPage />, room4);
    await screen.findByRole('article', { name: 'Reading report for Mia' });
    const reader = screen.getByRole('button', { name: /Reader/ });
    expect(reader).toHaveTextContent('All readers');

    await user.click(reader);
    await user.click(await screen.findByRole('option', { name: 'Leo' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('article', { name: 'Reading report for Leo' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveAttribute(
      'data-search',
      `?class=${ROOM_4_ID}&reader=pupil-leo`,
    );

    say(registry, 'Mia');
    expect(await screen.findByRole('article', { name: 'Reading report for Mia' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);

    say(registry, 'all readers');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
    expect(screen.getByTestId('where')).toHaveAttribute('data-search', `?class=${ROOM_4_ID}`);
    // Choosing a reader asks the server nothing more: the reports are of the figures already here.
    expect(analyticsCalls).toHaveLength(1);
  });

  it('asks again for the period chosen and writes it on each report', async () => {
    const user = userEvent.setup();
    const { registry } = renderFiguresPage(<StudentReportsPage />, room4);
    await screen.findByRole('article', { name: 'Reading report for Mia' });
    await user.click(screen.getByRole('button', { name: /Period/ }));
    await user.click(await screen.findByRole('option', { name: 'Last 12 weeks' }));
    await waitFor(() =>
      expect(analyticsCalls.at(-1)).toEqual({ classId: ROOM_4_ID, from: daysAgo(83), to: null }),
    );
    const mia = await screen.findByRole('article', { name: 'Reading report for Mia' });
    expect(facts(mia).Period).toBe(periodText('last-12-weeks', TODAY));

    say(registry, 'Last 4 weeks');
    await waitFor(() =>
      expect(analyticsCalls.at(-1)).toEqual({ classId: ROOM_4_ID, from: daysAgo(27), to: null }),
    );
    const recent = await screen.findByRole('article', { name: 'Reading report for Mia' });
    await waitFor(() => expect(facts(recent).Period).toBe(periodText('last-4-weeks', TODAY)));
    expect(within(recent).getByText(/read 2 of the 3 stories set/)).toBeInTheDocument();
  });

  it('keeps the note for home while the page is open, prints it, and never sends it', async () => {
    const user = userEvent.setup();
    renderFiguresPage(<StudentReportsPage />, room4);
    const mia = await screen.findByRole('article', { name: 'Reading report for Mia' });
    const text = 'Mia loves kites. Read the kite story with her tonight.';
    await user.type(within(mia).getByRole('textbox', { name: /Note for home/ }), text);
    // The printed copy of the note (the text area is not printed), hidden from screen readers, who have the field.
    expect(within(mia).getByText(text, { selector: 'p' }).closest('[aria-hidden="true"]')).not.toBeNull();

    // Another period, then one reader: the note is still there.
    await user.click(screen.getByRole('button', { name: /Period/ }));
    await user.click(await screen.findByRole('option', { name: 'Last 4 weeks' }));
    await waitFor(() => expect(analyticsCalls.at(-1)?.from).toBe(daysAgo(27)));
    await user.click(await screen.findByRole('button', { name: /Reader/ }));
    await user.click(await screen.findByRole('option', { name: 'Mia' }));
    const again = await screen.findByRole('article', { name: 'Reading report for Mia' });
    await waitFor(() =>
      expect(within(again).getByRole('textbox', { name: /Note for home/ })).toHaveValue(text),
    );

    // Nothing but GETs left the page, and none of them carries the note.
    expect(allRequests.length).toBeGreaterThan(0);
    for (const request of allRequests) {
      expect(request.method).toBe('GET');
      expect(request.body).toBeNull();
      expect(decodeURIComponent(request.url)).not.toContain('kite story');
    }
  });

  it('prints with "Print" and by saying "print", and scopes the print rules to this page', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { registry, unmount } = renderFiguresPage(<StudentReportsPage />, room4);
    await screen.findByRole('article', { name: 'Reading report for Mia' });
    expect(document.documentElement).toHaveClass(REPORTS_PRINT_SCOPE);

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    say(registry, 'print');
    expect(print).toHaveBeenCalledTimes(2);
    say(registry, 'print the reports');
    expect(print).toHaveBeenCalledTimes(3);

    unmount();
    expect(document.documentElement).not.toHaveClass(REPORTS_PRINT_SCOPE);
  });

  it('says when the class has no reader yet, with no report to print', async () => {
    analytics.byClass[ROOM_5_ID]!.readers = [];
    const { setGuidance } = renderFiguresPage(<StudentReportsPage />, {
      at: `/student-reports?class=${ROOM_5_ID}`,
      pattern,
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'No reader yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the class page' })).toHaveAttribute(
      'href',
      `/class/${ROOM_5_ID}`,
    );
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(setGuidance).toHaveBeenLastCalledWith([...STUDENT_REPORTS_NO_READERS_GUIDANCE]);
  });

  it('says when no story was set in the period', async () => {
    const { setGuidance } = renderFiguresPage(<StudentReportsPage />, {
      at: `/student-reports?class=${ROOM_5_ID}&period=last-4-weeks`,
      pattern,
    });
    expect(
      await screen.findByText(paragraph('No story was set for Room 5 in the last 4 weeks.')),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Assignment' })).toHaveAttribute(
      'href',
      '/create-assignment',
    );
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(setGuidance).toHaveBeenLastCalledWith([...FIGURES_NONE_SET_GUIDANCE]);
  });

  it('says when the class is not the teacher’s', async () => {
    const { setGuidance } = renderFiguresPage(<StudentReportsPage />, {
      at: '/student-reports?class=9f8e7d6c-0000-4000-8000-000000000000',
      pattern,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This class is not one of yours, or it was deleted. Choose another class.',
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(setGuidance).toHaveBeenLastCalledWith([...FIGURES_CLASS_NOT_FOUND_GUIDANCE]);
  });

  it('shows the page for teachers to anyone else, and on a 403', async () => {
    const { setGuidance, unmount } = renderFiguresPage(<StudentReportsPage />, {
      ...room4,
      me: meFixture({ userType: 'guardian' }),
    });
    expect(await screen.findByText('This page is for teachers.')).toBeInTheDocument();
    expect(setGuidance).toHaveBeenLastCalledWith([...NOT_A_TEACHER_GUIDANCE]);
    expect(analyticsCalls).toEqual([]);
    unmount();

    state.refuseAll = [{ error: { code: 'not_a_teacher', message: 'Teachers only' } }, 403];
    renderFiguresPage(<StudentReportsPage />, room4);
    expect(await screen.findByText('This page is for teachers.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('has one h1, a heading per report, named tables, labelled controls and short control names', async () => {
    renderFiguresPage(<StudentReportsPage />, room4);
    await screen.findByRole('article', { name: 'Reading report for Mia' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Class and period',
      'Reports to print',
      'Reading report for Ava',
      'Reading report for Leo',
      'Reading report for Mia',
      'Reading report for Sam',
    ]);
    const mia = screen.getByRole('article', { name: 'Reading report for Mia' });
    expect(
      within(mia)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Stories read', 'Words to practise']);
    expect(screen.getAllByRole('textbox', { name: /Note for home/ })).toHaveLength(4);
    for (const name of ['Stories Ava read', 'Stories Leo read', 'Stories Mia read']) {
      expect(screen.getByRole('table', { name })).toBeInTheDocument();
    }
    for (const control of [...screen.queryAllByRole('link'), ...screen.getAllByRole('button')]) {
      expect(control).toHaveAccessibleName();
      expect(words(control.textContent ?? '')).toBeLessThanOrEqual(12);
    }
    expect(screen.getByRole('button', { name: /Reader/ })).toHaveTextContent('All readers');
  });
});
