/**
 * Tier 3 of the audio-queue statechart (house style): its generated paths
 * (machines/audio-queue.test-model.ts) replayed through the real provider and caption strip, with a
 * fake speech loader, player and device voice. Events become what a person or the app does (a page
 * speaks, a button in the strip, Space, Escape, the microphone), and states become what a person sees
 * (the caption and its controls) and what a screen reader hears (one announcement per line).
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAnnouncements } from '#a11y/announcer.ts';
import type { AudioItem } from '#core/audio/queue.ts';
import type { PlayInput, Playable } from '#machines/audio-queue.machine.ts';
import {
  createAudioQueueTestModel,
  MODEL_NOW,
  SAMPLE_TEXTS,
  type AudioQueueSnapshot,
  type AudioQueueTestEvent,
} from '#machines/audio-queue.test-model.ts';
import { useAudioQueue } from './audio-context.ts';
import type { AudioEffects } from './audio-engine.ts';
import { AudioQueueProvider } from './AudioQueueProvider.tsx';

/** Fakes whose answers wait for the test. */
function createFakes() {
  const loads: { item: AudioItem; resolve: (p: Playable) => void; reject: (e: unknown) => void }[] = [];
  const players: { input: PlayInput; end: () => void; fail: () => void; commands: string[] }[] = [];
  const fallbacks: { item: AudioItem; resolve: () => void; reject: (e: unknown) => void }[] = [];
  const effects: AudioEffects = {
    loadItem: (item) => new Promise((resolve, reject) => loads.push({ item, resolve, reject })),
    play: (input, { onEnd, onError }) => {
      const player = { input, end: onEnd, fail: () => onError('decode failed'), commands: [] as string[] };
      players.push(player);
      return {
        pause: () => player.commands.push('pause'),
        resume: () => player.commands.push('resume'),
        volume: (v) => player.commands.push(`volume ${v}`),
        stop: () => player.commands.push('stop'),
      };
    },
    speakFallback: (item) => new Promise((resolve, reject) => fallbacks.push({ item, resolve, reject })),
    reportFailure: () => {},
  };
  return { effects, loads, players, fallbacks };
}

/** What a page would do: speak lines, and (issue 11) duck while the microphone records. */
function Harness() {
  const audio = useAudioQueue();
  return (
    <div>
      <button onClick={() => audio.speak({ text: SAMPLE_TEXTS.guidance, type: 'guidance' })}>
        Say guidance
      </button>
      <button onClick={() => audio.speak({ text: SAMPLE_TEXTS.error, type: 'error' })}>Say error</button>
      <button onClick={() => audio.speak({ text: SAMPLE_TEXTS.button, type: 'button' })}>Say button</button>
      <button onClick={audio.duck}>Microphone on</button>
      <button onClick={audio.unduck}>Microphone off</button>
    </div>
  );
}

const strip = () => screen.getByRole('region', { name: "Sparky's captions" });
const announced = () =>
  [...document.querySelectorAll('[data-announcer] > div')].map((node) => node.textContent ?? '');

/** Presses a key with focus on the page itself (not on a control). */
function pressOnPage(key: string) {
  (document.activeElement as HTMLElement | null)?.blur();
  fireEvent.keyDown(document.body, { key });
}

/** The engine loads with a dynamic import: on a busy machine that takes seconds, not ms. */
const SLOW = { timeout: 15_000 };

