/**
 * Moonshine as a nominator for the scorer (issue 16, docs/scoring.md eleventh and twelfth rounds): Moonshine
 * tiny transcribes the reading freely, the transcript is aligned to the passage with the scorer's own aligner,
 * and every content word Moonshine heard as one other, common word gives that word to pocketsphinx as one more
 * candidate (`PocketsphinxOptions.nominate`). pocketsphinx stays the judge: a nominated word becomes an error
 * only when the first pass takes it and the second pass confirms it (`unverifiedNominations`). This finds
 * misreadings that no list of one-phone neighbours holds (garden → "guarding", counted → "coated").
 */
import { alignReading } from '#core/fluency/align.ts';
import { normaliseHeard, type HeardWord, type PassageWord } from '#core/text/normalize.ts';
import type { CommandSecondOpinion } from '#server/speech/command-moonshine.ts';
import { FUNCTION_WORDS, loadWordLogProbabilities } from '#server/speech/lexicon.ts';
import type { PcmAudio } from '#server/speech/wav.ts';

/** A pause that ends a voiced stretch, seconds (10 ms frames below the floor). */
export const MIN_PAUSE_SECONDS = 0.2;
/** Voiced stretches are joined while a chunk spans at most this many seconds (and the gap is under 1 s). */
export const TARGET_CHUNK_SECONDS = 10;
/** A longer stretch is cut evenly into chunks of at most this many seconds (Moonshine's window is short). */
export const MAX_CHUNK_SECONDS = 15;
/**
 * Rarest word nominated, log10 unigram probability in the model's language model: the bar the scorer's own
 * distractors meet (`minDistractorLogProbability`). Without it, Moonshine's garbled stretches ("stewers",
 * "granaro's") made 5 false errors on clean readings (docs/scoring.md, eleventh round).
 */
export const MIN_NOMINATION_LOG_PROBABILITY = -6;

/** A stretch of the reading, seconds from its start. */
export interface ReadingChunk {
  start: number;
  end: number;
}

/**
 * Cuts a reading into the stretches Moonshine hears one at a time: voiced stretches from the 10 ms frame energy
 * (above max(−45 dBFS, the 95th-percentile frame − 40 dB), a pause = {@link MIN_PAUSE_SECONDS} below), joined while
 * the chunk spans at most {@link TARGET_CHUNK_SECONDS} and the gap is under 1 s, padded by 0.1 s, and never longer
 * than {@link MAX_CHUNK_SECONDS}.
 * @param audio mono PCM (any rate).
 * @returns chunks in time order (none for silence).
 */
export function readingChunks(audio: PcmAudio): ReadingChunk[] {
  return chunksFromFrames(
    frameLevels(audio.samples, audio.sampleRate),
    audio.samples.length / audio.sampleRate,
  );
}

/**
 * The level of each whole 10 ms frame, dBFS, from frame `from` on (a frame depends on its own samples only, so
 * levels computed piece by piece as audio arrives are the same as computed at once).
 * @param samples mono PCM.
 * @param rate its sample rate.
 * @param from the first frame to compute.
 */
export function frameLevels(samples: Int16Array, rate: number, from = 0): number[] {
  const hop = Math.round(rate / 100);
  const db: number[] = [];
  for (let k = from * hop; k + hop <= samples.length; k += hop) {
    let e = 0;
    for (let j = k; j < k + hop; j++) e += (samples[j]! / 32768) ** 2;
    db.push(10 * Math.log10(e / hop + 1e-12));
  }
  return db;
}

/**
 * {@link readingChunks} from the frame levels ({@link frameLevels}) of audio `total` seconds long.
 */
