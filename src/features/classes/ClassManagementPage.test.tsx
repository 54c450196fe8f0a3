/**
 * /class-management against a fetch stub that answers like the server (classes-test-server.tsx): a class made by
 * keyboard with a grade, focus on the new class's link; refusals on the name field, said, focused, the text kept;
 * the list of classes; the page for anyone else.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_CLASSES_PER_TEACHER, type ClassSummary } from '#core/api/classes.ts';
import { meFixture } from '../../test/me-fixture.ts';
import { dismissToast } from '../../ui/toast-store.ts';
import { classMadeLine, ClassManagementPage } from './ClassManagementPage.tsx';
import { CLASS_MANAGEMENT_GUIDANCE } from './classes.guidance.ts';
import {
  calls,
  installFakeServer,
  renderClassesPage,
  ROOM_4,
  ROOM_4_ID,
  state,
} from './classes-test-server.tsx';

const at = { at: '/class-management', pattern: '/class-management' };
const posts = () => calls.filter((c) => c.method === 'POST');

beforeEach(installFakeServer);
afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

describe('ClassManagementPage', () => {
  it('lists the classes, each a link to its page', async () => {
    const { setGuidance } = renderClassesPage(<ClassManagementPage />, at);
    const list = await screen.findByRole('list', { name: 'Your classes' });
    expect(within(list).getByRole('link', { name: 'Room 4' })).toHaveAttribute('href', `/class/${ROOM_4_ID}`);
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(setGuidance).toHaveBeenLastCalledWith([...CLASS_MANAGEMENT_GUIDANCE]);
  });

  it('makes a class by keyboard, with a grade, and moves focus to the new class', async () => {
    const user = userEvent.setup();
    const { spoken } = renderClassesPage(<ClassManagementPage />, at);
    await screen.findByRole('list', { name: 'Your classes' });
    const name = screen.getByRole('textbox', { name: 'Class name' });
    await user.click(name);
    await user.keyboard('  Room   6 ');
    await user.tab();
    expect(screen.getByRole('button', { name: /Grade/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('option', { name: '3rd grade' }));
    await user.click(screen.getByRole('button', { name: 'Make the class' }));

    const link = await screen.findByRole('link', { name: 'Room 6' });
    await waitFor(() => expect(link).toHaveFocus());
    expect(posts()[0]!.body).toEqual({ name: 'Room 6', grade: '3' });
    expect(spoken).toContain(classMadeLine('Room 6'));
    expect(name).toHaveValue('');
  });

  it('refuses an empty name on the field, aloud, with focus there, and sends nothing', async () => {
    const user = userEvent.setup();
    const { spoken } = renderClassesPage(<ClassManagementPage />, at);
    await screen.findByRole('list', { name: 'Your classes' });
    await user.type(screen.getByRole('textbox', { name: 'Class name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Make the class' }));
    const name = screen.getByRole('textbox', { name: 'Class name' });
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Give the class a name.'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(spoken).toContain('Give the class a name.');
    expect(posts()).toEqual([]);
  });

  it("shows the server's refusal on the field, aloud, focused, and keeps the text", async () => {
    state.refuseCreate = [
      { error: { code: 'too_many_classes', message: 'You have as many classes as you can.' } },
      409,
    ];
    const user = userEvent.setup();
    const { spoken } = renderClassesPage(<ClassManagementPage />, at);
    await screen.findByRole('list', { name: 'Your classes' });
    const name = screen.getByRole('textbox', { name: 'Class name' });
    await user.type(name, 'Room 7');
    await user.click(screen.getByRole('button', { name: 'Make the class' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(expect.stringContaining('Delete one to make another.')),
    );
    expect(name).toHaveFocus();
    expect(name).toHaveValue('Room 7');
    expect(spoken.some((line) => line.includes('Delete one to make another.'))).toBe(true);
  });

  it('says a form fault that is not about the name in an alert', async () => {
    state.refuseCreate = [{ error: { code: 'internal_error', message: 'Oops' } }, 500];
    const user = userEvent.setup();
    renderClassesPage(<ClassManagementPage />, at);
    await screen.findByRole('list', { name: 'Your classes' });
    await user.type(screen.getByRole('textbox', { name: 'Class name' }), 'Room 7');
    await user.click(screen.getByRole('button', { name: 'Make the class' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toHaveAttribute(
      'role',
      'alert',
    );
  });

  it('with the most classes a teacher can have, says so instead of the form', async () => {
    state.classes = Array.from({ length: MAX_CLASSES_PER_TEACHER }, (_, i): ClassSummary => ({
      ...ROOM_4,
      id: `${ROOM_4_ID.slice(0, -2)}${String(i).padStart(2, '0')}`,
      name: `Room ${i}`,
    }));
    renderClassesPage(<ClassManagementPage />, at);
    expect(await screen.findByText(/the most one teacher can have/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Class name' })).not.toBeInTheDocument();
  });

  it('is for teachers only', () => {
    renderClassesPage(<ClassManagementPage />, { ...at, me: meFixture({ userType: 'guardian' }) });
    expect(screen.getByText('This page is for teachers.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('names two classes of the same name apart, and cuts a long name short in its link', async () => {
    const long = 'The Wonderful Readers of the Blue Room at the End of the Hall';
    state.classes = [
      { ...ROOM_4 },
      { ...ROOM_4, id: `${ROOM_4_ID.slice(0, -2)}99` },
      { ...ROOM_4, id: `${ROOM_4_ID.slice(0, -2)}98`, name: long, grade: null },
    ];
    renderClassesPage(<ClassManagementPage />, at);
    const list = await screen.findByRole('list', { name: 'Your classes' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Room 4 (1)',
      'Room 4 (2)',
      'The Wonderful Readers of the Blue…',
    ]);
    // The whole name stays on the line, as text.
    expect(within(list).getByText(long)).toBeInTheDocument();
  });
});
