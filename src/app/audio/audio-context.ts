/**
 * The audio queue's public API for the rest of the app (issue 10), and what the later issues use:
 * spoken commands (issue 11) duck the queue while the microphone records and speak their answers
 * through it; the realtime tutor (issue 12) speaks a word; Sparky (issue 13) talks through it.
 *
 * ```tsx
 * const audio = useAudioQueue();
 * audio.speak({ text: 'Well done!', type: 'sparky' });          // priority by type (1 for info)
 * audio.speak({ text: 'Oops, try again.', type: 'error' });     // 2: replaces what waits, cuts off info
 * audio.duck();   // microphone on: Sparky at a fifth of the volume, nothing new starts
 * audio.unduck(); // microphone off: what waited plays
 * ```
 * The rules (§4.9): priority 1 or 2 replaces what waits; the same text and type within 2 s is dropped;
 * at most 5 wait. Every spoken line is also a caption and one live-region announcement.
 */
import { createContext, useContext } from 'react';
import { announce } from '#a11y/announcer.ts';
import { DEFAULT_PRIORITY, PRIORITY_WARNING, type AudioItemType } from '#core/audio/priorities.ts';
import type { SpeakRequest } from '#machines/audio-queue.machine.ts';

export type { SpeakRequest };

/**
 * How a line offered with {@link AudioQueueApi.say} ended:
 * - `said`: heard to its end (its audio, the device's voice, or — with Sparky quiet — its caption time);
 * - `cut`: it started but did not finish: stopped, withdrawn, cut off by a more urgent line, or its
 *   audio and the device's voice both failed;
 * - `skipped`: it started and the child moved on to the next line ("Next" on the caption strip): a
 *   sequence of lines goes on, where a stop (`cut`) ends it;
 * - `failed`: a speech sound (`phone`) whose audio could not be loaded or played; it is never read by the
 *   device's voice instead (that would spell its caption's letter names), so the caller carries on;
 * - `dropped`: it never started: a duplicate within 2 s, blank, the queue full, or replaced while it
 *   waited (§4.9 rules).
 */
export type LineEnd = 'said' | 'cut' | 'skipped' | 'failed' | 'dropped';

/** What a component can ask of the queue. */
export interface AudioQueueApi {
  /** Offers a line (or a sound) to the queue; blank text is never spoken (§5). */
  speak(request: SpeakRequest): void;
  /**
   * Offers a line like {@link speak} and resolves when that line has ended — the queue's end-of-line
   * event (issue 13: Sparky's mood follows his real silence, not a reading-time guess).
   * @returns how it ended; never rejects
   */
  say(request: SpeakRequest): Promise<LineEnd>;
  /** Pause what plays (kept; resume goes on). */
  pause(): void;
  resume(): void;
  /** Pause when playing, resume when paused (Space). */
  toggle(): void;
  /** End the current line, go to the next. */
  skip(): void;
  /** End the current line and empty the queue (Escape). */
  stop(): void;
  /**
   * Calls `listener` on every stop (Escape, the caption strip's Stop, `stop()`), so a page playing lines
   * in turn with pauses between them (Sound It Out's sounds) ends its sequence even in a pause.
   * @returns unsubscribe
   */
  onStop?(listener: () => void): () => void;
  /**
   * Fetches the audio of speech sounds ahead (Sound It Out: a round's phones as it starts), into the same
   * cache the queue plays from, so the first sound does not wait for the server's synthesis. Best effort.
   */
  prefetchPhones?(phones: readonly string[]): void;
  /**
   * Drops every line of one type, waiting or being said (a page's guidance when the page is left).
   * Guidance withdrawn stays withdrawn until a page registers its guidance again (`setGuidance`), so a
   * line still on its timer is not said after the child has started something.
   */
  withdraw(type: AudioItemType): void;
  /** The microphone records: play at a fifth of the volume and start nothing new (issue 11). */
  duck(): void;
  /** The microphone stopped: back to full volume; what waited plays. */
  unduck(): void;
  /** The current page's guidance (from its `*.guidance.ts`), for Ctrl+V help; null when it leaves. */
  setGuidance(lines: readonly string[] | null): void;
  /** Says the current page's guidance again (Ctrl+V, the Help button). */
  speakGuidance(): void;
  /** Opens the spoken help dialog that lists the shortcuts. */
  openHelp(): void;
}

/** What the queue is doing, for captions and controls. */
export interface AudioStatus {
  /** `idle`, `loading`, `playing`, `paused` or `fallingBack` (the device's voice). */
  state: 'idle' | 'loading' | 'playing' | 'paused' | 'fallingBack';
  /** The line being said (or last said, for a few seconds after), or null. */
  caption: string | null;
  /** Its type. */
  type: AudioItemType | null;
  isDucked: boolean;
}

const noop = () => {};

/** Announces a line to screen readers only (no provider): a warning assertively, as the provider does. */
function announceOnly(request: SpeakRequest): void {
  announce(
    request.text,
    (request.priority ?? DEFAULT_PRIORITY[request.type]) >= PRIORITY_WARNING ? 'assertive' : 'polite',
  );
}

/**
 * Without a provider (unit tests of a single page), a line is only announced to screen readers: a
 * warning assertively, as the provider does; `say` resolves `said` at once (nothing is heard).
 */
export const SILENT_AUDIO_QUEUE: AudioQueueApi = {
  speak: announceOnly,
  say: (request) => {
    announceOnly(request);
    return Promise.resolve('said');
  },
  pause: noop,
  resume: noop,
  toggle: noop,
  skip: noop,
  stop: noop,
  withdraw: noop,
  duck: noop,
  unduck: noop,
  setGuidance: noop,
  speakGuidance: noop,
  openHelp: noop,
};

export const IDLE_STATUS: AudioStatus = { state: 'idle', caption: null, type: null, isDucked: false };

export const AudioQueueContext = createContext<AudioQueueApi>(SILENT_AUDIO_QUEUE);
export const AudioStatusContext = createContext<AudioStatus>(IDLE_STATUS);

/** The app's one audio queue (src/app/audio/AudioQueueProvider.tsx). */
export function useAudioQueue(): AudioQueueApi {
  return useContext(AudioQueueContext);
}

/** What the queue is doing now. */
export function useAudioStatus(): AudioStatus {
  return useContext(AudioStatusContext);
}
