/**
 * Sparky's one audio queue (docs/requirements.md §4.9, §9 audio defaults): everything the app says —
 * page guidance, toasts, errors, countdowns, results, achievements, button names, and later the
 * answers of spoken commands (issue 11), the tutor (issue 12) and Sparky (issue 13) — goes through
 * here, one item at a time, best first. The ordering, replacement, dedupe and bound rules are the pure
 * functions of core/audio/queue.ts; this statechart adds time: loading, playing, pausing, skipping,
 * stopping, falling back, and ducking while the microphone records.
 *
 * The app supplies, with `audioQueueMachine.provide()`:
 * - actor `loadItem` (promise, input `{ item }`): makes the item playable (asks GET /api/speech for
 *   speech, or finds a sound file) and resolves with a {@link Playable}; rejects when it cannot;
 * - actor `playItem` (callback, input {@link PlayInput}): plays it (howler in the app); sends back
 *   `audio.ended` when done or `audio.failed`; receives `player.pause`, `player.resume` and
 *   `player.volume` (`{ volume }`, 0–1);
 * - actor `speakFallback` (promise, input `{ item }`): says the item another way (the device's
 *   speech synthesis, §7.7 "speech without audio falls back to the browser's speech"); rejects when
 *   there is none;
 * - action `reportFailure` (params `{ item, error }`): the §8 "Audio Error" toast and a log line.
 *
 * Tags: `busy` while an item loads or plays (paused included), `speaking` while audio runs.
 */
import {
  assign,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
  type CallbackActorLogic,
  type EventObject,
  type PromiseActorLogic,
} from 'xstate';
import {
  DEFAULT_PRIORITY,
  enqueue,
  SPEAKS_WHILE_DUCKED,
  takeNext,
  type AudioItem,
  type AudioItemType,
  type AudioPriority,
  type AudioSound,
  type EnqueueOutcome,
  withdraw,
} from '#core/audio/queue.ts';

/** Share of the volume kept while ducked (the microphone records): a fifth, still audible to the adult nearby. */
export const DUCK_FACTOR = 0.2;
/** §9 audio defaults: volume 0.8. */
export const DEFAULT_VOLUME = 0.8;

/** What `loadItem` gives back: where the audio is and, for speech, when each word is said. */
export interface Playable {
  /** URL of the audio (same origin). */
  readonly src: string;
  /** Container format, for howler (`wav`, `mp3`). */
  readonly format: string;
  /** Length, seconds (0 when unknown). */
  readonly duration: number;
  /** Word times in seconds, for highlighting; empty for sounds. */
  readonly words: readonly { index: number; text: string; start: number; end: number }[];
}

/** Input of the `playItem` actor. */
export interface PlayInput {
  readonly item: AudioItem;
  readonly playable: Playable;
  /** Volume to play at, 0–1 (already lowered when ducked). */
  readonly volume: number;
  /** Start paused (the listener pressed pause while it loaded). */
  readonly startPaused: boolean;
}

/** What a caller offers: text (and optionally a sound), a type, and a priority (default by type). */
export interface SpeakRequest {
  readonly text: string;
  readonly type: AudioItemType;
  readonly priority?: AudioPriority;
  readonly sound?: AudioSound;
  /** A speech sound to play instead of the text, which is its caption (Sound It Out, ADR 0043). */
  readonly phone?: string;
}

/** Serialisable context. */
export interface AudioQueueContext {
  /** Waiting items, best first (at most 5). */
  queue: readonly AudioItem[];
  /** The item loading, playing or paused; null when idle. */
  current: AudioItem | null;
  /** Dedupe memory: last acceptance time by type and text. */
  recent: Readonly<Record<string, number>>;
  /** The current item's audio once loaded. */
  playable: Playable | null;
  /** 0–1, from the audio settings. */
  volume: number;
  /** The microphone is recording (issue 11): play at {@link DUCK_FACTOR} and start nothing new. */
  isDucked: boolean;
  /**
   * How many `audio.duck` are not yet matched by an `audio.unduck`: the talk button, the reading
   * recorder, the tutor's word check and the story reader each duck for themselves, and one ending
   * must not unduck while another still listens. `isDucked` is `duckHolds > 0`; an unmatched
   * `audio.unduck` is ignored.
   */
  duckHolds: number;
  /** Pause was pressed while the current item loaded: it starts paused. */
  holdOnLoad: boolean;
  /** What happened to the last offered item (for the app and tests). */
  lastOutcome: EnqueueOutcome | null;
  /** Items offered so far; numbers the next item's id. */
  offered: number;
}

/** Machine input. */
export interface AudioQueueInput {
  /** Starting volume, 0–1 (default 0.8, §9). */
  volume?: number;
}

