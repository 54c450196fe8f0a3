/**
 * "Listen to a word": plays one word of the reader's own recording (issue 5) with Web Audio, which
 * starts and stops at exact sample offsets (an <audio> element's `timeupdate` fires only every
 * ~250 ms, too coarse for a word of 300 ms).
 */
import { wordClip } from './wav.ts';

/** A player for one recording. */
export interface WordPlayer {
  /** Length of the recording, seconds. */
  readonly duration: number;
  /**
   * Plays a word's span; resolves when it has finished. Stops any word already playing.
   * @param start word onset, seconds; @param end word end, seconds
   * @returns false when the word has no timing
   */
  playWord(start: number | null, end: number | null): Promise<boolean>;
  /** Stops playback and frees the audio context. */
  dispose(): void;
}

/**
 * Decodes a WAV and returns a player for it.
 * @param wav the recording's bytes
 * @throws when the browser cannot decode it
 */
export async function createWordPlayer(wav: ArrayBuffer): Promise<WordPlayer> {
  const context = new AudioContext();
  let buffer: AudioBuffer;
  try {
    buffer = await context.decodeAudioData(wav.slice(0));
  } catch (error) {
    void context.close();
    throw error;
  }
  let current: AudioBufferSourceNode | null = null;
  const stop = () => {
    if (!current) return;
    current.onended = null;
    try {
      current.stop();
    } catch {
      /* not started */
    }
    current = null;
  };
  return {
    duration: buffer.duration,
    async playWord(start, end) {
      const clip = wordClip(start, end, buffer.duration);
      if (!clip) return false;
      stop();
      if (context.state === 'suspended') await context.resume();
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination);
      current = source;
      await new Promise<void>((resolve) => {
        source.onended = () => resolve();
        source.start(0, clip.offset, clip.length);
      });
      if (current === source) current = null;
      return true;
    },
    dispose() {
      stop();
      void context.close().catch(() => undefined);
    },
  };
}
