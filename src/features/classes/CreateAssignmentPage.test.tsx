/**
 * /create-assignment against a fetch stub that answers like the server (classes-test-server.tsx): the class chosen
 * from ?class=, the stories of its grade with their Lexile and length, a note and a due day, "Set the assignment",
 * then Sparky's line and "See who has read it" focused; refusals on their field, said, focused, the text kept; no
 * class yet; the page for anyone else; the link on a class's page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSIGNMENT_DUE_MAX_DAYS } from '#core/api/assignments.ts';
import { meFixture } from '../../test/me-fixture.ts';
import { dismissToast } from '../../ui/toast-store.ts';
import {
  assignmentSetLine,
  CREATE_ASSIGNMENT_GUIDANCE,
  CREATE_ASSIGNMENT_NO_CLASS_GUIDANCE,
} from './classes.guidance.ts';
import {
  BIG_DOG,
  calls,
  fakeServer,
  installFakeServer,
  RED_KITE,
  renderClassesPage,
  ROOM_4_ID,
  ROOM_5_ID,
  state,
} from './classes-test-server.tsx';
import { ClassPage } from './ClassPage.tsx';
import { checkAssignment, CreateAssignmentPage, dueDayOfLink } from './CreateAssignmentPage.tsx';
import { localDay } from './assignment-links.ts';

const pattern = '/create-assignment';
const forRoom4 = { at: `/create-assignment?class=${ROOM_4_ID}`, pattern };
const posts = () => calls.filter((c) => c.method === 'POST');
const words = (text: string) => text.trim().split(/\s+/).length;

beforeEach(installFakeServer);
afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

describe('checkAssignment', () => {
  const draft = { classId: ROOM_4_ID, storyId: RED_KITE.id, note: '', dueOn: '' };
  it('sends no note or day when none is given, and a cleaned note', () => {
    expect(checkAssignment(draft)).toEqual({ request: { classId: ROOM_4_ID, storyId: RED_KITE.id } });
    expect(checkAssignment({ ...draft, note: '  Read   it twice ' })).toEqual({
      request: { classId: ROOM_4_ID, storyId: RED_KITE.id, note: 'Read it twice' },
    });
  });
  it('refuses a day before today, after a year, or that does not exist', () => {
    const today = '2026-11-25';
    const furthest = '2027-11-26';
    expect(checkAssignment({ ...draft, dueOn: '2026-11-24' }, today, furthest)).toEqual({
      errors: { dueOn: 'Choose today or a later day.' },
    });
    expect(checkAssignment({ ...draft, dueOn: '2027-12-01' }, today, furthest)).toEqual({
      errors: { dueOn: 'Choose a day within a year from today.' },
    });
    expect(checkAssignment({ ...draft, dueOn: '2026-02-30' }, today, furthest)).toEqual({
      errors: { dueOn: 'That day does not exist.' },
    });
    expect(checkAssignment({ ...draft, dueOn: today }, today, furthest)).toHaveProperty('request');
  });
  it('refuses a note over 200 characters and a missing class or story', () => {
    const found = checkAssignment({ classId: '', storyId: '', note: 'a'.repeat(201), dueOn: '' });
    expect(found).toEqual({
      errors: {
        classId: 'Choose a class.',
        storyId: 'Choose a story.',
        note: 'A note is at most 200 characters.',
      },
    });
  });
});

describe('dueDayOfLink', () => {
  it('takes a day that may be set, and ignores any other', () => {
    const today = '2026-11-25';
    const furthest = '2027-11-26';
    expect(dueDayOfLink('2026-12-07', today, furthest)).toBe('2026-12-07');
    expect(dueDayOfLink(today, today, furthest)).toBe(today);
    expect(dueDayOfLink(furthest, today, furthest)).toBe(furthest);
    for (const asked of [null, '', '2026-11-24', '2027-11-27', '2026-02-30', '7 December', '2026-12-7']) {
      expect(dueDayOfLink(asked, today, furthest)).toBe('');
    }
  });
});

describe('CreateAssignmentPage', () => {
  it('chooses the class from ?class=, shows the stories of its grade, and sets the assignment', async () => {
    const user = userEvent.setup();
    const { spoken, setGuidance } = renderClassesPage(<CreateAssignmentPage />, forRoom4);
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Assignment' })).toBeInTheDocument();
    const classButton = await screen.findByRole('button', { name: /Class/ });
    expect(classButton).toHaveTextContent('Room 4');
    expect(setGuidance).toHaveBeenLastCalledWith([...CREATE_ASSIGNMENT_GUIDANCE]);
    // Room 4 is 2nd grade: the level follows it, so only the grade 2 story shows.
    const stories = await screen.findByRole('radiogroup', { name: 'Story' });
    const kite = await within(stories).findByRole('radio', { name: 'The Red Kite' });
    expect(kite).toHaveAccessibleDescription(expect.stringContaining('Grade 2, Lexile 310L, 240 words'));
    expect(kite.closest('label')).toHaveTextContent('The Red KiteGrade 2 · 310L · 240 words');
    expect(within(stories).queryByRole('radio', { name: 'The Big Dog' })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/stories' && c.method === 'GET')).toBe(true));

    await user.click(kite);
    await user.type(screen.getByRole('textbox', { name: /Note for the readers/ }), 'Read it twice.');
    const due = screen.getByLabelText(/Due day/);
    const day = localDay(7);
    await user.type(due, day);
    expect(due).toHaveValue(day);
    await user.click(screen.getByRole('button', { name: 'Set the assignment' }));

    const link = await screen.findByRole('link', { name: 'See who has read it' });
    expect(posts()).toEqual([
      {
        method: 'POST',
        url: `/api/classes/${ROOM_4_ID}/assignments`,
        body: { storyId: RED_KITE.id, note: 'Read it twice.', dueOn: day },
      },
    ]);
    const made = state.assignments[0]!;
    expect(link).toHaveAttribute('href', `/grade-assignments?assignment=${made.id}`);
    await waitFor(() => expect(link).toHaveFocus());
    expect(spoken).toContain(assignmentSetLine('The Red Kite', 'Room 4'));
    expect(await screen.findByText('Assignment set', { selector: '[class*="toast"] *' })).toBeInTheDocument();
    // The form is ready for another: the class stays, the rest is cleared.
    expect(screen.getByRole('textbox', { name: /Note for the readers/ })).toHaveValue('');
    expect(screen.getByRole('button', { name: /Class/ })).toHaveTextContent('Room 4');
  });

  it('shows every level when asked, each story with its Lexile and length', async () => {
    const user = userEvent.setup();
    renderClassesPage(<CreateAssignmentPage />, { at: `/create-assignment?class=${ROOM_5_ID}`, pattern });
    // Room 5 has no grade: every level.
    const stories = await screen.findByRole('radiogroup', { name: 'Story' });
    expect(await within(stories).findByRole('radio', { name: 'The Big Dog' })).toHaveAccessibleDescription(
      expect.stringContaining('Kindergarten, Lexile not measured, 60 words'),
    );
    expect(within(stories).getByRole('radio', { name: 'The Red Kite' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Level/ }));
    await user.click(await screen.findByRole('option', { name: 'Kindergarten' }));
    await waitFor(() =>
      expect(within(stories).queryByRole('radio', { name: 'The Red Kite' })).not.toBeInTheDocument(),
    );
    // Every control's name is a voice command of at most 12 words.
    for (const control of [...screen.getAllByRole('radio'), ...screen.getAllByRole('button')]) {
      expect(words(control.textContent ?? '')).toBeLessThanOrEqual(12);
    }
  });

  it('refuses a missing story on its field, aloud, focused, and sends nothing', async () => {
    const user = userEvent.setup();
    const { spoken } = renderClassesPage(<CreateAssignmentPage />, forRoom4);
    const kite = await screen.findByRole('radio', { name: 'The Red Kite' });
    await user.type(screen.getByRole('textbox', { name: /Note for the readers/ }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Set the assignment' }));
    expect(screen.getByRole('radiogroup', { name: 'Story' })).toHaveAccessibleDescription(
      expect.stringContaining('Choose a story.'),
    );
    expect(kite).toHaveFocus();
    expect(spoken).toContain('Choose a story.');
    expect(posts()).toEqual([]);
    expect(screen.getByRole('textbox', { name: /Note for the readers/ })).toHaveValue('Hello');
  });

  it('refuses a past due day on its field, focused', async () => {
    const user = userEvent.setup();
    const { spoken } = renderClassesPage(<CreateAssignmentPage />, forRoom4);
    await user.click(await screen.findByRole('radio', { name: 'The Red Kite' }));
    const due = screen.getByLabelText(/Due day/);
    await user.type(due, localDay(-3));
    await user.click(screen.getByRole('button', { name: 'Set the assignment' }));
    expect(due).toHaveAccessibleDescription(expect.stringContaining('Choose today or a later day.'));
    expect(due).toHaveFocus();
    expect(spoken).toContain('Choose today or a later day.');
    expect(posts()).toEqual([]);
  });

  it('offers due days from today to a year on', async () => {
    renderClassesPage(<CreateAssignmentPage />, forRoom4);
    await screen.findByRole('radio', { name: 'The Red Kite' });
    const due = screen.getByLabelText(/Due day/);
    expect(due).toHaveAttribute('min', localDay());
    expect(due).toHaveAttribute('max', localDay(ASSIGNMENT_DUE_MAX_DAYS));
  });

  it('refuses a day the browser could not read, rather than setting no day', async () => {
    const user = userEvent.setup();
    const { spoken } = renderClassesPage(<CreateAssignmentPage />, forRoom4);
    await user.click(await screen.findByRole('radio', { name: 'The Red Kite' }));
    const due = screen.getByLabelText<HTMLInputElement>(/Due day/);
    // A half-typed or impossible day: the browser reports value '' and validity.badInput (jsdom cannot type one).
    const validity = due.validity;
    Object.defineProperty(due, 'validity', {
      configurable: true,
      get: () => ({
        badInput: true,
        customError: validity.customError,
        patternMismatch: false,
        rangeOverflow: false,
        rangeUnderflow: false,
        stepMismatch: false,
        tooLong: false,
        tooShort: false,
        typeMismatch: false,
        valid: false,
        valueMissing: false,
      }),
    });
    expect(due).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Set the assignment' }));
    expect(due).toHaveAccessibleDescription(expect.stringContaining('Use a day like 2026-12-04.'));
    expect(due).toHaveFocus();
    expect(spoken).toContain('Use a day like 2026-12-04.');
    expect(posts()).toEqual([]);
  });

  it('with no story of the level, says "Choose a story." in an alert and focuses the level', async () => {
    state.stories = [{ ...BIG_DOG }];
    const user = userEvent.setup();
    const { spoken } = renderClassesPage(<CreateAssignmentPage />, forRoom4);
    expect(await screen.findByText('No story of this level yet. Choose another level.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set the assignment' }));
    expect(screen.getByText('Choose a story.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: /Level/ })).toHaveFocus();
    expect(spoken).toContain('Choose a story.');
    expect(posts()).toEqual([]);
  });

  it('when the library did not load, says "Choose a story." in an alert and focuses the level', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        String(input).startsWith('/api/stories')
          ? Promise.resolve(
              new Response(JSON.stringify({ error: { code: 'internal_error', message: 'Oops' } }), {
                status: 500,
                headers: { 'Content-Type': 'application/json' },
              }),
            )
          : fakeServer(input, init),
      ),
    );
    const user = userEvent.setup();
    renderClassesPage(<CreateAssignmentPage />, forRoom4);
    expect(await screen.findByText('We could not load the stories.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set the assignment' }));
    expect(screen.getByText('Choose a story.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: /Level/ })).toHaveFocus();
    expect(posts()).toEqual([]);
  });

  it("shows the server's refusal on the class field, aloud, focused, and keeps the text", async () => {
    state.refuseAssignment = [
      { error: { code: 'too_many_assignments', message: 'This class has as many as it can.' } },
      409,
    ];
    const user = userEvent.setup();
    const { spoken } = renderClassesPage(<CreateAssignmentPage />, forRoom4);
    await user.click(await screen.findByRole('radio', { name: 'The Red Kite' }));
    const note = screen.getByRole('textbox', { name: /Note for the readers/ });
    await user.type(note, 'Read it twice.');
    await user.click(screen.getByRole('button', { name: 'Set the assignment' }));
    const classButton = screen.getByRole('button', { name: /Class/ });
    await waitFor(() =>
      expect(classButton).toHaveAccessibleDescription(
        expect.stringContaining('Delete one on Grade Assignments'),
      ),
    );
    expect(classButton).toHaveFocus();
    expect(note).toHaveValue('Read it twice.');
    expect(screen.getByRole('radio', { name: 'The Red Kite' })).toBeChecked();
    expect(spoken.some((line) => line.includes('the most it can have'))).toBe(true);
  });

  it("puts the server's word on a field it names, and any other fault in an alert", async () => {
    state.refuseAssignment = [
      {
        error: {
          code: 'invalid_input',
          message: 'Invalid input',
          details: [{ path: 'dueOn', message: 'That day is too far ahead.' }],
        },
      },
      422,
    ];
    const user = userEvent.setup();
    renderClassesPage(<CreateAssignmentPage />, forRoom4);
    await user.click(await screen.findByRole('radio', { name: 'The Red Kite' }));
    await user.click(screen.getByRole('button', { name: 'Set the assignment' }));
    const due = screen.getByLabelText(/Due day/);
    await waitFor(() => expect(due).toHaveAccessibleDescription(expect.stringContaining('too far ahead')));
    expect(due).toHaveFocus();

    state.refuseAssignment = [{ error: { code: 'internal_error', message: 'Oops' } }, 500];
    await user.click(screen.getByRole('button', { name: 'Set the assignment' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toHaveAttribute(
      'role',
      'alert',
    );
  });

  it('asks for a class when none is given and there are several', async () => {
    const user = userEvent.setup();
    const { spoken } = renderClassesPage(<CreateAssignmentPage />, { at: pattern, pattern });
    await user.click(await screen.findByRole('radio', { name: 'The Red Kite' }));
    await user.click(screen.getByRole('button', { name: 'Set the assignment' }));
    const classButton = screen.getByRole('button', { name: /Class/ });
    expect(classButton).toHaveAccessibleDescription(expect.stringContaining('Choose a class.'));
    expect(classButton).toHaveFocus();
    expect(spoken).toContain('Choose a class.');
    expect(posts()).toEqual([]);
  });

  it('with no class yet, says so and links to Class Management', async () => {
    state.classes = [];
    const { setGuidance } = renderClassesPage(<CreateAssignmentPage />, { at: pattern, pattern });
    expect(await screen.findByRole('heading', { name: 'You have no class yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Class Management' })).toHaveAttribute(
      'href',
      '/class-management',
    );
    expect(screen.queryByRole('button', { name: 'Set the assignment' })).not.toBeInTheDocument();
    expect(setGuidance).toHaveBeenLastCalledWith([...CREATE_ASSIGNMENT_NO_CLASS_GUIDANCE]);
  });

  it('is for teachers only, and asks the server nothing', () => {
    renderClassesPage(<CreateAssignmentPage />, {
      at: pattern,
      pattern,
      me: meFixture({ userType: 'student' }),
    });
    expect(screen.getByText('This page is for teachers.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url !== '/api/me')).toEqual([]);
  });

  it('fills the due day from ?dueOn= (Class Calendar’s link), and ignores a day that may not be set', async () => {
    const user = userEvent.setup();
    const day = localDay(10);
    const { unmount } = renderClassesPage(<CreateAssignmentPage />, {
      at: `/create-assignment?dueOn=${day}&class=${ROOM_4_ID}`,
      pattern,
    });
    await user.click(await screen.findByRole('radio', { name: 'The Red Kite' }));
    expect(screen.getByLabelText(/Due day/)).toHaveValue(day);
    await user.click(screen.getByRole('button', { name: 'Set the assignment' }));
    await screen.findByRole('link', { name: 'See who has read it' });
    expect(posts()).toEqual([
      {
        method: 'POST',
        url: `/api/classes/${ROOM_4_ID}/assignments`,
        body: { storyId: RED_KITE.id, dueOn: day },
      },
    ]);
    unmount();

    for (const asked of [localDay(-1), localDay(ASSIGNMENT_DUE_MAX_DAYS + 1), '2026-02-30', 'soon']) {
      const view = renderClassesPage(<CreateAssignmentPage />, {
        at: `/create-assignment?dueOn=${asked}&class=${ROOM_4_ID}`,
        pattern,
      });
      await screen.findByRole('radio', { name: 'The Red Kite' });
      expect(screen.getByLabelText(/Due day/), asked).toHaveValue('');
      view.unmount();
    }
  });

  it("is linked from a class's page with the class chosen", async () => {
    renderClassesPage(<ClassPage />, { at: `/class/${ROOM_4_ID}`, pattern: '/class/:classId' });
    expect(await screen.findByRole('link', { name: 'Set an assignment' })).toHaveAttribute(
      'href',
      `/create-assignment?class=${ROOM_4_ID}`,
    );
  });
});