/** Events the app sends (`domain.verb`), and the player's answers. */
export type AudioQueueEvent =
  /** Offer an item; `at` is the time now, epoch ms (the caller's clock keeps the context serialisable). */
  | { type: 'audio.enqueue'; request: SpeakRequest; at: number }
  | { type: 'audio.pause' }
  | { type: 'audio.resume' }
  /** Pause when playing, resume when paused (the Space key). */
  | { type: 'audio.toggle' }
  /** End the current item and go on with the next. */
  | { type: 'audio.skip' }
  /** End the current item and empty the queue (Escape). */
  | { type: 'audio.stop' }
  /** Drop every line of one type, waiting or current (a page's guidance when the page is left). */
  | { type: 'audio.withdraw'; itemType: AudioItemType }
  | { type: 'audio.duck' }
  | { type: 'audio.unduck' }
  | { type: 'audio.volume'; volume: number }
  /** From the player. */
  | { type: 'audio.ended' }
  | { type: 'audio.failed'; error?: string };

/** Events the `playItem` actor receives. */
export type PlayerCommand =
  { type: 'player.pause' } | { type: 'player.resume' } | { type: 'player.volume'; volume: number };

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`audioQueueMachine: actor '${name}' was not provided`);
};

/** The item an `audio.enqueue` event offers. */
function itemOf(context: AudioQueueContext, event: { request: SpeakRequest; at: number }): AudioItem {
  const { request } = event;
  return {
    id: `a${context.offered + 1}`,
    text: request.text,
    type: request.type,
    priority: request.priority ?? DEFAULT_PRIORITY[request.type],
    at: event.at,
    ...(request.sound !== undefined && { sound: request.sound }),
    ...(request.phone !== undefined && { phone: request.phone }),
  };
}

function offer(context: AudioQueueContext, event: { request: SpeakRequest; at: number }) {
  return enqueue(context, itemOf(context, event));
}

const clamp = (volume: number) => Math.min(1, Math.max(0, volume));

/** The volume to play at now. */
export function effectiveVolume(
  context: Pick<AudioQueueContext, 'volume' | 'isDucked'> & { current?: AudioItem | null },
): number {
  const ducked = context.isDucked && !(context.current && SPEAKS_WHILE_DUCKED.has(context.current.type));
  return clamp(context.volume) * (ducked ? DUCK_FACTOR : 1);
}

/**
 * The audio queue statechart (id `audioQueue`).
 *
 * States:
 * - `idle`: nothing to say, or ducked; starts the next item as soon as there is one and it is not
 *   ducked (a `tutor` line starts while ducked, at full volume: `SPEAKS_WHILE_DUCKED`);
 * - `loading`: the current item is being fetched (`loadItem`);
 * - `playing` › `running` | `paused`: the player (`playItem`) is running; pausing keeps it;
 * - `fallingBack`: the audio failed; the item is said another way (`speakFallback`), or skipped.
 *
 * Anywhere: `audio.enqueue` applies the §4.9 rules; an item of strictly higher priority than the
 * current one cuts it off. `audio.stop` empties everything; `audio.skip` goes to the next item;
 * `audio.withdraw` drops one type's lines, cutting the current one off when it is of that type.
 */
