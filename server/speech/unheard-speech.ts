/**
 * Speech between heard words (issue 16, insertions): the first pass sometimes labels an inserted
 * word as silence or noise, so the word is neither a passage word nor garbage and no insertion is
 * reported. This finds stretches of sound between two heard words that no word accounts for and
 * reports each as `[unclear]`; the alignment then lists it as an insertion (never an error).
 * Pure arithmetic on 16-bit PCM, unit tested in unheard-speech.test.ts.
 */
import type { HeardWord, PassageWord } from '#core/text/normalize.ts';
import { UNCLEAR } from '#server/speech/recogniser.ts';

/** Options of `unheardSpeech`; defaults in `DEFAULT_UNHEARD_SPEECH`. */
export interface UnheardSpeechOptions {
  /** Shortest run of sounding 10 ms frames reported (frames). */
  minFrames: number;
  /** A frame sounds when its level is within this many dB of the reading's loud level (95th percentile). */
  belowPeakDb: number;
  /** …and at least this many dB above its noise floor (10th percentile): room noise is not speech. */
  aboveFloorDb: number;
  /** …and above this absolute level (dBFS). */
  minDb: number;
}

/**
 * Defaults: 0.15 s of sound is about one short word (flite says "so" in ~0.2 s); −40 dBFS is the
 * benchmark's speech threshold (scripts/bench/evaluate.ts `speechSpan`); 30 dB below the loud level
 * and 12 dB above the floor keep a quiet recording's breaths and room noise out (docs/scoring.md).
 */
export const DEFAULT_UNHEARD_SPEECH: UnheardSpeechOptions = {
  minFrames: 15,
  belowPeakDb: 30,
  aboveFloorDb: 12,
  minDb: -40,
};

/**
 * Level of each 10 ms frame in dBFS (mean power; −120 for digital silence).
 * @param samples 16-bit PCM, mono.
 * @param sampleRate samples per second (a multiple of 100).
 */
export function frameLevels(samples: ArrayLike<number>, sampleRate: number): number[] {
  const hop = Math.round(sampleRate / 100);
  const out: number[] = [];
  for (let f = 0; (f + 1) * hop <= samples.length; f++) {
    let power = 0;
    for (let k = f * hop; k < (f + 1) * hop; k++) power += ((samples[k] ?? 0) / 32768) ** 2;
    out.push(10 * Math.log10(power / hop + 1e-12));
  }
  return out;
}

/** The level at a quantile (0–1) of the frame levels (nearest rank; −120 when empty). */
export function levelQuantile(levels: readonly number[], q: number): number {
  if (levels.length === 0) return -120;
  const sorted = [...levels].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * sorted.length)))] as number;
}

/**
 * Adds an `[unclear]` word for each stretch of sound between two heard words that none of them
 * covers: the longest run of sounding frames in the gap, when it lasts `minFrames` or more.
 * Sound before the first or after the last heard word is left alone (it is not between words,
 * and reading time is measured from the words read).
 * @param heard words heard, in time order (seconds).
 * @param levels frame levels (`frameLevels`), 10 ms frames from the start of the audio.
 * @returns `heard` with the found stretches added, in time order.
 */
export function unheardSpeech(
  heard: readonly HeardWord[],
  levels: readonly number[],
  options: UnheardSpeechOptions = DEFAULT_UNHEARD_SPEECH,
): HeardWord[] {
  const threshold = Math.max(
    options.minDb,
    levelQuantile(levels, 0.95) - options.belowPeakDb,
    levelQuantile(levels, 0.1) + options.aboveFloorDb,
  );
  const out: HeardWord[] = [];
  heard.forEach((h, k) => {
    out.push(h);
    const next = heard[k + 1];
    if (!next) return;
    const from = Math.round(h.end * 100);
    const to = Math.round(next.start * 100);
    let run = 0;
    let best = { start: 0, length: 0 };
    for (let f = from; f < to; f++) {
      run = (levels[f] ?? -120) > threshold ? run + 1 : 0;
      if (run > best.length) best = { start: f - run + 1, length: run };
    }
    if (best.length >= options.minFrames)
      out.push({ word: UNCLEAR, start: best.start / 100, end: (best.start + best.length) / 100 });
  });
  return out;
}

/**
 * Fewest dB under the reading's loud level (95th percentile of its 10 ms frame levels) at which a heard
 * content word whose loudest frame lies lower is taken as not said. Every correctly read content word of
 * the benchmark (adult tuning and held-out voices, the real recordings) has a frame within 9.9 dB of
 * that level (a vowel is loud); a browser recording of "The Red Bus" had the omitted "stops" matched to
 * the fading tail of "bus" before a 6 s pause, its loudest frame 22.8 dB under (docs/scoring.md, tenth
 * round). The same recording, on a loaded machine, had it matched as "of" (27 Nov 2026): a function word
 * the passage does not hold is dropped too.
 */
export const DEFAULT_SILENT_WORD_DB = 18;

/**
 * Drops heard content words said over (near) silence: a word whose loudest 10 ms frame is more than
 * `belowPeakDb` under the reading's loud level cannot hold a vowel, so the recogniser matched it to a
 * neighbour's fading sound or to a pause. Dropped, the passage word becomes an omission (or is matched
 * elsewhere). Function words of the passage are kept: the decoder sometimes puts a short word said
 * inside a neighbour into the pause beside it, and dropping it would make a false omission (the
 * benchmark's "a"). A function word the passage does not hold is no such risk and is dropped like a
 * content word (the caller's `isKept` says which words are kept).
 * @param heard words heard, in time order (seconds).
 * @param levels frame levels (`frameLevels`), 10 ms frames from the start of the audio.
 * @param isKept which (lower-case) words are kept whatever their level: the passage's function words.
 * @returns `heard` without the silent content words.
 */
export function dropSilentWords(
  heard: readonly HeardWord[],
  levels: readonly number[],
  isKept: (word: string) => boolean,
  belowPeakDb: number = DEFAULT_SILENT_WORD_DB,
): HeardWord[] {
  const loud = levelQuantile(levels, 0.95);
  return heard.filter((h) => {
    const word = h.word.toLowerCase();
    if (word === UNCLEAR || isKept(word) || !/^[a-z']+$/.test(word)) return true;
    const from = Math.round(h.start * 100);
    const to = Math.max(from + 1, Math.round(h.end * 100));
    let max = -Infinity;
    for (let f = from; f < to && f < levels.length; f++) max = Math.max(max, levels[f] as number);
    return max === -Infinity || max >= loud - belowPeakDb;
  });
}

/**
 * The words `dropSilentWords` keeps whatever their level: the function words the passage holds (in any
 * of its words' spoken forms). A function word it does not hold ("of" in "The Red Bus") can only be
 * a substitution or an insertion, so dropping it over silence never makes a false omission.
 * @param passage the passage's words (`spoken`: normalised forms).
 * @param functionWords lower-case function words (lexicon.ts `FUNCTION_WORDS`).
 */
export function keptWhenSilent(
  passage: readonly Pick<PassageWord, 'spoken'>[],
  functionWords: ReadonlySet<string>,
): (word: string) => boolean {
  const printed = new Set(passage.flatMap((w) => w.spoken.flat()));
  return (word) => functionWords.has(word) && printed.has(word);
}
