/**
 * What hands-free listening keeps of the microphone (issue 11; docs/decisions/0015-spoken-commands.md):
 * the microphone is open for minutes, but a command is a few seconds. Before a voice is heard only
 * the last {@link PRE_ROLL_SECONDS} are kept (the start of the first word, which the meter notices a
 * little late); from the voice on, everything until the utterance ends. Pure: the blocks come in.
 */

/** Audio kept from before the voice was noticed, seconds (the meter needs 0.25 s of voice first). */
export const PRE_ROLL_SECONDS = 0.6;

/** A buffer of 16-bit PCM blocks that forgets what came long before the voice. */
export interface PreRoll {
  /** Adds the next block (kept as given; do not change it afterwards). */
  push(block: Int16Array): void;
  /** The voice began: from now on nothing is forgotten. */
  voiceStarted(): void;
  /** The blocks kept, oldest first. */
  blocks(): readonly Int16Array[];
  /** Seconds kept. */
  seconds(): number;
}

/**
 * A {@link PreRoll} for audio at `sampleRate`.
 * @param sampleRate samples per second of the blocks
 * @param preRollSeconds audio kept before the voice (default {@link PRE_ROLL_SECONDS})
 */
export function createPreRoll(sampleRate: number, preRollSeconds = PRE_ROLL_SECONDS): PreRoll {
  const kept: Int16Array[] = [];
  let samples = 0;
  let voiced = false;
  const limit = Math.round(sampleRate * preRollSeconds);
  return {
    push(block) {
      kept.push(block);
      samples += block.length;
      if (voiced) return;
      // drop whole old blocks while what remains still covers the pre-roll
      while (kept.length > 1 && samples - kept[0]!.length >= limit) samples -= kept.shift()!.length;
    },
    voiceStarted() {
      voiced = true;
    },
    blocks: () => kept,
    seconds: () => samples / sampleRate,
  };
}
