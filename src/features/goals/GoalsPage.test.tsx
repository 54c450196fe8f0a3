/**
 * /goals against a fetch stub that answers like the server (core/api/goals.ts): a guardian sets, changes and
 * removes a followed reader's goal by keyboard alone (Tab, arrows, Enter), the focus kept on the card; refusals
 * and a failed load; a goal set by another grown-up (never named); a reader sees their own goal and the week, and
 * hears them; a teacher is told goals are set at home; what Sparky says to each.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FollowedGoal, Goals, ReadingGoal } from '#core/api/goals.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import { GOALS_QUERY_KEY } from '../../lib/api/goals.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { Toaster } from '../../ui/Toast.tsx';
import { dismissToast } from '../../ui/toast-store.ts';
import { GoalsPage } from './GoalsPage.tsx';
import { GOALS_GUARDIAN_GUIDANCE, GOALS_NO_GOAL_GUIDANCE, GOALS_TEACHER_GUIDANCE } from './goals.guidance.ts';

const WEEK = { weekStart: '2026-11-23', updatedAt: '2026-11-24T10:00:00Z' };
let goals: Goals;
const writes: { method: string; url: string; body?: unknown }[] = [];
/** Answers the server refuses with, by method (a 500 by default once set). */
const failing = new Set<string>();
const setGuidance = vi.fn();

function goal(daysPerWeek: number, daysReadThisWeek: number, setBy = 'Dad'): ReadingGoal {
  return { daysPerWeek, daysReadThisWeek, setBy, ...WEEK };
}
function followed(daysPerWeek: number, daysReadThisWeek: number, setByYou = true): FollowedGoal {
  return { daysPerWeek, daysReadThisWeek, setByYou, ...WEEK };
}

