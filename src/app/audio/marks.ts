/**
 * Performance marks of the audio queue (User Timing; `detail` is the line's text): a line offered to
 * the queue, and its audio starting. `npm run bench:speech` reads them to time a route change to the
 * first guidance audio; the browser's performance panel shows them too.
 */
/** Set when a line is offered (`useAudioQueue().speak`). */
export const SPEAK_MARK = 'sparky:speak';
/** Set when howler starts a line's audio. */
export const PLAY_MARK = 'sparky:play';

/** Sets a mark when the environment keeps them (jsdom and old browsers may not). */
export function markAudio(name: typeof SPEAK_MARK | typeof PLAY_MARK, text: string): void {
  try {
    performance.mark(name, { detail: text });
  } catch {
    // No User Timing here: nothing to measure.
  }
}
