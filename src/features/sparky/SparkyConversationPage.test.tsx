/**
 * /sparky-conversation: the spoken chat. A question said through the voice layer (its registered
 * commands) or pressed is answered from the reader's own data — the same answers as /sparky-chat, by
 * the same hook — said through the app's one audio queue and written large; Sparky's face talks and
 * the turn words say "Sparky is talking." until the queue reports the line's end, then it is the
 * child's turn again.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { chatGreeting } from '#core/sparky/chat.ts';
import { createCommandRegistry } from '#voice/command-registry.ts';
import { VoiceRegistryContext } from '#voice/use-voice-commands.ts';
import {
  AudioQueueContext,
  SILENT_AUDIO_QUEUE,
  type AudioQueueApi,
  type LineEnd,
  type SpeakRequest,
} from '../../app/audio/audio-context.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { DAILY_CHALLENGES_QUERY_KEY } from '../../lib/api/rewards.ts';
import { meFixture } from '../../test/me-fixture.ts';
import { SPARKY_CONVERSATION_HELP } from './sparky-conversation.guidance.ts';
import { SparkyConversationPage, TURN_WORDS } from './SparkyConversationPage.tsx';

function renderConversation() {
  const said: SpeakRequest[] = [];
  const ends: ((how: LineEnd) => void)[] = [];
  const queue: AudioQueueApi = {
    ...SILENT_AUDIO_QUEUE,
    withdraw: (type) => said.push({ text: `(withdraw ${type})`, type }),
    say: (request) => {
      said.push(request);
      return new Promise<LineEnd>((resolve) => ends.push(resolve));
    },
  };
  const registry = createCommandRegistry({ commands: [] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(ME_QUERY_KEY, meFixture({ name: 'Maya Flores', streak: 4, profile: { tokens: 37 } }));
  client.setQueryData(DAILY_CHALLENGES_QUERY_KEY, { challenges: [] });
  render(
    <QueryClientProvider client={client}>
      <AudioQueueContext.Provider value={queue}>
        <VoiceRegistryContext.Provider value={registry}>
          <MemoryRouter>
            <SparkyConversationPage />
          </MemoryRouter>
        </VoiceRegistryContext.Provider>
      </AudioQueueContext.Provider>
    </QueryClientProvider>,
  );
  const stage = () => screen.getByRole('region', { name: 'Sparky says' });
  const face = () => stage().querySelector('svg');
  const log = () => screen.getByRole('list', { name: 'What we said' });
  return { said, ends, registry, stage, face, log };
}

describe('SparkyConversationPage', () => {
  it('greets the reader and gives the child the turn', () => {
    const { stage, face } = renderConversation();
    expect(screen.getByRole('heading', { level: 1, name: 'Sparky Conversation' })).toBeInTheDocument();
    expect(stage()).toHaveTextContent(chatGreeting('Maya'));
    expect(stage()).toHaveTextContent(TURN_WORDS.yours);
    expect(face()).toHaveAttribute('data-mood', 'helpful');
    // Each question has its own picture, for a child who cannot read yet.
    const questions = within(screen.getByRole('list', { name: 'You can say or press' })).getAllByRole(
      'button',
    );
    const pictures = questions.map((button) => button.querySelector('svg[aria-hidden="true"]')?.innerHTML);
    expect(pictures).toHaveLength(5);
    expect(pictures.every(Boolean)).toBe(true);
    expect(new Set(pictures).size).toBe(5);
    expect(screen.getByRole('link', { name: 'Type to Sparky instead' })).toHaveAttribute(
      'href',
      '/sparky-chat',
    );
  });

  it('answers a question said aloud, talking until the audio queue says the line ended', async () => {
    const { said, ends, registry, stage, face, log } = renderConversation();
    const phrases = registry.active().map((c) => c.phrase);
    expect(phrases).toEqual(
      expect.arrayContaining(['what can i do', 'read me a story', 'how am i doing', 'what is my streak']),
    );
    const command = registry.active().find((c) => c.phrase === 'what is my streak')!;
    act(() => registry.handlerFor(command)!(command.target, command));
    const answer = 'You have read 4 days in a row! Read today to keep it going.';
    // The page's introduction gives way to the answer (it would otherwise replace the waiting answer).
    expect(said).toEqual([
      { text: '(withdraw guidance)', type: 'guidance' },
      { text: answer, type: 'sparky' },
    ]);
    expect(stage()).toHaveTextContent(answer);
    expect(within(stage()).getByRole('link', { name: 'Go to Reading Practice' })).toHaveAttribute(
      'href',
      '/fluency',
    );
    expect(within(log()).getAllByRole('listitem').at(-2)).toHaveTextContent('You: What is my streak?');
    expect(stage()).toHaveTextContent(TURN_WORDS.speaking);
    expect(face()).toHaveAttribute('data-mood', 'excited');
    await act(async () => ends[0]!('said'));
    expect(stage()).toHaveTextContent(TURN_WORDS.yours);
    expect(face()).toHaveAttribute('data-mood', 'helpful');
  });

  it('answers a pressed question the same way, and help in words for this screen', async () => {
    const { said, stage } = renderConversation();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'How am I doing?' }));
    expect(said.at(-1)?.text).toBe('You have 37 tokens. Keep reading and you will earn more badges!');
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(said.at(-1)?.text).toBe(SPARKY_CONVERSATION_HELP);
    expect(stage()).toHaveTextContent(SPARKY_CONVERSATION_HELP);
  });
});
