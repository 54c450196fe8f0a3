/**
 * Spoken commands (issue 11; docs/requirements.md §2.6 and §9 "Voice navigation phrases"): what a
 * command is, what the recogniser answers, the carrier words children wrap commands in, and the
 * limits of one utterance. Shared by the browser's command registry (voice/), the server's decoder
 * (server/speech/command-decoder.ts) and the CLI (scripts/command.ts).
 */
import { tokenisePassage } from '../text/normalize.ts';

/** What a command does: go to a screen, or do something on the current one. */
export type VoiceIntent = 'navigate' | 'action';

/** One thing that can be said, and what it means. */
export interface VoiceCommand {
  /** The words to say, as written ("Reading Practice", "The Lost Kite"); matched case-insensitively. */
  readonly phrase: string;
  readonly intent: VoiceIntent;
  /**
   * For `navigate`, a path (`/fluency`); for `action`, an action id the screen understands
   * (`start-reading`, `read-page`, `story:<id>`, `press:<name>`).
   */
  readonly target: string;
}

/**
 * The recogniser's answer (the route's and the CLI's JSON, exactly these four fields). `intent` is
 * null when nothing on the list was said: silence after speech, other words, two commands at once,
 * shouting. `confidence` is 0–1 (0 for no command).
 */
export interface VoiceAnswer {
  intent: VoiceIntent | null;
  target: string | null;
  /** The command's phrase as written in the list, or null. */
  phrase: string | null;
  confidence: number;
}

/** The answer when no command was heard. */
export const NO_COMMAND: VoiceAnswer = Object.freeze({
  intent: null,
  target: null,
  phrase: null,
  confidence: 0,
});

/** Longest utterance, seconds (issue 11: "a short utterance, at most 8 s"). */
export const MAX_COMMAND_SECONDS = 8;
/** Most commands in one list (every §9 phrase, a screen's buttons and a library of titles fit). */
export const MAX_COMMANDS = 300;
/** Longest phrase, characters (a long story title fits; a paragraph does not). */
export const MAX_PHRASE_CHARS = 80;
/** Longest phrase, spoken words. */
export const MAX_PHRASE_WORDS = 12;
/** Longest target, characters (a path with an id, or an action id). */
export const MAX_TARGET_CHARS = 200;

/**
 * Words children put before a command (issue 11: "go to …", "take me to …", "open …", "show me …",
 * "I want to …"), each optionally followed by "the". "Please" may come before or after the command.
 * The recogniser accepts them and ignores them: "take me to reading practice please" is the command
 * "reading practice".
 */
export const CARRIER_PHRASES: readonly string[] = [
  'go to',
  'take me to',
  'open',
  'show me',
  'i want to',
  'i want to go to',
  'i want to see',
  'can we',
  "let's",
];

/**
 * The carriers that name a place or a thing ("go to", "take me to", "open", "show me", "I want to
 * go to", "I want to see"): they come only before a screen, a story or a button, never before an
 * action such as "stop" or "resume" ("I want to go to the zoo" must not become "resume"). The others
 * ("I want to", "can we", "let's") may come before any command.
 */
export const PLACE_CARRIER_PHRASES: ReadonlySet<string> = new Set([
  'go to',
  'take me to',
  'open',
  'show me',
  'i want to go to',
  'i want to see',
]);

/**
 * Whether a command names a place or a thing that a place carrier may come before: a screen
 * (`navigate`), a story (`story:`) or a button or link (`press:`).
 */
export const isPlaceCommand = (c: VoiceCommand): boolean =>
  c.intent === 'navigate' || c.target.startsWith('story:') || c.target.startsWith('press:');

/** The polite word allowed before or after a command. */
export const POLITE_WORD = 'please';

/**
 * The spoken tokens of a phrase, lower case, numbers in words ("Chapter 2" → chapter two), using the
 * same normalisation as passages (core/text/normalize.ts).
 * @returns tokens; empty when the phrase has nothing to say
 */
export function phraseTokens(phrase: string): string[] {
  return tokenisePassage(phrase).flatMap((w) => w.spoken[0] ?? []);
}

/** The phrase's tokens joined by single spaces: two commands with the same key sound the same. */
export function phraseKey(phrase: string): string {
  return phraseTokens(phrase).join(' ');
}
