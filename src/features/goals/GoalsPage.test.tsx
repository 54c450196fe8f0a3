/**
 * /goals against a fetch stub that answers like the server (core/api/goals.ts): a guardian sets, changes and
 * removes a followed reader's goal by keyboard; a reader sees their own goal and the week; the empty states.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Goals, ReadingGoal } from '#core/api/goals.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { Toaster } from '../../ui/Toast.tsx';
import { dismissToast } from '../../ui/toast-store.ts';
import { GoalsPage } from './GoalsPage.tsx';

const WEEK = { weekStart: '2026-11-23', updatedAt: '2026-11-24T10:00:00Z' };
let goals: Goals;
const writes: { method: string; url: string; body?: unknown }[] = [];

function goal(daysPerWeek: number, daysReadThisWeek: number, setBy: string | null = 'Dad'): ReadingGoal {
  return { daysPerWeek, daysReadThisWeek, setBy, ...WEEK };
}

function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (url.endsWith('/api/goals') && method === 'GET') return Promise.resolve(jsonResponse(goals));
  const match = /\/api\/goals\/([^/]+)$/.exec(url);
  if (match && method === 'PUT') {
    const body = JSON.parse(String(init?.body)) as { daysPerWeek: number };
    writes.push({ method, url, body });
    const set = goal(body.daysPerWeek, 1);
    goals = {
      ...goals,
      children: goals.children.map((c) => (c.userId === match[1] ? { ...c, goal: set } : c)),
    };
    return Promise.resolve(jsonResponse({ goal: set }));
  }
  if (match && method === 'DELETE') {
    writes.push({ method, url });
    goals = {
      ...goals,
      children: goals.children.map((c) => (c.userId === match[1] ? { ...c, goal: null } : c)),
    };
    return Promise.resolve(new Response(null, { status: 204 }));
  }
  return Promise.resolve(jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404));
}

function renderPage(userType: 'guardian' | 'student') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(ME_QUERY_KEY, meFixture({ name: 'Dad', userType }));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AudioQueueContext.Provider value={SILENT_AUDIO_QUEUE}>
          <GoalsPage />
          <Toaster />
        </AudioQueueContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  goals = { mine: null, children: [{ userId: 'child-1', displayName: 'Mia', goal: null }] };
  writes.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});
afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

describe('GoalsPage for a guardian', () => {
  it('sets a goal by keyboard, shows the week, changes it and removes it', async () => {
    const user = userEvent.setup();
    renderPage('guardian');
    const card = await screen.findByRole('region', { name: 'Mia' });
    expect(within(card).getByText('No goal yet.')).toBeInTheDocument();
    // Arrow keys move along the days, as in any radio group.
    const three = within(card).getByRole('radio', { name: '3' });
    expect(three).toBeChecked();
    three.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(card).getByRole('radio', { name: '5' })).toBeChecked();
    await user.click(within(card).getByRole('button', { name: 'Set the goal' }));
    expect(await screen.findByText('Mia: Read to Sparky on 5 days a week.')).toBeInTheDocument();
    expect(writes[0]).toMatchObject({ method: 'PUT', body: { daysPerWeek: 5 } });
    expect(writes[0]!.url).toMatch(/\/api\/goals\/child-1$/);
    await waitFor(() =>
      expect(within(card).getByText('Read to Sparky on 5 days a week.')).toBeInTheDocument(),
    );
    const bar = within(card).getByRole('progressbar', { name: "Mia's reading days this week" });
    expect(bar).toHaveAttribute('aria-valuetext', 'This week: 1 of 5 days. 4 to go!');
    expect(within(card).getByText(/^Set by/)).toHaveTextContent('Set by Dad.');

    await user.click(within(card).getByRole('button', { name: 'Remove the goal' }));
    expect(await screen.findByText('Mia has no goal now.')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByText('No goal yet.')).toBeInTheDocument());
    expect(writes.at(-1)).toMatchObject({ method: 'DELETE' });
  });

  it('sends a guardian who follows nobody to Progress Reports first', async () => {
    goals = { mine: null, children: [] };
    renderPage('guardian');
    expect(await screen.findByRole('link', { name: 'Progress Reports' })).toHaveAttribute('href', '/reports');
  });
});

describe('GoalsPage for a reader', () => {
  it('shows the reader’s own goal and the week in words', async () => {
    goals = { mine: goal(3, 3, 'Mum'), children: [] };
    renderPage('student');
    expect(await screen.findByText('Read to Sparky on 3 days a week.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Your reading days this week' })).toHaveAttribute(
      'aria-valuetext',
      'Goal reached this week!',
    );
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('says who can set a goal when there is none', async () => {
    goals = { mine: null, children: [] };
    renderPage('student');
    expect(await screen.findByText(/A grown-up who follows your reading can set one/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'give them a code' })).toHaveAttribute('href', '/profile#family');
  });
});
