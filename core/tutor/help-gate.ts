/**
 * Help never talks over the child (issue 12), on the browser's side. The streaming tracker offers
 * help only after the reader has been quiet for `quietSeconds` (core/tutor/follow.ts), but the
 * offer reaches the page a little later, and the reader may have started again meanwhile. The gate
 * holds the tutor's word until the microphone has heard that much silence again, and drops it when
 * the reader reads the word (or a later one) first.
 *
 * Pure: the page feeds it the level of every recorded block (core/fluency-session/level.ts meter
 * scale; below `SILENCE_LEVEL` is silence) and the tracker's events.
 */
import { SILENCE_LEVEL } from '#core/fluency-session/level.ts';
import { DEFAULT_FOLLOW_SETTINGS } from './follow.ts';

/** Silence needed before the tutor speaks, seconds: the tracker's own `quietSeconds`. */
export const HELP_QUIET_SECONDS = DEFAULT_FOLLOW_SETTINGS.quietSeconds;

/** The gate's state; start from {@link INITIAL_HELP_GATE}. */
export interface HelpGateState {
  /** Seconds of audio recorded so far. */
  readonly seconds: number;
  /** End of the last block with voice, seconds, or null before any. */
  readonly lastVoice: number | null;
  /** Index of the word waiting to be said, or null. */
  readonly pending: number | null;
}

export const INITIAL_HELP_GATE: HelpGateState = { seconds: 0, lastVoice: null, pending: null };

/** What to do after a step: the state, and the word to say now (or null). */
export interface HelpGateStep {
  state: HelpGateState;
  say: number | null;
}

const isQuiet = (state: HelpGateState) =>
  state.lastVoice === null || state.seconds - state.lastVoice >= HELP_QUIET_SECONDS - 1e-9;

/**
 * A recorded block.
 * @param level its meter level, 0–1
 * @param seconds its length, seconds
 */
export function helpGateBlock(state: HelpGateState, level: number, seconds: number): HelpGateStep {
  const end = state.seconds + seconds;
  const next: HelpGateState = {
    ...state,
    seconds: end,
    lastVoice: level >= SILENCE_LEVEL ? end : state.lastVoice,
  };
  if (next.pending !== null && isQuiet(next)) return { state: { ...next, pending: null }, say: next.pending };
  return { state: next, say: null };
}

/** The tracker offers help with word `index`: said now if the reader is quiet, else held. */
export function helpGateOffer(state: HelpGateState, index: number): HelpGateStep {
  if (isQuiet(state)) return { state: { ...state, pending: null }, say: index };
  return { state: { ...state, pending: index }, say: null };
}

/** The tracker is sure word `index` was read: a held offer for it (or an earlier word) is dropped. */
export function helpGateWord(state: HelpGateState, index: number): HelpGateState {
  return state.pending !== null && index >= state.pending ? { ...state, pending: null } : state;
}
