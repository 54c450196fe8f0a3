/**
 * /learn against a fetch stub: each game a link with its picture and name, the child's progress in each,
 * and Sparky's guidance.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpeakRequest } from '#machines/audio-queue.machine.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import { jsonResponse } from '../../test/me-fixture.ts';
import { LearnPage } from './LearnPage.tsx';

let failLoads: boolean;

function fakeServer(input: RequestInfo | URL): Promise<Response> {
  const url = String(input);
  if (failLoads) return Promise.resolve(jsonResponse({ error: { code: 'internal', message: 'x' } }, 500));
  if (url.endsWith('/api/alphabet'))
    return Promise.resolve(jsonResponse({ found: ['A', 'B', 'M'], today: ['M'], completed: false }));
  if (url.endsWith('/api/word-builder')) return Promise.resolve(jsonResponse({ today: ['cat'], total: 4 }));
  if (url.endsWith('/api/sound-it-out'))
    return Promise.resolve(jsonResponse({ today: ['cat', 'dog', 'sun'], total: 7 }));
  return Promise.resolve(jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404));
}

function renderPage() {
  const spoken: SpeakRequest[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AudioQueueContext.Provider value={{ ...SILENT_AUDIO_QUEUE, speak: (r) => void spoken.push(r) }}>
          <LearnPage />
        </AudioQueueContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { spoken };
}

beforeEach(() => {
  failLoads = false;
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('LearnPage', () => {
  it('links each built game by its picture and name, with how far the child has got', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Learning Hub' })).toBeInTheDocument();
    const games = within(screen.getByRole('list', { name: 'Games' }));
    expect(games.getByRole('link', { name: 'Alphabet Learning' })).toHaveAttribute('href', '/alphabet');
    expect(games.getByRole('link', { name: 'Word Builder' })).toHaveAttribute('href', '/word-builder');
    // Each link is also the game's heading, with its picture inside it.
    expect(screen.getByRole('heading', { level: 2, name: 'Word Builder' })).toBeInTheDocument();
    expect(games.getByRole('link', { name: 'Word Builder' }).querySelector('svg')).not.toBeNull();
    expect(await screen.findByText('You have found 3 of 26 letters.')).toBeInTheDocument();
    expect(await screen.findByText('You have built 1 word today.')).toBeInTheDocument();
    expect(games.getByRole('link', { name: 'Sound It Out' })).toHaveAttribute('href', '/sound-it-out');
    expect(screen.getByRole('heading', { level: 2, name: 'Sound It Out' })).toBeInTheDocument();
    expect(await screen.findByText('You have sounded out 3 words today.')).toBeInTheDocument();
    // Under the games, the child's path, which says which one comes next (ADR 0052).
    expect(screen.getByRole('link', { name: 'My Learning Path' })).toHaveAttribute(
      'href',
      '/my-learning-path',
    );
    expect(games.queryByRole('link', { name: 'My Learning Path' })).not.toBeInTheDocument();
    // Every game is built: none is marked as coming.
    expect(screen.queryByText('Coming later')).not.toBeInTheDocument();
  });

  it('still offers the games when the progress cannot be loaded', async () => {
    failLoads = true;
    renderPage();
    expect(screen.getByRole('link', { name: 'Alphabet Learning' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Word Builder' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sound It Out' })).toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(screen.queryByText(/You have/)).not.toBeInTheDocument();
  });

  it('Sparky says what to do, for a child who cannot read the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { spoken } = renderPage();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(spoken.map((r) => r.text)).toEqual(
      expect.arrayContaining([
        'Pick a game! Say alphabet to play with letters, word builder to build words, or sound it out.',
        'Each game has a picture. Press the picture to play.',
      ]),
    );
  });
});
