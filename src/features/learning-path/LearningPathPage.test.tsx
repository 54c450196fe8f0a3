/**
 * /my-learning-path against a fetch stub: the steps in order as big cards with picture, name link, what it is,
 * the child's progress and where each stands in words; the next step on top and in Sparky's guidance; a grown-up
 * is sent to their own pages.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '#core/api/account.ts';
import type { SpeakRequest } from '#machines/audio-queue.machine.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { LearningPathPage } from './LearningPathPage.tsx';

interface Figures {
  found: string[];
  built: number;
  sounded: number;
  sessions: number;
  latest?: { wcpm: number; accuracy: number };
  goal?: { daysPerWeek: number; daysReadThisWeek: number };
}

let figures: Figures;
let failLoads: boolean;

function fakeServer(input: RequestInfo | URL): Promise<Response> {
  const url = String(input);
  if (failLoads) return Promise.resolve(jsonResponse({ error: { code: 'internal', message: 'x' } }, 500));
  if (url.endsWith('/api/alphabet'))
    return Promise.resolve(
      jsonResponse({ found: figures.found, today: [], completed: figures.found.length === 26 }),
    );
  if (url.endsWith('/api/word-builder'))
    return Promise.resolve(jsonResponse({ today: [], total: figures.built }));
  if (url.endsWith('/api/sound-it-out'))
    return Promise.resolve(jsonResponse({ today: [], total: figures.sounded }));
  if (url.endsWith('/api/reading-stats'))
    return Promise.resolve(
      jsonResponse({
        chart: figures.latest
          ? [
              {
                id: 's1',
                createdAt: '2027-03-01T08:00:00Z',
                storyTitle: 'The Lost Mitten',
                fluencyScore: 80,
                ...figures.latest,
              },
            ]
          : [],
        averages: { fluency: null, accuracy: null, wcpm: null, sessions: figures.sessions },
        recentProgress: null,
        perStory: [],
        streak: 0,
      }),
    );
  if (url.endsWith('/api/goals'))
    return Promise.resolve(
      jsonResponse({
        mine: figures.goal
          ? { ...figures.goal, setBy: 'Mum', weekStart: '2027-03-01', updatedAt: '2027-03-01T08:00:00Z' }
          : null,
        children: [],
      }),
    );
  return Promise.resolve(jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404));
}

function renderPage(me: MeResponse) {
  const spoken: SpeakRequest[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ME_QUERY_KEY, me);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AudioQueueContext.Provider value={{ ...SILENT_AUDIO_QUEUE, speak: (r) => void spoken.push(r) }}>
          <LearningPathPage />
        </AudioQueueContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { spoken };
}

/** The card of a step, by its screen name. */
function stepCard(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name: new RegExp(`${name}$`) }).closest('li')!;
}

