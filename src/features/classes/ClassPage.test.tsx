/**
 * /class/:classId against a fetch stub that answers like the server (classes-test-server.tsx): the code big and
 * spelled, a new code, joining off; the roster with its figures and links; removing a reader after a question;
 * renaming; deleting, then Class Management; a class that is not the teacher's.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PupilSummary } from '#core/api/classes.ts';
import { createQueryClient } from '../../app/query-client.ts';
import {
  classQueryKey,
  LIVE_CLASS_REFETCH_MS,
  PUPILS_QUERY_KEY,
  pupilReportQueryKey,
} from '../../lib/api/classes.ts';
import { jsonResponse } from '../../test/me-fixture.ts';
import { dismissToast } from '../../ui/toast-store.ts';
import { codeLine, CLASS_NOT_FOUND_GUIDANCE, classGuidance } from './classes.guidance.ts';
import {
  calls,
  fakeServer,
  installFakeServer,
  LEO,
  MIA,
  MIA_REPORT,
  renderClassesPage,
  ROOM_4_ID,
  ROOM_5_ID,
  state,
} from './classes-test-server.tsx';
import { spelledClassCode } from './class-text.ts';
import { CLASS_GONE_LINE, ClassPage } from './ClassPage.tsx';
import { StudentProgressListPage } from './StudentProgressListPage.tsx';
import { TeacherDashboardPage } from './TeacherDashboardPage.tsx';

const pattern = '/class/:classId';
const room4 = { at: `/class/${ROOM_4_ID}`, pattern };
const sent = (method: string) => calls.filter((c) => c.method === method);
const classGets = () => calls.filter((c) => c.method === 'GET' && c.url === `/api/classes/${ROOM_4_ID}`);
const words = (text: string) => text.trim().split(/\s+/).length;

/** The fake server, except that every `method` request is refused with `body` and `status` (and recorded). */
function refuse(method: string, body: unknown, status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method !== method) return fakeServer(input, init);
      calls.push({ method, url: new URL(String(input), 'http://localhost').pathname });
      return Promise.resolve(jsonResponse(body, status));
    }),
  );
}

beforeEach(installFakeServer);
afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

describe('spelledClassCode', () => {
  it('says a code a digit at a time, in its two groups', () => {
    expect(spelledClassCode('482913')).toBe('4 8 2, 9 1 3');
  });
});