export function chunksFromFrames(db: readonly number[], total: number): ReadingChunk[] {
  if (db.length === 0) return [];
  const loud = [...db].sort((a, b) => a - b)[Math.floor(db.length * 0.95)] ?? -20;
  const floor = Math.max(-45, loud - 40);
  const voiced: ReadingChunk[] = [];
  let runStart = -1;
  let quiet = 0;
  for (let f = 0; f <= db.length; f++) {
    const on = f < db.length && db[f]! > floor;
    if (on) {
      if (runStart < 0) runStart = f;
      quiet = 0;
    } else if (runStart >= 0) {
      quiet++;
      if (quiet >= MIN_PAUSE_SECONDS * 100 || f === db.length) {
        voiced.push({ start: runStart / 100, end: (f - quiet + 1) / 100 });
        runStart = -1;
        quiet = 0;
      }
    }
  }
  const joined: ReadingChunk[] = [];
  for (const v of voiced) {
    const last = joined[joined.length - 1];
    if (last && v.end - last.start <= TARGET_CHUNK_SECONDS && v.start - last.end < 1.0) last.end = v.end;
    else joined.push({ ...v });
  }
  return joined.flatMap((c) => {
    const a = Math.max(0, c.start - 0.1);
    const b = Math.min(total, c.end + 0.1);
    const parts = Math.ceil((b - a) / MAX_CHUNK_SECONDS);
    return Array.from({ length: parts }, (_, k) => ({
      start: a + ((b - a) * k) / parts,
      end: a + ((b - a) * (k + 1)) / parts,
    }));
  });
}

/**
 * Transcript words with times spread evenly over their chunk (Moonshine gives no word times).
 * @param parts each chunk with Moonshine's text for it.
 * @returns lower-case words (letters, digits, apostrophes) in time order.
 */
export function chunkWords(parts: readonly (ReadingChunk & { text: string })[]): HeardWord[] {
  return parts.flatMap((c) => {
    const words = c.text
      .toLowerCase()
      .replace(/[^a-z0-9' ]/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
    const step = (c.end - c.start) / Math.max(1, words.length);
    return words.map((word, k) => ({ word, start: c.start + k * step, end: c.start + (k + 1) * step }));
  });
}

/** The part of the Moonshine service a reading needs (`CommandSecondOpinion.transcribe`). */
export type ReadingTranscriber = Pick<CommandSecondOpinion, 'transcribe'>;

/**
 * The samples of one chunk of a reading (a view, not a copy).
 * @param audio mono PCM.
 * @param chunk a chunk of {@link readingChunks}.
 */
export function chunkSamples(audio: PcmAudio, chunk: ReadingChunk): Int16Array {
  const from = Math.floor(chunk.start * audio.sampleRate);
  const to = Math.min(audio.samples.length, Math.ceil(chunk.end * audio.sampleRate));
  return audio.samples.subarray(from, to);
}

/**
 * Moonshine's text for one chunk's samples, in the background turn (behind every spoken command waiting).
 * @returns the text, or null without the model (or when cancelled).
 */
export function transcribeChunk(
  transcriber: ReadingTranscriber,
  audio: PcmAudio,
  samples: Int16Array,
  signal?: AbortSignal,
): Promise<string | null> {
  return transcriber.transcribe(
    { ...audio, samples, durationSeconds: samples.length / audio.sampleRate },
    Number.MAX_SAFE_INTEGER,
    signal,
    { background: true },
  );
}

/**
 * Moonshine's text for chunks transcribed before the upload (while the child read: reading-transcripts.ts), by
 * the chunk's exact samples; undefined for a chunk not transcribed (it is then transcribed at once).
 */
export type KnownChunks = (samples: Int16Array) => Promise<string | null> | undefined;

/** A known chunk's text, null when it failed or there is none, or as soon as `signal` aborts (the upload left). */
function untilAborted(
  text: Promise<string | null> | undefined,
  signal: AbortSignal | undefined,
): Promise<string | null> {
  if (!text) return Promise.resolve(null);
  const settled = text.catch(() => null);
  if (!signal) return settled;
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve) => {
    const stop = () => resolve(null);
    signal.addEventListener('abort', stop, { once: true });
    void settled.then((value) => {
      signal.removeEventListener('abort', stop);
      resolve(value);
    });
  });
}

