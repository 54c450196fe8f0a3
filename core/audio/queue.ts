/**
 * The rules of Sparky's audio queue (docs/requirements.md §4.9, §9 audio defaults), as pure functions
 * over serialisable data, so the statechart (machines/audio-queue.machine.ts), the browser and the
 * tests share one definition:
 *
 * - one queue ordered by priority (higher first, first come first served within a priority);
 * - an item of priority 1 or 2 replaces the queue: everything waiting is dropped (except waiting items
 *   of a higher priority: a newer piece of information does not silence a warning);
 * - the same text and type within {@link DEDUPE_WINDOW_MS} of the last time it was accepted is dropped;
 * - at most {@link MAX_QUEUE_ITEMS} items are kept waiting;
 * - countdown numbers are never replaced by a line of their own priority (the next number
 *   included): they wait and are said in order; the page withdraws what is left of a countdown when
 *   recording starts;
 * - speech priority is 2 for warnings and 1 for information; 0 is for quiet extras (a button's name
 *   read on focus, a page title), which only queue behind others.
 *
 * Two choices the specification leaves open (docs/decisions, the audio ADR):
 * - "replaces the queue" replaces what is *waiting*; the item already playing is cut off only by an
 *   item of strictly higher priority (a warning stops guidance; a second guidance line waits for the
 *   first instead of cutting it off mid-word);
 * - the queue bound drops the oldest item of the lowest priority when a new one arrives, so a child
 *   moving over buttons hears the newest name.
 */

import { PRIORITY_INFO, type AudioItemType, type AudioPriority } from './priorities.ts';

// The priorities and item types live in priorities.ts (the first load needs them, not the rules).
export * from './priorities.ts';

/** §9: most items kept waiting in the queue. */
export const MAX_QUEUE_ITEMS = 5;
/** §9: the same text and type within this many milliseconds is dropped. */
export const DEDUPE_WINDOW_MS = 2000;

/**
 * Types that start while the queue is ducked (the microphone records), at full volume: the tutor's
 * word (issue 12) is said to a reader who is stuck mid-reading, which is exactly while the
 * microphone is open; it waits for the reader's silence (core/tutor/follow.ts) so it does not talk
 * over them.
 */
export const SPEAKS_WHILE_DUCKED: ReadonlySet<AudioItemType> = new Set<AudioItemType>(['tutor']);

/** A sound effect played from the app's own files (no network). */
export const AUDIO_SOUNDS = ['chime', 'click', 'fanfare'] as const;
/** A sound of {@link AUDIO_SOUNDS}. */
export type AudioSound = (typeof AUDIO_SOUNDS)[number];

/** An item as it waits or plays. Serialisable. */
export interface AudioItem {
  /** Unique within a queue (the provider numbers them). */
  readonly id: string;
  /** Words to say (always present: a sound carries its caption, e.g. "Ding!"). */
  readonly text: string;
  /** A sound to play instead of speech, or absent for speech. */
  readonly sound?: AudioSound;
  /**
   * A speech sound said alone (GET /api/speech/phone/:phone; Sound It Out, ADR 0043) instead of the text,
   * which is then only its caption ("c… a…"). A plain string here (core/audio knows no game); the endpoint
   * checks it against core/sound-it-out/phones.ts PHONES. Never announced to screen readers (the caption
   * would be read over the sound), never a duplicate (a sound is said again on purpose), and never said by
   * the device's voice when its audio fails (it would read the caption's letter names).
   */
  readonly phone?: string;
  readonly type: AudioItemType;
  readonly priority: AudioPriority;
  /** When it was offered, epoch milliseconds. */
  readonly at: number;
}

/** The queue's state as the rules see it. */
export interface QueueState {
  /** Waiting items, best first. */
  readonly queue: readonly AudioItem[];
  /** The item loading or playing, or null. */
  readonly current: AudioItem | null;
  /** Last acceptance time (epoch ms) by {@link dedupeKey}; entries older than the window are pruned. */
  readonly recent: Readonly<Record<string, number>>;
}

/** What happened to an offered item. */
export type EnqueueOutcome =
  /** It waits in the queue (possibly at its head). */
  | 'queued'
  /** It was dropped: the same text and type was accepted within the dedupe window. */
  | 'duplicate'
  /** It was dropped: blank text (§5: empty or blank text is never spoken). */
  | 'blank'
  /** It was dropped: the queue is full of items at least as important. */
  | 'full';

/** The result of {@link enqueue}. */
export interface EnqueueResult {
  readonly state: QueueState;
  readonly outcome: EnqueueOutcome;
  /** True when the current item should be cut off for this one (strictly higher priority). */
  readonly preempts: boolean;
}

