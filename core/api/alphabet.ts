/**
 * Payloads of the alphabet screen's API (/api/alphabet; docs/decisions/0037-alphabet-learning.md): which
 * letters the reader has found in the letter game, ever and today, and what finding one earned (spec §4.4
 * alphabet_letters "Letter Learning", §4.5 alphabet_completed → alphabet_master). Shared by server and browser.
 */
import { z } from 'zod';
import { LETTERS } from '../alphabet/letters.ts';
import { GameRewardsSchema } from './reading-sessions.ts';

/** A capital letter A–Z. */
export const LetterSchema = z.enum(LETTERS);

/** GET /api/alphabet: the letters found, each once, in alphabet order. */
export const AlphabetProgressSchema = z.object({
  /** Every letter the reader has ever found in the game. */
  found: z.array(LetterSchema),
  /** The letters found today, in the reader's time zone (what Letter Learning counts). */
  today: z.array(LetterSchema),
  /** Whether all 26 have been found (spec §4.5 alphabet_completed). */
  completed: z.boolean(),
});
export type AlphabetProgress = z.infer<typeof AlphabetProgressSchema>;

/** POST /api/alphabet/found: the reader found this letter in the game. Any other field is refused. */
export const LetterFoundRequestSchema = z.strictObject({ letter: LetterSchema });
export type LetterFoundRequest = z.infer<typeof LetterFoundRequestSchema>;

/** What POST /api/alphabet/found answers. */
export const LetterFoundResponseSchema = GameRewardsSchema.extend({
  progress: AlphabetProgressSchema,
  /** Whether this letter was new today, so it moved Letter Learning on (Alphabet Master at the 26th). */
  counted: z.boolean(),
});
export type LetterFoundResponse = z.infer<typeof LetterFoundResponseSchema>;
