/**
 * Home's reading-goal card (docs/decisions/0042-reading-goals.md): the goal, the week in words on its bar, who set
 * it and the way to /goals; nothing without a goal, while loading or on failure.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Goals } from '#core/api/goals.ts';
import { GOALS_QUERY_KEY } from '../../lib/api/goals.ts';
import { MyGoalCard } from './MyGoalCard.tsx';

function renderCard(goals?: Goals) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  if (goals) client.setQueryData(GOALS_QUERY_KEY, goals);
  const { container } = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MyGoalCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return container;
}

const WEEK = { weekStart: '2026-11-23', updatedAt: '2026-11-24T10:00:00Z' };

describe('MyGoalCard', () => {
  it('shows the goal, the week in words, who set it and where to see more', () => {
    renderCard({ mine: { daysPerWeek: 7, daysReadThisWeek: 2, setBy: 'Grandma', ...WEEK }, children: [] });
    expect(screen.getByRole('region', { name: 'Your reading goal' })).toBeInTheDocument();
    expect(screen.getByText('Read to Sparky every day.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Your reading days this week' })).toHaveAttribute(
      'aria-valuetext',
      'This week: 2 of 7 days. 5 to go!',
    );
    // The name in its own <bdi>, so a right-to-left name never turns the sentence around.
    expect(screen.getByText('Grandma', { selector: 'bdi' }).closest('p')).toHaveTextContent(
      'Set by Grandma.',
    );
    expect(screen.getByRole('link', { name: 'See your goal' })).toHaveAttribute('href', '/goals');
  });

  it('says the goal is reached, never more days than asked', () => {
    renderCard({ mine: { daysPerWeek: 2, daysReadThisWeek: 4, setBy: 'Dad', ...WEEK }, children: [] });
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'Goal reached this week!');
  });

  it('shows nothing without a goal, or before the goals are known', () => {
    expect(renderCard({ mine: null, children: [] })).toBeEmptyDOMElement();
  });
});