describe('the audio queue through the provider and caption strip (tier 3)', () => {
  // The provider loads its engine with a dynamic import; load it once here so each test starts at once.
  beforeAll(async () => {
    await import('./audio-engine.ts');
  }, 60_000);

  beforeEach(() => {
    vi.spyOn(Date, 'now').mockReturnValue(MODEL_NOW);
  });
  afterEach(() => {
    cleanup();
    clearAnnouncements();
    vi.restoreAllMocks();
  });

  // One path per distinct situation (state, current and waiting items, ducking, hold), shortest first.
  const seen = new Set<string>();
  const paths = createAudioQueueTestModel()
    .getShortestPaths()
    .filter((path) => {
      const { value, context } = path.state;
      const key = JSON.stringify({
        value,
        current: context.current?.type,
        queue: context.queue.map((i) => i.type),
        ducked: context.isDucked,
        hold: context.holdOnLoad,
      });
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });

  it('covers every resting state with its paths', () => {
    const states = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const value of [
      '"idle"',
      '"loading"',
      '{"playing":"running"}',
      '{"playing":"paused"}',
      '"fallingBack"',
    ])
      expect(states.has(value), value).toBe(true);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const fakes = createFakes();
      render(
        <AudioQueueProvider effects={fakes.effects}>
          <Harness />
        </AudioQueueProvider>,
      );
      await screen.findByRole('button', { name: 'Help' });
      const click = async (name: string) => {
        await act(async () => {
          fireEvent.click(within(document.body).getByRole('button', { name }));
        });
      };
      const settle = () => act(async () => {});
      // The engine loads asynchronously; the provider buffers until then. Wait for it.
      await act(async () => {
        await new Promise((r) => setTimeout(r, 0));
      });

      // `xstate.init` (the first step of every path) is not in the event union, hence the loose type.
      const events: Record<string, (step: { event: AudioQueueTestEvent }) => void | Promise<void>> = {
        'xstate.init': () => {},
        'audio.enqueue': async ({ event }) => {
          if (event.type !== 'audio.enqueue') return;
          const { type } = event.request;
          await click(type === 'guidance' ? 'Say guidance' : type === 'error' ? 'Say error' : 'Say button');
        },
        'xstate.done.actor.loadItem': async ({ event }) => {
          if (event.type !== 'xstate.done.actor.loadItem') return;
          await act(async () => fakes.loads.at(-1)!.resolve(event.output));
        },
        'xstate.error.actor.loadItem': async () => {
          await act(async () => fakes.loads.at(-1)!.reject(new Error('speech_unavailable')));
        },
        'audio.ended': async () => act(async () => fakes.players.at(-1)!.end()),
        'audio.failed': async () => act(async () => fakes.players.at(-1)!.fail()),
        'xstate.done.actor.speakFallback': async () => act(async () => fakes.fallbacks.at(-1)!.resolve()),
        'xstate.error.actor.speakFallback': async () =>
          act(async () => fakes.fallbacks.at(-1)!.reject(new Error('no device voice'))),
        'audio.pause': () => click('Hold on'),
        'audio.resume': () => click('Go on'),
        'audio.skip': () => click('Next'),
        'audio.toggle': async () => {
          await act(async () => pressOnPage(' '));
        },
        'audio.stop': async () => {
          await act(async () => pressOnPage('Escape'));
        },
        'audio.duck': () => click('Microphone on'),
        'audio.unduck': () => click('Microphone off'),
      };
      await path.test({
        events,
        states: {
          idle: async () => {
            await settle();
            expect(within(strip()).queryByRole('button', { name: 'Hold on' })).toBeNull();
            expect(within(strip()).queryByRole('button', { name: 'Go on' })).toBeNull();
            expect(within(strip()).queryByRole('button', { name: 'Next' })).toBeNull();
          },
          loading: async (state) => {
            const text = (state as AudioQueueSnapshot).context.current!.text;
            await waitFor(
              () => expect(strip()).toHaveTextContent(`Sparky is getting ready to say: ${text}`),
              SLOW,
            );
            // Said once to screen readers too.
            await waitFor(() => expect(announced()).toContain(text), SLOW);
          },
          'playing.running': async (state) => {
            const text = (state as AudioQueueSnapshot).context.current!.text;
            await waitFor(() => expect(strip()).toHaveTextContent(`Sparky says: ${text}`), SLOW);
            expect(within(strip()).getByRole('button', { name: 'Hold on' })).toBeInTheDocument();
            expect(fakes.players.at(-1)!.input.playable.src).toBe('/api/speech/audio/sample.wav');
          },
          'playing.paused': async () => {
            await waitFor(() => expect(strip()).toHaveTextContent('Sparky is paused'), SLOW);
            expect(within(strip()).getByRole('button', { name: 'Go on' })).toBeInTheDocument();
          },
          fallingBack: async (state) => {
            const text = (state as AudioQueueSnapshot).context.current!.text;
            await waitFor(
              () => expect(strip()).toHaveTextContent(`with this computer's voice): ${text}`),
              SLOW,
            );
            expect(fakes.fallbacks.at(-1)!.item.text).toBe(text);
          },
        },
      });
    });
  }
});