/** The key duplicates are recognised by: type, the phone of a speech sound, and text, whitespace and case folded. */
export function dedupeKey(item: Pick<AudioItem, 'type' | 'text' | 'phone'>): string {
  const text = item.text.replace(/\s+/g, ' ').trim().toLowerCase();
  return item.phone === undefined ? `${item.type}|${text}` : `${item.type}|phone:${item.phone}|${text}`;
}

/**
 * Whether a waiting item stays when `item` (priority 1 or 2) replaces the queue: a higher priority
 * stays; so does a countdown number of at least the same priority. A countdown ("Get ready. 3", "2",
 * "1") is one announcement said in parts, each at its second: when "3" is still being said as "2"
 * and "1" arrive, "1" must not replace "2" (the child would hear "3 … 1"). Only a warning cuts in.
 */
function outlives(waiting: AudioItem, item: AudioItem): boolean {
  return (
    waiting.priority > item.priority || (waiting.type === 'countdown' && waiting.priority >= item.priority)
  );
}

/** Whether `a` should play before `b`: higher priority first, then older first. */
function before(a: AudioItem, b: AudioItem): boolean {
  return a.priority > b.priority || (a.priority === b.priority && a.at < b.at);
}

/**
 * Offers an item to the queue at time `item.at` (§4.9).
 *
 * @param state the queue now
 * @param item the new item (its `at` is "now")
 * @returns the new state, what happened, and whether the current item should stop for it
 */
export function enqueue(state: QueueState, item: AudioItem): EnqueueResult {
  const now = item.at;
  const recent: Record<string, number> = {};
  for (const [key, at] of Object.entries(state.recent)) if (now - at < DEDUPE_WINDOW_MS) recent[key] = at;
  if (item.text.trim() === '' && item.sound === undefined) {
    return { state: { ...state, recent }, outcome: 'blank', preempts: false };
  }
  const key = dedupeKey(item);
  // A speech sound (Sound It Out, ADR 0043) is played again on purpose ("Hear it again" pressed twice): the
  // §9 2 s window is for spoken lines only.
  if (item.phone === undefined && recent[key] !== undefined) {
    return { state: { ...state, recent }, outcome: 'duplicate', preempts: false };
  }
  let queue: AudioItem[];
  if (item.priority >= PRIORITY_INFO) {
    // Replaces the queue; a waiting warning outlives a newer piece of information, and a waiting
    // countdown number outlives the next number and any other line of its priority.
    queue = [...state.queue.filter((q) => outlives(q, item)), item];
  } else {
    queue = [...state.queue];
    if (queue.length >= MAX_QUEUE_ITEMS) {
      // Drop the oldest of the lowest priority, unless every waiting item outranks the new one.
      const lowest = Math.min(...queue.map((q) => q.priority));
      if (lowest > item.priority) return { state: { ...state, recent }, outcome: 'full', preempts: false };
      const victim = queue.findIndex((q) => q.priority === lowest);
      queue.splice(victim, 1);
    }
    const at = queue.findIndex((q) => before(item, q));
    if (at < 0) queue.push(item);
    else queue.splice(at, 0, item);
  }
  if (item.phone === undefined) recent[key] = now;
  const preempts = state.current !== null && item.priority > state.current.priority;
  return { state: { ...state, queue, recent }, outcome: 'queued', preempts };
}

/** Takes the head of the queue as the current item (or null when empty). */
export function takeNext(state: QueueState): QueueState {
  const [head, ...rest] = state.queue;
  return { ...state, current: head ?? null, queue: rest };
}

/**
 * Withdraws every line of one type: waiting ones leave the queue, and the caller cuts the current
 * one off when {@link WithdrawResult.stopsCurrent} says so. Used when a page is left (§4.8: its
 * guidance is about a screen that is no longer shown, so the next page's guidance must not wait
 * behind it, nor be replaced by its own second line while it waits).
 *
 * @param state the queue now
 * @param type the type to withdraw (e.g. `guidance`)
 * @returns the queue without that type, and whether the current item is of that type
 */
export function withdraw(state: QueueState, type: AudioItemType): WithdrawResult {
  return {
    state: { ...state, queue: state.queue.filter((q) => q.type !== type) },
    stopsCurrent: state.current !== null && state.current.type === type,
  };
}

/** The result of {@link withdraw}. */
export interface WithdrawResult {
  readonly state: QueueState;
  /** True when the current item is of the withdrawn type and should be cut off. */
  readonly stopsCurrent: boolean;
}
