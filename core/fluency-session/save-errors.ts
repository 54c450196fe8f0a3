/**
 * What went wrong with a saved reading, in the four kinds the practice screen explains (issue 5):
 * nothing heard, too quiet, no connection, or a server problem. Pure: takes the HTTP status and
 * the error code of the API's error shape (core/api/errors.ts), or the browser's own code when no
 * answer came.
 */
import type { ApiErrorCode, ClientErrorCode } from '../api/errors.ts';

/** The kinds of failure the session machine tells apart. */
export type SaveErrorKind = 'noSpeech' | 'tooQuiet' | 'network' | 'server';

/** A failed save, as the machine keeps it (serialisable). */
export interface SaveError {
  kind: SaveErrorKind;
  /** HTTP status, 0 when there was no answer. */
  status: number;
  /** The server's code, e.g. `audio_silent`, or the browser's, e.g. `network_error`. */
  code: ApiErrorCode | ClientErrorCode;
  /** The server's message, for logs and details. */
  message: string;
}

/** Nothing of the story was heard: no words recognised, or a recording too short to hold one. */
const NO_SPEECH: ReadonlySet<ApiErrorCode | ClientErrorCode> = new Set(['no_speech', 'audio_too_short']);
/** The recording holds no signal above the silence threshold (server/speech/wav.ts). */
const TOO_QUIET: ReadonlySet<ApiErrorCode | ClientErrorCode> = new Set(['audio_silent']);

/**
 * Classifies a failed save.
 * @param status HTTP status (0 for a network failure)
 * @param code the answer's error code
 * @param message the answer's error message
 */
export function classifySaveError(
  status: number,
  code: ApiErrorCode | ClientErrorCode,
  message = '',
): SaveError {
  let kind: SaveErrorKind;
  if (status === 0 || code === 'network_error' || code === 'aborted') kind = 'network';
  else if (TOO_QUIET.has(code)) kind = 'tooQuiet';
  else if (NO_SPEECH.has(code)) kind = 'noSpeech';
  else kind = 'server';
  return { kind, status, code, message };
}

/** What each kind says to the reader: a title and what to do. */
export const SAVE_ERROR_MESSAGES: Record<SaveErrorKind, { title: string; help: string }> = {
  noSpeech: {
    title: "Sparky didn't hear any reading",
    help: 'Make sure you read the story out loud, close to the microphone. You can send the same recording again or read again.',
  },
  tooQuiet: {
    title: 'Your reading was too quiet',
    help: 'Sparky could hardly hear you. Move closer to the microphone or read a little louder, then read again.',
  },
  network: {
    title: "Your reading couldn't be sent",
    help: 'The internet connection dropped. Your recording is kept: check the connection and send it again.',
  },
  server: {
    title: "Sparky couldn't score your reading",
    help: 'Something went wrong on our side. Your recording is kept: try sending it again in a moment.',
  },
};
