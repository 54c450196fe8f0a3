/**
 * /teacher-dashboard against a fetch stub that answers like the server (classes-test-server.tsx): the classes with
 * their reader counts and codes, the readers who have not read in 7 days, the way to the first class, and
 * anyone who is not a teacher sent home.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meFixture } from '../../test/me-fixture.ts';
import {
  DASHBOARD_FIRST_CLASS_GUIDANCE,
  DASHBOARD_GUIDANCE,
  NOT_A_TEACHER_GUIDANCE,
} from './classes.guidance.ts';
import {
  calls,
  installFakeServer,
  LEO,
  renderClassesPage,
  ROOM_4,
  ROOM_4_ID,
  ROOM_5_ID,
  state,
} from './classes-test-server.tsx';
import { TeacherDashboardPage } from './TeacherDashboardPage.tsx';

const at = { at: '/teacher-dashboard', pattern: '/teacher-dashboard' };

beforeEach(installFakeServer);
afterEach(() => vi.unstubAllGlobals());

describe('TeacherDashboardPage', () => {
  it('shows each class with its readers and code, and the readers who have not read in 7 days', async () => {
    const { setGuidance } = renderClassesPage(<TeacherDashboardPage />, at);
    expect(screen.getByRole('heading', { level: 1, name: 'Teacher Dashboard' })).toBeInTheDocument();
    const classes = await screen.findByRole('list', { name: 'Your classes' });
    const room4 = within(classes).getByRole('link', { name: 'Room 4' });
    expect(room4).toHaveAttribute('href', `/class/${ROOM_4_ID}`);
    expect(within(classes).getByRole('link', { name: 'Room 5' })).toHaveAttribute(
      'href',
      `/class/${ROOM_5_ID}`,
    );
    const [line4, line5] = within(classes).getAllByRole('listitem');
    expect(line4).toHaveTextContent('2nd grade, 2 readers');
    // The code big for the eye, a digit at a time for a screen reader.
    expect(line4).toHaveTextContent('482 913');
    expect(within(line4!).getByText('4 8 2, 9 1 3')).toHaveClass('visually-hidden');
    expect(line5).toHaveTextContent('1 reader');
    expect(line5).toHaveTextContent('Joining is off');

    const quiet = await screen.findByRole('list', { name: 'Not read in 7 days' });
    expect(within(quiet).getAllByRole('listitem')).toHaveLength(1);
    expect(within(quiet).getByRole('link', { name: 'Leo' })).toHaveAttribute(
      'href',
      `/student-progress/${LEO.userId}`,
    );
    expect(quiet).toHaveTextContent('Has not read yet');
    expect(screen.getByRole('link', { name: 'Class Management' })).toHaveAttribute(
      'href',
      '/class-management',
    );
    expect(screen.getByRole('link', { name: 'Student Progress' })).toHaveAttribute(
      'href',
      '/student-progress',
    );
    expect(setGuidance).toHaveBeenLastCalledWith([...DASHBOARD_GUIDANCE]);
  });

  it('with no class, leads to making the first one, and Sparky says so', async () => {
    state.classes = [];
    state.rosters = {};
    const { setGuidance } = renderClassesPage(<TeacherDashboardPage />, at);
    expect(await screen.findByRole('link', { name: 'Make your first class' })).toHaveAttribute(
      'href',
      '/class-management',
    );
    expect(setGuidance).toHaveBeenLastCalledWith([...DASHBOARD_FIRST_CLASS_GUIDANCE]);
    expect(DASHBOARD_FIRST_CLASS_GUIDANCE[0]).toBe('Make your first class.');
  });

  it('sends anyone who is not a teacher home, without asking the server', () => {
    const { setGuidance } = renderClassesPage(<TeacherDashboardPage />, {
      ...at,
      me: meFixture({ name: 'Mia', userType: 'student' }),
    });
    expect(screen.getByText('This page is for teachers.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home Dashboard' })).toHaveAttribute('href', '/home');
    expect(calls.filter((c) => c.url.startsWith('/api/classes'))).toEqual([]);
    expect(setGuidance).toHaveBeenLastCalledWith([...NOT_A_TEACHER_GUIDANCE]);
  });

  it('says the same when the server refuses with not_a_teacher', async () => {
    state.refuseAll = [{ error: { code: 'not_a_teacher', message: 'Only a teacher can do this.' } }, 403];
    renderClassesPage(<TeacherDashboardPage />, at);
    expect(await screen.findByText('This page is for teachers.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home Dashboard' })).toBeInTheDocument();
  });

  it('names two classes called Room 4 and two quiet readers called Leo apart in their links', async () => {
    state.classes = [{ ...ROOM_4 }, { ...ROOM_4, id: ROOM_5_ID, grade: '3', code: null }];
    state.rosters = {
      [ROOM_4_ID]: [LEO],
      [ROOM_5_ID]: [{ ...LEO, userId: 'pupil-leo-2', grade: '3' }],
    };
    renderClassesPage(<TeacherDashboardPage />, at);
    const classes = await screen.findByRole('list', { name: 'Your classes' });
    expect(within(classes).getByRole('link', { name: 'Room 4 (2nd grade)' })).toHaveAttribute(
      'href',
      `/class/${ROOM_4_ID}`,
    );
    expect(within(classes).getByRole('link', { name: 'Room 4 (3rd grade)' })).toHaveAttribute(
      'href',
      `/class/${ROOM_5_ID}`,
    );
    const quiet = await screen.findByRole('list', { name: 'Not read in 7 days' });
    expect(within(quiet).getByRole('link', { name: 'Leo (2nd grade)' })).toHaveAttribute(
      'href',
      `/student-progress/${LEO.userId}`,
    );
    expect(within(quiet).getByRole('link', { name: 'Leo (3rd grade)' })).toHaveAttribute(
      'href',
      '/student-progress/pupil-leo-2',
    );
  });
});
