/**
 * /ai-tutor (issue 12): the offline tutor talks the reader through their own plan. Every line is
 * said through the audio queue as Sparky and names the button to press; the practice word is
 * checked by the recogniser of spoken commands with a list holding only that word; the buttons are
 * also spoken commands; the end links to the suggested story.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TutorPlanResponse } from '#core/api/tutor.ts';
import { tutorLines } from '#core/tutor/tutor-script.ts';
import type { VoiceAnswer, VoiceCommand } from '#core/voice/command.ts';
import { createCommandRegistry } from '#voice/command-registry.ts';
import { VoiceRegistryContext } from '#voice/use-voice-commands.ts';
import {
  AudioQueueContext,
  SILENT_AUDIO_QUEUE,
  type AudioQueueApi,
  type SpeakRequest,
} from '../../app/audio/audio-context.ts';
import type { ListenCallbacks } from '../../app/voice/voice-effects.ts';
import { ApiError } from '../../lib/api/http.ts';
import { TUTOR_PLAN_QUERY_KEY } from '../../lib/api/tutor.ts';
import { AiTutorPage } from './AiTutorPage.tsx';
import { PRACTICE_TARGET, type CheckWordEffects } from './check-word.ts';

const NEXT_ID = '00000000-0000-4000-8000-0000000000c1';
const PLAN: TutorPlanResponse = {
  plan: {
    readings: 2,
    praise: ['You read "The Brown Dog" so carefully: almost every word was right.'],
    practice: [
      { word: 'brown', missed: 2 },
      { word: 'barn', missed: 1 },
    ],
    next: { id: NEXT_ID, title: 'Cats at Play', level: 'harder' },
  },
  chat: false,
};

/** The microphone and recogniser, answered by the test. */
function fakeEffects() {
  const state = {
    listening: null as ListenCallbacks | null,
    asked: [] as (readonly VoiceCommand[])[],
    answers: [] as (VoiceAnswer | Error)[],
    ducked: 0,
  };
  const effects: CheckWordEffects = {
    listen(callbacks) {
      state.listening = callbacks;
      return { finish() {}, cancel() {} };
    },
    async recognise(_wav, commands) {
      state.asked.push(commands);
      const answer = state.answers.shift();
      if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
      return answer;
    },
    duck: () => state.ducked++,
    unduck: () => state.ducked--,
  };
  return { state, effects };
}

