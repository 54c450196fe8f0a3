import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/me-fixture.ts';
import { storyKeys, useLibrary, useStory } from './stories.ts';

const STORY_ID = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
const STORY = {
  id: STORY_ID,
  title: 'The Red Bus',
  body: 'The bus is red.',
  own: false,
};

function Reader() {
  const story = useStory(STORY_ID);
  return <p>Reader: {story.data?.title ?? '…'}</p>;
}
function PracticePicker() {
  const story = useStory(STORY_ID);
  const library = useLibrary();
  return (
    <p>
      Practice: {story.data?.title ?? '…'} of {library.data?.stories.length ?? '…'}
    </p>
  );
}
function Nothing() {
  useStory(null);
  return null;
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === `/api/stories/${STORY_ID}`) return jsonResponse({ story: STORY });
      if (url.pathname === '/api/stories') return jsonResponse({ stories: [STORY], readerBand: null });
      return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('stories: one module, one key factory (src/lib/api/stories.ts)', () => {
  it('the reader and fluency practice share one cached copy of a story', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Reader />
        <PracticePicker />
        <Nothing />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Reader: The Red Bus')).toBeInTheDocument();
    expect(await screen.findByText('Practice: The Red Bus of 1')).toBeInTheDocument();
    const storyCalls = vi
      .mocked(fetch)
      .mock.calls.filter(([input]) => String(input).includes(`/api/stories/${STORY_ID}`));
    expect(storyCalls).toHaveLength(1);
    const cached = client.getQueryCache().findAll({ queryKey: storyKeys.all });
    expect(cached.map((query) => query.queryKey)).toEqual(
      expect.arrayContaining([storyKeys.detail(STORY_ID), storyKeys.library({})]),
    );
    expect(client.getQueryCache().findAll({ queryKey: storyKeys.detail(STORY_ID) })).toHaveLength(1);
    // No request for "no story chosen".
    expect(vi.mocked(fetch).mock.calls.some(([input]) => String(input).endsWith('/api/stories/'))).toBe(
      false,
    );
  });

  it('every story key sits under storyKeys.all, so one invalidation refreshes them all', () => {
    for (const key of [
      storyKeys.library({ grade: 'K', justRight: true }),
      storyKeys.mine(),
      storyKeys.detail(STORY_ID),
    ]) {
      expect(key.slice(0, storyKeys.all.length)).toEqual([...storyKeys.all]);
    }
    expect(storyKeys.library({})).not.toEqual(storyKeys.library({ theme: 'animals' }));
  });
});
