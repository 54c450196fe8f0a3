/**
 * What can be said on Reading Practice (issue 11), step by step: the story titles, "start
 * reading" and "my last reading" while choosing, only "stop" while recording, "try again" after a
 * problem, "read again" and "try again" with the results, "back" and "read again" on a past reading. The page registers them while it is shown
 * (voice/use-voice-commands.ts); the CLI and the benchmark build the same lists.
 */
import type { VoiceCommand } from '#core/voice/command.ts';
import { storyCommands } from '#voice/command-set.ts';

/** Action ids the page handles. */
export const FLUENCY_ACTIONS = {
  startReading: 'start-reading',
  stopReading: 'stop-reading',
  tryAgain: 'try-again',
  readAgain: 'read-again',
  chooseAnother: 'choose-another',
  lastReading: 'last-reading',
  closePastReading: 'close-past-reading',
  readPastStoryAgain: 'read-past-story-again',
} as const;

/**
 * The page's steps that offer commands: the session machine's top-level states, and `pastReading`
 * while a past reading is shown (docs/decisions/0036-reopen-a-past-reading.md).
 */
export type FluencyStep =
  | 'choosing'
  | 'microphoneProblem'
  | 'countdown'
  | 'recording'
  | 'submitting'
  | 'failed'
  | 'results'
  | 'pastReading';

const action = (phrase: string, target: string): VoiceCommand => ({ phrase, intent: 'action', target });

/**
 * The commands of a step.
 * @param step the session's state, or `pastReading`
 * @param stories the stories the page lists (choosing only)
 * @param options `pastReadings`: the reader has readings, so "my last reading" opens the newest (choosing only)
 */
export function fluencyVoiceCommands(
  step: FluencyStep | string,
  stories: readonly { id: string; title: string }[],
  options: { pastReadings?: boolean } = {},
): VoiceCommand[] {
  switch (step) {
    case 'choosing':
      return [
        action('start reading', FLUENCY_ACTIONS.startReading),
        ...(options.pastReadings
          ? [
              action('my last reading', FLUENCY_ACTIONS.lastReading),
              action('last reading', FLUENCY_ACTIONS.lastReading),
            ]
          : []),
        ...storyCommands(stories),
      ];
    case 'pastReading':
      return [
        action('back', FLUENCY_ACTIONS.closePastReading),
        action('go back', FLUENCY_ACTIONS.closePastReading),
        action('read again', FLUENCY_ACTIONS.readPastStoryAgain),
        action('read this story again', FLUENCY_ACTIONS.readPastStoryAgain),
      ];
    case 'recording':
      return [action('stop', FLUENCY_ACTIONS.stopReading)];
    case 'microphoneProblem':
      return [action('try again', FLUENCY_ACTIONS.tryAgain)];
    case 'failed':
      return [action('try again', FLUENCY_ACTIONS.tryAgain), action('read again', FLUENCY_ACTIONS.readAgain)];
    case 'results':
      return [
        action('read again', FLUENCY_ACTIONS.readAgain),
        action('try again', FLUENCY_ACTIONS.readAgain),
        action('start reading', FLUENCY_ACTIONS.readAgain),
        action('next', FLUENCY_ACTIONS.chooseAnother),
        action('choose another story', FLUENCY_ACTIONS.chooseAnother),
      ];
    default:
      return [];
  }
}
