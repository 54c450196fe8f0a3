/**
 * The recogniser seam: turn a reading (16 kHz mono PCM) of a known passage into timed words.
 * Implementations: pocketsphinx (offline, default) and OpenAI transcription (opt-in).
 */
import type { HeardWord, PassageWord } from '#core/text/normalize.ts';
import type { KnownChunks } from '#server/speech/reading-moonshine.ts';
import type { PcmAudio } from '#server/speech/wav.ts';

/** See `RecogniseInput.purpose`. */
export type RecognitionPurpose = 'score' | 'reading_end';

export interface RecogniseInput {
  /** 16 kHz mono (see `toRecogniserFormat`). */
  audio: PcmAudio;
  /** The passage being read, for constrained decoding. */
  passage: readonly PassageWord[];
  signal?: AbortSignal;
  /**
   * What the words are for. `score` (the default): every word's verdict, with every pass the recogniser has.
   * `reading_end`: only how far the reader got (the fluency page's end-of-reading check). pocketsphinx then
   * runs its first pass alone (the warp search, and the wider search of a pass that lost its way), without
   * Moonshine's nominations and without the later passes that only change which words are errors: about a
   * third of the work. The words' verdicts are then rough; where the reading ends is the full scoring's.
   * Recognisers without passes to leave out ignore it.
   */
  purpose?: RecognitionPurpose;
  /**
   * Moonshine's text for chunks of this reading transcribed while the child read (the follow-along socket,
   * reading-transcripts.ts), matched by their exact samples; the nominator transcribes the others itself.
   */
  knownChunks?: KnownChunks;
  /**
   * The frequency warp chosen while the child read (the follow-along socket, reading-warps.ts), when these very
   * samples begin with the audio it was chosen on: the recogniser decodes at that factor instead of searching.
   */
  knownWarp?: KnownWarp;
  /**
   * The reader's frequency warp from their earlier readings (reader-warps.ts): the seed of the warp search, and
   * where the factor this reading's search chose is handed back. A `knownWarp` that matches comes first.
   */
  readerWarp?: ReaderWarp;
  /**
   * Called with the frequency warp this recognition's own search chose (not one given as `knownWarp`; only when
   * every factor it tried found a path), the 16 kHz samples it chose on and (pocketsphinx) the first pass made at
   * it. The end-of-reading check hands it to the same reading's upload, whose audio begins with
   * those samples (reading-warps.ts): the upload then decodes once at that factor instead of searching again.
   */
  warpChosen?: (warp: number, samples: Int16Array, firstPass?: KeptFirstPass) => void;
  /**
   * The first pass an end-of-reading check made on audio these samples begin with (reading-warps.ts): the upload
   * uses it instead of decoding again when it was made at the `knownWarp` with the same grammar and the samples
   * after it hold no speech (pocketsphinx.ts `reusableFirstPass`).
   */
  knownFirstPass?: KnownFirstPass;
  /**
   * Segments of a first pass made in segments (pocketsphinx.ts `splitFirstPass`) already decoded, while the child
   * read, by {@link Recogniser.decodeAhead} on audio these samples begin with: a segment decoded on the same
   * samples, at the same warp and against the same grammar is taken instead of decoded again.
   */
  segmentPasses?: SegmentPassMemo;
}

/**
 * Decoded segments of a first pass, by a key that names everything the decode depends on (the segment's samples,
 * the grammar, the warp, the decoder's settings). The values belong to the recogniser that made them (opaque here).
 * One reading's memo holds words heard in that reading: it is kept per user and dropped with the reading.
 */
export interface SegmentPassMemo {
  get(key: string): unknown;
  put(key: string, pass: unknown): void;
}

/**
 * A first pass kept for the same reading's upload: made at `warp` on the first `length` samples, with the grammar
 * and dictionary whose hash is `grammarKey`. `pass` belongs to the recogniser that made it (opaque here), and so do
 * `nominations`: what the check's second opinion (Moonshine) heard in those samples, which the upload takes instead
 * of asking again when only silence follows them.
 */
export interface KeptFirstPass {
  warp: number;
  length: number;
  grammarKey: string;
  pass: unknown;
  nominations?: unknown;
}

/** The kept first pass of audio that begins with exactly the samples it was made on, or undefined. */
export type KnownFirstPass = (samples: Int16Array) => KeptFirstPass | undefined;

/** A reader's kept warp for one recognition (see `RecogniseInput.readerWarp`). */
export interface ReaderWarp {
  /** The factor the reader's last full scoring chose; undefined: none kept. */
  seed: number | undefined;
  /** Called with the factor this recognition chose, when its first pass found a path at it. */
  keep?: (warp: number) => void;
}

/**
 * A frequency warp chosen earlier for audio that begins with exactly these samples' prefix, or undefined; the
 * promise (of a search still under way) resolves with null when that search failed.
 */
export type KnownWarp = (samples: Int16Array) => Promise<number | null> | undefined;

export interface Recogniser {
  /** Reported in results as `engine`. */
  readonly name: string;
  /**
   * @returns words heard in time order, times in seconds from the start of the audio.
   *   A garbage stretch is reported as the word `[unclear]`.
   * @throws SpeechError `recogniser_unavailable`, `recogniser_timeout` or `recogniser_failed`.
   */
  recognise(input: RecogniseInput): Promise<HeardWord[]>;
  /**
   * Decodes, while the child reads, the part of the reading so far that a later `recognise` of the whole
   * reading would decode the same way, into `input.segmentPasses` (pocketsphinx with `splitFirstPass`: the
   * segments before the last pause cut, at the warp search's first factors). Recognisers without such work leave
   * it out. Never throws for the reading's content; a failure only leaves segments to decode later.
   */
  decodeAhead?(input: RecogniseInput & { segmentPasses: SegmentPassMemo }): Promise<void>;
}

/** The word a recogniser reports for speech it could not match to any word. */
export const UNCLEAR = '[unclear]';
