/**
 * Sparky's widget, tier 3: every generated path of machines/sparky.machine.ts is replayed through the real
 * widget (buttons pressed by a user, lines ended when the test says so, the clock faked), and each state is
 * checked as a person sees it, by role and name. Then the keyboard-only journey and the voice bus.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MOOD_RESET_DELAY_MS,
  SPARKY_LINES,
  YES_NAVIGATE_DELAY_MS,
  makeAssignment,
  praiseLine,
  type SparkyAssignment,
} from '#core/sparky/assignments.ts';
import type { SparkySpeakParams } from '#machines/sparky.machine.ts';
import {
  MOOD_RESET_EVENT,
  SAMPLE_ASSIGNMENTS,
  YES_DELAY_EVENT,
  createSparkyTestModel,
  type SparkySnapshot,
} from '#machines/sparky.test-model.ts';
import { createCommandRegistry } from '#voice/command-registry.ts';
import { VoiceRegistryContext } from '#voice/use-voice-commands.ts';
import {
  AudioQueueContext,
  SILENT_AUDIO_QUEUE,
  type AudioQueueApi,
  type LineEnd,
  type SpeakRequest,
} from '../../app/audio/audio-context.ts';
import { completeSparkyAssignment, replyToSparky } from '../../lib/sparky-bus.ts';
import { SparkyWidget } from './SparkyWidget.tsx';

function renderWidget(initial: SparkyAssignment[] | null = [], options: { voice?: boolean } = {}) {
  const spoken: SparkySpeakParams[] = [];
  const ends: (() => void)[] = [];
  const trips: string[] = [];
  // A fake voice layer: the switch asks it to listen, and the widget follows what it does.
  let listening = false;
  let assignments = initial;
  const ui = () => (
    <SparkyWidget
      assignments={assignments}
      onGoToRewards={() => trips.push('/rewards')}
      speak={(p) => {
        spoken.push(p);
        return new Promise<void>((resolve) => ends.push(resolve));
      }}
      listening={options.voice === false ? undefined : listening}
      onListeningChange={(on) => {
        listening = on;
        view.rerender(ui());
      }}
    />
  );
  const view = render(ui());
  return {
    spoken,
    ends,
    trips,
    rerender: (next: SparkyAssignment[] | null) => {
      assignments = next;
      view.rerender(ui());
    },
  };
}

const flush = () => act(async () => vi.advanceTimersByTimeAsync(0));
const mascot = () => screen.getByRole('button', { name: /^Sparky/ });

/** What a person sees in each state. */
function expectState(snapshot: SparkySnapshot) {
  const widget = screen.getByRole('complementary', { name: 'Sparky' });
  const panel = within(widget).queryByRole('region');
  const face = widget.querySelector('svg[data-mood]');
  if (snapshot.matches({ panel: 'closed' })) {
    expect(panel).toBeNull();
    expect(mascot()).toHaveAttribute('aria-expanded', 'false');
  } else {
    expect(panel).not.toBeNull();
    expect(mascot()).toHaveAttribute('aria-expanded', 'true');
  }
  if (snapshot.matches({ panel: 'open' })) {
    expect(within(panel!).getByRole('heading', { level: 2 })).toHaveTextContent(
      /Daily Challenge Ready!|Explore Reading Features/,
    );
    expect(within(panel!).getByRole('button', { name: 'Yes' })).toBeInTheDocument();
    expect(within(panel!).getByRole('button', { name: 'Not now' })).toBeInTheDocument();
  }
  if (snapshot.matches({ panel: 'leaving' })) {
    expect(within(panel!).getByText(SPARKY_LINES.yes)).toBeInTheDocument();
  }
  // Speaking: the face talks in the line's mood. Quiet: helpful. Settling: the clock may have passed the
  // reset already while another region's wait was played out, so either mood is right.
  if (snapshot.matches({ voice: 'speaking' })) {
    expect(face).toHaveClass('is-speaking');
    expect(face).toHaveAttribute('data-mood', snapshot.context.mood);
  } else {
    expect(face).not.toHaveClass('is-speaking');
  }
  if (snapshot.matches({ voice: 'quiet' })) expect(face).toHaveAttribute('data-mood', 'helpful');
  if (snapshot.matches({ voice: 'settling' }))
    expect(['helpful', snapshot.context.mood]).toContain(face?.getAttribute('data-mood'));
  const toggle = within(widget).getByRole('switch', { name: /Listen to me/ });
  if (snapshot.matches({ listening: 'on' })) expect(toggle).toBeChecked();
  else expect(toggle).not.toBeChecked();
}