describe('ClassPage', () => {
  it('shows the code big, spelled for a screen reader, with its expiry, and the roster', async () => {
    const user = userEvent.setup();
    const { setGuidance, spoken } = renderClassesPage(<ClassPage />, room4);
    expect(await screen.findByRole('heading', { level: 1, name: 'Room 4' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Room 4 · Class/);
    const code = screen.getByText('Class code: 4 8 2, 9 1 3');
    expect(code).toHaveClass('visually-hidden');
    expect(screen.getByText('482 913')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText(/It works until/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn joining off' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hear the code' }));
    expect(spoken).toContain(codeLine('4 8 2, 9 1 3'));
    expect(setGuidance).toHaveBeenLastCalledWith([...classGuidance(true)]);

    const table = screen.getByRole('table', { name: 'Readers in Room 4' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'Mia' })).toHaveAttribute(
      'href',
      `/student-progress/${MIA.userId}`,
    );
    const miaCells = within(rows[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // Grade, Lexile, last read, WCPM (whole), accuracy (one decimal), readings this week, remove.
    expect(miaCells.slice(0, 2)).toEqual(['Grade2nd grade', 'Lexile310L']);
    expect(miaCells[3]).toBe('Words correct per minute48');
    expect(miaCells[4]).toBe('Accuracy95.3%');
    expect(miaCells[5]).toBe('Readings this week3');
    expect(within(rows[2]!).getAllByRole('cell')[2]).toHaveTextContent('Not yet');
    expect(within(rows[2]!).getByRole('button', { name: 'Remove Leo' })).toBeInTheDocument();
  });

  it('asks before a new code stops the one on the board, Cancel first, then makes it and focuses it', async () => {
    const user = userEvent.setup();
    renderClassesPage(<ClassPage />, room4);
    const makeNew = await screen.findByRole('button', { name: 'Make a new code' });
    await user.click(makeNew);
    let dialog = await screen.findByRole('alertdialog', { name: 'Make a new code? 482 913 stops working.' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('4 8 2, 9 1 3 stops working'));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    // Cancel (or Enter on the focused Cancel) keeps the code.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent('POST')).toEqual([]);
    expect(screen.getByText('Class code: 4 8 2, 9 1 3')).toBeInTheDocument();

    await user.click(makeNew);
    dialog = await screen.findByRole('alertdialog', { name: 'Make a new code? 482 913 stops working.' });
    await user.click(within(dialog).getByRole('button', { name: 'Make a new code' }));
    const code = await screen.findByText('Class code: 7 0 5, 1 1 8');
    await waitFor(() => expect(code.parentElement).toHaveFocus());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sent('POST').map((c) => c.url)).toEqual([`/api/classes/${ROOM_4_ID}/code`]);
  });

  it('asks before turning joining off, then offers to make a code (at once), with focus on that button', async () => {
    const user = userEvent.setup();
    const { setGuidance } = renderClassesPage(<ClassPage />, room4);
    await user.click(await screen.findByRole('button', { name: 'Turn joining off' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Turn joining off? 482 913 stops working.',
    });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(sent('DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Turn joining off' }));
    const make = await screen.findByRole('button', { name: 'Make a class code' });
    await waitFor(() => expect(make).toHaveFocus());
    expect(screen.getByText(/Joining is off: no code works/)).toBeInTheDocument();
    expect(screen.queryByText('Class code: 4 8 2, 9 1 3')).not.toBeInTheDocument();
    expect(sent('DELETE').map((c) => c.url)).toEqual([`/api/classes/${ROOM_4_ID}/code`]);
    await waitFor(() => expect(setGuidance).toHaveBeenLastCalledWith([...classGuidance(false)]));

    // No code to stop: no question.
    await user.click(make);
    expect(await screen.findByText('Class code: 7 0 5, 1 1 8')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('removes a reader after asking, and moves focus to the readers heading', async () => {
    const user = userEvent.setup();
    renderClassesPage(<ClassPage />, room4);
    await user.click(await screen.findByRole('button', { name: 'Remove Leo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Leo from Room 4?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Leo' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Readers' })).toHaveFocus());
    expect(sent('DELETE').map((c) => c.url)).toEqual([`/api/classes/${ROOM_4_ID}/pupils/${LEO.userId}`]);
    expect(screen.getByText('1 of 40 readers')).toBeInTheDocument();
  });

  it('renames the class, and refuses an empty name on the field', async () => {
    const user = userEvent.setup();
    const { spoken } = renderClassesPage(<ClassPage />, room4);
    const name = await screen.findByRole('textbox', { name: 'Class name' });
    expect(name).toHaveValue('Room 4');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Give the class a name.'));
    expect(name).toHaveFocus();
    expect(spoken).toContain('Give the class a name.');
    expect(sent('PATCH')).toEqual([]);

    await user.type(name, 'Room 4B');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Room 4B' })).toBeInTheDocument();
    expect(sent('PATCH')[0]!.body).toEqual({ name: 'Room 4B', grade: '2' });
  });

  it('deletes the class after asking, then goes to Class Management', async () => {
    const user = userEvent.setup();
    const { client } = renderClassesPage(<ClassPage />, room4);
    client.setQueryData(pupilReportQueryKey(MIA.userId), MIA_REPORT);
    await user.click(await screen.findByRole('button', { name: 'Delete the class' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Room 4?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete the class' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/class-management'));
    expect(sent('DELETE').map((c) => c.url)).toEqual([`/api/classes/${ROOM_4_ID}`]);
    expect(state.classes.map((c) => c.id)).toEqual([ROOM_5_ID]);
    // The deleted class is not asked for again.
    expect(calls.filter((c) => c.method === 'GET' && c.url === `/api/classes/${ROOM_4_ID}`)).toHaveLength(1);
    // Its readers' reports are not kept: they may be in none of the teacher's classes now.
    expect(client.getQueryData(pupilReportQueryKey(MIA.userId))).toBeUndefined();
  });

  it('says so when the class is not one of the teacher’s', async () => {
    const { setGuidance } = renderClassesPage(<ClassPage />, {
      at: '/class/9f9f9f9f-0000-4000-8000-000000000000',
      pattern,
    });
    expect(await screen.findByText('This class is not one of yours, or it was deleted.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByRole('link', { name: 'Class Management' })).toHaveAttribute(
      'href',
      '/class-management',
    );
    expect(setGuidance).toHaveBeenLastCalledWith([...CLASS_NOT_FOUND_GUIDANCE]);
  });

  it('names two readers called Mia apart, and cuts a long name short, so each control is at most 12 words', async () => {
    const mia3: PupilSummary = { ...MIA, userId: 'pupil-mia-3', grade: '3' };
    const long: PupilSummary = {
      ...LEO,
      userId: 'pupil-long',
      displayName: 'Anna Maria Louisa Catherine Elizabeth Josephine Victoria Margaret Rose Smith',
    };
    state.rosters[ROOM_4_ID] = [MIA, mia3, long];
    renderClassesPage(<ClassPage />, room4);
    const table = await screen.findByRole('table', { name: 'Readers in Room 4' });
    expect(within(table).getByRole('button', { name: 'Remove Mia (2nd grade)' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Remove Mia (3rd grade)' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Mia (3rd grade)' })).toHaveAttribute(
      'href',
      '/student-progress/pupil-mia-3',
    );
    const cut = 'Anna Maria Louisa Catherine Elizabeth Josephine…';
    expect(within(table).getByRole('link', { name: cut })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: `Remove ${cut}` })).toBeInTheDocument();
    // The whole name is still shown, as text, beside the short link.
    expect(within(table).getByText(long.displayName)).toBeInTheDocument();
    for (const control of [...within(table).getAllByRole('button'), ...within(table).getAllByRole('link')]) {
      expect(words(control.textContent)).toBeLessThanOrEqual(12);
    }
  });

  it('asks about the reader by the name the table gives them', async () => {
    const user = userEvent.setup();
    state.rosters[ROOM_4_ID] = [MIA, { ...MIA, userId: 'pupil-mia-3', grade: '3' }];
    renderClassesPage(<ClassPage />, room4);
    await user.click(await screen.findByRole('button', { name: 'Remove Mia (3rd grade)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Mia (3rd grade) from Room 4?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Mia/ })).toHaveLength(1));
    expect(sent('DELETE').map((c) => c.url)).toEqual([`/api/classes/${ROOM_4_ID}/pupils/pupil-mia-3`]);
  });

  it('after Remove, Teacher Dashboard’s “Not read in 7 days” and Student Progress drop the reader, and their cached report goes', async () => {
    const user = userEvent.setup();
    const { client } = renderClassesPage(
      <>
        <ClassPage />
        <TeacherDashboardPage />
        <StudentProgressListPage />
      </>,
      room4,
    );
    const quiet = await screen.findByRole('list', { name: 'Not read in 7 days' });
    expect(within(quiet).getByRole('link', { name: 'Leo' })).toBeInTheDocument();
    const progress = await screen.findByRole('table', { name: 'Readers in your classes' });
    expect(within(progress).getByRole('link', { name: 'Leo' })).toBeInTheDocument();
    // A report of Leo's seen earlier, still in the cache.
    const leoReport = {
      ...MIA_REPORT,
      child: { ...MIA_REPORT.child, userId: LEO.userId, displayName: 'Leo' },
    };
    client.setQueryData(pupilReportQueryKey(LEO.userId), leoReport);

    const roster = screen.getByRole('table', { name: 'Readers in Room 4' });
    await user.click(within(roster).getByRole('button', { name: 'Remove Leo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Leo from Room 4?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() =>
      expect(within(progress).queryByRole('link', { name: 'Leo' })).not.toBeInTheDocument(),
    );
    expect(within(progress).getByRole('link', { name: 'Mia' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Not read in 7 days' })).not.toBeInTheDocument();
    expect(screen.getByText('Every reader in your classes has read in the last 7 days.')).toBeInTheDocument();
    expect(within(roster).queryByRole('link', { name: 'Leo' })).not.toBeInTheDocument();
    // Dropped, not only marked stale: it can never be shown from the cache, and it is not asked for.
    expect(client.getQueryCache().find({ queryKey: pupilReportQueryKey(LEO.userId) })).toBeUndefined();
    expect(calls.some((c) => c.url.endsWith(`/pupils/${LEO.userId}/report`))).toBe(false);
  });

  it('asks the server again every 10 s while the class has a live code, and not once joining is off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderClassesPage(<ClassPage />, room4);
      await screen.findByRole('table', { name: 'Readers in Room 4' });
      expect(classGets()).toHaveLength(1);
      // Leo joined meanwhile from his side.
      state.rosters[ROOM_4_ID] = [MIA, LEO, { ...LEO, userId: 'pupil-zoe', displayName: 'Zoe' }];
      await vi.advanceTimersByTimeAsync(LIVE_CLASS_REFETCH_MS);
      expect(await screen.findByRole('link', { name: 'Zoe' })).toBeInTheDocument();
      expect(classGets()).toHaveLength(2);

      // Joining turned off (in another tab): the next answer has no code, and the asking stops.
      state.classes = state.classes.map((c) => (c.id === ROOM_4_ID ? { ...c, code: null } : c));
      await vi.advanceTimersByTimeAsync(LIVE_CLASS_REFETCH_MS);
      expect(await screen.findByRole('button', { name: 'Make a class code' })).toBeInTheDocument();
      expect(classGets()).toHaveLength(3);
      await vi.advanceTimersByTimeAsync(3 * LIVE_CLASS_REFETCH_MS);
      expect(classGets()).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('ClassPage when the reader or the class went elsewhere', () => {
  it('says plainly that a reader who already left is no longer in the class, and their row goes', async () => {
    const user = userEvent.setup();
    renderClassesPage(<ClassPage />, room4);
    await user.click(await screen.findByRole('button', { name: 'Remove Leo' }));
    // Leo leaves from his side while the question is open.
    state.rosters[ROOM_4_ID] = [MIA];
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Leo from Room 4?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Leo is no longer in Room 4.')).toBeInTheDocument();
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Leo' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Remove Leo' })).not.toBeInTheDocument();
    expect(screen.getByText('1 of 40 readers')).toBeInTheDocument();
    expect(classGets()).toHaveLength(2);
    expect(sent('DELETE')).toHaveLength(1);
  });

  it.each([
    {
      act: 'Make a new code',
      question: 'Make a new code? 482 913 stops working.',
      confirm: 'Make a new code',
    },
    {
      act: 'Turn joining off',
      question: 'Turn joining off? 482 913 stops working.',
      confirm: 'Turn joining off',
    },
    { act: 'Delete the class', question: 'Delete Room 4?', confirm: 'Delete the class' },
  ])(
    '$act on a class deleted in another tab: says so once, sends it once, and goes to Class Management',
    async ({ act, question, confirm }) => {
      const user = userEvent.setup();
      const { client } = renderClassesPage(<ClassPage />, room4);
      await user.click(await screen.findByRole('button', { name: act }));
      state.classes = state.classes.filter((c) => c.id !== ROOM_4_ID);
      const dialog = await screen.findByRole('alertdialog', { name: question });
      await user.click(within(dialog).getByRole('button', { name: confirm }));

      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/class-management'));
      expect(await screen.findByText(CLASS_GONE_LINE)).toBeInTheDocument();
      expect(CLASS_GONE_LINE).toBe('This class was deleted.');
      expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
      // Not sent again (no retry of a 404), and the gone class is not kept in the cache.
      expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(1);
      expect(client.getQueryData(classQueryKey(ROOM_4_ID))).toBeUndefined();
    },
  );

  it('renaming a class deleted in another tab goes to Class Management too', async () => {
    const user = userEvent.setup();
    renderClassesPage(<ClassPage />, room4);
    const name = await screen.findByRole('textbox', { name: 'Class name' });
    state.classes = state.classes.filter((c) => c.id !== ROOM_4_ID);
    await user.clear(name);
    await user.type(name, 'Room 4B');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/class-management'));
    expect(await screen.findByText(CLASS_GONE_LINE)).toBeInTheDocument();
    expect(sent('PATCH')).toHaveLength(1);
  });

  it('after any other failure, asks for the class and the readers again', async () => {
    const user = userEvent.setup();
    const { client } = renderClassesPage(<ClassPage />, room4);
    await screen.findByRole('table', { name: 'Readers in Room 4' });
    client.setQueryData(PUPILS_QUERY_KEY, { pupils: [] });
    refuse('POST', { error: { code: 'internal_error', message: 'Oops' } }, 500);
    await user.click(screen.getByRole('button', { name: 'Make a new code' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Make a new code? 482 913 stops working.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Make a new code' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(sent('POST')).toHaveLength(1);
    await waitFor(() => expect(classGets()).toHaveLength(2));
    expect(client.getQueryState(PUPILS_QUERY_KEY)?.isInvalidated).toBe(true);
    expect(screen.getByText('Class code: 4 8 2, 9 1 3')).toBeInTheDocument();
  });

  it('with the app’s defaults (mutations retried once), a refused rename or turn-off is sent only once', async () => {
    const user = userEvent.setup();
    refuse(
      'PATCH',
      {
        error: {
          code: 'invalid_input',
          message: 'Invalid input',
          details: [{ path: 'name', message: 'That name is too long.' }],
        },
      },
      422,
    );
    renderClassesPage(<ClassPage />, { ...room4, client: createQueryClient() });
    const name = await screen.findByRole('textbox', { name: 'Class name' });
    await user.type(name, 'B');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(expect.stringContaining('too long')));
    expect(sent('PATCH')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Turn joining off' }));
    state.classes = state.classes.filter((c) => c.id !== ROOM_4_ID);
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Turn joining off? 482 913 stops working.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Turn joining off' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/class-management'));
    expect(sent('DELETE')).toHaveLength(1);
  });
});
