import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { MeResponse } from '#core/api/account.ts';
import { ShellHeader } from './ShellHeader.tsx';

function me(streak: number, tokens: number): MeResponse {
  return {
    user: { id: 'u1', email: 'maya@example.test', name: 'Maya', emailVerified: true },
    profile: {
      user_id: 'u1',
      user_type: 'student',
      display_name: 'Maya',
      age: 7,
      grade: '2',
      gender: null,
      pets_name: null,
      avatar_url: null,
      tokens,
      onboarding_completed: true,
      assessment_completed: false,
      lexile_level: null,
      estimated_lexile_range: null,
      last_assessment_wpm: null,
      last_assessment_accuracy: null,
      reading_level: null,
    },
    roles: ['student'],
    hasReadingSessions: streak > 0,
    streak,
  };
}

function renderHeader(account: MeResponse) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ShellHeader me={account} showMenuButton={false} onOpenMenu={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ShellHeader streak and tokens (spec §2.4, §4.6)', () => {
  it('shows the server’s streak in days, and the token count', () => {
    renderHeader(me(3, 25));
    expect(screen.getByText(/Reading streak:/).closest('li')).toHaveTextContent('3 days');
    expect(screen.getByText(/25 tokens/)).toBeInTheDocument();
  });
  it('says streak at 0 and day at 1', () => {
    renderHeader(me(0, 0));
    expect(screen.getByText(/Reading streak:/).closest('li')).toHaveTextContent('0 streak');
  });
  it('says day at 1', () => {
    renderHeader(me(1, 0));
    expect(screen.getByText(/Reading streak:/).closest('li')).toHaveTextContent('1 day');
  });
});
