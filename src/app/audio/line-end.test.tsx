/**
 * The audio queue's end-of-line event (issue 13): `say` resolves when its own line has ended, and how —
 * heard to its end, cut off, or dropped unsaid — through the real provider with a fake loader, player
 * and device voice, so each ending is caused as it happens in the app (the player ends, Next, Escape,
 * a warning cutting in, a duplicate, the device's voice finishing a line whose audio failed).
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearAnnouncements } from '#a11y/announcer.ts';
import type { AudioItem } from '#core/audio/queue.ts';
import type { PlayInput, Playable } from '#machines/audio-queue.machine.ts';
import { useAudioQueue, type AudioQueueApi, type LineEnd } from './audio-context.ts';
import type { AudioEffects } from './audio-engine.ts';
import { AudioQueueProvider } from './AudioQueueProvider.tsx';

const PLAYABLE: Playable = { src: '/api/speech/audio/x.wav', format: 'wav', duration: 1, words: [] };

function createFakes() {
  const players: { input: PlayInput; end: () => void; fail: () => void }[] = [];
  const fallbacks: { item: AudioItem; resolve: () => void }[] = [];
  const effects: AudioEffects = {
    loadItem: async () => PLAYABLE,
    play: (input, { onEnd, onError }) => {
      players.push({ input, end: onEnd, fail: () => onError('decode failed') });
      return { pause() {}, resume() {}, volume() {}, stop() {} };
    },
    speakFallback: (item) => new Promise<void>((resolve) => fallbacks.push({ item, resolve })),
    reportFailure: () => {},
  };
  return { effects, players, fallbacks };
}

/** Renders the provider and hands back its API once the engine has loaded. */
async function renderQueue() {
  const fakes = createFakes();
  let api: AudioQueueApi | null = null;
  function Grab() {
    api = useAudioQueue();
    return null;
  }
  render(
    <AudioQueueProvider effects={fakes.effects}>
      <Grab />
    </AudioQueueProvider>,
  );
  await screen.findByRole('button', { name: 'Help' });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  const flush = () => act(async () => {});
  return { ...fakes, api: api! as AudioQueueApi, flush };
}

/** Records how a promise settled, without waiting for it. */
function track(promise: Promise<LineEnd>) {
  const state: { how: LineEnd | null } = { how: null };
  void promise.then((how) => {
    state.how = how;
  });
  return state;
}

