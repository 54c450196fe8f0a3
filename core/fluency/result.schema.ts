/**
 * The scoring result contract (issue 4), shared by the CLI, the HTTP route and the browser.
 * Times are seconds from the start of the audio; `wcpm` is words correct per minute;
 * `accuracy` and `fluencyScore` are 0–100.
 */
import { z } from 'zod';

export const WordStatusSchema = z.enum([
  'correct',
  'substitution',
  'omission',
  'self_correction',
  'not_reached',
]);

export const ScoredWordSchema = z.object({
  index: z.number().int().nonnegative(),
  text: z.string(),
  status: WordStatusSchema,
  heard: z.string().nullable(),
  start: z.number().nonnegative().nullable(),
  end: z.number().nonnegative().nullable(),
  hesitation: z.boolean(),
  /**
   * "Check this word": the recogniser's evidence for this word was weak either way, so it is
   * scored as heard (not as an error) and flagged for a teacher to check. Results saved before
   * the field existed read as false.
   */
  unsure: z.boolean().default(false),
});

export const InsertionSchema = z.object({
  afterIndex: z.number().int().min(-1),
  heard: z.string(),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
});

export const RepetitionSchema = z.object({
  index: z.number().int().nonnegative(),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
});

export const FluencyResultSchema = z.object({
  /** Which recogniser heard the reading: `pocketsphinx` or `openai`. */
  engine: z.string(),
  /** Length of the audio, seconds. */
  durationSeconds: z.number().nonnegative(),
  /** Onset of the first word read to the end of the last word read, seconds. */
  readingSeconds: z.number().nonnegative(),
  wordsTotal: z.number().int().nonnegative(),
  wordsAttempted: z.number().int().nonnegative(),
  wordsCorrect: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  /** Words correct per minute. */
  wcpm: z.number().nonnegative(),
  /** Percent, 0–100. */
  accuracy: z.number().min(0).max(100),
  /** 0–100 (core/fluency/fluency-score.ts). */
  fluencyScore: z.number().int().min(0).max(100),
  words: z.array(ScoredWordSchema),
  insertions: z.array(InsertionSchema),
  repetitions: z.array(RepetitionSchema),
});

export type FluencyResult = z.infer<typeof FluencyResultSchema>;
