/**
 * What the provider says besides page guidance (issue 10): toasts with their priorities, the spoken
 * help dialog (Ctrl+V), "Read buttons to me", and Escape. Driven through the real provider with a fake
 * speech loader and player, so each test sees exactly which lines reached the queue, with which type
 * and priority.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearAnnouncements } from '#a11y/announcer.ts';
import { DEFAULT_AUDIO_SETTINGS } from '#core/audio/settings.ts';
import type { AudioItem } from '#core/audio/queue.ts';
import type { Playable } from '#machines/audio-queue.machine.ts';
import { dismissToast, getCurrentToast, showToast } from '../../ui/toast-store.ts';
import { useAudioQueue } from './audio-context.ts';
import type { AudioEffects } from './audio-engine.ts';
import { resetAudioSettingsStore, setLocalAudioSettings } from './audio-settings-store.ts';
import { AudioQueueProvider, SPOKEN, toastSpeech } from './AudioQueueProvider.tsx';
import { SHORTCUTS_HELP_SPOKEN, sayKeys } from './shortcuts-help-text.ts';

const announced = () =>
  [...document.querySelectorAll('[data-announcer] > div')].map((node) => node.textContent ?? '');

const PLAYABLE: Playable = { src: '/api/speech/audio/x.wav', format: 'wav', duration: 1, words: [] };

function createFakes() {
  const loaded: AudioItem[] = [];
  const effects: AudioEffects = {
    loadItem: async (item) => {
      loaded.push(item);
      return PLAYABLE;
    },
    // Never ends by itself: what follows waits, so `loaded` shows what is playing.
    play: () => ({ pause() {}, resume() {}, volume() {}, stop() {} }),
    speakFallback: () => Promise.reject(new Error('no device voice')),
    reportFailure: () => {},
  };
  return { effects, loaded };
}

function Page() {
  const audio = useAudioQueue();
  audio.setGuidance(['This is the test page.', 'Press Go.']);
  return (
    <main>
      <h1>Test page</h1>
      <button type="button">Go</button>
    </main>
  );
}

async function renderProvider() {
  const fakes = createFakes();
  render(
    <AudioQueueProvider effects={fakes.effects}>
      <Page />
    </AudioQueueProvider>,
  );
  await screen.findByRole('button', { name: 'Help' });
  // The engine loads asynchronously; wait for it.
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  return fakes;
}

/** The engine loads with a dynamic import: on a busy machine that takes seconds, not ms. */
const SLOW = { timeout: 15_000 };

describe('what Sparky says besides page guidance (issue 10)', () => {
  // The provider loads its engine with a dynamic import; load it once here so each test starts at once.
  beforeAll(async () => {
    await import('./audio-engine.ts');
  }, 60_000);

  beforeEach(() => {
    localStorage.clear();
    resetAudioSettingsStore();
  });
  afterEach(() => {
    cleanup();
    const toast = getCurrentToast();
    if (toast) dismissToast(toast.id);
    clearAnnouncements();
    localStorage.clear();
    resetAudioSettingsStore();
  });

  it('says a toast as information and a failure toast as a warning (§4.9)', async () => {
    const { loaded } = await renderProvider();
    act(() => void showToast({ title: 'Profile saved', description: 'All done.', variant: 'default' }));
    await waitFor(() => expect(loaded.at(-1)).toMatchObject({ text: 'Profile saved. All done.' }), SLOW);
    expect(loaded.at(-1)).toMatchObject({ type: 'toast', priority: 1 });
    act(() => void showToast({ title: 'Sign in failed', description: 'Try again.', variant: 'destructive' }));
    // A warning cuts off the information playing.
    await waitFor(() => expect(loaded.at(-1)).toMatchObject({ text: 'Sign in failed. Try again.' }), SLOW);
    expect(loaded.at(-1)).toMatchObject({ type: 'error', priority: 2 });
    // The caption strip shows it; the live region announces it once, assertively.
    expect(screen.getByRole('region', { name: "Sparky's captions" })).toHaveTextContent(
      'Sign in failed. Try again.',
    );
    await waitFor(
      () => expect(announced().filter((a) => a === 'Sign in failed. Try again.')).toHaveLength(1),
      SLOW,
    );
  });

  it('says a toast title that ends a sentence without an extra full stop', () => {
    expect(toastSpeech('Welcome back!', "You're signed in successfully.")).toBe(
      "Welcome back! You're signed in successfully.",
    );
    expect(toastSpeech('Saved', 'All done.')).toBe('Saved. All done.');
    expect(toastSpeech('Are you sure?', ' Tap again. ')).toBe('Are you sure? Tap again.');
  });

  it('Ctrl+V opens the help dialog and says the page guidance, then the keys', async () => {
    const { loaded } = await renderProvider();
    await act(async () => {
      fireEvent.keyDown(document.body, { key: 'v', ctrlKey: true });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Help: keys you can press' }, SLOW);
    await waitFor(
      () =>
        expect(loaded.at(-1)).toMatchObject({
          type: 'help',
          text: `This is the test page. Press Go. ${SHORTCUTS_HELP_SPOKEN}`,
        }),
      SLOW,
    );
    // Every key the dialog shows is said, F8 included (a blind child hears the whole list).
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toContain('F8Go to the messages');
    for (const row of rows) {
      const [keys, does] = within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? '');
      expect(SHORTCUTS_HELP_SPOKEN).toContain(`${sayKeys(keys!)}: ${does}.`);
    }
  });

  it('"Read buttons to me" says a control\'s name on focus when on, and nothing when off', async () => {
    setLocalAudioSettings({ ...DEFAULT_AUDIO_SETTINGS, readButtons: true });
    const { loaded } = await renderProvider();
    act(() => screen.getByRole('button', { name: 'Go' }).focus());
    await waitFor(
      () => expect(loaded.at(-1)).toMatchObject({ text: 'Go', type: 'button', priority: 0 }),
      SLOW,
    );

    act(() => setLocalAudioSettings({ ...DEFAULT_AUDIO_SETTINGS, readButtons: false }));
    const before = loaded.length;
    act(() => screen.getByRole('button', { name: 'Help' }).focus());
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(loaded.slice(before).filter((i) => i.type === 'button')).toEqual([]);
  });

  it('Escape stops Sparky and says so to screen readers', async () => {
    await renderProvider();
    act(() => void showToast({ title: 'Hello', description: 'There.', variant: 'default' }));
    const strip = screen.getByRole('region', { name: "Sparky's captions" });
    await waitFor(() => expect(strip).toHaveTextContent('Sparky says: Hello. There.'), SLOW);
    await act(async () => {
      (document.activeElement as HTMLElement | null)?.blur();
      fireEvent.keyDown(document.body, { key: 'Escape' });
    });
    await waitFor(() => expect(strip).toHaveTextContent('Sparky said: Hello. There.'), SLOW);
    await waitFor(() => expect(announced()).toContain(SPOKEN.stopped), SLOW);
  });
});
