/**
 * What can be said while My Classroom asks "This is Room 4, Ms Rivera's class. Join it?" (StudentClassroomPage.tsx;
 * docs/decisions/0046-classes.md): "yes" (or the button's own name, "Join the class", or "join it") joins; "no" (or
 * "Not this one") does not. Only these, "stop" and "help" are heard while the question waits (`answering`), so a
 * short answer cannot be heard as a screen's name and take the child away. The number pad needs no list of its own:
 * its keys are visible buttons named by their digits, which the voice layer turns into commands with the numbers in
 * words ("four" presses 4; voice/visible-controls.ts, core/voice/command.ts `phraseTokens`).
 */
import type { VoiceCommand } from '#core/voice/command.ts';

/** Action ids of the question. */
export const CLASSROOM_ACTIONS = {
  join: 'classroom:join',
  notThisOne: 'classroom:not-this-one',
} as const;

const action = (phrase: string, target: string): VoiceCommand => ({ phrase, intent: 'action', target });

/** The answers to "Join it?", the buttons' names first (help suggests the first phrase of each target). */
export function classroomQuestionVoiceCommands(): VoiceCommand[] {
  return [
    action('Join the class', CLASSROOM_ACTIONS.join),
    action('yes', CLASSROOM_ACTIONS.join),
    action('join it', CLASSROOM_ACTIONS.join),
    action('Not this one', CLASSROOM_ACTIONS.notThisOne),
    action('no', CLASSROOM_ACTIONS.notThisOne),
  ];
}
