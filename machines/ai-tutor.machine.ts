/**
 * The tutor after reading (issue 12, spec §1 "an AI tutor screen"): an offline, scripted, spoken
 * conversation built from the reader's own readings (core/tutor/tutor-plan.ts). Sparky praises what
 * went well, practises the words missed most (hear it, say it, checked by the recogniser), then
 * suggests the next story.
 *
 * The app provides, with `aiTutorMachine.provide({ actors, actions })`:
 * - actor `checkWord` (promise, input `{ word }`): listens to one answer and asks the recogniser
 *   whether the word was said; resolves {@link WordCheck}; rejects when the microphone or the
 *   recogniser cannot be used;
 * - action `say` (params `{ text }`): Sparky says a line (the app's audio queue: spoken, captioned
 *   and announced once).
 *
 * Events: `tutor.start` (from the intro), `tutor.listen` (the child is ready to say the word),
 * `tutor.hear` (say the word again), `tutor.skip` (next word), `tutor.restart`.
 * States: `intro` › `practising` (`prompting` | `listening`) › `suggesting` (final content, waits
 * for `tutor.restart`); `empty` when there is nothing to practise from (no readings yet).
 */
import { assign, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import type { TutorPlan } from '#core/tutor/tutor-plan.ts';
import {
  introLines,
  MAX_TRIES,
  tutorLines,
  type WordCheck,
  type WordOutcome,
} from '#core/tutor/tutor-script.ts';

export type { WordCheck, WordOutcome };

/** Machine input. */
export interface AiTutorInput {
  plan: TutorPlan;
}

/** Machine context (serialisable). */
export interface AiTutorContext {
  plan: TutorPlan;
  /** Index in `plan.practice` of the word being practised. */
  wordIndex: number;
  /** Tries at the current word that were heard and not it. */
  tries: number;
  /** How each word practised so far ended. */
  outcomes: WordOutcome[];
  /** The last line Sparky said (shown on the page too). */
  line: string;
  /** The last check could not be made (microphone or recogniser): the page offers Skip. */
  problem: boolean;
}

/** Events. */
export type AiTutorEvent =
  | { type: 'tutor.start' }
  | { type: 'tutor.listen' }
  | { type: 'tutor.hear' }
  | { type: 'tutor.skip' }
  | { type: 'tutor.restart' };

const notProvided = (name: string) => () => {
  throw new Error(`aiTutorMachine: '${name}' was not provided`);
};

/** The tutor's conversation (id `aiTutor`). */
export const aiTutorMachine = setup({
  types: {
    context: {} as AiTutorContext,
    events: {} as AiTutorEvent,
    input: {} as AiTutorInput,
    tags: {} as 'listening',
  },
  actors: {
    checkWord: fromPromise<WordCheck, { word: string }>(notProvided('checkWord')) as PromiseActorLogic<
      WordCheck,
      { word: string }
    >,
  },
  actions: {
    say: (_, _params: { text: string }) => {},
    setLine: assign((_, params: { text: string }) => ({ line: params.text })),
  },
  guards: {
    hasReadings: ({ context }) => context.plan.readings > 0,
    hasWords: ({ context }) => context.plan.practice.length > 0,
    isLastWord: ({ context }) => context.wordIndex >= context.plan.practice.length - 1,
    isRight: (_, params: { check: WordCheck }) => params.check === 'right',
    isNothing: (_, params: { check: WordCheck }) => params.check === 'nothing',
    isOutOfTries: ({ context }) => context.tries + 1 >= MAX_TRIES,
  },
}).createMachine({
  id: 'aiTutor',
  context: ({ input }) => ({
    plan: input.plan,
    wordIndex: 0,
    tries: 0,
    outcomes: [],
    line: '',
    problem: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasReadings', target: 'intro' }, { target: 'empty' }],
    },
    empty: {
      entry: [
        { type: 'setLine', params: () => ({ text: tutorLines.empty }) },
        { type: 'say', params: () => ({ text: tutorLines.empty }) },
      ],
    },
    intro: {
      entry: [
        { type: 'setLine', params: ({ context }) => ({ text: introLines(context.plan).join(' ') }) },
        { type: 'say', params: ({ context }) => ({ text: introLines(context.plan).join(' ') }) },
      ],
      on: {
        'tutor.start': [
          { guard: 'hasWords', target: 'practising' },
          { target: 'suggesting', actions: assign({ line: '' }) },
        ],
      },
    },
    practising: {
      initial: 'prompting',
      entry: [
        assign({ wordIndex: 0, tries: 0, outcomes: [], problem: false }),
        { type: 'setLine', params: ({ context }) => ({ text: tutorLines.prompt(word(context)) }) },
        { type: 'say', params: ({ context }) => ({ text: tutorLines.prompt(word(context)) }) },
      ],
      states: {
        prompting: {
          on: {
            'tutor.listen': { target: 'listening', actions: assign({ problem: false }) },
            'tutor.hear': {
              actions: [
                { type: 'setLine', params: ({ context }) => ({ text: tutorLines.hear(word(context)) }) },
                { type: 'say', params: ({ context }) => ({ text: tutorLines.hear(word(context)) }) },
              ],
            },
          },
        },
        listening: {
          tags: ['listening'],
          invoke: {
            src: 'checkWord',
            input: ({ context }) => ({ word: word(context) }),
            onDone: [
              {
                guard: { type: 'isRight', params: ({ event }) => ({ check: event.output }) },
                target: '#aiTutor.practising.next',
                actions: [
                  assign({ outcomes: ({ context }) => [...context.outcomes, 'said' as const] }),
                  { type: 'setLine', params: ({ context }) => ({ text: tutorLines.right(word(context)) }) },
                ],
              },
              {
                guard: { type: 'isNothing', params: ({ event }) => ({ check: event.output }) },
                target: 'prompting',
                actions: [
                  { type: 'setLine', params: ({ context }) => ({ text: tutorLines.nothing(word(context)) }) },
                  { type: 'say', params: ({ context }) => ({ text: tutorLines.nothing(word(context)) }) },
                ],
              },
              {
                guard: 'isOutOfTries',
                target: '#aiTutor.practising.next',
                actions: [
                  assign({ outcomes: ({ context }) => [...context.outcomes, 'tricky' as const] }),
                  { type: 'setLine', params: ({ context }) => ({ text: tutorLines.tricky(word(context)) }) },
                ],
              },
              {
                target: 'prompting',
                actions: [
                  assign({ tries: ({ context }) => context.tries + 1 }),
                  { type: 'setLine', params: ({ context }) => ({ text: tutorLines.again(word(context)) }) },
                  { type: 'say', params: ({ context }) => ({ text: tutorLines.again(word(context)) }) },
                ],
              },
            ],
            onError: {
              target: 'prompting',
              actions: [
                assign({ problem: true }),
                { type: 'setLine', params: () => ({ text: tutorLines.problem }) },
                { type: 'say', params: () => ({ text: tutorLines.problem }) },
              ],
            },
          },
        },
        /** Between words: says how the word went (`line`) with the next prompt, or moves on. */
        next: {
          always: [
            {
              guard: 'isLastWord',
              target: '#aiTutor.suggesting',
            },
            {
              target: 'prompting',
              actions: [
                assign({ wordIndex: ({ context }) => context.wordIndex + 1, tries: 0 }),
                {
                  type: 'setLine',
                  params: ({ context }) => ({ text: `${context.line} ${tutorLines.prompt(word(context))}` }),
                },
                { type: 'say', params: ({ context }) => ({ text: context.line }) },
              ],
            },
          ],
        },
      },
      on: {
        'tutor.skip': [
          {
            guard: 'isLastWord',
            target: 'suggesting',
            actions: assign({
              outcomes: ({ context }) => [...context.outcomes, 'skipped' as const],
              line: '',
            }),
          },
          {
            target: '.prompting',
            actions: [
              assign({
                outcomes: ({ context }) => [...context.outcomes, 'skipped' as const],
                wordIndex: ({ context }) => context.wordIndex + 1,
                tries: 0,
                problem: false,
              }),
              { type: 'setLine', params: ({ context }) => ({ text: tutorLines.prompt(word(context)) }) },
              { type: 'say', params: ({ context }) => ({ text: tutorLines.prompt(word(context)) }) },
            ],
          },
        ],
      },
    },
    suggesting: {
      entry: [
        {
          type: 'setLine',
          params: ({ context }) => ({
            text: [context.line, tutorLines.suggest(context.plan, context.outcomes)]
              .filter(Boolean)
              .join(' '),
          }),
        },
        { type: 'say', params: ({ context }) => ({ text: context.line }) },
      ],
      on: { 'tutor.restart': 'intro' },
    },
  },
});

/** The word being practised. */
function word(context: AiTutorContext): string {
  return context.plan.practice[context.wordIndex]?.word ?? '';
}
