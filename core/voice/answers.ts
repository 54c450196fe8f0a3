/**
 * What Sparky says back to a spoken command (issue 11): every result is spoken and captioned.
 * Plain words a pre-reader understands; the suggestions are phrases the current screen accepts.
 */
import type { VoiceAnswer } from './command.ts';

/** Said when a screen that is not built yet is asked for (never navigated to). */
export const COMING_SOON = 'That part of Sparky Reads is coming soon.';

/** Said when nothing on the list was heard. */
export const NOT_CAUGHT = "I didn't catch that.";

/** Said when the microphone opened but nobody spoke before it closed. */
export const NOTHING_HEARD = "I didn't hear anything. Press Talk to Sparky and try again.";

/** Said when the recogniser or the network failed. */
export const CANNOT_LISTEN_NOW = "Sparky can't listen right now. Please try again in a moment.";

/**
 * "I didn't catch that. You can say …" with up to three suggestions, quoted.
 * @param suggestions phrases the current screen accepts
 */
export function notUnderstoodMessage(suggestions: readonly string[]): string {
  const quoted = suggestions.slice(0, 3).map((s) => `“${s}”`);
  if (quoted.length === 0) return NOT_CAUGHT;
  const list =
    quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
  return `${NOT_CAUGHT} You can say ${list}.`;
}

/** Why the microphone could not be used. */
export type VoiceMicrophoneIssue = 'denied' | 'notFound' | 'failed';

/** What Sparky says about a microphone problem. */
export const MICROPHONE_MESSAGES: Record<VoiceMicrophoneIssue, string> = {
  denied: 'Sparky needs the microphone to hear you. A grown-up can allow it next to the web address.',
  notFound: 'No microphone was found. Plug one in, then press Talk to Sparky.',
  failed: "The microphone isn't working. Press Talk to Sparky to try again.",
};

/**
 * The confirmation said before a command is carried out.
 * @param kind navigate (with the screen's name), an action (with what it does), or coming soon
 */
export function confirmationMessage(kind: { navigate: string } | { action: string } | 'comingSoon'): string {
  if (kind === 'comingSoon') return COMING_SOON;
  if ('navigate' in kind) return `Going to ${kind.navigate}.`;
  return kind.action;
}

/** What the listening statechart is told about an answer (machines/voice-command.machine.ts `Heard`). */
export interface HeardAnswer {
  answer: VoiceAnswer;
  /** What Sparky says. */
  confirmation: string;
  /** Whether to carry it out (never for a screen that is not built). */
  act: boolean;
}

/**
 * Turns the recogniser's answer into what Sparky says and whether to act (issue 11: "Going to
 * Reading Practice"; a path to a screen that is not built is answered {@link COMING_SOON} and never
 * navigated to).
 * @param answer from POST /api/voice/command
 * @param screens `isBuilt(path)` and `titleOf(path)` (the screen's one name, or undefined); `nameOf(target)`,
 *   the name an action is confirmed by whichever of its phrases was said (a story's whole title, when the child
 *   left off its "The"), or undefined to confirm the phrase heard
 */
export function heardFrom(
  answer: VoiceAnswer,
  screens: {
    isBuilt: (path: string) => boolean;
    titleOf: (path: string) => string | undefined;
    nameOf?: (target: string) => string | undefined;
  },
): HeardAnswer {
  if (answer.intent === null || answer.target === null) return { answer, confirmation: '', act: false };
  if (answer.intent === 'navigate') {
    if (!screens.isBuilt(answer.target)) return { answer, confirmation: COMING_SOON, act: false };
    const name = screens.titleOf(answer.target) ?? answer.phrase ?? answer.target;
    return { answer, confirmation: confirmationMessage({ navigate: name }), act: true };
  }
  return {
    answer,
    confirmation: confirmationMessage({
      action: `OK: ${screens.nameOf?.(answer.target) ?? answer.phrase ?? answer.target}.`,
    }),
    act: true,
  };
}
