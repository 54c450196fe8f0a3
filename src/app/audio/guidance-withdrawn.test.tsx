/**
 * Guidance withdrawn while its page is shown stays withdrawn: the page's second line, still on its
 * timer, is not said after the child has started something (a chat answer, the letter game's question),
 * and a new page's guidance is said as usual. Driven through the real provider with a fake player.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AudioItem } from '#core/audio/queue.ts';
import type { Playable } from '#machines/audio-queue.machine.ts';
import { useAudioQueue } from './audio-context.ts';
import type { AudioEffects } from './audio-engine.ts';
import { resetAudioSettingsStore } from './audio-settings-store.ts';
import { AudioQueueProvider } from './AudioQueueProvider.tsx';
import { GUIDANCE_DELAY_MS, GUIDANCE_SECOND_LINE_MS, usePageGuidance } from './use-page-guidance.ts';

const PLAYABLE: Playable = { src: '/api/speech/audio/x.wav', format: 'wav', duration: 1, words: [] };

/** A player whose lines end only when the test says so; `loaded` lists what was played, in order. */
function createFakes() {
  const loaded: AudioItem[] = [];
  const ends: (() => void)[] = [];
  const effects: AudioEffects = {
    loadItem: async (item) => {
      loaded.push(item);
      return PLAYABLE;
    },
    play: (_input, callbacks) => {
      ends.push(callbacks.onEnd);
      return { pause() {}, resume() {}, volume() {}, stop() {} };
    },
    speakFallback: () => Promise.reject(new Error('no device voice')),
    reportFailure: () => {},
  };
  return { effects, loaded, endCurrent: () => act(() => ends.at(-1)?.()) };
}

function Page({ lines }: { lines: readonly [string, string] }) {
  usePageGuidance(lines);
  const audio = useAudioQueue();
  return (
    <button
      type="button"
      onClick={() => {
        audio.withdraw('guidance');
        audio.speak({ text: 'Find the letter M.', type: 'sparky' });
      }}
    >
      Play
    </button>
  );
}

describe('guidance withdrawn stays withdrawn while its page is shown', () => {
  beforeAll(async () => {
    await import('./audio-engine.ts');
  }, 60_000);
  beforeEach(() => {
    localStorage.clear();
    resetAudioSettingsStore();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('the second line on its timer is not said after the child starts; the next page’s guidance is', async () => {
    const fakes = createFakes();
    const view = render(
      <AudioQueueProvider effects={fakes.effects}>
        <Page lines={['Welcome.', 'Say play.']} />
      </AudioQueueProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(GUIDANCE_DELAY_MS + 50));
    await waitFor(() => expect(fakes.loaded.map((i) => i.text)).toEqual(['Welcome.']));
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(fakes.loaded.map((i) => i.text)).toEqual(['Welcome.', 'Find the letter M.']));
    // The second line's time comes while the question is being said, and after it ends.
    await act(() => vi.advanceTimersByTimeAsync(GUIDANCE_SECOND_LINE_MS + 500));
    fakes.endCurrent();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(fakes.loaded.map((i) => i.text)).toEqual(['Welcome.', 'Find the letter M.']);

    // Another page registers its guidance: it is said.
    view.rerender(
      <AudioQueueProvider effects={fakes.effects}>
        <Page key="next" lines={['Next page.', 'Its second line.']} />
      </AudioQueueProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(GUIDANCE_DELAY_MS + 50));
    await waitFor(() => expect(fakes.loaded.at(-1)?.text).toBe('Next page.'));
  });
});
