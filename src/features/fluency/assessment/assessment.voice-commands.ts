/**
 * What can be said on the Reading Assessment (docs/decisions/0038-reading-assessment.md), step by
 * step: "start reading" or "start", and "not now" or "later", before the reading; the session's own
 * words while it runs (Reading Practice's: only "stop" while recording); "reading practice" or
 * "practice" with the results. The page registers them while it is shown; the CLI builds the same list
 * (src/app/voice/screen-commands.ts).
 */
import type { VoiceCommand } from '#core/voice/command.ts';
import { fluencyVoiceCommands } from '../voice-commands.ts';

/** Action ids the page handles (the session's steps use FLUENCY_ACTIONS). */
export const ASSESSMENT_ACTIONS = {
  start: 'assessment-start',
  notNow: 'assessment-not-now',
  practice: 'assessment-practice',
} as const;

const action = (phrase: string, target: string): VoiceCommand => ({ phrase, intent: 'action', target });

/**
 * The commands of a step of the assessment.
 * @param step the session's top-level state ('choosing' is the page's introduction)
 * @param canPutOff whether "Not now" is offered (the reader has not done the assessment yet)
 */
export function assessmentVoiceCommands(step: string, canPutOff: boolean): VoiceCommand[] {
  switch (step) {
    case 'choosing':
      return [
        action('start reading', ASSESSMENT_ACTIONS.start),
        action('start', ASSESSMENT_ACTIONS.start),
        ...(canPutOff
          ? [action('not now', ASSESSMENT_ACTIONS.notNow), action('later', ASSESSMENT_ACTIONS.notNow)]
          : []),
      ];
    case 'results':
      return [
        action('practice', ASSESSMENT_ACTIONS.practice),
        action('start reading', ASSESSMENT_ACTIONS.practice),
      ];
    default:
      // The recording's "stop", the microphone's "try again", a failed save's "try again" and "read again".
      return fluencyVoiceCommands(step, []);
  }
}
