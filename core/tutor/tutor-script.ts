/**
 * What Sparky says in the tutor after reading (issue 12; the conversation is machines/ai-tutor.machine.ts):
 * short sentences for a 5-year-old, each telling the child what to do next (voice first: a pre-reader
 * follows by sound alone). The words come from the plan (core/tutor/tutor-plan.ts).
 */
import type { TutorPlan } from './tutor-plan.ts';

/** Tries at a word before Sparky moves on ("we will practise it again next time"). */
export const MAX_TRIES = 2;

/** What the recogniser made of one answer: the word, something else, or no voice at all. */
export type WordCheck = 'right' | 'other' | 'nothing';

/** How a practised word ended. */
export type WordOutcome = 'said' | 'tricky' | 'skipped';

/** Names of the page's buttons, said in the lines (the page uses the same constants). */
export const TUTOR_BUTTONS = {
  start: "Let's practise",
  listen: 'Say it',
  hear: 'Hear it again',
  skip: 'Skip this word',
  restart: 'Start again',
} as const;

const LEVEL_WORDS = {
  harder: 'It is a little harder: you are ready for it.',
  same: 'It is just right for you.',
  easier: 'It is a bit easier, so you can read it smoothly.',
} as const;

/** The lines Sparky says. */
export const tutorLines = {
  empty:
    'Hello! I am your reading tutor. Read a story in Reading Practice first, then come back and we will practise together.',
  prompt: (word: string) =>
    `Listen: ${word}. Now you say it. Press ${TUTOR_BUTTONS.listen}, then say ${word}.`,
  hear: (word: string) => `${word}. Press ${TUTOR_BUTTONS.listen} and say ${word}.`,
  right: (word: string) => `Yes! That was ${word}. Well done!`,
  again: (word: string) =>
    `Nearly! Listen again: ${word}. Press ${TUTOR_BUTTONS.listen} and have another go.`,
  tricky: (word: string) => `${word} is a tricky one. We will practise it again next time.`,
  nothing: (word: string) => `I did not hear you. Press ${TUTOR_BUTTONS.listen}, then say ${word}.`,
  problem: `I could not listen just now. Press ${TUTOR_BUTTONS.listen} to try again, or ${TUTOR_BUTTONS.skip}.`,
  /** The suggestion at the end, after how the words went. */
  suggest(plan: TutorPlan, outcomes: readonly WordOutcome[]): string {
    const said = outcomes.filter((o) => o === 'said').length;
    const words =
      outcomes.length === 0
        ? ''
        : said === outcomes.length
          ? 'You said every word. Brilliant! '
          : said > 0
            ? `You said ${said} of the ${outcomes.length} words. Great practising! `
            : 'Thank you for practising with me. ';
    const next = plan.next
      ? `Next, read "${plan.next.title}". ${LEVEL_WORDS[plan.next.level]} Press Read "${plan.next.title}" to start.`
      : 'Next, choose a story in Reading Practice.';
    return `${words}${next}`;
  },
};

/** Sparky's first turn: a greeting, the praise, and what comes next. */
export function introLines(plan: TutorPlan): string[] {
  const count = plan.practice.length;
  return [
    'Hello! I am your reading tutor.',
    ...plan.praise,
    count > 0
      ? `Let's practise ${count === 1 ? 'one word' : `${count} words`} from your reading. Press ${TUTOR_BUTTONS.start} when you are ready.`
      : `You did not miss any words! Press ${TUTOR_BUTTONS.start} to hear what to read next.`,
  ];
}