/**
 * Moonshine's free transcript of a whole reading, a chunk at a time, each in the background (behind every spoken
 * command waiting, so a command waits for one chunk at most, about 0.5 s of CPU).
 * @param transcriber the Moonshine service.
 * @param audio 16 kHz mono PCM.
 * @param known chunks already transcribed (the same samples give the same text): used instead of transcribing
 *   them again; a chunk missing there, or whose earlier transcription failed, is transcribed here.
 * @returns the words with estimated times, or null without the model (or when cancelled).
 */
export async function transcribeReading(
  transcriber: ReadingTranscriber,
  audio: PcmAudio,
  signal?: AbortSignal,
  known?: KnownChunks,
): Promise<HeardWord[] | null> {
  const parts: (ReadingChunk & { text: string })[] = [];
  for (const chunk of readingChunks(audio)) {
    const samples = chunkSamples(audio, chunk);
    const early = await untilAborted(known?.(samples), signal);
    if (signal?.aborted) return null;
    const text = early ?? (await transcribeChunk(transcriber, audio, samples, signal));
    if (text === null) return null;
    parts.push({ ...chunk, text });
  }
  return chunkWords(parts);
}

/**
 * The nominations of one reading: for every single-token content word of the passage that the transcript,
 * aligned to the passage (`alignReading`), has as one other word, that word when it is a plain, common content
 * word (Moonshine's "on" for Gull is no misreading to look for).
 * @param passage the passage words.
 * @param heard Moonshine's words (as from {@link transcribeReading}).
 * @param isCommon whether a word is common enough to nominate (see {@link MIN_NOMINATION_LOG_PROBABILITY}).
 * @returns by passage token, the words nominated (the `extraDistractors` shape).
 */
