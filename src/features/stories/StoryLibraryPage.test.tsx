import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoryListResponse, StorySummary } from '#core/api/stories.ts';
import { StoryLibraryPage } from './StoryLibraryPage.tsx';

const story = (over: Partial<StorySummary>): StorySummary => ({
  id: crypto.randomUUID(),
  slug: null,
  title: 'A Story',
  gradeBand: 'K',
  themes: ['animals'],
  decodable: false,
  lexile: 250,
  wordCount: 60,
  ...over,
});

const LIBRARY = [
  story({
    title: 'Sam and the Cat',
    gradeBand: 'K',
    themes: ['animals', 'family'],
    decodable: true,
    lexile: 259,
  }),
  story({ title: 'Puddle Day', gradeBand: 'K', themes: ['nature', 'science'], lexile: 262 }),
  story({ title: 'The Snail Race', gradeBand: '2', themes: ['animals', 'friendship'], lexile: 342 }),
  story({ title: 'The Great Debate', gradeBand: '5', themes: ['school', 'friendship'], lexile: 852 }),
];
const BAND = { lexile: 400, min: 300, max: 450, source: 'grade' as const };

/** A fake GET /api/stories that filters like the server. */
function fakeApi(url: string): StoryListResponse {
  const query = new URL(url, 'http://localhost').searchParams;
  const stories = LIBRARY.filter(
    (s) =>
      (!query.get('grade') || s.gradeBand === query.get('grade')) &&
      (!query.get('theme') || s.themes.includes(query.get('theme')!)) &&
      (query.get('justRight') !== '1' || (s.lexile! >= BAND.min && s.lexile! <= BAND.max)),
  );
  return { stories, readerBand: BAND };
}

let requests: string[] = [];

function renderLibrary(path = '/premade-stories') {
  const router = createMemoryRouter([{ path: '/premade-stories', element: <StoryLibraryPage /> }], {
    initialEntries: [path],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('Story Library filters', () => {
  beforeEach(() => {
    requests = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      requests.push(url);
      return new Response(JSON.stringify(fakeApi(url)), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists every story as a link named by its title, described by level, Lexile and length', async () => {
    renderLibrary();
    expect(await screen.findByText('4 stories in the library')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Stories' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    const link = screen.getByRole('link', { name: 'Sam and the Cat' });
    expect(link).toHaveAttribute('href', `/read-story/${LIBRARY[0]!.id}`);
    expect(link).toHaveAccessibleDescription(
      /^Kindergarten ?, Lexile 259L ?, 60 words ?, Animals and Family ?, Decodable$/,
    );
  });

  it('filters by level and theme, keeping the choices in the address bar', async () => {
    const user = userEvent.setup();
    const router = renderLibrary();
    await screen.findByText('4 stories in the library');

    await user.click(screen.getByRole('button', { name: /Level/ }));
    await user.click(await screen.findByRole('option', { name: 'Kindergarten' }));
    expect(await screen.findByText('2 stories match your choices')).toBeInTheDocument();
    expect(requests.at(-1)).toBe('/api/stories?grade=K');
    expect(router.state.location.search).toBe('?grade=K');

    await user.click(screen.getByRole('button', { name: /Theme/ }));
    await user.click(await screen.findByRole('option', { name: 'Science' }));
    expect(await screen.findByText('1 story matches your choices')).toBeInTheDocument();
    expect(requests.at(-1)).toBe('/api/stories?grade=K&theme=science');
    expect(screen.getByRole('link', { name: 'Puddle Day' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sam and the Cat' })).toBeNull();
  });

  it('"Just right for me" asks for the reader band and says what it is', async () => {
    const user = userEvent.setup();
    renderLibrary();
    await screen.findByText('4 stories in the library');
    const toggle = screen.getByRole('switch', { name: 'Just right for me' });
    expect(toggle).toHaveAccessibleDescription(
      'Stories from 300L to 450L, around your reading level of 400L (from your grade).',
    );
    await user.click(toggle);
    expect(await screen.findByText('1 story matches your choices')).toBeInTheDocument();
    expect(requests.at(-1)).toBe('/api/stories?justRight=1');
    expect(screen.getByRole('switch', { name: 'Just right for me' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'The Snail Race' })).toBeInTheDocument();
  });

  it('shows an honest empty state with a way back to every story', async () => {
    const user = userEvent.setup();
    renderLibrary('/premade-stories?grade=5&justRight=1');
    expect(
      await screen.findByRole('heading', { name: 'No stories match these choices' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/turn off “Just right for me”/)).toBeInTheDocument();
    expect(screen.getByText('0 stories match your choices')).toBeInTheDocument();
    // Nothing at grade 5 is in 300L–450L; the nearest grade-5 story is offered instead.
    const closest = await screen.findByRole('list', { name: 'Closest to your level' });
    expect(within(closest).getByRole('link', { name: 'The Great Debate' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all stories' }));
    expect(await screen.findByText('4 stories in the library')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Just right for me' })).not.toBeChecked());
  });

  it('offers a retry when the library cannot load', async () => {
    vi.mocked(globalThis.fetch).mockResolvedValueOnce(
      new Response(
        JSON.stringify({ error: { code: 'internal_error', message: 'Something went wrong on the server.' } }),
        {
          status: 500,
        },
      ),
    );
    const user = userEvent.setup();
    renderLibrary();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong on the server.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('4 stories in the library')).toBeInTheDocument();
  });
});
