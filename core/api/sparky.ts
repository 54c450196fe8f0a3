/**
 * Sparky's chat with a language model (issue 13; spec §1 "a chat screen"): what the browser sends
 * (`POST /api/sparky/chat`) and what it gets back. Shared by server (server/routes/sparky) and browser
 * (src/features/sparky/use-sparky-chat.ts). Only questions the offline script does not understand are
 * sent (core/sparky/chat.ts answers the rest from the reader's own data); the reader's name and data
 * never are (docs/decisions/0027-sparky-chat-model.md).
 */
import { z } from 'zod';
import { MAX_QUESTION_LENGTH } from '../sparky/chat.ts';

/**
 * Characters refused in a question: C0/C1 control characters other than tab and line breaks, and the
 * bidirectional overrides and isolates that can hide text from a reader (U+202A–U+202E, U+2066–U+2069).
 */
export const HOSTILE_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** POST /api/sparky/chat body: `{ question }`, 1–{@link MAX_QUESTION_LENGTH} characters once trimmed. */
export const SparkyChatRequestSchema = z.strictObject({
  question: z
    .string()
    .trim()
    .min(1, 'Ask Sparky something.')
    .max(MAX_QUESTION_LENGTH, `A question is at most ${MAX_QUESTION_LENGTH} characters.`)
    .refine((text) => !HOSTILE_CHARACTERS.test(text), 'The question holds characters Sparky cannot read.'),
});
export type SparkyChatRequest = z.infer<typeof SparkyChatRequestSchema>;

/**
 * Where an answer came from:
 * - `model`: the language model (OPENAI_API_KEY set), its answer passed by the moderation check;
 * - `offline`: no model is configured, or it failed or was too slow (then `note` says so);
 * - `refused`: the question or the model's answer was flagged by the moderation check; `text` is a
 *   kind fixed answer ({@link SPARKY_REFUSAL}).
 */
export const SPARKY_ANSWER_SOURCES = ['model', 'offline', 'refused'] as const;

/** POST /api/sparky/chat answer. */
export const SparkyChatResponseSchema = z.object({
  source: z.enum(SPARKY_ANSWER_SOURCES),
  /** What Sparky says (and the chat shows); plain text, at most {@link MAX_ANSWER_LENGTH} characters. */
  text: z.string(),
  /** Why the answer is offline although a model is configured, in words for the child; else null. */
  note: z.string().nullable(),
});
export type SparkyChatResponse = z.infer<typeof SparkyChatResponseSchema>;

/** Longest answer passed on, characters (a model's longer answer is cut at a sentence end). */
export const MAX_ANSWER_LENGTH = 400;

/** Sparky's kind fixed answer when the moderation check flags the question or his answer. */
export const SPARKY_REFUSAL =
  "Let's talk about something else. That is a good thing to ask a grown-up you trust. Shall we read a story together?";

/** The note shown beside an offline answer when the model was configured but did not answer in time. */
export const SPARKY_MODEL_DOWN_NOTE =
  'Sparky could not reach his thinking cloud just now, so he answered from what he knows.';