describe('SparkyWidget: the generated paths through the real widget', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  // One path to each combination of states and mood (the shortest), named by its events.
  const seen = new Set<string>();
  const paths = createSparkyTestModel()
    .getShortestPaths()
    .filter((p) => {
      const key = JSON.stringify([p.state.value, p.state.context.mood]);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  for (const path of paths) {
    const events = path.steps
      .slice(1)
      .map((st) => st.event.type.replace(/^xstate\.after\.(\w+)\..*/, 'after $1'));
    it(`${JSON.stringify(path.state.value)} ${path.state.context.mood}: ${events.join(' → ')}`, async () => {
      const { ends, rerender } = renderWidget();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const press = async (name: string | RegExp) => {
        await user.click(screen.getByRole('button', { name }));
        await flush();
      };
      await path.test({
        events: {
          'sparky.sync': async ({ event }) => {
            rerender((event as unknown as { assignments: SparkyAssignment[] }).assignments);
            await flush();
          },
          'sparky.complete': async () => {
            act(() => completeSparkyAssignment());
            await flush();
          },
          'panel.open': () => press(/^Sparky/),
          'panel.close': () => press('Close'),
          'sparky.reply': ({ event }) =>
            press((event as unknown as { reply: string }).reply === 'yes' ? 'Yes' : 'Not now'),
          'speech.ended': async () => {
            ends.at(-1)?.();
            await flush();
          },
          'listening.toggle': async () => {
            await user.click(screen.getByRole('switch', { name: /Listen to me/ }));
            await flush();
          },
          [YES_DELAY_EVENT]: () => act(async () => vi.advanceTimersByTimeAsync(YES_NAVIGATE_DELAY_MS)),
          [MOOD_RESET_EVENT]: () => act(async () => vi.advanceTimersByTimeAsync(MOOD_RESET_DELAY_MS)),
        },
        states: Object.fromEntries(
          ['*'].map((key) => [key, (snapshot: SparkySnapshot) => expectState(snapshot)]),
        ),
      });
    });
  }
});

describe('SparkyWidget', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('works by keyboard alone: open, answer yes, and off to /rewards after the wait', async () => {
    const { spoken, trips } = renderWidget(SAMPLE_ASSIGNMENTS.challengeOnHome);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.tab();
    expect(mascot()).toHaveFocus();
    await user.keyboard('{Enter}');
    await flush();
    const heading = screen.getByRole('heading', { name: 'Daily Challenge Ready!' });
    expect(heading).toHaveFocus();
    expect(spoken.at(-1)?.text).toBe(makeAssignment('daily-challenge').message);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await flush();
    expect(spoken.at(-1)?.text).toBe(SPARKY_LINES.yes);
    // Not at once (the exact 2 s is tier 1's: here the clock also follows real time).
    expect(trips).toEqual([]);
    await act(async () => vi.advanceTimersByTimeAsync(YES_NAVIGATE_DELAY_MS));
    expect(trips).toEqual(['/rewards']);
  });

  it('pressed before the assignments have loaded, opens the panel when they come (not "all done")', async () => {
    const { spoken, rerender } = renderWidget(null);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(mascot());
    await flush();
    expect(spoken).toEqual([]);
    expect(screen.queryByRole('region')).toBeNull();
    rerender(SAMPLE_ASSIGNMENTS.challengeOnHome);
    await flush();
    expect(screen.getByRole('heading', { name: 'Daily Challenge Ready!' })).toHaveFocus();
    expect(spoken.map((p) => p.text)).toEqual([makeAssignment('daily-challenge').message]);
    expect(spoken.map((p) => p.text)).not.toContain(SPARKY_LINES.allDone);
  });

  it('Escape dismisses the panel and focus goes back to the mascot', async () => {
    renderWidget(SAMPLE_ASSIGNMENTS.challengeOnHome);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(mascot());
    await flush();
    expect(screen.getByRole('region', { name: 'Daily Challenge Ready!' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await flush();
    expect(screen.queryByRole('region')).toBeNull();
    expect(mascot()).toHaveFocus();
  });

  it('answers a spoken yes or no through the bus, and ignores what it does not understand', async () => {
    const { spoken } = renderWidget(SAMPLE_ASSIGNMENTS.challengeOnHome);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(mascot());
    await flush();
    let heard: string | null = 'unset';
    act(() => {
      heard = replyToSparky('maybe later');
    });
    expect(heard).toBeNull();
    expect(screen.getByRole('region', { name: 'Daily Challenge Ready!' })).toBeInTheDocument();
    act(() => {
      heard = replyToSparky('Not now, Sparky');
    });
    expect(heard).toBe('no');
    await flush();
    expect(screen.queryByRole('region')).toBeNull();
    expect(spoken.at(-1)?.text).toBe(SPARKY_LINES.no);
  });

  it('praises a challenge finished since the last look, and has no switch without a microphone', async () => {
    const { spoken, rerender } = renderWidget(SAMPLE_ASSIGNMENTS.challengeOnHome, { voice: false });
    rerender(SAMPLE_ASSIGNMENTS.home);
    await flush();
    expect(spoken.at(-1)?.text).toBe(praiseLine(makeAssignment('daily-challenge')));
    expect(screen.getByRole('complementary', { name: 'Sparky' }).querySelector('svg')).toHaveAttribute(
      'data-mood',
      'celebratory',
    );
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('takes a yes said aloud through the voice layer, whose registry has the replies only while he asks', async () => {
    const registry = createCommandRegistry({ commands: [] });
    const trips: string[] = [];
    render(
      <VoiceRegistryContext.Provider value={registry}>
        <SparkyWidget
          assignments={SAMPLE_ASSIGNMENTS.challengeOnHome}
          onGoToRewards={() => trips.push('/rewards')}
          speak={() => {}}
        />
      </VoiceRegistryContext.Provider>,
    );
    const phrases = () => registry.active().map((c) => c.phrase);
    expect(phrases()).not.toContain('yes');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(mascot());
    await flush();
    expect(phrases()).toEqual(expect.arrayContaining(['yes', 'start', 'begin', 'no', 'skip', 'not now']));
    // What the voice layer does with a command the recogniser heard: its registered handler runs it.
    const yes = registry.active().find((c) => c.phrase === 'start')!;
    act(() => registry.handlerFor(yes)!(yes.target, yes));
    await flush();
    expect(screen.getByRole('heading', { name: 'Off to your rewards!' })).toBeInTheDocument();
    expect(phrases()).not.toContain('yes');
    await act(async () => vi.advanceTimersByTimeAsync(YES_NAVIGATE_DELAY_MS));
    expect(trips).toEqual(['/rewards']);
  });

  it("speaks through the app's one audio queue as Sparky: answers at priority 1, praise unasked at 0; calm again 1 s after the queue says the line ended", async () => {
    const said: SpeakRequest[] = [];
    const ends: ((how: LineEnd) => void)[] = [];
    const queue: AudioQueueApi = {
      ...SILENT_AUDIO_QUEUE,
      say: (request) => {
        said.push(request);
        return new Promise<LineEnd>((resolve) => ends.push(resolve));
      },
    };
    let assignments = SAMPLE_ASSIGNMENTS.challengeOnHome;
    const ui = () => (
      <AudioQueueContext.Provider value={queue}>
        <SparkyWidget assignments={assignments} onGoToRewards={() => {}} />
      </AudioQueueContext.Provider>
    );
    const view = render(ui());
    const face = () => screen.getByRole('complementary', { name: 'Sparky' }).querySelector('svg');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(mascot());
    await flush();
    expect(said).toEqual([{ text: makeAssignment('daily-challenge').message, type: 'sparky', priority: 1 }]);
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    await flush();
    expect(said.at(-1)).toEqual({ text: SPARKY_LINES.no, type: 'sparky', priority: 1 });
    assignments = SAMPLE_ASSIGNMENTS.home;
    view.rerender(ui());
    await flush();
    expect(said.at(-1)).toEqual({
      text: praiseLine(makeAssignment('daily-challenge')),
      type: 'sparky',
      priority: 0,
    });
    // However long the line takes, Sparky is still talking until the queue reports its end…
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(face()).not.toHaveAttribute('data-mood', 'helpful');
    // …an earlier line's end is not silence…
    await act(async () => ends[0]!('said'));
    await act(async () => vi.advanceTimersByTimeAsync(MOOD_RESET_DELAY_MS + 100));
    expect(face()).not.toHaveAttribute('data-mood', 'helpful');
    // …the latest line's end is: helpful again 1 s later (spec §4.8), not before.
    await act(async () => ends.at(-1)!('cut'));
    await act(async () => vi.advanceTimersByTimeAsync(MOOD_RESET_DELAY_MS - 100));
    expect(face()).not.toHaveAttribute('data-mood', 'helpful');
    await act(async () => vi.advanceTimersByTimeAsync(200));
    expect(face()).toHaveAttribute('data-mood', 'helpful');
  });

  it("offers 'Speak to Sparky' in the panel only once the chat is built", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const view = render(
      <SparkyWidget
        assignments={SAMPLE_ASSIGNMENTS.challengeOnHome}
        onGoToRewards={() => {}}
        speak={() => {}}
      />,
    );
    await user.click(mascot());
    await flush();
    expect(screen.queryByRole('link', { name: 'Speak to Sparky' })).toBeNull();
    view.unmount();
    render(
      <SparkyWidget
        assignments={SAMPLE_ASSIGNMENTS.challengeOnHome}
        onGoToRewards={() => {}}
        speak={() => {}}
        chatPath="/sparky-chat"
      />,
    );
    await user.click(mascot());
    await flush();
    expect(screen.getByRole('link', { name: 'Speak to Sparky' })).toHaveAttribute('href', '/sparky-chat');
  });
});
