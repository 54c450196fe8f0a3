/**
 * Sparky, the mascot (spec §4.8): his assignments and which one is current, completing one with a praise
 * line, his mood, the challenge panel, yes/no answers and the listening toggle.
 *
 * The app keeps the data (TanStack Query) and tells the machine what applies now with `sparky.sync`
 * (core/sparky/assignments.ts `assignmentsFor`); a reply comes from a button or, once the voice layer
 * listens, from what the recogniser heard (`understandReply` turns it into `sparky.reply`). The app
 * provides, with `sparkyMachine.provide()`:
 * - action `speak` (params `{ text, priority }`): says a line through the app's one audio queue
 *   (type `sparky`, captioned and announced there; spec §4.9 priority 1 for information, 0 for praise
 *   Sparky offers unasked);
 * - action `goToRewards`: navigates to /rewards (spec §4.8, 2 s after a yes).
 * It sends `speech.ended` when a line has been said, so the mood can settle (spec §4.8).
 */
import { assign, enqueueActions, raise, setup } from 'xstate';
import {
  MOOD_RESET_DELAY_MS,
  SPARKY_LINES,
  YES_NAVIGATE_DELAY_MS,
  currentAssignment,
  mergeAssignments,
  praiseLine,
  type SparkyAssignment,
  type SparkyMood,
  type SparkyReply,
} from '#core/sparky/assignments.ts';

/**
 * A line Sparky says (spec §4.9): priority 1 (information) for what he says because the child pressed or
 * answered him; priority 0 for praise he offers by himself (an assignment completed by `sparky.sync` or
 * `sparky.complete`), which waits its turn in the audio queue and never replaces the page's own lines (a
 * reading's results, the page guidance).
 */
export interface SparkySpeakParams {
  text: string;
  priority: 0 | 1 | 2;
}

/** Serialisable context. */
export interface SparkyContext {
  /** Spec §3 assignments, high first; completed ones stay (completed: true). */
  assignments: SparkyAssignment[];
  /** Spec §4.8 mood; `helpful` at rest. */
  mood: SparkyMood;
  /** The last line Sparky said (his speech bubble), or null. */
  said: string | null;
}

/** Events of the app, the widget's buttons and the voice layer. */
export type SparkyEvent =
  /** What applies now (core/sparky/assignments.ts `assignmentsFor`); gone data-driven ones were completed. */
  | { type: 'sparky.sync'; assignments: SparkyAssignment[] }
  /** The current assignment was done (spec §4.8 completing). */
  | { type: 'sparky.complete' }
  /** The mascot was pressed (spec §4.8: the panel opens while assignments remain). */
  | { type: 'panel.open' }
  /** The panel was dismissed. */
  | { type: 'panel.close' }
  /** A reply by button or voice (spec §4.8: yes, start, begin / no, skip, not now). */
  | { type: 'sparky.reply'; reply: SparkyReply }
  /** Sparky's voice started (his own lines raise it too), in a mood (spec §4.8). */
  | { type: 'speech.started'; mood: SparkyMood }
  /** Sparky's voice went silent (spec §4.8: helpful again 1 s later). */
  | { type: 'speech.ended' }
  /** The listening toggle (spec §4.8). */
  | { type: 'listening.toggle' };

/** Input: the assignments at start (default none). */
export interface SparkyInput {
  assignments?: SparkyAssignment[];
}

/** A line and the mood it is said in. */
interface Line {
  text: string;
  mood: SparkyMood;
}

/** Completing the current assignment: the list with it done, and the praise (none when nothing is left). */
function completeCurrent(assignments: SparkyAssignment[]): {
  assignments: SparkyAssignment[];
  lines: Line[];
} {
  const current = currentAssignment(assignments);
  if (!current) return { assignments, lines: [] };
  return {
    assignments: assignments.map((a) => (a.id === current.id ? { ...a, completed: true } : a)),
    lines: [{ text: praiseLine(current), mood: 'celebratory' }],
  };
}

/** Taking what applies now: the merged list, and praise for what the reader completed meanwhile. */
function syncAssignments(before: SparkyAssignment[], now: SparkyAssignment[]) {
  const { assignments, completedIds } = mergeAssignments(before, now);
  const lines = completedIds.map((id): Line => ({
    text: praiseLine(assignments.find((a) => a.id === id)!),
    mood: 'celebratory',
  }));
  return { assignments, lines };
}

/**
 * The Sparky statechart (id `sparky`), three parallel regions:
 * - `panel`: `closed` › `open` (the current assignment with yes and no) › `leaving` (after a yes: 'Great!
 *   …', then `goToRewards` 2 s later) › `closed`; a no closes it with a friendly dismissal. Pressing the
 *   mascot with nothing left says so and leaves it closed.
 * - `voice`: `quiet` (mood helpful) › `speaking` (tag `speaking`, mood of the line) › `settling` › `quiet`
 *   1 s after silence (spec §4.8).
 * - `listening`: `off` › `on` (tag `listening`).
 * Completing (by `sparky.complete`, or by `sparky.sync` when a data-driven assignment no longer applies)
 * marks it done and says a praise line (mood celebratory); the next incomplete one becomes current.
 */
