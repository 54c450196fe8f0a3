/**
 * When a reading ends, and what a long silence does (issue 17, item 1; WCAG 2.2.1 Timing Adjustable).
 *
 * A reading ends only when the reader reaches the last word, presses Stop, or reaches the time
 * limit. Silence never ends it by itself: hesitant readers stop for many seconds in the middle of a
 * passage (a 4-second rule once cut a beginner off after 19 of 62 words). After a long silence the
 * page asks "Are you still reading?" and waits a further {@link STILL_READING_WAIT_SECONDS} — at
 * least 20 s, as WCAG 2.2.1 asks of a warning before a time-out — and any speech or a press of
 * "Keep reading" puts the reading back to listening.
 *
 * This module is the pure silence watch the browser's recorder feeds with the meter levels it shows
 * (time comes in with each sample); the session statechart (machines/fluency-session.machine.ts)
 * owns the prompt and the further wait.
 */
import { SILENCE_LEVEL } from './level.ts';

/**
 * Silence after speech before the page asks the scorer whether the reader reached the last word,
 * seconds: the DIBELS 8 wait before an examiner supplies a word (3 s), so a finished reader is not
 * kept waiting long. Only once the reader could have read the whole story
 * (core/fluency-session/reading-place.ts `couldHaveReadAll`), and only after new speech since the
 * last check ({@link END_CHECK_NEW_SPEECH_SECONDS}): each check scores the recording so far.
 */
export const END_CHECK_SECONDS = 3;

/** Speech heard since the last end check before another one, seconds. */
export const END_CHECK_NEW_SPEECH_SECONDS = 2;

/**
 * End checks per recording at most. The server scores at most 10 readings a user a minute over the
 * check and the save together (server/routes/fluency/fluency.service.ts), so four checks leave room
 * for the save and a retry; after the fourth, Stop, the time limit or the question end the reading.
 */
export const MAX_END_CHECKS = 4;

/** A reading has reached the end when at most this many words at the end were not reached. */
export const END_TOLERANCE_WORDS = 1;

/**
 * Silence after speech before the page asks "Are you still reading?", seconds. Longer than any pause
 * a reader makes to work out a word (DIBELS 8 gives a reader 3 s on a word before the examiner says
 * it; beginners observed in the audit paused 5–6 s), so a reader who is still working is not asked.
 */
export const SILENCE_PROMPT_SECONDS = 10;

/**
 * After asking, how long the reading waits for speech or "Keep reading" before it stops, seconds.
 * WCAG 2.2.1: a user warned of a time-out gets at least 20 s to extend it with a simple action.
 */
export const STILL_READING_WAIT_SECONDS = 20;

/** Speech must last this long in total before a silence counts, seconds (coughs and clicks are shorter). */
export const MIN_SPEECH_SECONDS = 1;

/** After the question, this much speech (seconds in a row) counts as reading again. */
export const RESUME_SPEECH_SECONDS = 0.3;

/**
 * The question after a long silence, written to be read by a screen reader now and spoken by
 * Sparky's voice once the audio queue exists (spec §4.9): plain words, the button names in it.
 */
export const STILL_READING_QUESTION = 'Are you still reading?';
/** What the reader can do, said after {@link STILL_READING_QUESTION}. */
export const STILL_READING_HELP =
  'Keep reading out loud, or press Keep reading if you need more time. Press Stop if you have finished.';
/** The whole prompt as one message (announcer, later speech). */
export const STILL_READING_PROMPT = `${STILL_READING_QUESTION} ${STILL_READING_HELP}`;
/**
 * Announced when the reader presses Keep reading: the microphone is open again, so it goes to the
 * screen reader only, like the line said as recording starts (Sparky's voice would be recorded, and the
 * audio queue holds new lines while the microphone records, so it would be heard only after the reading).
 */
export const KEEP_READING_LINE = 'Sparky is listening.';

/** State of the silence watch; start from {@link INITIAL_SILENCE_WATCH}. */
export interface SilenceWatchState {
  /** Seconds of level above the silence threshold so far. */
  readonly speechSeconds: number;
  /** When the current silence began (seconds since recording start), or null while speaking. */
  readonly silenceSince: number | null;
  /** Time of the previous sample, seconds. */
  readonly lastTime: number;
  /** The current pause has been reported as `paused`. */
  readonly pauseReported: boolean;
  /** A long silence has been reported and no speech has been heard since. */
  readonly reported: boolean;
  /** Seconds of speech in a row since the report (to tell reading from a click). */
  readonly resumeSeconds: number;
}

