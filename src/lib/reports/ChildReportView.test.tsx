/**
 * ChildReportView's "Learning path" (docs/decisions/0052-my-learning-path.md, amended): the guardian reads a
 * followed reader's next step by its screen's name with the line the reader's own page says, and the steps done, in
 * words; a teacher's report, which has no path, shows no such section.
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

  it('shows no path for a report without one (a teacher’s)', () => {
    render(<ChildReportView report={BASE} headingLevel={2} />);
    expect(screen.queryByRole('heading', { name: 'Learning path' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Letters and words', level: 2 })).toBeTruthy();
  });
});