function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (failing.has(method))
    return Promise.resolve(
      jsonResponse({ error: { code: 'internal', message: 'Something went wrong.' } }, 500),
    );
  if (url.endsWith('/api/goals') && method === 'GET') return Promise.resolve(jsonResponse(goals));
  const match = /\/api\/goals\/([^/]+)$/.exec(url);
  if (match && method === 'PUT') {
    const body = JSON.parse(String(init?.body)) as { daysPerWeek: number };
    writes.push({ method, url, body });
    const set = followed(body.daysPerWeek, 1);
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

/** Presses `key` until `done()` holds, at most 10 times (jsdom puts every radio of a group in the Tab order). */
async function pressUntil(user: ReturnType<typeof userEvent.setup>, key: string, done: () => boolean) {
  for (let i = 0; i < 10 && !done(); i++) await user.keyboard(key);
  expect(done()).toBe(true);
}

function renderPage(userType: 'guardian' | 'student' | 'teacher') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(ME_QUERY_KEY, meFixture({ name: 'Dad', userType }));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AudioQueueContext.Provider value={{ ...SILENT_AUDIO_QUEUE, setGuidance }}>
          <GoalsPage />
          <Toaster />
        </AudioQueueContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

beforeEach(() => {
  goals = { mine: null, children: [{ userId: 'child-1', displayName: 'Mia', goal: null }] };
  writes.length = 0;
  failing.clear();
  setGuidance.mockClear();
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});
afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

describe('GoalsPage for a guardian', () => {
  it('sets, changes and removes a goal by keyboard alone, keeping the focus on the card', async () => {
    const user = userEvent.setup();
    renderPage('guardian');
    const card = await screen.findByRole('region', { name: 'Mia' });
    expect(within(card).getByText('No goal yet.')).toBeInTheDocument();
    expect(within(card).getByRole('radio', { name: '3' })).toBeChecked();
    // Tab reaches the days; the arrows move along them, as in any radio group.
    await user.tab();
    expect(within(card).getAllByRole('radio')).toContain(document.activeElement);
    await pressUntil(user, '{ArrowRight}', () =>
      within(card).getByRole('radio', { name: '5' }).matches(':checked'),
    );
    expect(within(card).getByRole('radio', { name: '5' })).toHaveFocus();
    // The button names the child, for a parent with several.
    const set = within(card).getByRole('button', { name: "Set Mia's goal" });
    await pressUntil(user, '{Tab}', () => set.matches(':focus'));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Mia: Read to Sparky on 5 days a week.')).toBeInTheDocument();
    expect(writes[0]).toMatchObject({ method: 'PUT', body: { daysPerWeek: 5 } });
    expect(writes[0]!.url).toMatch(/\/api\/goals\/child-1$/);
    await waitFor(() =>
      expect(within(card).getByText('Read to Sparky on 5 days a week.')).toBeInTheDocument(),
    );
    const bar = within(card).getByRole('progressbar', { name: "Mia's reading days this week" });
    expect(bar).toHaveAttribute('aria-valuetext', 'This week: 1 of 5 days. 4 to go!');
    expect(within(card).getByText(/^Set by/)).toHaveTextContent('Set by you.');
    // The focus stayed on the pressed button, now "Change".
    const change = within(card).getByRole('button', { name: "Change Mia's goal" });
    expect(change).toHaveFocus();

    await user.tab();
    expect(within(card).getByRole('button', { name: "Remove Mia's goal" })).toHaveFocus();
    await user.keyboard(' ');
    expect(await screen.findByText('Mia has no goal now.')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByText('No goal yet.')).toBeInTheDocument());
    expect(writes.at(-1)).toMatchObject({ method: 'DELETE' });
    // The Remove button went with the goal: the focus is on the Set button, not lost to the page's body.
    expect(within(card).getByRole('button', { name: "Set Mia's goal" })).toHaveFocus();
    expect(within(card).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('says so when a goal is not saved, or not removed, and keeps what was there', async () => {
    const user = userEvent.setup();
    goals = { mine: null, children: [{ userId: 'child-1', displayName: 'Mia', goal: followed(4, 2) }] };
    renderPage('guardian');
    const card = await screen.findByRole('region', { name: 'Mia' });
    failing.add('PUT');
    failing.add('DELETE');
    await user.click(within(card).getByRole('button', { name: "Change Mia's goal" }));
    expect(await screen.findByText('The goal was not saved')).toBeInTheDocument();
    dismissToast();
    await user.click(within(card).getByRole('button', { name: "Remove Mia's goal" }));
    expect(await screen.findByText('The goal was not removed')).toBeInTheDocument();
    expect(within(card).getByText('Read to Sparky on 4 days a week.')).toBeInTheDocument();
  });

  it('never names another grown-up who set the goal, and follows a goal they change', async () => {
    goals = {
      mine: null,
      children: [{ userId: 'child-1', displayName: 'Mia', goal: followed(2, 0, false) }],
    };
    const client = renderPage('guardian');
    const card = await screen.findByRole('region', { name: 'Mia' });
    expect(within(card).getByText(/^Set by/)).toHaveTextContent('Set by another grown-up.');
    expect(within(card).getByRole('radio', { name: '2' })).toBeChecked();
    // The other grown-up changes it to 6: the radios follow when the goals are fetched again.
    act(() =>
      client.setQueryData<Goals>(GOALS_QUERY_KEY, {
        mine: null,
        children: [
          {
            userId: 'child-1',
            displayName: 'Mia',
            goal: { ...followed(6, 0, false), updatedAt: '2026-11-25T09:00:00Z' },
          },
        ],
      }),
    );
    await waitFor(() => expect(within(card).getByRole('radio', { name: '6' })).toBeChecked());
    expect(within(card).getByText('Read to Sparky on 6 days a week.')).toBeInTheDocument();
  });

  it('tells a grown-up what the page is for, in grown-up words', async () => {
    renderPage('guardian');
    await screen.findByRole('region', { name: 'Mia' });
    expect(setGuidance).toHaveBeenLastCalledWith([...GOALS_GUARDIAN_GUIDANCE]);
  });

  it('says so when the goals cannot be loaded', async () => {
    failing.add('GET');
    renderPage('guardian');
    expect(await screen.findByText(/We could not load the goals right now/)).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('sends a guardian who follows nobody to Progress Reports first', async () => {
    goals = { mine: null, children: [] };
    renderPage('guardian');
    expect(await screen.findByRole('link', { name: 'Progress Reports' })).toHaveAttribute('href', '/reports');
  });
});

describe('GoalsPage for a reader', () => {
  it('shows the reader’s own goal and the week in words, and Sparky says them', async () => {
    goals = { mine: goal(4, 1, 'Mum'), children: [] };
    renderPage('student');
    expect(await screen.findByText('Read to Sparky on 4 days a week.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Your reading days this week' })).toHaveAttribute(
      'aria-valuetext',
      'This week: 1 of 4 days. 3 to go!',
    );
    expect(screen.getByText(/^Set by/)).toHaveTextContent('Set by Mum.');
    await waitFor(() =>
      expect(setGuidance).toHaveBeenLastCalledWith([
        'Read to Sparky on 4 days a week.',
        'This week: 1 of 4 days. 3 to go!',
      ]),
    );
    // Nothing was said before the goal was known.
    expect(setGuidance).toHaveBeenCalledTimes(1);
  });

  it('says when the goal is reached this week', async () => {
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
    await waitFor(() => expect(setGuidance).toHaveBeenLastCalledWith([...GOALS_NO_GOAL_GUIDANCE]));
  });
});

describe('GoalsPage for a teacher', () => {
  it('says that goals are set at home, and where the classes are', async () => {
    renderPage('teacher');
    expect(await screen.findByText(/Reading goals are set at home/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Teacher Dashboard' })).toHaveAttribute(
      'href',
      '/teacher-dashboard',
    );
    expect(screen.queryByText('Your goal')).not.toBeInTheDocument();
    expect(setGuidance).toHaveBeenLastCalledWith([...GOALS_TEACHER_GUIDANCE]);
  });
});