export const audioQueueMachine = setup({
  types: {
    context: {} as AudioQueueContext,
    events: {} as AudioQueueEvent,
    input: {} as AudioQueueInput,
    tags: {} as 'busy' | 'speaking',
  },
  actors: {
    loadItem: fromPromise<Playable, { item: AudioItem }>(notProvided('loadItem')) as PromiseActorLogic<
      Playable,
      { item: AudioItem }
    >,
    playItem: fromCallback<PlayerCommand, PlayInput>(() => {
      throw new Error("audioQueueMachine: actor 'playItem' was not provided");
    }) as CallbackActorLogic<PlayerCommand, PlayInput, EventObject>,
    speakFallback: fromPromise<void, { item: AudioItem }>(notProvided('speakFallback')) as PromiseActorLogic<
      void,
      { item: AudioItem }
    >,
  },
  guards: {
    canStart: ({ context }) => {
      const next = context.queue[0];
      return next !== undefined && (!context.isDucked || SPEAKS_WHILE_DUCKED.has(next.type));
    },
    isPreempting: ({ context, event }) => event.type === 'audio.enqueue' && offer(context, event).preempts,
    isHoldingOnLoad: ({ context }) => context.holdOnLoad,
    isWithdrawingCurrent: ({ context, event }) =>
      event.type === 'audio.withdraw' && withdraw(context, event.itemType).stopsCurrent,
  },
  actions: {
    /** The §8 "Audio Error" toast and a log line; provided by the app. */
    reportFailure: (_, _params: { item: AudioItem | null; error: string }) => {},
    offer: assign(({ context, event }) => {
      if (event.type !== 'audio.enqueue') return {};
      const { state, outcome } = offer(context, event);
      return {
        queue: state.queue,
        recent: state.recent,
        lastOutcome: outcome,
        offered: context.offered + 1,
      };
    }),
    takeNext: assign(({ context }) => {
      const next = takeNext(context);
      return { current: next.current, queue: next.queue, playable: null, holdOnLoad: false };
    }),
    finishCurrent: assign({ current: null, playable: null, holdOnLoad: false }),
    withdrawWaiting: assign(({ context, event }) =>
      event.type === 'audio.withdraw' ? { queue: withdraw(context, event.itemType).state.queue } : {},
    ),
    clearAll: assign({ current: null, playable: null, queue: [], holdOnLoad: false }),
    holdOnLoad: assign({ holdOnLoad: true }),
    releaseHold: assign({ holdOnLoad: false }),
    duck: assign(({ context }) => ({ duckHolds: context.duckHolds + 1, isDucked: true })),
    unduck: assign(({ context }) => {
      const duckHolds = Math.max(0, context.duckHolds - 1);
      return { duckHolds, isDucked: duckHolds > 0 };
    }),
    setVolume: assign({
      volume: ({ event }) => (event.type === 'audio.volume' ? clamp(event.volume) : DEFAULT_VOLUME),
    }),
    tellPlayerVolume: sendTo('player', ({ context }) => ({
      type: 'player.volume' as const,
      volume: effectiveVolume(context),
    })),
    tellPlayerPause: sendTo('player', { type: 'player.pause' as const }),
    tellPlayerResume: sendTo('player', { type: 'player.resume' as const }),
  },
}).createMachine({
  id: 'audioQueue',
  context: ({ input }) => ({
    queue: [],
    current: null,
    recent: {},
    playable: null,
    volume: clamp(input?.volume ?? DEFAULT_VOLUME),
    isDucked: false,
    duckHolds: 0,
    holdOnLoad: false,
    lastOutcome: null,
    offered: 0,
  }),
  initial: 'idle',
  on: {
    'audio.enqueue': { actions: 'offer' },
    'audio.duck': { actions: 'duck' },
    'audio.unduck': { actions: 'unduck' },
    'audio.volume': { actions: 'setVolume' },
    'audio.stop': { target: '.idle', actions: 'clearAll' },
    'audio.withdraw': [
      { guard: 'isWithdrawingCurrent', target: '.idle', actions: ['withdrawWaiting', 'finishCurrent'] },
      { actions: 'withdrawWaiting' },
    ],
  },
  states: {
    idle: {
      always: { guard: 'canStart', target: 'loading', actions: 'takeNext' },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadItem',
        src: 'loadItem',
        input: ({ context }) => ({ item: context.current! }),
        onDone: [
          {
            guard: 'isHoldingOnLoad',
            target: 'playing.paused',
            actions: assign({ playable: ({ event }) => event.output }),
          },
          { target: 'playing', actions: assign({ playable: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'fallingBack',
          actions: {
            type: 'reportFailure',
            params: ({ context, event }) => ({ item: context.current, error: String(event.error) }),
          },
        },
      },
      on: {
        'audio.enqueue': [
          { guard: 'isPreempting', target: 'idle', actions: ['offer', 'finishCurrent'] },
          { actions: 'offer' },
        ],
        'audio.pause': { actions: 'holdOnLoad' },
        'audio.toggle': [{ guard: 'isHoldingOnLoad', actions: 'releaseHold' }, { actions: 'holdOnLoad' }],
        'audio.resume': { actions: 'releaseHold' },
        'audio.skip': { target: 'idle', actions: 'finishCurrent' },
      },
    },
    playing: {
      tags: ['busy'],
      invoke: {
        id: 'player',
        src: 'playItem',
        input: ({ context }) => ({
          item: context.current!,
          playable: context.playable!,
          volume: effectiveVolume(context),
          startPaused: context.holdOnLoad,
        }),
      },
      initial: 'running',
      states: {
        running: {
          tags: ['speaking'],
          on: {
            'audio.pause': { target: 'paused', actions: 'tellPlayerPause' },
            'audio.toggle': { target: 'paused', actions: 'tellPlayerPause' },
          },
        },
        paused: {
          on: {
            'audio.resume': { target: 'running', actions: ['releaseHold', 'tellPlayerResume'] },
            'audio.toggle': { target: 'running', actions: ['releaseHold', 'tellPlayerResume'] },
          },
        },
      },
      on: {
        'audio.enqueue': [
          { guard: 'isPreempting', target: 'idle', actions: ['offer', 'finishCurrent'] },
          { actions: 'offer' },
        ],
        'audio.ended': { target: 'idle', actions: 'finishCurrent' },
        'audio.failed': {
          target: 'fallingBack',
          actions: {
            type: 'reportFailure',
            params: ({ context, event }) => ({
              item: context.current,
              error: event.error ?? 'playback failed',
            }),
          },
        },
        'audio.skip': { target: 'idle', actions: 'finishCurrent' },
        'audio.duck': { actions: ['duck', 'tellPlayerVolume'] },
        'audio.unduck': { actions: ['unduck', 'tellPlayerVolume'] },
        'audio.volume': { actions: ['setVolume', 'tellPlayerVolume'] },
      },
    },
    fallingBack: {
      tags: ['busy', 'speaking'],
      invoke: {
        id: 'speakFallback',
        src: 'speakFallback',
        input: ({ context }) => ({ item: context.current! }),
        onDone: { target: 'idle', actions: 'finishCurrent' },
        onError: { target: 'idle', actions: 'finishCurrent' },
      },
      on: {
        'audio.enqueue': [
          { guard: 'isPreempting', target: 'idle', actions: ['offer', 'finishCurrent'] },
          { actions: 'offer' },
        ],
        'audio.skip': { target: 'idle', actions: 'finishCurrent' },
      },
    },
  },
});