describe("the audio queue's end-of-line event (say)", () => {
  beforeAll(async () => {
    await import('./audio-engine.ts');
  }, 60_000);
  afterEach(() => {
    cleanup();
    clearAnnouncements();
  });

  it('resolves "said" only when the player reports the end of that line', async () => {
    const { api, players, flush } = await renderQueue();
    const line = track(api.say({ text: 'Hello there, reader.', type: 'sparky' }));
    await flush();
    expect(players.at(-1)?.input.item.text).toBe('Hello there, reader.');
    expect(line.how).toBeNull();
    await act(async () => players.at(-1)!.end());
    expect(line.how).toBe('said');
  });

  it('resolves "skipped" when Next ends the line, and "cut" when Escape does or a warning cuts in', async () => {
    const { api, players, flush } = await renderQueue();
    const stops: number[] = [];
    const unsubscribe = api.onStop!(() => stops.push(1));
    const skipped = track(api.say({ text: 'First line.', type: 'sparky' }));
    await flush();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    // A sequence of lines goes on after Next; a stop ends it.
    expect(skipped.how).toBe('skipped');
    expect(stops).toEqual([]);

    const stopped = track(api.say({ text: 'Second line.', type: 'sparky' }));
    await flush();
    expect(players.at(-1)?.input.item.text).toBe('Second line.');
    await act(async () => {
      (document.activeElement as HTMLElement | null)?.blur();
      fireEvent.keyDown(document.body, { key: 'Escape' });
    });
    expect(stopped.how).toBe('cut');
    // Escape is told to who listens for stops (Sound It Out, between two sounds), and to no one unsubscribed.
    expect(stops).toEqual([1]);
    unsubscribe();
    act(() => api.stop());
    expect(stops).toEqual([1]);

    const interrupted = track(api.say({ text: 'Third line.', type: 'sparky' }));
    await flush();
    const warning = track(api.say({ text: 'Oops! That did not work.', type: 'error' }));
    await flush();
    expect(interrupted.how).toBe('cut');
    expect(warning.how).toBeNull();
    await act(async () => players.at(-1)!.end());
    expect(warning.how).toBe('said');
  });

  it('resolves "dropped" for a duplicate, a blank line and a line replaced while it waited', async () => {
    const { api, players, flush } = await renderQueue();
    const first = track(api.say({ text: 'Same words.', type: 'sparky' }));
    const again = track(api.say({ text: 'Same words.', type: 'sparky' }));
    const blank = track(api.say({ text: '   ', type: 'sparky' }));
    await flush();
    expect(again.how).toBe('dropped');
    expect(blank.how).toBe('dropped');
    expect(first.how).toBeNull();
    // Two lines wait behind the first; a newer line of priority 1 replaces the waiting one (§4.9).
    const waiting = track(api.say({ text: 'I will wait.', type: 'sparky' }));
    const newer = track(api.say({ text: 'I am newer.', type: 'sparky' }));
    await flush();
    expect(waiting.how).toBe('dropped');
    await act(async () => players.at(-1)!.end());
    expect(first.how).toBe('said');
    await flush();
    expect(players.at(-1)?.input.item.text).toBe('I am newer.');
    await act(async () => players.at(-1)!.end());
    expect(newer.how).toBe('said');
  });

  it("resolves 'said' when the device's voice finishes a line whose audio failed", async () => {
    const { api, players, fallbacks, flush } = await renderQueue();
    const line = track(api.say({ text: 'Try the other voice.', type: 'sparky' }));
    await flush();
    await act(async () => players.at(-1)!.fail());
    expect(fallbacks.at(-1)?.item.text).toBe('Try the other voice.');
    expect(line.how).toBeNull();
    await act(async () => fallbacks.at(-1)!.resolve());
    expect(line.how).toBe('said');
  });

  it('resolves "failed" for a speech sound whose audio failed, never reading its caption aloud', async () => {
    const { api, players, fallbacks, flush } = await renderQueue();
    const sound = track(api.say({ text: 'c…', type: 'sparky', phone: 'k' }));
    await flush();
    await act(async () => players.at(-1)!.fail());
    await flush();
    expect(fallbacks).toEqual([]);
    expect(sound.how).toBe('failed');
    // The queue goes on with the next line.
    const next = track(api.say({ text: 'c… a…', type: 'sparky', phone: 'ae' }));
    await flush();
    expect(players.at(-1)?.input.item.phone).toBe('ae');
    await act(async () => players.at(-1)!.end());
    expect(next.how).toBe('said');
  });

  it('never announces a speech sound to screen readers, while its caption is shown', async () => {
    const { api, players, flush } = await renderQueue();
    const announced = () =>
      [...document.querySelectorAll('[data-announcer] > div')].map((node) => node.textContent ?? '');
    const intro = track(api.say({ text: 'Listen, and sound it out.', type: 'sparky' }));
    await flush();
    await act(async () => players.at(-1)!.end());
    expect(intro.how).toBe('said');
    const sound = track(api.say({ text: 'c… a…', type: 'sparky', phone: 'ae' }));
    await flush();
    expect(screen.getByText('c… a…')).toBeInTheDocument();
    await act(async () => players.at(-1)!.end());
    expect(sound.how).toBe('said');
    await act(async () => new Promise((r) => setTimeout(r, 200)));
    expect(announced().join(' ')).toContain('Listen, and sound it out.');
    expect(announced().join(' ')).not.toContain('c…');
  });

  it('hands the phones to prefetch to the engine, once each, while audio is on', async () => {
    const fetched: string[] = [];
    const fakes = createFakes();
    fakes.effects.prefetchPhone = (phone) => void fetched.push(phone);
    let api: AudioQueueApi | null = null;
    function Grab() {
      api = useAudioQueue();
      return null;
    }
    render(
      <AudioQueueProvider effects={fakes.effects}>
        <Grab />
      </AudioQueueProvider>,
    );
    await screen.findByRole('button', { name: 'Help' });
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    act(() => api!.prefetchPhones!(['k', 'ae', 'k', 't']));
    expect(fetched).toEqual(['k', 'ae', 't']);
  });

  it('resolves "cut" for what is still under way when the queue goes away', async () => {
    const { api, flush } = await renderQueue();
    const line = track(api.say({ text: 'Goodbye for now.', type: 'sparky' }));
    await flush();
    cleanup();
    await act(async () => {});
    expect(line.how).toBe('cut');
  });
});