export const sparkyMachine = setup({
  types: {
    context: {} as SparkyContext,
    events: {} as SparkyEvent,
    input: {} as SparkyInput,
  },
  actions: {
    /** Say a line (provided by the app: the audio queue, with a caption). */
    speak: (_, _params: SparkySpeakParams) => {},
    /** Go to /rewards (provided by the app). */
    goToRewards: () => {},
    setMood: assign({
      mood: ({ context, event }) => (event.type === 'speech.started' ? event.mood : context.mood),
    }),
    resetMood: assign({ mood: 'helpful' as SparkyMood }),
  },
  guards: {
    hasCurrent: ({ context }) => currentAssignment(context.assignments) !== null,
    hasNoCurrent: ({ context }) => currentAssignment(context.assignments) === null,
    isYes: ({ event }) => event.type === 'sparky.reply' && event.reply === 'yes',
    isNo: ({ event }) => event.type === 'sparky.reply' && event.reply === 'no',
  },
  delays: {
    yesDelay: YES_NAVIGATE_DELAY_MS,
    moodResetDelay: MOOD_RESET_DELAY_MS,
  },
}).createMachine({
  id: 'sparky',
  type: 'parallel',
  context: ({ input }) => ({ assignments: input?.assignments ?? [], mood: 'helpful', said: null }),
  on: {
    'sparky.sync': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const next = syncAssignments(context.assignments, event.assignments);
        enqueue.assign({ assignments: next.assignments });
        for (const line of next.lines) {
          enqueue.assign({ said: line.text });
          enqueue({ type: 'speak', params: { text: line.text, priority: 0 } });
          enqueue.raise({ type: 'speech.started', mood: line.mood });
        }
      }),
    },
    'sparky.complete': {
      actions: enqueueActions(({ context, enqueue }) => {
        const next = completeCurrent(context.assignments);
        enqueue.assign({ assignments: next.assignments });
        for (const line of next.lines) {
          enqueue.assign({ said: line.text });
          enqueue({ type: 'speak', params: { text: line.text, priority: 0 } });
          enqueue.raise({ type: 'speech.started', mood: line.mood });
        }
      }),
    },
  },
  states: {
    panel: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'panel.open': [
              {
                guard: 'hasCurrent',
                target: 'open',
                actions: enqueueActions(({ context, enqueue }) => {
                  const text = currentAssignment(context.assignments)!.message;
                  enqueue.assign({ said: text });
                  enqueue({ type: 'speak', params: { text, priority: 1 } });
                  enqueue.raise({ type: 'speech.started', mood: 'excited' });
                }),
              },
              {
                actions: [
                  assign({ said: SPARKY_LINES.allDone }),
                  { type: 'speak', params: { text: SPARKY_LINES.allDone, priority: 1 } },
                  raise({ type: 'speech.started', mood: 'encouraging' }),
                ],
              },
            ],
          },
        },
        open: {
          // Completed while open, with nothing left: the panel has nothing to offer.
          always: { guard: 'hasNoCurrent', target: 'closed' },
          on: {
            'panel.close': 'closed',
            'sparky.reply': [
              {
                guard: 'isYes',
                target: 'leaving',
                actions: [
                  assign({ said: SPARKY_LINES.yes }),
                  { type: 'speak', params: { text: SPARKY_LINES.yes, priority: 1 } },
                  raise({ type: 'speech.started', mood: 'excited' }),
                ],
              },
              {
                guard: 'isNo',
                target: 'closed',
                actions: [
                  assign({ said: SPARKY_LINES.no }),
                  { type: 'speak', params: { text: SPARKY_LINES.no, priority: 1 } },
                  raise({ type: 'speech.started', mood: 'encouraging' }),
                ],
              },
            ],
          },
        },
        leaving: {
          after: { yesDelay: { target: 'closed', actions: 'goToRewards' } },
          on: { 'panel.close': 'closed' },
        },
      },
    },
    voice: {
      initial: 'quiet',
      states: {
        quiet: {
          on: { 'speech.started': { target: 'speaking', actions: 'setMood' } },
        },
        speaking: {
          tags: ['speaking'],
          on: {
            'speech.started': { target: 'speaking', reenter: true, actions: 'setMood' },
            'speech.ended': 'settling',
          },
        },
        settling: {
          on: { 'speech.started': { target: 'speaking', actions: 'setMood' } },
          after: { moodResetDelay: { target: 'quiet', actions: 'resetMood' } },
        },
      },
    },
    listening: {
      initial: 'off',
      states: {
        off: { on: { 'listening.toggle': 'on' } },
        on: { tags: ['listening'], on: { 'listening.toggle': 'off' } },
      },
    },
  },
});
