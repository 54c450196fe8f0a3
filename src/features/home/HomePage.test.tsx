import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { MeResponse } from '#core/api/account.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { DAILY_CHALLENGES_QUERY_KEY } from '../../lib/api/rewards.ts';
import { meFixture } from '../../test/me-fixture.ts';
import { HomePage } from './HomePage.tsx';

function account(userType: 'student' | 'guardian'): MeResponse {
  return meFixture({ name: 'Ana', userType, profile: { pets_name: 'Rex' } });
}

function renderHome(me: MeResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(ME_QUERY_KEY, me);
  client.setQueryData(DAILY_CHALLENGES_QUERY_KEY, { date: '2027-03-01', timeZone: 'UTC', challenges: [] });
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
    expect(screen.getByRole('heading', { level: 1, name: 'Home Dashboard' })).toBeInTheDocument();
    // The name in its own <bdi>, so a right-to-left name never turns the greeting around.
    expect(screen.getByText('Ana', { selector: 'bdi' }).closest('p')).toHaveTextContent(/^Hi, Ana!$/);
    expect(screen.getByRole('link', { name: 'Read a story aloud and see how you did' })).toHaveAttribute(
      'href',
      '/fluency',
    );
    expect(screen.getByRole('link', { name: /Pick a story from the library/ })).toHaveAttribute(
      'href',
      '/premade-stories',
    );
    // Practice first; My Stories is not offered while stories cannot be made (it would be empty).
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links.slice(0, 4)).toEqual(['/fluency', '/assessment', '/premade-stories', '/learn']);
    expect(
      screen.getByRole('link', { name: 'Read to Sparky for one minute, so Sparky knows your level' }),
    ).toHaveAttribute('href', '/assessment');
    expect(
      screen.getByRole('link', { name: 'Play letter and word games: learn your ABC and build words' }),
    ).toHaveAttribute('href', '/learn');
    expect(links).not.toContain('/stories');
    expect(screen.getByText(/2nd grade, pet: Rex/)).toBeInTheDocument();
    expect(screen.getByText('A sound game, to sound out words')).toBeInTheDocument();
    // Something that works is not listed as being built.
    expect(screen.queryByText(/Reading stories aloud/)).not.toBeInTheDocument();
  });

  it('gives every link of What you can do now the picture of its screen, for a child who cannot read yet', () => {
    renderHome(account('student'));
    const card = screen.getByRole('region', { name: 'What you can do now' });
    const links = within(card).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(5);
    for (const link of links) {
      const picture = link.querySelector('svg');
      expect(picture, link.textContent ?? '').not.toBeNull();
      // Decorative: the link is named by its words alone.
      expect(picture).toHaveAttribute('aria-hidden', 'true');
    }
    expect(screen.getByRole('link', { name: 'Read a story aloud and see how you did' })).toBeInTheDocument();
  });

  it('offers a guardian what is in the guardian menu, with what is coming for guardians', () => {
    renderHome(account('guardian'));
    // The guardian's Learn group has the library and practice, to read with their child.
    expect(screen.getByRole('link', { name: /Read a story aloud/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Look at and change your profile' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', {
        name: "Follow your child's reading: stories, scores, letters, words and badges",
      }),
    ).toHaveAttribute('href', '/reports');
    expect(
      screen.getByRole('link', {
        name: 'Set a reading goal with your child: how many days a week to read aloud',
      }),
    ).toHaveAttribute('href', '/goals');
    // Nothing of the guardian menu is being built any more: no such section.
    expect(screen.queryByRole('heading', { name: 'Being built' })).not.toBeInTheDocument();
  });
});
