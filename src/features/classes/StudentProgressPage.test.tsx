/**
 * /student-progress/:studentId against a fetch stub that answers like the server (classes-test-server.tsx): one
 * reader's report (the guardian's, ADR 0041) with the teacher's classes they are in; a reader in none of them.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOT_IN_YOUR_CLASSES_GUIDANCE } from './classes.guidance.ts';
import { installFakeServer, LEO, MIA, renderClassesPage, ROOM_4_ID } from './classes-test-server.tsx';
import { StudentProgressPage } from './StudentProgressPage.tsx';

const pattern = '/student-progress/:studentId';

beforeEach(installFakeServer);
afterEach(() => vi.unstubAllGlobals());

describe('StudentProgressPage', () => {
  it("shows the reader's report and the classes they are in", async () => {
    const { setGuidance } = renderClassesPage(<StudentProgressPage />, {
      at: `/student-progress/${MIA.userId}`,
      pattern,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mia' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Mia · Student Progress/);
    const classes = screen.getByRole('list', { name: 'Your classes they are in' });
    expect(within(classes).getByRole('link', { name: 'Room 4' })).toHaveAttribute(
      'href',
      `/class/${ROOM_4_ID}`,
    );
    expect(screen.getByText('310L')).toBeInTheDocument();
    expect(screen.getByText(/3 scored readings; on average 45 words correct per minute/)).toBeInTheDocument();
    // The report's own headings sit under the page's h1.
    expect(screen.getByRole('heading', { level: 2, name: 'Reading aloud' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /Stories read/ })).toBeInTheDocument();
    expect(setGuidance).toHaveBeenLastCalledWith([
      'This is how Mia reads. Next for Mia: a reading goal: how many days a week to read aloud, which a grown-up at home sets.',
      'You can see it while they are in one of your classes.',
    ]);
  });

  it('shows the reader’s learning path as the guardian gets it, in a teacher’s words and never by colour alone', async () => {
    renderClassesPage(<StudentProgressPage />, { at: `/student-progress/${MIA.userId}`, pattern });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Learning path' });
    const next = heading.nextElementSibling!;
    expect(next.textContent).toBe(
      'Next step for Mia: Reading Goals — a reading goal: how many days a week to read aloud, which a grown-up at home sets.',
    );
    // The step's name is emphasised in words, not by a colour.
    expect(within(next as HTMLElement).getByText('Reading Goals').tagName).toBe('STRONG');
    expect(next.nextElementSibling!.textContent).toBe('Steps done: Reading Practice, Reading Assessment.');
    // Not a guardian's words: the teacher sets no goal and has no child of their own here.
    expect(document.body.textContent).not.toMatch(/which you set|your child/);
    // It sits before the reading summary, under the page's h1.
    const reading = screen.getByRole('heading', { level: 2, name: 'Reading aloud' });
    expect(heading.compareDocumentPosition(reading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says clearly when the reader is not in the teacher’s classes', async () => {
    const { setGuidance } = renderClassesPage(<StudentProgressPage />, {
      at: `/student-progress/${LEO.userId}`,
      pattern,
    });
    expect(await screen.findByText(/This reader is not in your classes\./)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('link', { name: 'All your readers' })).toHaveAttribute(
      'href',
      '/student-progress',
    );
    expect(setGuidance).toHaveBeenLastCalledWith([...NOT_IN_YOUR_CLASSES_GUIDANCE]);
    // Sparky names the control by what it says on screen, so it can be said as a voice command.
    expect(NOT_IN_YOUR_CLASSES_GUIDANCE.join(' ')).toContain('Press All your readers');
  });
});
