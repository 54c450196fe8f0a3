/**
 * /grade-assignments against a fetch stub that answers like the server (classes-test-server.tsx): the teacher's
 * assignments, newest first, each a link to its results; none yet; one assignment's readers in a table with their
 * figures; deleting it after a question, Cancel first; an assignment that is not the teacher's; anyone else.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssignmentSummary } from '#core/api/assignments.ts';
import { meFixture } from '../../test/me-fixture.ts';
import { dismissToast } from '../../ui/toast-store.ts';
import {
  ASSIGNMENT_NOT_FOUND_GUIDANCE,
  assignmentResultsGuidance,
  GRADE_ASSIGNMENTS_GUIDANCE,
  GRADE_ASSIGNMENTS_NONE_GUIDANCE,
} from './classes.guidance.ts';
import {
  calls,
  installFakeServer,
  KITE_ASSIGNMENT,
  KITE_ASSIGNMENT_ID,
  KITE_RESULTS,
  LEO,
  MIA,
  MIA_EARLIER_READING_ID,
  MIA_READING_ID,
  renderClassesPage,
  ROOM_5_ID,
  state,
} from './classes-test-server.tsx';
import { assignmentLinkNames, GradeAssignmentsPage } from './GradeAssignmentsPage.tsx';

const pattern = '/grade-assignments';
const list = { at: pattern, pattern };
const results = { at: `/grade-assignments?assignment=${KITE_ASSIGNMENT_ID}`, pattern };
const gets = (url: string) => calls.filter((c) => c.method === 'GET' && c.url === url);

/** An assignment like the kite one, with another id, story or class. */
function another(n: number, change: Partial<AssignmentSummary>): AssignmentSummary {
  return {
    ...KITE_ASSIGNMENT,
    id: `${KITE_ASSIGNMENT_ID.slice(0, -2)}${String(n).padStart(2, '0')}`,
    ...change,
  };
}

beforeEach(installFakeServer);
afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

describe('assignmentLinkNames', () => {
  it('names a repeated story by its class, then by a number, in at most 12 words', () => {
    const long = 'The Very Long Story of the Little Red Kite That Flew Away';
    const names = assignmentLinkNames([
      KITE_ASSIGNMENT,
      another(2, { className: 'Room 5', classId: ROOM_5_ID }),
      another(3, {}),
      another(4, { storyTitle: long }),
    ]);
    expect(names).toEqual([
      'The Red Kite (Room 4) 1',
      'The Red Kite (Room 5)',
      'The Red Kite (Room 4) 2',
      'The Very Long Story of…',
    ]);
    for (const name of names) expect(name.split(/\s+/).length).toBeLessThanOrEqual(12);
  });
});

