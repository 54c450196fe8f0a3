/**
 * The scoring service used by the CLI and the HTTP route: validate the WAV, convert it to
 * 16 kHz mono, recognise, align and measure.
 */
import { tokenisePassage } from '#core/text/normalize.ts';
import type { ScoringMode } from '#core/fluency/metrics.ts';
import type { Grade, Season } from '#core/fluency/orf-norms.ts';
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { scoreReading } from '#core/fluency/score-reading.ts';
import { SpeechError } from '#server/speech/errors.ts';
import type { KnownChunks } from '#server/speech/reading-moonshine.ts';
import type {
  KnownFirstPass,
  KnownWarp,
  ReaderWarp,
  RecogniseInput,
  RecognitionPurpose,
  Recogniser,
  SegmentPassMemo,
} from '#server/speech/recogniser.ts';
import { parseWav, toRecogniserFormat } from '#server/speech/wav.ts';

/** Longest passage scored in one go (a K–5 ORF passage is ~250 words). */
export const MAX_PASSAGE_WORDS = 1000;

export interface ScoreAudioInput {
  /** The WAV file's bytes. */
  wav: Uint8Array;
  /** The passage as printed. */
  passageText: string;
  recogniser: Recogniser;
  grade?: Grade;
  season?: Season;
  mode?: ScoringMode;
  signal?: AbortSignal;
  /** `reading_end`: only how far the reader got (`RecogniseInput.purpose`; the end-of-reading check). */
  purpose?: RecognitionPurpose;
  /** Chunks Moonshine transcribed while the child read (`RecogniseInput.knownChunks`). */
  knownChunks?: KnownChunks;
  /** The frequency warp chosen while the child read (`RecogniseInput.knownWarp`). */
  knownWarp?: KnownWarp;
  /** The reader's warp from earlier readings (`RecogniseInput.readerWarp`). */
  readerWarp?: ReaderWarp;
  /** Where the warp the recogniser's own search chose goes (`RecogniseInput.warpChosen`). */
  warpChosen?: RecogniseInput['warpChosen'];
  /** The end-of-reading check's first pass, for the upload (`RecogniseInput.knownFirstPass`). */
  knownFirstPass?: KnownFirstPass;
  /** Segments of the first pass decoded while the child read (`RecogniseInput.segmentPasses`). */
  segmentPasses?: SegmentPassMemo;
}

/**
 * Scores a reading.
 * @returns the result contract (core/fluency/result.schema.ts), times in seconds.
 * @throws SpeechError for refused audio (see `parseWav`), an empty passage (`passage_empty`), a
 *   passage over MAX_PASSAGE_WORDS (`passage_too_long`), or recogniser failures; RangeError for a grade outside K–12.
 */
export async function scoreAudio(input: ScoreAudioInput): Promise<FluencyResult> {
  const passage = tokenisePassage(input.passageText);
  if (passage.length === 0) throw new SpeechError('passage_empty', 'The passage has no words to read.');
  if (passage.length > MAX_PASSAGE_WORDS) {
    throw new SpeechError(
      'passage_too_long',
      `The passage has ${passage.length} words; the limit is ${MAX_PASSAGE_WORDS}.`,
    );
  }
  const original = parseWav(input.wav);
  const audio = await toRecogniserFormat(original, input.signal ? { signal: input.signal } : {});
  const heard = await input.recogniser.recognise({
    audio,
    passage,
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.purpose ? { purpose: input.purpose } : {}),
    ...(input.knownChunks ? { knownChunks: input.knownChunks } : {}),
    ...(input.knownWarp ? { knownWarp: input.knownWarp } : {}),
    ...(input.readerWarp ? { readerWarp: input.readerWarp } : {}),
    ...(input.warpChosen ? { warpChosen: input.warpChosen } : {}),
    ...(input.knownFirstPass ? { knownFirstPass: input.knownFirstPass } : {}),
    ...(input.segmentPasses ? { segmentPasses: input.segmentPasses } : {}),
  });
  return scoreReading(input.passageText, heard, {
    engine: input.recogniser.name,
    durationSeconds: original.durationSeconds,
    ...(input.grade !== undefined ? { grade: input.grade } : {}),
    ...(input.season ? { season: input.season } : {}),
    ...(input.mode ? { mode: input.mode } : {}),
  });
}
