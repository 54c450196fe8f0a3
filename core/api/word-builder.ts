/**
 * Payloads of the word builder's API (/api/word-builder; docs/decisions/0039-word-builder.md): the words the
 * reader has built, ever and today, and what building one earned (spec §4.4 practice_words "Word Practice",
 * §4.5 word_built → word_builder "Word Architect"). Shared by server and browser.
 */
import { z } from 'zod';
import { WORD_LIST } from '../word-builder/words.ts';
import { GameRewardsSchema } from './reading-sessions.ts';

/** A word of the builder, exactly as listed (small letters). */
export const BuilderWordSchema = z.enum(WORD_LIST);

/** GET /api/word-builder: the words built. */
export const WordBuilderProgressSchema = z.object({
  /** The words built today, in the reader's time zone, each once (what Word Practice counts). */
  today: z.array(BuilderWordSchema),
  /** Words built ever, each word counted once a day (what Word Architect counts, spec §4.5). */
  total: z.number().int().nonnegative(),
});
export type WordBuilderProgress = z.infer<typeof WordBuilderProgressSchema>;

/** POST /api/word-builder/built: the reader built this word. Any other field is refused. */
export const WordBuiltRequestSchema = z.strictObject({ word: BuilderWordSchema });
export type WordBuiltRequest = z.infer<typeof WordBuiltRequestSchema>;

/** What POST /api/word-builder/built answers. */
export const WordBuiltResponseSchema = GameRewardsSchema.extend({
  progress: WordBuilderProgressSchema,
  /** Whether this word was new today, so it moved Word Practice on and counted for Word Architect. */
  counted: z.boolean(),
});
export type WordBuiltResponse = z.infer<typeof WordBuiltResponseSchema>;
