/**
 * Finds the end of a spoken command (issue 11): a voice was heard, then silence lasted long enough.
 * The talk button's microphone (src/app/voice/voice-effects.ts) feeds it the meter levels and sends
 * the utterance when it says so. Pure: time comes in with each sample.
 *
 * A reading is different: a pause never ends it (issue 17, item 1); its silence watch is
 * core/fluency-session/end-of-reading.ts.
 */
import { SILENCE_LEVEL } from '#core/fluency-session/level.ts';

/** State of the detector; start from {@link INITIAL_END_OF_SPEECH}. */
export interface EndOfSpeechState {
  /** Seconds of level above the silence threshold so far. */
  readonly speechSeconds: number;
  /** When the current silence began (seconds since the microphone opened), or null while speaking. */
  readonly silenceSince: number | null;
  /** Time of the previous sample, seconds. */
  readonly lastTime: number;
  /** The utterance has ended. */
  readonly finished: boolean;
}

/** The detector before any sample. */
export const INITIAL_END_OF_SPEECH: EndOfSpeechState = {
  speechSeconds: 0,
  silenceSince: 0,
  lastTime: 0,
  finished: false,
};

/**
 * Advances the detector by one meter sample: finished once at least `minSpeechSeconds` of voice
 * were heard and the silence since the last voice has lasted `endSilenceSeconds`.
 *
 * @param state the previous state
 * @param time seconds since the microphone opened (non-decreasing)
 * @param level meter value 0–1 (core/fluency-session/level.ts; below SILENCE_LEVEL is silence)
 * @param options thresholds, seconds
 * @returns the next state (unchanged once finished)
 */
export function nextEndOfSpeech(
  state: EndOfSpeechState,
  time: number,
  level: number,
  options: { endSilenceSeconds: number; minSpeechSeconds: number },
): EndOfSpeechState {
  if (state.finished) return state;
  const dt = Math.max(0, time - state.lastTime);
  if (level >= SILENCE_LEVEL) {
    return { speechSeconds: state.speechSeconds + dt, silenceSince: null, lastTime: time, finished: false };
  }
  const silenceSince = state.silenceSince ?? time;
  const finished =
    state.speechSeconds >= options.minSpeechSeconds && time - silenceSince >= options.endSilenceSeconds;
  return { speechSeconds: state.speechSeconds, silenceSince, lastTime: time, finished };
}
