/**
 * The Daily Challenges card (spec §2.5, §4.4, §4.9, §8): load today's challenges, show them (none, in
 * progress, all complete) or the failure with a retry, say the summary once 4.5 s after it loads, and
 * celebrate a challenge that became complete since the last load.
 *
 * The server makes, advances and pays challenges (server/routes/rewards); this statechart owns only the
 * card's flow. The app provides, with `dailyChallengesMachine.provide()`:
 * - actor `loadChallenges` (promise, no input): resolves to today's {@link DailyChallenge}s (through the
 *   query cache: TanStack Query stays the one source of server data), rejects on failure;
 * - action `speak` (params `{ text, priority }`): says a line through the audio queue, with a caption
 *   (priority 2 for warnings, 1 for information, spec §4.9).
 */
import { assign, enqueueActions, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import type { DailyChallenge } from '#core/api/rewards.ts';
import {
  CHALLENGE_SPOKEN,
  CHALLENGES_ANNOUNCE_DELAY_MS,
  challengeDoneLine,
  challengesSummary,
} from '#core/challenges/challenge-messages.ts';

/** What the card says, and how urgently (spec §4.9: 2 warnings, 1 information). */
export interface SpeakParams {
  text: string;
  priority: 1 | 2;
}

/** Serialisable context. */
export interface DailyChallengesContext {
  challenges: DailyChallenge[];
  /** Whether the summary has been said since the card opened (it is said once). */
  announced: boolean;
  /** Ids of the challenges that were complete at the previous load. */
  completedIds: string[];
}

/** Events the app sends. */
export type DailyChallengesEvent =
  /** 'Try again' after a failure. */
  | { type: 'challenges.retry' }
  /** Server data changed (a reading was saved): load again, keeping the list on screen. */
  | { type: 'challenges.refresh' };

/** Challenges completed in `next` that were not in `before`. */
export function newlyCompleted(before: readonly string[], next: readonly DailyChallenge[]): DailyChallenge[] {
  const was = new Set(before);
  return next.filter((c) => c.completed && !was.has(c.id));
}

/**
 * The daily-challenges statechart (id `dailyChallenges`).
 *
 * States: `loading` (tag `busy`: 'Loading challenges...'), `failed` (spec §8 message; `challenges.retry`),
 * `ready` › `none` | `inProgress` | `allComplete` (spec §2.5 texts), and `refreshing` (tag `busy`, the
 * list stays) › back to `ready`. `ready.routing` is transient.
 */
export const dailyChallengesMachine = setup({
  types: {
    context: {} as DailyChallengesContext,
    events: {} as DailyChallengesEvent,
  },
  actors: {
    loadChallenges: fromPromise<DailyChallenge[]>(async () => {
      throw new Error("dailyChallengesMachine: actor 'loadChallenges' was not provided");
    }) as PromiseActorLogic<DailyChallenge[]>,
  },
  actions: {
    /** Say a line (provided by the app: the audio queue, with a caption). */
    speak: (_, _params: SpeakParams) => {},
    setChallenges: assign({
      challenges: (_, params: { challenges: DailyChallenge[] }) => params.challenges,
    }),
    rememberCompleted: assign({
      completedIds: ({ context }) => context.challenges.filter((c) => c.completed).map((c) => c.id),
    }),
    markAnnounced: assign({ announced: true }),
  },
  guards: {
    hasNone: ({ context }) => context.challenges.length === 0,
    isAllComplete: ({ context }) => context.challenges.every((c) => c.completed),
    isNotAnnounced: ({ context }) => !context.announced,
  },
  delays: { announceDelay: CHALLENGES_ANNOUNCE_DELAY_MS },
}).createMachine({
  id: 'dailyChallenges',
  context: { challenges: [], announced: false, completedIds: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadChallenges',
        src: 'loadChallenges',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'setChallenges', params: ({ event }) => ({ challenges: event.output }) },
            'rememberCompleted',
          ],
        },
        onError: { target: 'failed' },
      },
    },
    failed: {
      entry: { type: 'speak', params: { text: CHALLENGE_SPOKEN.failed, priority: 2 } },
      on: { 'challenges.retry': 'loading' },
    },
    ready: {
      initial: 'routing',
      on: { 'challenges.refresh': 'refreshing' },
      after: {
        announceDelay: {
          guard: 'isNotAnnounced',
          actions: [
            {
              type: 'speak',
              params: ({ context }) => ({
                text: challengesSummary(context.challenges),
                priority: 1 as const,
              }),
            },
            'markAnnounced',
          ],
        },
      },
      states: {
        routing: {
          always: [
            { guard: 'hasNone', target: 'none' },
            { guard: 'isAllComplete', target: 'allComplete' },
            { target: 'inProgress' },
          ],
        },
        none: {},
        inProgress: {},
        allComplete: {},
      },
    },
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'loadChallenges',
        src: 'loadChallenges',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'setChallenges', params: ({ event }) => ({ challenges: event.output }) },
            // Say "Challenge complete: …! You earned N tokens." for each one finished since the last load.
            enqueueActions(({ context, enqueue }) => {
              for (const done of newlyCompleted(context.completedIds, context.challenges)) {
                enqueue({
                  type: 'speak',
                  params: {
                    text: challengeDoneLine(done.challenge_data.name, done.challenge_data.reward_tokens),
                    priority: 1,
                  },
                });
              }
            }),
            'rememberCompleted',
          ],
        },
        // A failed refresh keeps what is on screen.
        onError: { target: 'ready' },
      },
    },
  },
});
