/**
 * What can be said on the Reading Screening and Screening History (docs/decisions/0049-reading-screening.md), step
 * by step: "start" or "start the screening" (or "go on") before it; each story's session as the Reading
 * Assessment's ("start reading" or "start", only "stop" while recording, "try again", "read again" or "read it
 * again" after a failed save); "next story", "next" or "go on" between two stories; "read it again" or "read again"
 * after a reading too short to count; "start again" after a problem with the screening; "screening history" at the
 * end. The pages register them while shown; the CLI builds the intro's list (src/app/voice/screen-commands.ts).
 * Every button's visible name can be said as well (voice/visible-controls.ts).
 */
import type { VoiceCommand } from '#core/voice/command.ts';
import { FLUENCY_ACTIONS, fluencyVoiceCommands } from '../voice-commands.ts';

/** Action ids the pages handle (a story's session uses FLUENCY_ACTIONS). */
export const SCREENING_ACTIONS = {
  start: 'screening-start',
  startReading: 'screening-start-reading',
  nextStory: 'screening-next-story',
  startAgain: 'screening-start-again',
  readAgain: 'screening-read-again',
  history: 'screening-history',
  newScreening: 'screening-new',
} as const;

const action = (phrase: string, target: string): VoiceCommand => ({ phrase, intent: 'action', target });

/** The page's own steps, and a story's session steps (the fluency-session machine's top-level states). */
export type ScreeningStep =
  | 'intro'
  | 'resume'
  | 'between'
  | 'again'
  | 'done'
  | 'screeningProblem'
  | 'choosing'
  | 'microphoneProblem'
  | 'countdown'
  | 'recording'
  | 'submitting'
  | 'failed'
  | 'results'
  | 'none';

/**
 * The commands of a step of the screening.
 * @param step the page's step, or the story session's state
 */
export function screeningVoiceCommands(step: ScreeningStep | string): VoiceCommand[] {
  switch (step) {
    case 'intro':
      return [
        action('start', SCREENING_ACTIONS.start),
        action('start the screening', SCREENING_ACTIONS.start),
      ];
    case 'resume':
      return [
        action('go on', SCREENING_ACTIONS.start),
        action('go on with the screening', SCREENING_ACTIONS.start),
        action('start', SCREENING_ACTIONS.start),
      ];
    case 'choosing':
      return [
        action('start reading', SCREENING_ACTIONS.startReading),
        action('start', SCREENING_ACTIONS.startReading),
      ];
    case 'between':
      return [
        action('next story', SCREENING_ACTIONS.nextStory),
        action('next', SCREENING_ACTIONS.nextStory),
        action('go on', SCREENING_ACTIONS.nextStory),
      ];
    case 'again':
      return [
        action('read it again', SCREENING_ACTIONS.readAgain),
        action('read again', SCREENING_ACTIONS.readAgain),
      ];
    case 'screeningProblem':
      return [action('start again', SCREENING_ACTIONS.startAgain)];
    case 'done':
      return [
        action('screening history', SCREENING_ACTIONS.history),
        action('see screening history', SCREENING_ACTIONS.history),
      ];
    case 'failed':
      return [...fluencyVoiceCommands('failed', []), action('read it again', FLUENCY_ACTIONS.readAgain)];
    case 'microphoneProblem':
    case 'recording':
      // Only "stop" while recording (Reading Practice's rule); "try again" for the microphone.
      return fluencyVoiceCommands(step, []);
    default:
      return [];
  }
}

/** Screening History's own commands: going to a new screening. */
export function screeningHistoryVoiceCommands(): VoiceCommand[] {
  return [
    action('start a screening', SCREENING_ACTIONS.newScreening),
    action('new screening', SCREENING_ACTIONS.newScreening),
  ];
}