/**
 * What one sample tells the session: a pause long enough to check for the end (`paused`), a long
 * silence (`silent`), the reader heard again after a long silence (`resumed`), or nothing.
 */
export type SilenceSignal = 'paused' | 'silent' | 'resumed' | null;

/** The watch before any sample. */
export const INITIAL_SILENCE_WATCH: SilenceWatchState = {
  speechSeconds: 0,
  silenceSince: 0,
  lastTime: 0,
  pauseReported: false,
  reported: false,
  resumeSeconds: 0,
};

/** Thresholds of {@link nextSilenceWatch}, seconds (defaults: the constants above). */
export interface SilenceWatchOptions {
  checkSeconds?: number;
  promptSeconds?: number;
  minSpeechSeconds?: number;
  resumeSeconds?: number;
}

/**
 * Advances the watch by one meter sample.
 *
 * After at least `minSpeechSeconds` of speech, `'paused'` comes once per silence when it has lasted
 * `checkSeconds`, and `'silent'` once when it has lasted `promptSeconds`. `'resumed'` comes once after that, when `resumeSeconds` of speech
 * in a row are heard; the watch then starts over (a later silence is reported again).
 *
 * @param state the previous state
 * @param time seconds since recording start (non-decreasing)
 * @param level meter value 0–1 (core/fluency-session/level.ts)
 * @param options thresholds, seconds
 * @returns the next state and the signal for this sample
 */
export function nextSilenceWatch(
  state: SilenceWatchState,
  time: number,
  level: number,
  options: SilenceWatchOptions = {},
): { state: SilenceWatchState; signal: SilenceSignal } {
  const checkSeconds = options.checkSeconds ?? END_CHECK_SECONDS;
  const promptSeconds = options.promptSeconds ?? SILENCE_PROMPT_SECONDS;
  const minSpeech = options.minSpeechSeconds ?? MIN_SPEECH_SECONDS;
  const resumeNeeded = options.resumeSeconds ?? RESUME_SPEECH_SECONDS;
  const dt = Math.max(0, time - state.lastTime);
  if (level >= SILENCE_LEVEL) {
    const speechSeconds = state.speechSeconds + dt;
    if (state.reported) {
      const resumeSeconds = state.resumeSeconds + dt;
      if (resumeSeconds >= resumeNeeded) {
        return {
          state: {
            speechSeconds,
            silenceSince: null,
            lastTime: time,
            pauseReported: false,
            reported: false,
            resumeSeconds: 0,
          },
          signal: 'resumed',
        };
      }
      return { state: { ...state, speechSeconds, lastTime: time, resumeSeconds }, signal: null };
    }
    return {
      state: { ...state, speechSeconds, silenceSince: null, lastTime: time, pauseReported: false },
      signal: null,
    };
  }
  const silenceSince = state.silenceSince ?? time;
  if (state.reported) {
    return { state: { ...state, silenceSince, lastTime: time, resumeSeconds: 0 }, signal: null };
  }
  const spoke = state.speechSeconds >= minSpeech;
  const isLong = spoke && time - silenceSince >= promptSeconds;
  const isPause = spoke && !state.pauseReported && time - silenceSince >= checkSeconds;
  return {
    state: {
      ...state,
      silenceSince,
      lastTime: time,
      reported: isLong,
      pauseReported: state.pauseReported || isPause,
    },
    signal: isLong ? 'silent' : isPause ? 'paused' : null,
  };
}

/**
 * The watch after the reader pressed "Keep reading": the silence is counted again from the last
 * sample, so the question comes back only after another full {@link SILENCE_PROMPT_SECONDS}.
 *
 * @param state the current state
 */
export function restartSilenceWatch(state: SilenceWatchState): SilenceWatchState {
  return { ...state, silenceSince: state.lastTime, pauseReported: true, reported: false, resumeSeconds: 0 };
}

/**
 * Whether a scored reading reached the last word of its story: at most {@link END_TOLERANCE_WORDS}
 * words at the end not reached (a last word the recogniser missed should not keep a finished reader
 * waiting).
 *
 * @param result words attempted and total of a scored reading (core/fluency/result.schema.ts)
 */
export function hasReachedTheEnd(result: { wordsAttempted: number; wordsTotal: number }): boolean {
  return result.wordsTotal > 0 && result.wordsTotal - result.wordsAttempted <= END_TOLERANCE_WORDS;
}
