/**
 * /sparky-chat: the offline chat answers the five questions from the reader's own data, by button,
 * by typing (Enter or Ask) and by the voice layer's commands; each answer is said through the app's one
 * audio queue as Sparky and written in the chat, with a link only to a built screen. Any other question
 * goes to POST /api/sparky/chat (fetch faked): the server's answer is said; when the server cannot be
 * reached or limits the reader, the offline answer comes with a note.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SPARKY_MODEL_DOWN_NOTE } from '#core/api/sparky.ts';
import type { DailyChallenge } from '#core/api/rewards.ts';
import { CHAT_NOT_UNDERSTOOD } from '#core/sparky/chat.ts';
import { createCommandRegistry } from '#voice/command-registry.ts';
import { VoiceRegistryContext } from '#voice/use-voice-commands.ts';
import {
  AudioQueueContext,
  SILENT_AUDIO_QUEUE,
  type AudioQueueApi,
  type SpeakRequest,
} from '../../app/audio/audio-context.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { DAILY_CHALLENGES_QUERY_KEY } from '../../lib/api/rewards.ts';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { SparkyChatPage } from './SparkyChatPage.tsx';

const challenge = (id: string, completed: boolean) =>
  ({
    id,
    challenge_type: 'read_stories',
    challenge_data: { name: 'Story Time', icon: 'book', reward_tokens: 10, unit: 'stories' },
    target_count: 1,
    current_count: completed ? 1 : 0,
    completed,
    challenge_date: '2027-03-01',
  }) as DailyChallenge;

function renderChat() {
  const said: SpeakRequest[] = [];
  // Sparky's answers (the page's guidance, type 'guidance', is the guidance hook's business).
  const queue: AudioQueueApi = {
    ...SILENT_AUDIO_QUEUE,
    speak: (request) => {
      if (request.type !== 'guidance') said.push(request);
    },
    say: (request) => {
      said.push(request);
      return Promise.resolve('said');
    },
  };
  const registry = createCommandRegistry({ commands: [] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(ME_QUERY_KEY, meFixture({ name: 'Maya Flores', streak: 4, profile: { tokens: 37 } }));
  client.setQueryData(DAILY_CHALLENGES_QUERY_KEY, {
    challenges: [challenge('a', true), challenge('b', false)],
  });
  render(
    <QueryClientProvider client={client}>
      <AudioQueueContext.Provider value={queue}>
        <VoiceRegistryContext.Provider value={registry}>
          <MemoryRouter>
            <SparkyChatPage />
          </MemoryRouter>
        </VoiceRegistryContext.Provider>
      </AudioQueueContext.Provider>
    </QueryClientProvider>,
  );
  const chat = () => screen.getByRole('list', { name: 'Our chat' });
  return { said, registry, chat };
}

/** Fakes POST /api/sparky/chat with one answer (status 0: the network fails). */
function fakeServer(answer: unknown, status = 200) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (status === 0) throw new TypeError('Failed to fetch');
    expect(String(input)).toContain('/api/sparky/chat');
    expect(init?.method).toBe('POST');
    return jsonResponse(answer, status);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('SparkyChatPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends a question the script does not know to the server, and says the server's answer", async () => {
    const fetchMock = fakeServer({ source: 'model', text: 'Paris is the capital of France.', note: null });
    const { said, chat } = renderChat();
    const user = userEvent.setup();
    await user.type(
      screen.getByRole('textbox', { name: 'Your question' }),
      'what is the capital of France{Enter}',
    );
    await waitFor(() =>
      expect(said.at(-1)).toEqual({ text: 'Paris is the capital of France.', type: 'sparky' }),
    );
    expect(within(chat()).getAllByRole('listitem').at(-1)).toHaveTextContent(
      'Sparky: Paris is the capital of France.',
    );
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      question: 'what is the capital of France',
    });
    // Questions the script knows never leave the browser.
    await user.click(screen.getByRole('button', { name: 'What is my streak?' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('answers offline with a note when the server cannot be reached, and with its words when it limits', async () => {
    fakeServer(null, 0);
    const { said, chat } = renderChat();
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Your question' });
    await user.type(field, 'why is the sky blue{Enter}');
    await waitFor(() => expect(said.at(-1)).toEqual({ text: CHAT_NOT_UNDERSTOOD, type: 'sparky' }));
    expect(within(chat()).getAllByRole('listitem').at(-1)).toHaveTextContent(SPARKY_MODEL_DOWN_NOTE);
    fakeServer(
      { error: { code: 'rate_limited', message: 'Sparky needs a little rest. Ask again in a minute.' } },
      429,
    );
    await user.type(field, 'why is grass green{Enter}');
    await waitFor(() =>
      expect(within(chat()).getAllByRole('listitem').at(-1)).toHaveTextContent('Sparky needs a little rest.'),
    );
    expect(said.at(-1)).toEqual({ text: CHAT_NOT_UNDERSTOOD, type: 'sparky' });
  });

  it('greets the reader and answers a pressed question from their data, said as Sparky', async () => {
    const { said, chat } = renderChat();
    expect(screen.getByRole('heading', { level: 1, name: 'Sparky Chat' })).toBeInTheDocument();
    expect(within(chat()).getByRole('listitem')).toHaveTextContent(/^Sparky: Hi Maya! I'm Sparky\./);
    // Each question has its own picture, for a child who cannot read yet (named by its words alone).
    const questions = within(screen.getByRole('list', { name: 'Questions to ask' })).getAllByRole('button');
    expect(questions).toHaveLength(5);
    const pictures = questions.map((button) => button.querySelector('svg[aria-hidden="true"]')?.innerHTML);
    expect(pictures.every(Boolean)).toBe(true);
    expect(new Set(pictures).size).toBe(5);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'What is my streak?' }));
    const lines = within(chat()).getAllByRole('listitem');
    expect(lines.at(-2)).toHaveTextContent('You: What is my streak?');
    expect(lines.at(-1)).toHaveTextContent('Sparky: You have read 4 days in a row!');
    expect(within(lines.at(-1)!).getByRole('link', { name: 'Go to Reading Practice' })).toHaveAttribute(
      'href',
      '/fluency',
    );
    expect(said).toEqual([
      { text: 'You have read 4 days in a row! Read today to keep it going.', type: 'sparky' },
    ]);
    await user.click(screen.getByRole('button', { name: 'How am I doing?' }));
    expect(said.at(-1)?.text).toBe(
      'You have 37 tokens. Today you finished 1 of 2 challenges. Keep reading and you will earn more badges!',
    );
  });

  it('answers a typed question on Enter, keeps the field for the next, and says what it can answer', async () => {
    const { said, chat } = renderChat();
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Your question' });
    await user.type(field, 'can you read me a story{Enter}');
    expect(field).toHaveValue('');
    expect(within(chat()).getAllByRole('listitem').at(-1)).toHaveTextContent('Pick one in Premade Stories');
    expect(within(chat()).getByRole('link', { name: 'Go to Premade Stories' })).toHaveAttribute(
      'href',
      '/premade-stories',
    );
    // Blank asks nothing.
    const count = said.length;
    await user.type(field, '   {Enter}');
    expect(said).toHaveLength(count);
  });

  it('takes a question said aloud through the voice layer while it is shown', async () => {
    const { said, registry } = renderChat();
    const phrases = registry.active().map((c) => c.phrase);
    expect(phrases).toEqual(
      expect.arrayContaining(['what can i do', 'read me a story', 'how am i doing', 'what is my streak']),
    );
    const command = registry.active().find((c) => c.phrase === 'what can i do')!;
    act(() => registry.handlerFor(command)!(command.target, command));
    expect(said.at(-1)?.text).toMatch(/^You have 1 daily challenge to do today\./);
  });
});
