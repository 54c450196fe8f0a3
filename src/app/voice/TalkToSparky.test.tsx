import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMING_SOON } from '#core/voice/answers.ts';
import type { VoiceAnswer, VoiceCommand } from '#core/voice/command.ts';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import { storyCommands } from '#voice/command-set.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE, type AudioQueueApi } from '../audio/audio-context.ts';
import { HANDS_FREE_KEY, HANDS_FREE_LABEL, TalkToSparky } from './TalkToSparky.tsx';
import { VoiceProvider } from './VoiceProvider.tsx';
import type { ListenCallbacks, VoiceEffects } from './voice-effects.ts';

/** A fake microphone, recogniser and voice: the test says when the child speaks and what the server answers. */
function fakeEffects(answer: VoiceAnswer) {
  let mic: ListenCallbacks | null = null;
  const sent: (readonly VoiceCommand[])[] = [];
  const said: string[] = [];
  /** Each opening of the microphone: hands-free or not, and whether it was closed again. */
  const opened: { handsFree: boolean; cancelled: boolean }[] = [];
  const effects: VoiceEffects = {
    listen: (callbacks, options) => {
      mic = callbacks;
      const opening = { handsFree: options?.handsFree === true, cancelled: false };
      opened.push(opening);
      return {
        finish: () => callbacks.ended(new Blob(['RIFF']), 1),
        cancel: () => {
          opening.cancelled = true;
        },
      };
    },
    recognise: vi.fn(async (_wav: Blob, commands: readonly VoiceCommand[]) => {
      sent.push(commands);
      return answer;
    }),
    speak: (text) => said.push(text),
    duck: vi.fn(),
    unduck: vi.fn(),
  };
  /** The child says something and stops. */
  const speakIntoMicrophone = () =>
    act(() => {
      mic!.started();
      mic!.ended(new Blob(['RIFF']), 1.2);
    });
  return { effects, sent, said, opened, speakIntoMicrophone };
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function PracticeScreen({ onAction }: { onAction?: (target: string) => void }) {
  useVoiceCommands(
    [
      { phrase: 'start reading', intent: 'action', target: 'start-reading' },
      // the title and the title without its "The", as Reading Practice offers them
      ...storyCommands([{ id: 'lost-mitten', title: 'The Lost Mitten' }]),
    ],
    onAction,
  );
  return (
    <>
      <h1>Reading Practice</h1>
      <button type="button">Show all stories</button>
    </>
  );
}

function renderApp(effects: VoiceEffects, onAction?: (target: string) => void, start = '/fluency') {
  return render(
    <MemoryRouter initialEntries={[start]}>
      <VoiceProvider effects={effects}>
        <TalkToSparky />
        <Where />
        <Routes>
          <Route path="/fluency" element={<PracticeScreen {...(onAction ? { onAction } : {})} />} />
          <Route path="/home" element={<h1>Home Dashboard</h1>} />
          <Route path="/screening" element={<h1>Reading Screening</h1>} />
        </Routes>
      </VoiceProvider>
    </MemoryRouter>,
  );
}

const answer = (
  intent: VoiceAnswer['intent'],
  target: string | null,
  phrase: string | null,
): VoiceAnswer => ({
  intent,
  target,
  phrase,
  confidence: intent ? 0.8 : 0,
});

describe('hands-free listening (a setting, off by default)', () => {
  afterEach(() => window.localStorage.clear());

  it('turned on, listens without a press, answers, listens again, and is remembered; turned off, stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fake = fakeEffects(answer('action', 'story:lost-mitten', 'The Lost Mitten'));
      const onAction = vi.fn();
      renderApp(fake.effects, onAction);
      const handsFree = screen.getByRole('switch', { name: HANDS_FREE_LABEL });
      expect(handsFree).not.toBeChecked();
      expect(fake.opened).toEqual([]);
      // Tab and Enter reach and flip it (switch users)
      handsFree.focus();
      await userEvent.keyboard('{Enter}');
      expect(handsFree).toBeChecked();
      expect(window.localStorage.getItem(HANDS_FREE_KEY)).toBe('on');
      expect(fake.opened).toEqual([{ handsFree: true, cancelled: false }]);
      expect(screen.getByText('Sparky is listening. Say a command.')).toBeInTheDocument();
      fake.speakIntoMicrophone();
      await waitFor(() => expect(onAction).toHaveBeenCalledWith('story:lost-mitten', expect.anything()));
      // after the answer, the microphone opens again by itself
      await waitFor(() => expect(fake.opened).toHaveLength(2));
      expect(fake.opened[1]!.handsFree).toBe(true);
      // nothing said for longer than push-to-talk waits: still listening
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      expect(fake.opened[1]!.cancelled).toBe(false);
      await userEvent.click(handsFree);
      expect(handsFree).not.toBeChecked();
      expect(fake.opened[1]!.cancelled).toBe(true);
      expect(window.localStorage.getItem(HANDS_FREE_KEY)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('comes back on in the next visit when it was left on', () => {
    window.localStorage.setItem(HANDS_FREE_KEY, 'on');
    const fake = fakeEffects(answer(null, null, null));
    renderApp(fake.effects);
    expect(screen.getByRole('switch', { name: HANDS_FREE_LABEL })).toBeChecked();
    expect(fake.opened).toEqual([{ handsFree: true, cancelled: false }]);
  });

  it('push-to-talk opens the microphone in push-to-talk mode', async () => {
    const fake = fakeEffects(answer(null, null, null));
    renderApp(fake.effects);
    await userEvent.click(screen.getByRole('button', { name: 'Talk to Sparky' }));
    expect(fake.opened).toEqual([{ handsFree: false, cancelled: false }]);
  });
});

describe('Talk to Sparky', () => {
  it('goes where the child says, after saying so in the caption', async () => {
    const fake = fakeEffects(answer('navigate', '/home', 'go home'));
    renderApp(fake.effects);
    const talk = screen.getByRole('button', { name: 'Talk to Sparky' });
    await userEvent.click(talk);
    expect(talk).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Sparky is listening. Say a command.')).toBeInTheDocument();
    expect(fake.effects.duck).toHaveBeenCalled();
    fake.speakIntoMicrophone();
    expect(await screen.findByText('Going to Home Dashboard.')).toBeInTheDocument();
    expect(fake.said).toEqual(['Going to Home Dashboard.']);
    expect(await screen.findByRole('heading', { name: 'Home Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/home');
    expect(talk).toHaveAttribute('aria-pressed', 'false');
  });

  it('sends the screen’s commands, its visible buttons and everything global, but not the talk button', async () => {
    const fake = fakeEffects(answer(null, null, null));
    renderApp(fake.effects);
    await userEvent.click(screen.getByRole('button', { name: 'Talk to Sparky' }));
    fake.speakIntoMicrophone();
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    const phrases = fake.sent[0]!.map((c) => c.phrase);
    expect(phrases.slice(0, 4)).toEqual([
      'start reading',
      'The Lost Mitten',
      'Lost Mitten',
      'Show all stories',
    ]);
    expect(phrases).toEqual(
      expect.arrayContaining(['read page', 'reading practice', 'go home', 'Progress Reports']),
    );
    expect(phrases).not.toContain('Talk to Sparky');
  });

  it('runs the screen’s own action', async () => {
    const onAction = vi.fn();
    const fake = fakeEffects(answer('action', 'story:lost-mitten', 'The Lost Mitten'));
    renderApp(fake.effects, onAction);
    await userEvent.click(screen.getByRole('button', { name: 'Talk to Sparky' }));
    fake.speakIntoMicrophone();
    await waitFor(() => expect(onAction).toHaveBeenCalledWith('story:lost-mitten', expect.anything()));
    expect(screen.getByText('OK: The Lost Mitten.')).toBeInTheDocument();
  });

  it('confirms a story said without its "The" by its whole title', async () => {
    const onAction = vi.fn();
    const fake = fakeEffects(answer('action', 'story:lost-mitten', 'Lost Mitten'));
    renderApp(fake.effects, onAction);
    await userEvent.click(screen.getByRole('button', { name: 'Talk to Sparky' }));
    fake.speakIntoMicrophone();
    await waitFor(() => expect(onAction).toHaveBeenCalledWith('story:lost-mitten', expect.anything()));
    expect(screen.getByText('OK: The Lost Mitten.')).toBeInTheDocument();
  });

  it('presses a visible button said by its name', async () => {
    const pressed = vi.fn();
    const fake = fakeEffects(answer('action', 'press:Show all stories', 'Show all stories'));
    renderApp(fake.effects);
    screen.getByRole('button', { name: 'Show all stories' }).addEventListener('click', pressed);
    await userEvent.click(screen.getByRole('button', { name: 'Talk to Sparky' }));
    fake.speakIntoMicrophone();
    await waitFor(() => expect(pressed).toHaveBeenCalledTimes(1));
  });

  it('"screening" goes to Reading Screening (§9), now that it is built (ADR 0049)', async () => {
    const fake = fakeEffects(answer('navigate', '/screening', 'screening'));
    renderApp(fake.effects);
    await userEvent.click(screen.getByRole('button', { name: 'Talk to Sparky' }));
    fake.speakIntoMicrophone();
    expect(await screen.findByText('Going to Reading Screening.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/screening'));
  });

  it('answers a screen that is not built yet kindly and stays put', async () => {
    const fake = fakeEffects(answer('navigate', '/play', 'play'));
    renderApp(fake.effects);
    await userEvent.click(screen.getByRole('button', { name: 'Talk to Sparky' }));
    fake.speakIntoMicrophone();
    expect(await screen.findByText(COMING_SOON)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(screen.getByTestId('where')).toHaveTextContent('/fluency');
  });

  it('says what can be said on this screen when it did not catch a command', async () => {
    const fake = fakeEffects(answer(null, null, null));
    renderApp(fake.effects);
    await userEvent.click(screen.getByRole('button', { name: 'Talk to Sparky' }));
    fake.speakIntoMicrophone();
    expect(
      await screen.findByText(
        "I didn't catch that. You can say “start reading”, “The Lost Mitten” or “Show all stories”.",
      ),
    ).toBeInTheDocument();
  });

  it('works with the keyboard alone: Tab and Enter, Alt+T, and Escape to stop', async () => {
    const fake = fakeEffects(answer(null, null, null));
    renderApp(fake.effects);
    const user = userEvent.setup();
    const talk = screen.getByRole('button', { name: 'Talk to Sparky' });
    await user.tab();
    expect(talk).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(talk).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Escape}');
    expect(talk).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('{Alt>}t{/Alt}');
    expect(talk).toHaveAttribute('aria-pressed', 'true');
  });

  describe('through the app’s one audio queue', () => {
    /** The queue as a spy, and the app with only the microphone and recogniser faked. */
    function renderWithQueue(said: VoiceAnswer) {
      const fake = fakeEffects(said);
      const audio: AudioQueueApi = {
        ...SILENT_AUDIO_QUEUE,
        speak: vi.fn(),
        duck: vi.fn(),
        unduck: vi.fn(),
        stop: vi.fn(),
        pause: vi.fn(),
        resume: vi.fn(),
      };
      render(
        <MemoryRouter initialEntries={['/fluency']}>
          <AudioQueueContext.Provider value={audio}>
            <VoiceProvider effects={{ listen: fake.effects.listen, recognise: fake.effects.recognise }}>
              <TalkToSparky />
              <main>
                <Routes>
                  <Route path="/fluency" element={<PracticeScreen />} />
                </Routes>
              </main>
            </VoiceProvider>
          </AudioQueueContext.Provider>
        </MemoryRouter>,
      );
      return { fake, audio };
    }

    it('ducks the queue while the microphone records and speaks the answer as an answer item', async () => {
      const { fake, audio } = renderWithQueue(answer(null, null, null));
      await userEvent.click(screen.getByRole('button', { name: 'Talk to Sparky' }));
      expect(audio.duck).toHaveBeenCalledTimes(1);
      expect(audio.unduck).not.toHaveBeenCalled();
      fake.speakIntoMicrophone();
      await waitFor(() =>
        expect(audio.speak).toHaveBeenCalledWith({
          text: "I didn't catch that. You can say “start reading”, “The Lost Mitten” or “Show all stories”.",
          type: 'answer',
        }),
      );
      expect(audio.unduck).toHaveBeenCalled();
    });

    it('"stop" stops the queue and "read page" reads the page through it', async () => {
      const stop = renderWithQueue(answer('action', 'stop', 'stop'));
      await userEvent.click(screen.getByRole('button', { name: 'Talk to Sparky' }));
      stop.fake.speakIntoMicrophone();
      await waitFor(() => expect(stop.audio.stop).toHaveBeenCalledTimes(1));
      cleanup();

      const read = renderWithQueue(answer('action', 'read-page', 'read page'));
      await userEvent.click(screen.getByRole('button', { name: 'Talk to Sparky' }));
      read.fake.speakIntoMicrophone();
      await waitFor(() =>
        expect(read.audio.speak).toHaveBeenCalledWith({
          text: expect.stringContaining('Reading Practice') as string,
          type: 'read',
        }),
      );
    });
  });
});
