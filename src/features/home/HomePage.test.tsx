import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { MeResponse } from '#core/api/account.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { HomePage } from './HomePage.tsx';

function account(userType: 'student' | 'guardian'): MeResponse {
  return {
    user: { id: 'u1', email: 'ana@example.test', name: 'Ana', emailVerified: true },
    profile: {
      user_id: 'u1',
      user_type: userType,
      display_name: 'Ana',
      age: 7,
      grade: '2',
      gender: null,
      pets_name: 'Rex',
      avatar_url: null,
      tokens: 0,
      onboarding_completed: true,
      assessment_completed: false,
      lexile_level: null,
      estimated_lexile_range: null,
      last_assessment_wpm: null,
      last_assessment_accuracy: null,
      reading_level: null,
    },
    roles: [userType],
    hasReadingSessions: false,
    streak: 0,
  };
}

function renderHome(me: MeResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(ME_QUERY_KEY, me);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('HomePage', () => {
  it('offers a reader the working reading screens of their menu, and lists what is coming', () => {
    renderHome(account('student'));
    expect(screen.getByRole('heading', { level: 1, name: 'Hi, Ana!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read a story aloud and see how you did' })).toHaveAttribute(
      'href',
      '/fluency',
    );
    expect(screen.getByRole('link', { name: /Pick a story from the library/ })).toHaveAttribute(
      'href',
      '/premade-stories',
    );
    expect(screen.getByText(/2nd grade, pet: Rex/)).toBeInTheDocument();
    expect(screen.getByText('Letter, word and sound games')).toBeInTheDocument();
    // Something that works is not listed as being built.
    expect(screen.queryByText(/Reading stories aloud/)).not.toBeInTheDocument();
  });

  it('offers a guardian only what is in the guardian menu', () => {
    renderHome(account('guardian'));
    expect(screen.queryByRole('link', { name: /Read a story aloud/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Look at and change your profile' })).toBeInTheDocument();
    expect(screen.getByText("Progress reports on your child's reading")).toBeInTheDocument();
  });
});
