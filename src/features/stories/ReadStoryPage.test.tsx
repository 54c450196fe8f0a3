import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAnnouncements } from '#a11y/announcer.ts';
import { createCommandRegistry } from '#voice/command-registry.ts';
import { VoiceRegistryContext } from '#voice/use-voice-commands.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import { ReadStoryPage } from './ReadStoryPage.tsx';
import { READ_STORY_GUIDANCE, STORY_MISSING_GUIDANCE } from './read-story.guidance.ts';

const ID = '00000000-0000-4000-8000-00000000abcd';
const STORY = {
  id: ID,
  slug: 'the-snail-race',
  title: 'The Snail Race',
  gradeBand: '2',
  themes: ['animals'],
  decodable: false,
  lexile: 342,
  wordCount: 6,
  body: 'The snail won the big race.',
  own: false,
};

/** An <audio> stand-in: plays at once, pauses and resumes, never ends by itself. */
class FakeAudio extends EventTarget {
  currentTime = 0.5;
  paused = true;
  constructor(public src: string) {
    super();
  }
  play() {
    this.paused = false;
    queueMicrotask(() => this.dispatchEvent(new Event('playing')));
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
  removeAttribute() {}
}

let answerStory: (() => void) | null = null;

beforeEach(() => {
  vi.stubGlobal('Audio', FakeAudio);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/speech')) {
        return Response.json({
          audioUrl: 'blob:speech',
          duration: 3,
          voice: 'slt',
          words: [{ index: 0, text: 'The', start: 0, end: 0.6 }],
        });
      }
      // The story arrives when the test says so.
      await new Promise<void>((resolve) => (answerStory = resolve));
      return Response.json({ story: STORY });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearAnnouncements();
  answerStory = null;
});

function renderReader(registry = createCommandRegistry({ commands: [] })) {
  const router = createMemoryRouter(
    [
      { path: '/read-story/:storyId', element: <ReadStoryPage /> },
      { path: '/fluency', element: <h1>Reading Practice</h1> },
    ],
    { initialEntries: [`/read-story/${ID}`] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <VoiceRegistryContext.Provider value={registry}>
        <main tabIndex={-1}>
          <RouterProvider router={router} />
        </main>
      </VoiceRegistryContext.Provider>
    </QueryClientProvider>,
  );
  return { router, registry };
}

/** Says `phrase` to the registry as the recogniser's answer would. */
function say(registry: ReturnType<typeof createCommandRegistry>, phrase: string) {
  const command = registry.active().find((c) => c.phrase === phrase);
  expect(command, `"${phrase}" is not active`).toBeDefined();
  act(() => registry.handlerFor(command!)!(command!.target, command!));
}

describe('the story reader (issue 17)', () => {
  it('says the story is missing when it is, never "Here is your story"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: { code: 'story_not_found', message: 'No such story.' } }, { status: 404 }),
      ),
    );
    const guidance: (readonly string[] | null)[] = [];
    const router = createMemoryRouter([{ path: '/read-story/:storyId', element: <ReadStoryPage /> }], {
      initialEntries: [`/read-story/${ID}`],
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AudioQueueContext.Provider
          value={{ ...SILENT_AUDIO_QUEUE, setGuidance: (lines) => void guidance.push(lines) }}
        >
          <RouterProvider router={router} />
        </AudioQueueContext.Provider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Story not found' })).toBeInTheDocument();
    await waitFor(() => expect(guidance.filter(Boolean).at(-1)).toEqual(STORY_MISSING_GUIDANCE));
    expect(guidance).not.toContainEqual(READ_STORY_GUIDANCE);
  });

  it('moves focus to the story’s title once it loads, and announces the title', async () => {
    renderReader();
    // The route's focus went to <main> while the story loaded.
    screen.getByRole('main').focus();
    await waitFor(() => expect(answerStory).not.toBeNull());
    await act(async () => answerStory!());
    const title = await screen.findByRole('heading', { level: 1, name: 'The Snail Race' });
    await waitFor(() => expect(title).toHaveFocus());
    await waitFor(() =>
      expect(document.getElementById('sparky-announcer-polite')).toHaveTextContent('The Snail Race'),
    );
    expect(document.title).toContain('The Snail Race');
  });

  it('Space pauses and resumes from anywhere on the page; Escape stops and says so', async () => {
    const user = userEvent.setup();
    renderReader();
    await waitFor(() => expect(answerStory).not.toBeNull());
    await act(async () => answerStory!());
    await user.click(await screen.findByRole('button', { name: 'Read to me' }));
    const status = document.querySelector('.reader__status')!;
    await waitFor(() => expect(status).toHaveTextContent('Reading aloud'));
    // Focus is on the story's title, not on the Pause button.
    screen.getByRole('heading', { level: 1 }).focus();
    await user.keyboard(' ');
    expect(status).toHaveTextContent('Audio paused.');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    await user.keyboard(' ');
    await waitFor(() => expect(status).toHaveTextContent('Reading aloud'));
    await user.keyboard('{Escape}');
    expect(status).toHaveTextContent('Audio stopped.');
    expect(screen.getByRole('button', { name: 'Read to me' })).toHaveFocus();
  });

  it('holds the page’s words while shown: "read to me", then "stop" while reading, "start reading" and "back"', async () => {
    const { registry, router } = renderReader();
    await waitFor(() => expect(answerStory).not.toBeNull());
    await act(async () => answerStory!());
    await screen.findByRole('heading', { level: 1, name: 'The Snail Race' });
    const phrases = () => registry.active().map((c) => c.phrase);
    expect(phrases()).toEqual(expect.arrayContaining(['read to me', 'start reading', 'back']));
    expect(phrases()).not.toContain('stop');

    say(registry, 'read to me');
    const status = document.querySelector('.reader__status')!;
    await waitFor(() => expect(status).toHaveTextContent('Reading aloud'));
    expect(phrases()).toContain('stop');
    expect(phrases()).not.toContain('read to me');
    say(registry, 'stop');
    await waitFor(() => expect(status).toHaveTextContent('Audio stopped.'));

    say(registry, 'start reading');
    await waitFor(() => expect(router.state.location.pathname).toBe('/fluency'));
    expect(router.state.location.search).toContain(ID);
    // the page has gone: its words with it
    expect(phrases()).not.toContain('read to me');
  });
});
