/**
 * /student-progress against a fetch stub that answers like the server (classes-test-server.tsx): every reader of
 * every class once, with their classes; no reader yet; anyone who is not a teacher.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meFixture } from '../../test/me-fixture.ts';
import { STUDENT_PROGRESS_LIST_GUIDANCE } from './classes.guidance.ts';
import { calls, installFakeServer, LEO, MIA, renderClassesPage, state } from './classes-test-server.tsx';
import { StudentProgressListPage } from './StudentProgressListPage.tsx';

const at = { at: '/student-progress', pattern: '/student-progress' };

beforeEach(installFakeServer);
afterEach(() => vi.unstubAllGlobals());

describe('StudentProgressListPage', () => {
  it('lists every reader once, with their classes, each a link to their progress', async () => {
    const { setGuidance } = renderClassesPage(<StudentProgressListPage />, at);
    expect(screen.getByRole('heading', { level: 1, name: 'Student Progress' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Readers in your classes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['NameLeo', 'NameMia']);
    expect(within(rows[1]!).getByRole('link', { name: 'Mia' })).toHaveAttribute(
      'href',
      `/student-progress/${MIA.userId}`,
    );
    expect(within(rows[1]!).getAllByRole('cell')[0]).toHaveTextContent('Room 4, Room 5');
    expect(within(rows[0]!).getByRole('link', { name: 'Leo' })).toHaveAttribute(
      'href',
      `/student-progress/${LEO.userId}`,
    );
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(setGuidance).toHaveBeenLastCalledWith([...STUDENT_PROGRESS_LIST_GUIDANCE]);
  });

  it('says when no reader has joined yet, and leads to Class Management', async () => {
    state.rosters = {};
    renderClassesPage(<StudentProgressListPage />, at);
    expect(await screen.findByText(/No reader is in your classes yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Class Management' })).toHaveAttribute(
      'href',
      '/class-management',
    );
  });

  it('is for teachers only', () => {
    renderClassesPage(<StudentProgressListPage />, { ...at, me: meFixture({ userType: 'other' }) });
    expect(screen.getByText('This page is for teachers.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/classes'))).toEqual([]);
  });
});
