/**
 * ChildReportView's "Learning path" (docs/decisions/0052-my-learning-path.md, amended): the guardian reads a
 * followed reader's next step by its screen's name with what it is in a grown-up's words, and the steps done, in
 * words; a teacher reads the same in a teacher's words.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChildReport } from '#core/api/family.ts';
import { ChildReportView } from './ChildReportView.tsx';

const BASE: Omit<ChildReport, 'learningPath'> = {
  child: {
    userId: 'child-1',
    displayName: 'Kit',
    grade: 'K',
    lexileLevel: null,
    lastAssessmentWpm: null,
    lastAssessmentAccuracy: null,
    tokens: 0,
  },
  readingStats: {
    averages: { fluency: 0, accuracy: 0, wcpm: 0, sessions: 0 },
    recentProgress: null,
    perStory: [],
    streak: 0,
  },
  lettersFound: 26,
  wordsBuilt: 2,
  achievements: [],
};

const K_PATH: ChildReport['learningPath'] = {
  next: 'words',
  allDone: false,
  steps: [
    { id: 'letters', status: 'done' },
    { id: 'words', status: 'now' },
    { id: 'sounds', status: 'todo' },
    { id: 'reading', status: 'todo' },
    { id: 'assessment', status: 'later' },
    { id: 'goal', status: 'todo' },
  ],
};

/** The text of the "Learning path" section: its heading's following paragraphs up to the next heading. */
function pathSection(): string[] {
  const heading = screen.getByRole('heading', { name: 'Learning path', level: 3 });
  const lines: string[] = [];
  for (let el = heading.nextElementSibling; el && el.tagName === 'P'; el = el.nextElementSibling)
    lines.push(el.textContent ?? '');
  return lines;
}

describe('ChildReportView: Learning path', () => {
  it('says the next step by its screen name and line, and the steps done', () => {
    render(<ChildReportView report={{ ...BASE, learningPath: K_PATH }} />);
    expect(pathSection()).toEqual([
      'Next step for Kit: Word Builder — building words from letters.',
      'Steps done: Alphabet Learning.',
    ]);
  });

  it('says when no step is done yet, and when every step is', () => {
    const start: ChildReport['learningPath'] = {
      ...K_PATH,
      next: 'letters',
      steps: K_PATH.steps.map((s) => ({ ...s, status: s.id === 'letters' ? 'now' : s.status })),
    };
    const { unmount } = render(<ChildReportView report={{ ...BASE, learningPath: start }} />);
    expect(pathSection()).toEqual([
      'Next step for Kit: Alphabet Learning — the letter game: Sparky says a letter, and your child finds it.',
      'Steps done: none yet.',
    ]);
    unmount();
    const finished: ChildReport['learningPath'] = {
      next: 'reading',
      allDone: true,
      steps: [
        { id: 'letters', status: 'extra' },
        { id: 'words', status: 'extra' },
        { id: 'sounds', status: 'extra' },
        { id: 'reading', status: 'now' },
        { id: 'assessment', status: 'done' },
        { id: 'goal', status: 'done' },
      ],
    };
    render(<ChildReportView report={{ ...BASE, learningPath: finished }} />);
    expect(pathSection()).toEqual([
      'Next step for Kit: Reading Practice — every step is done; keep reading stories aloud.',
      'Steps done: Reading Assessment, Reading Goals.',
    ]);
  });

  it('says the next step in a teacher’s words on a teacher’s report (Student Progress)', () => {
    const letters: ChildReport['learningPath'] = {
      ...K_PATH,
      next: 'letters',
      steps: K_PATH.steps.map((s) => ({ ...s, status: s.id === 'letters' ? 'now' : s.status })),
    };
    const { unmount } = render(
      <ChildReportView report={{ ...BASE, learningPath: letters }} headingLevel={2} viewer="teacher" />,
    );
    const heading = screen.getByRole('heading', { name: 'Learning path', level: 2 });
    expect(heading.nextElementSibling?.textContent).toBe(
      'Next step for Kit: Alphabet Learning — the letter game: Sparky says a letter, and the reader finds it.',
    );
    unmount();
    const goal: ChildReport['learningPath'] = {
      ...K_PATH,
      next: 'goal',
      steps: K_PATH.steps.map((s) => ({ ...s, status: s.id === 'goal' ? 'now' : 'done' })),
    };
    render(<ChildReportView report={{ ...BASE, learningPath: goal }} headingLevel={2} viewer="teacher" />);
    expect(
      screen.getByRole('heading', { name: 'Learning path', level: 2 }).nextElementSibling?.textContent,
    ).toBe(
      'Next step for Kit: Reading Goals — a reading goal: how many days a week to read aloud, which a grown-up at home sets.',
    );
  });
});
