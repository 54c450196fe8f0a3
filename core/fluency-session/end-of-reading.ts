/**
 * Detects that the reader has finished: speech was heard, then silence lasted long enough. The app
 * feeds it the meter levels it shows and sends `recording.finished` to the session machine when it
 * says so. Pure: time comes in with each sample.
 */
import { SILENCE_LEVEL } from './level.ts';

/** Silence after speech that ends a reading, seconds. Children pause mid-passage, so be patient. */
export const END_SILENCE_SECONDS = 4;

/** Speech must last this long in total before a silence can end the reading, seconds (coughs and clicks are shorter). */
export const MIN_SPEECH_SECONDS = 1;

/** State of the detector; start from {@link INITIAL_END_OF_READING}. */
export interface EndOfReadingState {
  /** Seconds of level above the silence threshold so far. */
  readonly speechSeconds: number;
  /** When the current silence began (seconds since recording start), or null while speaking. */
  readonly silenceSince: number | null;
  /** Time of the previous sample, seconds. */
  readonly lastTime: number;
  readonly finished: boolean;
}

/** The detector before any sample. */
export const INITIAL_END_OF_READING: EndOfReadingState = {
  speechSeconds: 0,
  silenceSince: 0,
  lastTime: 0,
  finished: false,
};

/**
 * Advances the detector by one meter sample.
 * @param state the previous state
 * @param time seconds since recording start (non-decreasing)
 * @param level meter value 0–1 (core/fluency-session/level.ts)
 * @param options thresholds, seconds
 */
export function nextEndOfReading(
  state: EndOfReadingState,
  time: number,
  level: number,
  options: { endSilenceSeconds?: number; minSpeechSeconds?: number } = {},
): EndOfReadingState {
  if (state.finished) return state;
  const endSilence = options.endSilenceSeconds ?? END_SILENCE_SECONDS;
  const minSpeech = options.minSpeechSeconds ?? MIN_SPEECH_SECONDS;
  const dt = Math.max(0, time - state.lastTime);
  if (level >= SILENCE_LEVEL) {
    return { speechSeconds: state.speechSeconds + dt, silenceSince: null, lastTime: time, finished: false };
  }
  const silenceSince = state.silenceSince ?? time;
  const finished = state.speechSeconds >= minSpeech && time - silenceSince >= endSilence;
  return { speechSeconds: state.speechSeconds, silenceSince, lastTime: time, finished };
}