describe('GradeAssignmentsPage', () => {
  it('lists the assignments, newest first, each with its class, day and how many have read it', async () => {
    state.assignments = [
      KITE_ASSIGNMENT,
      another(2, {
        storyTitle: 'The Big Dog',
        assignedAt: '2026-11-24T09:00:00Z',
        dueOn: null,
        doneCount: 0,
      }),
    ];
    const { setGuidance } = renderClassesPage(<GradeAssignmentsPage />, list);
    const items = within(await screen.findByRole('list', { name: 'Your assignments' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'The Big Dog',
      'The Red Kite',
    ]);
    expect(within(items[1]!).getByRole('link')).toHaveAttribute(
      'href',
      `/grade-assignments?assignment=${KITE_ASSIGNMENT_ID}`,
    );
    expect(items[1]).toHaveTextContent('Room 4');
    expect(items[1]).toHaveTextContent(/Due /);
    expect(items[1]).toHaveTextContent('1 of 2 have read it');
    expect(items[0]).toHaveTextContent('No set day');
    expect(items[0]).toHaveTextContent('0 of 2 have read it');
    expect(screen.getByRole('link', { name: 'Create Assignment' })).toHaveAttribute(
      'href',
      '/create-assignment',
    );
    expect(setGuidance).toHaveBeenLastCalledWith([...GRADE_ASSIGNMENTS_GUIDANCE]);
  });

  it('with no assignment yet, leads to Create Assignment', async () => {
    state.assignments = [];
    const { setGuidance } = renderClassesPage(<GradeAssignmentsPage />, list);
    expect(await screen.findByText('You have not set an assignment yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Assignment' })).toHaveAttribute(
      'href',
      '/create-assignment',
    );
    expect(setGuidance).toHaveBeenLastCalledWith([...GRADE_ASSIGNMENTS_NONE_GUIDANCE]);
  });

  it("shows one assignment's readers: done or not yet, readings, latest and best figures", async () => {
    const { setGuidance } = renderClassesPage(<GradeAssignmentsPage />, results);
    expect(await screen.findByRole('heading', { level: 1, name: 'The Red Kite' })).toBeInTheDocument();
    expect(document.title).toMatch(/^The Red Kite · Grade Assignments/);
    expect(screen.getByRole('heading', { name: '1 of 2 have read it' })).toBeInTheDocument();
    expect(screen.getByText(/Read it twice this week/)).toBeInTheDocument();
    expect(screen.getByText('310L · 240 words')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Readers in Room 4' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'Mia' })).toHaveAttribute(
      'href',
      `/student-progress/${MIA.userId}`,
    );
    const mia = within(rows[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(mia[0]).toBe('Read itDone');
    expect(mia[1]).toBe('Readings2');
    expect(mia[2]).toMatch(/^Latest reading.*2026/);
    expect(mia.slice(3)).toEqual([
      'Words correct per minute48',
      'Accuracy95.3%',
      'Best words correct per minute51',
    ]);
    const leo = within(rows[2]!).getAllByRole('cell');
    expect(within(rows[2]!).getByRole('link', { name: 'Leo' })).toHaveAttribute(
      'href',
      `/student-progress/${LEO.userId}`,
    );
    expect(leo[0]).toHaveTextContent('Not yet');
    expect(leo[4]).toHaveTextContent('—');
    expect(setGuidance).toHaveBeenLastCalledWith([...assignmentResultsGuidance(1, 2)]);
    expect(screen.getByRole('link', { name: 'All assignments' })).toHaveAttribute(
      'href',
      '/grade-assignments',
    );
  });

  it("links each reader's latest reading to its reading record, each link named for its reader (ADR 0048)", async () => {
    state.results[KITE_ASSIGNMENT_ID] = [
      ...KITE_RESULTS,
      {
        ...KITE_RESULTS[0]!,
        userId: 'pupil-mia-2',
        latest: { ...KITE_RESULTS[0]!.latest!, id: MIA_EARLIER_READING_ID },
      },
    ];
    renderClassesPage(<GradeAssignmentsPage />, results);
    const table = await screen.findByRole('table', { name: 'Readers in Room 4' });
    const rows = within(table).getAllByRole('row').slice(1);
    const recordLink = (row: HTMLElement) => within(row).queryByRole('link', { name: /read it$/ });
    expect(recordLink(rows[0]!)).toHaveAccessibleName('How Mia (1) read it');
    expect(recordLink(rows[0]!)).toHaveAttribute(
      'href',
      `/grade-assignments?assignment=${KITE_ASSIGNMENT_ID}&reading=${MIA_READING_ID}`,
    );
    // Leo has not read it: no record to open.
    expect(recordLink(rows[1]!)).toBeNull();
    expect(recordLink(rows[2]!)).toHaveAccessibleName('How Mia (2) read it');
    expect(recordLink(rows[2]!)).toHaveAttribute(
      'href',
      `/grade-assignments?assignment=${KITE_ASSIGNMENT_ID}&reading=${MIA_EARLIER_READING_ID}`,
    );
  });

  it('opens the reading record from the link, and goes back to the results', async () => {
    const user = userEvent.setup();
    renderClassesPage(<GradeAssignmentsPage />, results);
    await user.click(await screen.findByRole('link', { name: 'How Mia read it' }));
    expect(screen.getByTestId('where')).toHaveAttribute(
      'data-search',
      `?assignment=${KITE_ASSIGNMENT_ID}&reading=${MIA_READING_ID}`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Mia reading The Red Kite' })).toHaveFocus();
    expect(gets(`/api/assignments/${KITE_ASSIGNMENT_ID}/readings/${MIA_READING_ID}`)).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: 'Back to the results' }));
    expect(screen.getByTestId('where')).toHaveAttribute('data-search', `?assignment=${KITE_ASSIGNMENT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'The Red Kite' })).toHaveFocus();
  });

  it('asks before deleting, Cancel first, then deletes and goes back to the list', async () => {
    const user = userEvent.setup();
    renderClassesPage(<GradeAssignmentsPage />, results);
    const remove = await screen.findByRole('button', { name: 'Delete the assignment' });
    await user.click(remove);
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete The Red Kite for Room 4?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await user.click(remove);
    dialog = await screen.findByRole('alertdialog', { name: 'Delete The Red Kite for Room 4?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete the assignment' }));
    expect(await screen.findByText('You have not set an assignment yet.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: `/api/assignments/${KITE_ASSIGNMENT_ID}`, body: undefined },
    ]);
    expect(screen.getByTestId('where')).toHaveAttribute('data-search', '');
    expect(screen.getByText('Assignment deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your assignments' })).toHaveFocus());
  });

  it('says plainly when the assignment is not one of yours, with the way back', async () => {
    const { setGuidance } = renderClassesPage(<GradeAssignmentsPage />, {
      at: `/grade-assignments?assignment=${KITE_ASSIGNMENT_ID.slice(0, -2)}99`,
      pattern,
    });
    expect(await screen.findByText(/This assignment is not one of yours/)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('link', { name: 'All assignments' })).toHaveAttribute(
      'href',
      '/grade-assignments',
    );
    expect(setGuidance).toHaveBeenLastCalledWith([...ASSIGNMENT_NOT_FOUND_GUIDANCE]);
  });

  it('asks the server again each time, never showing the list from the cache alone', async () => {
    const first = renderClassesPage(<GradeAssignmentsPage />, list);
    await screen.findByRole('list', { name: 'Your assignments' });
    first.unmount();
    state.assignments[0] = { ...KITE_ASSIGNMENT, doneCount: 2 };
    renderClassesPage(<GradeAssignmentsPage />, { ...list, client: first.client });
    expect(await screen.findByText('2 of 2 have read it')).toBeInTheDocument();
    expect(gets('/api/assignments')).toHaveLength(2);
  });

  it('is for teachers only', async () => {
    renderClassesPage(<GradeAssignmentsPage />, { ...results, me: meFixture({ userType: 'guardian' }) });
    expect(screen.getByText('This page is for teachers.')).toBeInTheDocument();
    expect(gets(`/api/assignments/${KITE_ASSIGNMENT_ID}`)).toEqual([]);
  });

  it('is for teachers only, also when the server says so', async () => {
    state.refuseAll = [{ error: { code: 'not_a_teacher', message: 'Teachers only' } }, 403];
    renderClassesPage(<GradeAssignmentsPage />, list);
    expect(await screen.findByText('This page is for teachers.')).toBeInTheDocument();
  });
});