export function nominationsFrom(
  passage: readonly PassageWord[],
  heard: readonly HeardWord[],
  isCommon: (word: string) => boolean,
): Record<string, string[]> {
  // no prototype: a passage word such as "constructor" is a key like any other
  const out: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const alignment = alignReading(passage, normaliseHeard([...heard]));
  alignment.words.forEach((w, i) => {
    const form = passage[i]?.spoken[0];
    const token = form?.[0];
    if (w.status !== 'substitution' || !w.heard || !token || form.length !== 1) return;
    if (FUNCTION_WORDS.has(token) || FUNCTION_WORDS.has(w.heard)) return;
    if (!/^[a-z']+$/.test(w.heard) || w.heard === token || !isCommon(w.heard)) return;
    const list = (out[token] ??= []);
    if (!list.includes(w.heard)) list.push(w.heard);
  });
  return out;
}

/** A self-correction Moonshine heard: passage word `index`, first said as `attempts` (in order). */
export interface HeardSelfCorrection {
  index: number;
  attempts: string[];
}

/** A word Moonshine heard between passage words `afterIndex` and `afterIndex + 1`; times estimated (seconds). */
export interface HeardInsertion {
  afterIndex: number;
  word: string;
  start: number;
  end: number;
}

/** What Moonshine gives the scorer for one reading. */
export interface Nominations {
  /** By passage token, more candidates for the first pass (the `extraDistractors` shape). */
  candidates: Record<string, string[]>;
  /** Self-corrections in Moonshine's alignment (applied where the scorer has the word as read). */
  selfCorrections: HeardSelfCorrection[];
  /** Insertions in Moonshine's alignment (applied where the scorer lists none), see {@link insertionsFrom}. */
  insertions?: HeardInsertion[];
  /**
   * The same with function words too ("is", "the": {@link insertionsFrom} with `functionWords`): the words the first
   * pass's grammar offers at their places (`moonshineInsertions` in pocketsphinx.ts, docs/scoring.md thirty-first
   * round); and where the first pass heard a word beside one as a longer or other word that the insertion explains,
   * the word is scored as read (`absorbedInsertions` in absorbed-insertions.ts, twenty-eighth round).
   */
  insertionsBeside?: HeardInsertion[];
  /**
   * Passage word indices Moonshine heard as printed with the words on both sides as printed, see
   * {@link asPrintedFrom}: a substitution there that the second pass did not confirm is taken back
   * (`moonshineDoubts` in pocketsphinx.ts).
   */
  asPrinted?: number[];
  /**
   * Passage words Moonshine heard as one other plain, common content word, with the words on both sides as
   * printed, see {@link heardOtherwiseFrom}: where the GOP pass's free phones heard that word too, a word the
   * scorer heard as read becomes a substitution (`moonshineAgrees` in pocketsphinx.ts).
   */
  heardOtherwise?: HeardOtherwise[];
}

/** Passage word `index`, which Moonshine heard as the other word `word`. */
export interface HeardOtherwise {
  index: number;
  word: string;
}

/**
 * The passage words Moonshine heard as one other word, with each neighbour (where there is one) heard as printed
 * (not inside a garbled stretch): single-token content words heard as a plain, common content word, the words
 * {@link nominationsFrom} nominates (docs/scoring.md, fourteenth round).
 * @param passage the passage words.
 * @param heard Moonshine's words.
 * @param isCommon whether a word is common enough (see {@link MIN_NOMINATION_LOG_PROBABILITY}).
 * @returns in passage order.
 */
export function heardOtherwiseFrom(
  passage: readonly PassageWord[],
  heard: readonly HeardWord[],
  isCommon: (word: string) => boolean,
): HeardOtherwise[] {
  const { words } = alignReading(passage, normaliseHeard([...heard]));
  const asPrinted = (j: number) => j < 0 || j >= words.length || words[j]!.status === 'correct';
  return words.flatMap((w, i) => {
    const form = passage[i]?.spoken[0];
    const token = form?.[0];
    if (w.status !== 'substitution' || !w.heard || !token || form.length !== 1) return [];
    if (FUNCTION_WORDS.has(token) || FUNCTION_WORDS.has(w.heard)) return [];
    if (!/^[a-z']+$/.test(w.heard) || w.heard === token || !isCommon(w.heard)) return [];
    return asPrinted(i - 1) && asPrinted(i + 1) ? [{ index: i, word: w.heard }] : [];
  });
}

/**
 * The passage words Moonshine heard exactly as printed, with each neighbour (where there is one) heard as printed
 * too, so that the word is not at the edge of a garbled stretch (docs/scoring.md, thirteenth round).
 * @param passage the passage words.
 * @param heard Moonshine's words.
 * @returns passage word indices, in order.
 */
export function asPrintedFrom(passage: readonly PassageWord[], heard: readonly HeardWord[]): number[] {
  const { words } = alignReading(passage, normaliseHeard([...heard]));
  const asPrinted = (j: number) => j < 0 || j >= words.length || words[j]!.status === 'correct';
  return words.flatMap((w, i) => (w.status === 'correct' && asPrinted(i - 1) && asPrinted(i + 1) ? [i] : []));
}

/**
 * The insertions of Moonshine's transcript aligned to the passage that are plain content words between two passage
 * words Moonshine heard as printed, or after the last passage word heard as printed ("… on the mat, the *end*";
 * thirty-first round) (docs/scoring.md, eleventh round, rule D; twelfth round).
 * @param passage the passage words.
 * @param heard Moonshine's words.
 * @param isCommon whether a word is common enough (Moonshine's non-words such as "hlower" are left out).
 * @param options `functionWords`: function words too (left out by default, as in the eleventh round's rule D: a
 *   function word is listed as an insertion only where it explains a neighbour's substitution, `insertionsBeside`).
 * @returns in time order.
 */
export function insertionsFrom(
  passage: readonly PassageWord[],
  heard: readonly HeardWord[],
  isCommon: (word: string) => boolean = () => true,
  options: { functionWords?: boolean } = {},
): HeardInsertion[] {
  const alignment = alignReading(passage, normaliseHeard([...heard]));
  const asPrinted = (j: number) => alignment.words[j]?.status === 'correct';
  return alignment.insertions.flatMap((x) =>
    (!options.functionWords && FUNCTION_WORDS.has(x.heard)) ||
    !/^[a-z']+$/.test(x.heard) ||
    !isCommon(x.heard) ||
    !asPrinted(x.afterIndex) ||
    !(asPrinted(x.afterIndex + 1) || x.afterIndex + 1 === passage.length)
      ? []
      : [{ afterIndex: x.afterIndex, word: x.heard, start: x.start, end: x.end }],
  );
}

/**
 * The self-corrections of Moonshine's transcript aligned to the passage (`alignReading`): single-token passage
 * words whose heard text is one or more plain-word attempts and then the word.
 * @param passage the passage words.
 * @param heard Moonshine's words.
 * @returns in passage order.
 */
export function selfCorrectionsFrom(
  passage: readonly PassageWord[],
  heard: readonly HeardWord[],
): HeardSelfCorrection[] {
  return alignReading(passage, normaliseHeard([...heard])).words.flatMap((w) => {
    const form = passage[w.index]?.spoken[0];
    if (w.status !== 'self_correction' || !w.heard || form?.length !== 1) return [];
    const attempts = w.heard.split(' ').slice(0, -1);
    return attempts.length > 0 && attempts.every((a) => /^[a-z']+$/.test(a))
      ? [{ index: w.index, attempts }]
      : [];
  });
}

/**
 * What the scorer calls before its first pass (`PocketsphinxOptions.nominate`); `known`: chunks Moonshine
 * transcribed while the child read (`RecogniseInput.knownChunks`).
 */
export type Nominator = (
  audio: PcmAudio,
  passage: readonly PassageWord[],
  signal?: AbortSignal,
  known?: KnownChunks,
) => Promise<Nominations>;

/**
 * The Moonshine nominator: transcribes the reading and returns its nominations and self-corrections; none
 * without the model.
 * @param transcriber the Moonshine service (`sharedMoonshineSecondOpinion()` in the app).
 * @param options `minLogProbability` (default {@link MIN_NOMINATION_LOG_PROBABILITY}); `onTranscript` sees
 *   Moonshine's words (benchmark, tests).
 */
export function createMoonshineNominator(
  transcriber: ReadingTranscriber,
  options: { minLogProbability?: number; onTranscript?: (heard: HeardWord[]) => void } = {},
): Nominator {
  let logProbs: Map<string, number> | null = null;
  const min = options.minLogProbability ?? MIN_NOMINATION_LOG_PROBABILITY;
  return async (audio, passage, signal, known) => {
    const heard = await transcribeReading(transcriber, audio, signal, known);
    if (!heard)
      return {
        candidates: {},
        selfCorrections: [],
        insertions: [],
        insertionsBeside: [],
        asPrinted: [],
        heardOtherwise: [],
      };
    options.onTranscript?.(heard);
    logProbs ??= loadWordLogProbabilities();
    const table = logProbs;
    const isCommon = (w: string) => (table.get(w) ?? -Infinity) >= min;
    return {
      candidates: nominationsFrom(passage, heard, isCommon),
      selfCorrections: selfCorrectionsFrom(passage, heard),
      insertions: insertionsFrom(passage, heard, isCommon),
      insertionsBeside: insertionsFrom(passage, heard, isCommon, { functionWords: true }),
      asPrinted: asPrintedFrom(passage, heard),
      heardOtherwise: heardOtherwiseFrom(passage, heard, isCommon),
    };
  };
}
