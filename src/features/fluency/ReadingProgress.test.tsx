import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReadingSession, ReadingStats } from '#core/api/reading-sessions.ts';
import { READING_SESSIONS_QUERY_KEY } from './api/reading-sessions.ts';
import { READING_STATS_QUERY_KEY } from './api/reading-stats.ts';
import { readStyleSheet } from '../../test/style-sheet.ts';
import { SCROLL_HINT } from '../../ui/TableScroll.tsx';
import {
  GROWN_UPS_PROGRESS_TITLE,
  ReadingProgress,
  chartTickLabels,
  readingKind,
} from './ReadingProgress.tsx';

const at = (day: number, hour: number) => new Date(2026, 10, day, hour).toISOString();
const point = (id: string, createdAt: string, wcpm: number) => ({
  id,
  createdAt,
  storyTitle: 'The Snail Race',
  fluencyScore: 40,
  accuracy: 90,
  wcpm,
});
const STATS: ReadingStats = {
  chart: [point('a', at(23, 9), 40), point('b', at(23, 15), 46), point('c', at(24, 9), 50)],
  averages: { fluency: 40, accuracy: 90, wcpm: 45, sessions: 3 },
  recentProgress: { accuracy: -25, fluency: -10, wcpm: -156, tokens: 0 },
  perStory: [],
  streak: 2,
};
const SESSIONS = STATS.chart.map((p): ReadingSession => ({
  id: p.id,
  created_at: p.createdAt,
  story_id: null,
  story_title: p.storyTitle,
  fluency_score: p.fluencyScore,
  accuracy_percentage: p.accuracy,
  wcpm: p.wcpm,
  tokens_awarded: 5,
  // The newest was the Reading Assessment.
  mode: p.id === 'c' ? 'assessment' : 'practice',
  reading_seconds: 30,
  has_audio: false,
}));

