import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FluencyPage } from '../features/fluency/FluencyPage.tsx';
import { HomePage } from '../features/home/HomePage.tsx';
import { MyStoriesPage } from '../features/stories/MyStoriesPage.tsx';
import { StoryLibraryPage } from '../features/stories/StoryLibraryPage.tsx';
import { documentTitle } from '../lib/use-document-title.ts';
import { ALL_GROUPS } from './nav-items.ts';
import { protectedPaths as p } from './paths.ts';
import { SCREEN_NAMES } from './screen-names.ts';

/** Spec §2.6: the page titles spoken navigation uses, by the path they name. */
const SPOKEN_TITLES: Record<string, string> = {
  [p.home]: 'Home Dashboard',
  [p.create]: 'Create Story',
  [p.stories]: 'Saved Stories',
  [p.premadeStories]: 'Premade Stories',
  [p.fluency]: 'Reading Practice',
  [p.reports]: 'Progress Reports',
  [p.profile]: 'Profile',
  [p.tokens]: 'Tokens',
  [p.rewards]: 'Rewards',
  [p.alphabet]: 'Alphabet Learning',
  [p.wordBuilder]: 'Word Builder',
  [p.soundItOut]: 'Sound It Out',
  [p.learn]: 'Learning Hub',
  [p.assessment]: 'Reading Assessment',
  [p.screening]: 'Reading Screening',
  [p.goals]: 'Reading Goals',
  [p.import]: 'Import Text',
};

beforeEach(() => {
  // Every request waits: the pages draw their headings before any answer.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(page: ReactElement, path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('one name per screen (issue 17, item 10)', () => {
  it('uses the spec’s spoken-navigation titles (§2.6) wherever they exist', () => {
    for (const [path, title] of Object.entries(SPOKEN_TITLES)) expect(SCREEN_NAMES[path], path).toBe(title);
  });

  it('every menu of every role labels a screen by its name', () => {
    for (const [kind, groups] of Object.entries(ALL_GROUPS)) {
      for (const item of groups.flatMap((g) => g.items)) {
        expect(item.label, `${kind} ${item.path}`).toBe(SCREEN_NAMES[item.path]);
      }
    }
  });

  const pages: [string, ReactElement][] = [
    [p.home, <HomePage key="home" />],
    [p.stories, <MyStoriesPage key="stories" />],
    [p.premadeStories, <StoryLibraryPage key="library" />],
    [p.fluency, <FluencyPage key="fluency" />],
  ];
  for (const [path, page] of pages) {
    it(`${path}: the document title, the h1 and the menu label agree`, async () => {
      renderPage(page, path);
      const name = SCREEN_NAMES[path]!;
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(name);
      await waitFor(() => expect(document.title).toBe(documentTitle(name)));
    });
  }
});
