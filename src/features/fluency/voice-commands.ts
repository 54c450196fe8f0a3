/**
 * What can be said on Reading Practice (issue 11), step by step: the story titles and "start
 * reading" while choosing, only "stop" while recording, "try again" after a problem, "read again"
 * and "try again" with the results. The page registers them while it is shown
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
} as const;

/** The page's steps that offer commands (the session machine's top-level states). */
export type FluencyStep =
  'choosing' | 'microphoneProblem' | 'countdown' | 'recording' | 'submitting' | 'failed' | 'results';

const action = (phrase: string, target: string): VoiceCommand => ({ phrase, intent: 'action', target });

/**
 * The commands of a step.
 * @param step the session's state
 * @param stories the stories the page lists (choosing only)
 */
export function fluencyVoiceCommands(
  step: FluencyStep | string,
  stories: readonly { id: string; title: string }[],
): VoiceCommand[] {
  switch (step) {
    case 'choosing':
      return [action('start reading', FLUENCY_ACTIONS.startReading), ...storyCommands(stories)];
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