function renderProgress(sessions: readonly ReadingSession[] = SESSIONS) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(READING_STATS_QUERY_KEY, STATS);
  client.setQueryData(READING_SESSIONS_QUERY_KEY, sessions);
  render(
    <QueryClientProvider client={client}>
      <ReadingProgress />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('ReadingProgress (issue 17, item 3)', () => {
  it('tells the child how often they read; the figures for grown-ups wait under a disclosure', async () => {
    const user = userEvent.setup();
    renderProgress();
    expect(screen.getByText('You have read 3 times. Your reading streak: 2 days.')).toBeVisible();
    // "words correct per minute down 156, accuracy down 25 points" is for grown-ups only.
    expect(screen.getByText(/down 156/)).not.toBeVisible();
    const toggle = screen.getByRole('button', { name: GROWN_UPS_PROGRESS_TITLE });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByText(/down 156/)).toBeVisible();
    expect(screen.getByRole('figure', { name: /Your last 3 readings/ })).toBeVisible();
  });

  it('labels the chart by reading number, with the day only where it changes', () => {
    expect(chartTickLabels(STATS.chart)).toEqual([
      { number: '1', day: 'Nov 23' },
      { number: '2', day: '' },
      { number: '3', day: 'Nov 24' },
    ]);
  });

  it('says when a table scrolls sideways (375 px), and not when it fits', async () => {
    const user = userEvent.setup();
    // jsdom lays nothing out: the table scroller is 1000 px wide inside, 340 px on screen.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('table-scroll') ? 1000 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('table-scroll') ? 340 : 0;
    });
    renderProgress();
    await user.click(screen.getByRole('button', { name: GROWN_UPS_PROGRESS_TITLE }));
    const history = screen.getByRole('region', { name: 'Every reading, newest first' });
    expect(history.previousElementSibling).toHaveTextContent(SCROLL_HINT);
    expect(within(history).getAllByRole('row')).toHaveLength(4);
  });

  it('shows no hint when the tables fit', async () => {
    const user = userEvent.setup();
    renderProgress();
    await user.click(screen.getByRole('button', { name: GROWN_UPS_PROGRESS_TITLE }));
    expect(screen.queryByText(SCROLL_HINT)).toBeNull();
  });

  it('gives each cell of the history its column name for a stacked card, hidden from screen readers', async () => {
    const user = userEvent.setup();
    renderProgress();
    await user.click(screen.getByRole('button', { name: GROWN_UPS_PROGRESS_TITLE }));
    const table = screen.getByRole('table', { name: 'Every reading, newest first' });
    // The roles are written out, so the table stays one when its rows are laid out as cards.
    expect(table).toHaveAttribute('role', 'table');
    const columns = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(columns).toEqual([
      'When',
      'Story',
      'Words correct per minute',
      'Accuracy',
      'Fluency score',
      'Tokens',
      'Delete',
    ]);
    const [, first] = within(table).getAllByRole('row');
    const cells = [...first!.children];
    expect(cells.map((cell) => cell.getAttribute('role'))).toEqual([
      'rowheader',
      ...Array<string>(6).fill('cell'),
    ]);
    // Each card line says its column's name (Delete's button names itself) ...
    const shown = cells.map((cell) => cell.querySelector('[aria-hidden="true"]')?.textContent ?? null);
    expect(shown).toEqual([...columns.slice(0, 6), null]);
    // ... which a screen reader does not hear twice: the cell's name is its value alone.
    expect(within(first!).getByRole('cell', { name: 'The Snail Race' })).toBeInTheDocument();
    const last = within(table).getAllByRole('row').at(-1)!;
    expect(within(last).getByRole('cell', { name: 'The Snail Race (reading check)' })).toBeInTheDocument();
    expect(within(first!).getByRole('cell', { name: '90.0%' })).toBeInTheDocument();
  });

  it('labels a Reading Screening\'s reading "(screening)", not "(reading check)", though in assessment mode', async () => {
    const user = userEvent.setup();
    const screened: ReadingSession = {
      ...SESSIONS[2]!,
      id: 'd',
      story_title: 'The Kite Day',
      screening_id: '5f1d2c3b-4a59-4e68-8f7a-0b1c2d3e4f50',
    };
    renderProgress([screened, ...SESSIONS]);
    await user.click(screen.getByRole('button', { name: GROWN_UPS_PROGRESS_TITLE }));
    const table = screen.getByRole('table', { name: 'Every reading, newest first' });
    const [, first, , , last] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('cell', { name: 'The Kite Day (screening)' })).toBeInTheDocument();
    expect(table).not.toHaveTextContent('The Kite Day (reading check)');
    expect(within(last!).getByRole('cell', { name: 'The Snail Race (reading check)' })).toBeInTheDocument();
    // One made for a screening that did not count (stopped short), or whose screening was deleted: no screening id.
    expect(readingKind({ mode: 'assessment', screening_id: null, for_screening: true })).toBe(' (screening)');
    expect(readingKind({ mode: 'assessment', screening_id: null, for_screening: false })).toBe(
      ' (reading check)',
    );
    expect(readingKind({ mode: 'practice', screening_id: null, for_screening: false })).toBe('');
  });

  it('stacks the history as cards where it has less than 40 rem of room (table-scroll.css)', () => {
    // jsdom parses container rules but has no CSSContainerRule class to test against.
    const stacking = readStyleSheet('ui/table-scroll.css').filter(
      (rule): rule is CSSContainerRule =>
        rule.cssText.startsWith('@container') &&
        /max-width:\s*40rem/.test((rule as CSSContainerRule).conditionText) &&
        !/min-width/.test((rule as CSSContainerRule).conditionText),
    );
    expect(stacking).toHaveLength(1);
    const rows = [...stacking[0]!.cssRules].find(
      (rule) => rule instanceof CSSStyleRule && /\btr\b/.test(rule.selectorText),
    ) as CSSStyleRule | undefined;
    expect(rows?.style.getPropertyValue('display')).toBe('block');
  });
});