beforeEach(() => {
  failLoads = false;
  figures = { found: ['A', 'B', 'C'], built: 0, sounded: 0, sessions: 0 };
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('LearningPathPage', () => {
  it("shows a kindergartner's six steps in order, the letters first and next", async () => {
    renderPage(meFixture({ profile: { grade: 'K', age: 5 } }));
    expect(screen.getByRole('heading', { level: 1, name: 'My Learning Path' })).toBeInTheDocument();
    const steps = within(await screen.findByRole('list', { name: 'Your path' }));
    expect(steps.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Step 1: Alphabet Learning',
      'Step 2: Word Builder',
      'Step 3: Sound It Out',
      'Step 4: Reading Practice',
      'Step 5: Reading Assessment',
      'Step 6: Reading Goals',
    ]);
    // Each step's link is its screen's name (a voice command too), with the screen's picture in it.
    expect(steps.getByRole('link', { name: 'Alphabet Learning' })).toHaveAttribute('href', '/alphabet');
    expect(steps.getByRole('link', { name: 'Word Builder' })).toHaveAttribute('href', '/word-builder');
    expect(steps.getByRole('link', { name: 'Sound It Out' })).toHaveAttribute('href', '/sound-it-out');
    expect(steps.getByRole('link', { name: 'Reading Practice' })).toHaveAttribute('href', '/fluency');
    expect(steps.getByRole('link', { name: 'Reading Assessment' })).toHaveAttribute('href', '/assessment');
    expect(steps.getByRole('link', { name: 'Reading Goals' })).toHaveAttribute('href', '/goals');
    expect(steps.getByRole('link', { name: 'Word Builder' }).querySelector('svg')).not.toBeNull();

    // The next step on top, and marked on its card in words (not colour alone).
    const next = screen.getByRole('region', { name: 'Your next step' });
    expect(within(next).getByRole('link', { name: 'Alphabet Learning' })).toHaveAttribute(
      'href',
      '/alphabet',
    );
    expect(within(next).getByText('Sparky says a letter, and you find it.')).toBeInTheDocument();
    const letters = stepCard('Alphabet Learning');
    expect(letters).toHaveAttribute('aria-current', 'step');
    expect(within(letters).getByText('Your next step')).toBeInTheDocument();
    expect(within(letters).getByText('You have found 3 of 26 letters.')).toBeInTheDocument();
    expect(within(stepCard('Word Builder')).getByText('Not yet')).toBeInTheDocument();
    expect(within(stepCard('Word Builder')).getByText('You have built 0 of 10 words.')).toBeInTheDocument();
    expect(
      within(stepCard('Reading Practice')).getByText('You have not read a story aloud yet.'),
    ).toBeInTheDocument();
    const check = stepCard('Reading Assessment');
    expect(within(check).getByText('In grade 1')).toBeInTheDocument();
    expect(within(check).getByText('This reading check starts in grade 1.')).toBeInTheDocument();
    expect(
      within(stepCard('Reading Goals')).getByText(
        'No goal yet. A grown-up who follows your reading can set one.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getAllByRole('listitem').filter((li) => li.getAttribute('aria-current') === 'step'),
    ).toHaveLength(1);
  });

  it('Sparky says the next step by the name the child says to go there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    figures = { found: [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'], built: 4, sounded: 0, sessions: 0 };
    const { spoken } = renderPage(meFixture({ profile: { grade: 'K' } }));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(spoken.map((r) => r.text)).toEqual([
      'Your next step is Word Builder. Build words from letters.',
      'Say Word Builder to go there, or press its picture.',
    ]);
    expect(within(stepCard('Alphabet Learning')).getByText('Done')).toBeInTheDocument();
  });

  it('sends a second-grader whose check was hard to Sound It Out, with their level and latest reading', async () => {
    figures = {
      found: [],
      built: 12,
      sounded: 2,
      sessions: 4,
      latest: { wcpm: 42, accuracy: 86.4 },
      goal: { daysPerWeek: 4, daysReadThisWeek: 1 },
    };
    renderPage(
      meFixture({
        profile: {
          grade: '2',
          assessment_completed: true,
          lexile_level: 310,
          last_assessment_wcpm: 38,
          last_assessment_accuracy: 85,
        },
      }),
    );
    const next = await screen.findByRole('region', { name: 'Your next step' });
    expect(within(next).getByRole('link', { name: 'Sound It Out' })).toHaveAttribute('href', '/sound-it-out');
    expect(
      within(stepCard('Sound It Out')).getByText('You have sounded out 2 of 10 words.'),
    ).toBeInTheDocument();
    // The letter game is there for an older reader, not asked for.
    expect(within(stepCard('Alphabet Learning')).getByText('Extra practice')).toBeInTheDocument();
    expect(within(stepCard('Word Builder')).getByText('You have built 12 words.')).toBeInTheDocument();
    const check = stepCard('Reading Assessment');
    expect(within(check).getByText('Done')).toBeInTheDocument();
    expect(
      within(check).getByText('Your reading level is 310L. You read 38 words right in one minute.'),
    ).toBeInTheDocument();
    expect(
      within(stepCard('Reading Practice')).getByText(
        'You have read 4 stories aloud. Last time: 42 words right in a minute, 86% right.',
      ),
    ).toBeInTheDocument();
    expect(
      within(stepCard('Reading Goals')).getByText(
        'Read to Sparky on 4 days a week. This week: 1 of 4 days. 3 to go!',
      ),
    ).toBeInTheDocument();
  });

  it('with every step done, the next step is to keep reading', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    figures = { found: [], built: 0, sounded: 0, sessions: 3, goal: { daysPerWeek: 7, daysReadThisWeek: 2 } };
    const { spoken } = renderPage(
      meFixture({ profile: { grade: '4', assessment_completed: true, last_assessment_accuracy: 97 } }),
    );
    const next = await screen.findByRole('region', { name: 'Your next step' });
    expect(within(next).getByRole('link', { name: 'Reading Practice' })).toHaveAttribute('href', '/fluency');
    expect(
      within(next).getByText('You did every step! Keep reading stories aloud to Sparky.'),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(spoken.map((r) => r.text)).toEqual([
      'You did every step on your path! Your next step is to keep reading to me.',
      'Say Reading Practice to go there, or press its picture.',
    ]);
  });

  it('still shows the steps and their links when the progress cannot be loaded', async () => {
    failLoads = true;
    renderPage(meFixture({ profile: { grade: '1' } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some of your progress could not be loaded');
    const steps = within(screen.getByRole('list', { name: 'Your path' }));
    expect(steps.getAllByRole('link')).toHaveLength(6);
    expect(screen.queryByText(/You have/)).not.toBeInTheDocument();
    // The reading check is known from the profile: it is the next step of a first-grader who has not taken it.
    expect(
      within(screen.getByRole('region', { name: 'Your next step' })).getByRole('link'),
    ).toHaveAccessibleName('Reading Assessment');
  });

  it('tells a guardian the path is a child’s own, and where to follow their child', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { spoken } = renderPage(meFixture({ userType: 'guardian' }));
    expect(screen.getByText(/This page is for a child/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Progress Reports' })).toHaveAttribute('href', '/reports');
    expect(screen.queryByRole('list', { name: 'Your path' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(spoken.map((r) => r.text)[1]).toBe("To follow your child's reading, go to Progress Reports.");
    // Nothing of the reader's own figures was asked for.
    const asked = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(asked.filter((url) => !url.endsWith('/api/me'))).toEqual([]);
  });

  it('tells a teacher where their classes are', () => {
    renderPage(meFixture({ userType: 'teacher' }));
    expect(screen.getByRole('link', { name: 'Teacher Dashboard' })).toHaveAttribute(
      'href',
      '/teacher-dashboard',
    );
  });

  it('shows a teacher whose profile is a reader’s their own path (one rule with Enhanced Reports)', async () => {
    renderPage(meFixture({ userType: 'student', roles: ['teacher'] }));
    expect(await screen.findByRole('list', { name: 'Your path' })).toBeInTheDocument();
    expect(screen.queryByText(/This page is for a child/)).not.toBeInTheDocument();
  });

  it('treats a teacher by role as a teacher when their profile is not a reader’s', () => {
    renderPage(meFixture({ userType: 'guardian', roles: ['teacher'] }));
    expect(screen.getByRole('link', { name: 'Teacher Dashboard' })).toBeInTheDocument();
  });
});
