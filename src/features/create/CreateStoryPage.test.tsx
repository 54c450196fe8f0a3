/**
 * /create against a fetch stub that answers like the server (core/api/story-maker.ts): three questions answered by
 * keyboard, each asked aloud with its choices; the pet offered by name; the story made, with its badge; going back;
 * a refusal said and kept on screen with the choices.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MakeStoryResponse } from '#core/api/story-maker.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE, type AudioQueueApi } from '../../app/audio/audio-context.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { CreateStoryPage } from './CreateStoryPage.tsx';

const sent: unknown[] = [];
const spoken: string[] = [];
let answer: () => Response | Promise<Response>;

const MADE: MakeStoryResponse = {
  story: {
    id: '6f1c1d2e-8a4b-4c4d-9e0f-1a2b3c4d5e6f',
    slug: null,
    title: 'Biscuit Makes a Friend',
    gradeBand: null,
    themes: ['friendship'],
    decodable: false,
    lexile: 250,
    wordCount: 52,
  },
  created: true,
  newAchievements: [
    {
      id: '7f1c1d2e-8a4b-4c4d-9e0f-1a2b3c4d5e6f',
      achievement_type: 'first_story',
      achievement_name: 'Story Starter',
      description: 'Created your first story!',
      icon_name: 'book',
      earned_at: '2026-11-29T06:00:00Z',
    },
  ],
  completedChallenges: [],
  balance: 0,
};

function renderPage(petsName: string | null = 'Biscuit') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(
    ME_QUERY_KEY,
    meFixture({ name: 'Ana', userType: 'student', profile: { pets_name: petsName } }),
  );
  const audio: AudioQueueApi = {
    ...SILENT_AUDIO_QUEUE,
    speak: (item) => {
      spoken.push(item.text);
      SILENT_AUDIO_QUEUE.speak(item);
    },
  };
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AudioQueueContext.Provider value={audio}>
          <CreateStoryPage />
        </AudioQueueContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sent.length = 0;
  spoken.length = 0;
  answer = () => jsonResponse(MADE, 201);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/stories/made') && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return Promise.resolve(answer());
      }
      return Promise.resolve(jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('CreateStoryPage', () => {
  it('asks three questions aloud, answered by keyboard, then makes the story and names the badge', async () => {
    const user = userEvent.setup();
    renderPage();
    const question = screen.getByRole('group', { name: 'Who is your story about?' });
    // The pet first, by name; every choice a button with its name.
    expect(
      within(question)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['🐾Biscuit', '🐱Cat', '🐶Dog', '🐉Dragon', '🤖Robot', '🐰Bunny']);
    expect(within(question).getByRole('button', { name: 'Biscuit' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await user.tab();
    expect(within(question).getByRole('button', { name: 'Biscuit' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await screen.findByRole('group', { name: 'Where does it happen?' });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Where does it happen?' })).toHaveFocus());
    expect(spoken).toContain('Where does it happen? Say Park, Sea, Space, Castle, Forest, or School.');
    expect(screen.getByText('Your story: Biscuit.')).toBeInTheDocument();
    await user.tab();
    await user.keyboard('{Enter}'); // Park

    await screen.findByRole('group', { name: 'What happens?' });
    expect(spoken).toContain('What happens? Say Treasure, New friend, Party, or Lost.');
    expect(screen.queryByRole('group', { name: 'Where does it happen?' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New friend' }));

    expect(await screen.findByRole('heading', { name: 'Ready to make your story?' })).toBeInTheDocument();
    expect(screen.getByText('Your story: Biscuit, Park, New friend.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make my story' }));

    const title = await screen.findByRole('heading', { name: 'Biscuit Makes a Friend' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(sent).toEqual([{ hero: 'pet', place: 'park', plot: 'friend' }]);
    expect(screen.getByText(/New badge: Story Starter!/)).toBeInTheDocument();
    expect(spoken).toContain(
      'Your story is ready: Biscuit Makes a Friend. You earned the Story Starter badge! Say read it now, or practise reading aloud.',
    );
    expect(screen.getByRole('link', { name: 'Read it now' })).toHaveAttribute(
      'href',
      `/read-story/${MADE.story.id}`,
    );
    expect(screen.getByRole('link', { name: 'Practise reading aloud' })).toHaveAttribute(
      'href',
      `/fluency?storyId=${MADE.story.id}`,
    );

    // Another: back to the first question, asked again.
    await user.click(screen.getByRole('button', { name: 'Make another story' }));
    expect(await screen.findByRole('group', { name: 'Who is your story about?' })).toBeInTheDocument();
    expect(spoken.at(-1)).toBe('Who is your story about? Say Biscuit, Cat, Dog, Dragon, Robot, or Bunny.');
  });

  it('offers no pet without a usable pet’s name, and goes back a step', async () => {
    const user = userEvent.setup();
    renderPage('<b>Rex</b>');
    const who = screen.getByRole('group', { name: 'Who is your story about?' });
    expect(within(who).getAllByRole('button')).toHaveLength(5);
    await user.click(within(who).getByRole('button', { name: 'Dragon' }));
    await screen.findByRole('group', { name: 'Where does it happen?' });
    await user.click(screen.getByRole('button', { name: 'Go back a step' }));
    expect(await screen.findByRole('group', { name: 'Who is your story about?' })).toBeInTheDocument();
  });

  it('says a refusal and keeps the choices to try again', async () => {
    answer = () =>
      jsonResponse(
        {
          error: {
            code: 'too_many_stories',
            message:
              'You have 200 stories saved, the most there is room for. Delete one you no longer read, then try again.',
          },
        },
        409,
      );
    const user = userEvent.setup();
    renderPage(null);
    await user.click(screen.getByRole('button', { name: 'Cat' }));
    await user.click(await screen.findByRole('button', { name: 'Space' }));
    await user.click(await screen.findByRole('button', { name: 'Treasure' }));
    await user.click(await screen.findByRole('button', { name: 'Make my story' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('200 stories saved');
    expect(spoken.some((line) => line.includes('200 stories saved'))).toBe(true);
    answer = () => jsonResponse({ ...MADE, newAchievements: [] }, 201);
    await user.click(screen.getByRole('button', { name: 'Make my story' }));
    expect(await screen.findByRole('heading', { name: 'Biscuit Makes a Friend' })).toBeInTheDocument();
    expect(sent).toEqual([
      { hero: 'cat', place: 'space', plot: 'treasure' },
      { hero: 'cat', place: 'space', plot: 'treasure' },
    ]);
  });
});