function renderTutor(data: TutorPlanResponse = PLAN) {
  const said: SpeakRequest[] = [];
  const queue: AudioQueueApi = { ...SILENT_AUDIO_QUEUE, speak: (request) => void said.push(request) };
  const registry = createCommandRegistry({ commands: [] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(TUTOR_PLAN_QUERY_KEY, data);
  const { state, effects } = fakeEffects();
  render(
    <QueryClientProvider client={client}>
      <AudioQueueContext.Provider value={queue}>
        <VoiceRegistryContext.Provider value={registry}>
          <MemoryRouter>
            <AiTutorPage effects={effects} />
          </MemoryRouter>
        </VoiceRegistryContext.Provider>
      </AudioQueueContext.Provider>
    </QueryClientProvider>,
  );
  return { said, registry, state };
}

const RIGHT: VoiceAnswer = { intent: 'action', target: PRACTICE_TARGET, phrase: 'brown', confidence: 0.9 };
const NONE: VoiceAnswer = { intent: null, target: null, phrase: null, confidence: 0 };
const wav = new Blob([new Uint8Array(44)], { type: 'audio/wav' });

describe('AiTutorPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('praises, practises each word by voice (checked against that word alone) and suggests the next story', async () => {
    const user = userEvent.setup();
    const { said, state } = renderTutor();
    expect(screen.getByRole('heading', { level: 1, name: 'AI Tutor' })).toBeInTheDocument();
    // Sparky's first turn is said as Sparky, and shown.
    expect(said[0]!.type).toBe('sparky');
    expect(said[0]!.text).toContain('so carefully');
    expect(said[0]!.text).toContain("Press Let's practise");

    await user.click(screen.getByRole('button', { name: "Let's practise" }));
    expect(screen.getByRole('heading', { level: 2, name: 'Word 1 of 2' })).toBeInTheDocument();
    expect(screen.getByText('brown', { selector: '.ai-tutor__word' })).toBeInTheDocument();
    expect(said.at(-1)!.text).toBe(tutorLines.prompt('brown'));

    await user.click(screen.getByRole('button', { name: 'Hear it again' }));
    expect(said.at(-1)!.text).toBe(tutorLines.hear('brown'));

    // Say it: the microphone opens (Sparky ducked), the answer is another word.
    await user.click(screen.getByRole('button', { name: 'Say it' }));
    await waitFor(() => expect(state.listening).not.toBeNull());
    expect(state.ducked).toBe(1);
    state.answers.push(NONE);
    await act(async () => state.listening!.ended(wav, 1));
    await waitFor(() => expect(said.at(-1)!.text).toBe(tutorLines.again('brown')));
    expect(state.ducked).toBe(0);
    expect(state.asked[0]).toEqual([{ phrase: 'brown', intent: 'action', target: PRACTICE_TARGET }]);

    // Then the word itself.
    state.listening = null;
    await user.click(screen.getByRole('button', { name: 'Say it' }));
    await waitFor(() => expect(state.listening).not.toBeNull());
    state.answers.push(RIGHT);
    await act(async () => state.listening!.ended(wav, 1));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Word 2 of 2' })).toBeInTheDocument(),
    );
    expect(said.at(-1)!.text).toBe(`${tutorLines.right('brown')} ${tutorLines.prompt('barn')}`);

    // Silence is not a try; a refused microphone keeps the word and says so.
    state.listening = null;
    await user.click(screen.getByRole('button', { name: 'Say it' }));
    await waitFor(() => expect(state.listening).not.toBeNull());
    state.answers.push(new ApiError(422, 'audio_silent', 'silent'));
    await act(async () => state.listening!.ended(wav, 1));
    await waitFor(() => expect(said.at(-1)!.text).toBe(tutorLines.nothing('barn')));
    state.listening = null;
    await user.click(screen.getByRole('button', { name: 'Say it' }));
    await waitFor(() => expect(state.listening).not.toBeNull());
    await act(async () => state.listening!.failed('denied'));
    await waitFor(() => expect(said.at(-1)!.text).toBe(tutorLines.problem));
    expect(screen.getByRole('heading', { level: 2, name: 'Word 2 of 2' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Skip this word' }));
    expect(screen.getByRole('heading', { level: 2, name: 'What to read next' })).toBeInTheDocument();
    expect(said.at(-1)!.text).toContain('You said 1 of the 2 words');
    expect(said.at(-1)!.text).toContain('Next, read "Cats at Play". It is a little harder');
    expect(screen.getByRole('link', { name: 'Read "Cats at Play"' })).toHaveAttribute(
      'href',
      `/fluency?storyId=${NEXT_ID}`,
    );
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(screen.getByRole('button', { name: "Let's practise" })).toBeInTheDocument();
  });

  it('keeps the focus on the card when a step replaces the button just pressed (keyboard or switch)', async () => {
    const user = userEvent.setup();
    renderTutor();
    screen.getByRole('button', { name: "Let's practise" }).focus();
    await user.keyboard('{Enter}');
    const step = await screen.findByRole('heading', { level: 2, name: 'Word 1 of 2' });
    expect(step).toHaveFocus();
    // Skip stays where it is between words, and keeps the focus.
    const skip = screen.getByRole('button', { name: 'Skip this word' });
    expect(skip.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    skip.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Word 2 of 2' })).toBeInTheDocument();
    expect(skip).toHaveFocus();
    // The last Skip ends the practice: its button is gone, the focus goes to the next step's heading.
    await user.keyboard('{Enter}');
    const next = await screen.findByRole('heading', { level: 2, name: 'What to read next' });
    expect(next).toHaveFocus();
    // Every action of the tutor carries a picture, for a child who cannot read yet.
    for (const action of [
      screen.getByRole('link', { name: 'Read "Cats at Play"' }),
      screen.getByRole('button', { name: 'Start again' }),
    ])
      expect(action.querySelector('svg[aria-hidden="true"]'), action.textContent ?? '').not.toBeNull();
  });

  it('answers its buttons said through Talk to Sparky', async () => {
    const { said, registry } = renderTutor();
    const run = (phrase: string) => {
      const command = registry.active().find((c) => c.phrase === phrase);
      expect(command, phrase).toBeDefined();
      act(() => registry.handlerFor(command!)!(command!.target, command!));
    };
    run("let's practise");
    expect(said.at(-1)!.text).toBe(tutorLines.prompt('brown'));
    run('hear it again');
    expect(said.at(-1)!.text).toBe(tutorLines.hear('brown'));
    run('skip this word');
    expect(said.at(-1)!.text).toBe(tutorLines.prompt('barn'));
  });

  it('with an OpenAI key on the server, the reader asks Sparky: the words go to the chat, the answer is said and written', async () => {
    const asked: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/api/tutor/chat')) {
        asked.push(JSON.parse(String(init?.body)));
        return Response.json({ reply: 'Brown starts with b and r: br-own.' });
      }
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    });
    const user = userEvent.setup();
    const { said } = renderTutor({ ...PLAN, chat: true });
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'How do I say brown?');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() =>
      expect(said.at(-1)).toEqual({ text: 'Brown starts with b and r: br-own.', type: 'sparky' }),
    );
    expect(asked).toEqual([{ message: 'How do I say brown?' }]);
    const talk = screen.getByRole('list', { name: 'Our talk' });
    expect(talk).toHaveTextContent('You: How do I say brown?');
    expect(talk).toHaveTextContent('Sparky: Brown starts with b and r: br-own.');
  });

  it('without an OpenAI key there is no chat box', () => {
    renderTutor();
    expect(screen.queryByRole('textbox', { name: 'Your question' })).not.toBeInTheDocument();
  });

  it('without readings says what to do and links to Reading Practice', () => {
    const { said } = renderTutor({
      plan: { readings: 0, praise: [], practice: [], next: null },
      chat: false,
    });
    expect(said.map((s) => s.text)).toEqual([tutorLines.empty]);
    expect(screen.getByText(tutorLines.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reading Practice' })).toHaveAttribute('href', '/fluency');
  });
});
