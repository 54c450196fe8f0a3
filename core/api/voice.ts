/**
 * Payloads of the spoken-command API (server/routes/voice, issue 11), shared by server and browser:
 * POST /api/voice/command takes one utterance and the commands active on the screen, and answers
 * which one was said.
 */
import { z } from 'zod';
import {
  MAX_COMMANDS,
  MAX_PHRASE_CHARS,
  MAX_PHRASE_WORDS,
  MAX_TARGET_CHARS,
  type VoiceAnswer,
} from '../voice/command.ts';

/** Letters, digits, spaces and ordinary punctuation only: no control characters, no markup. */
const PRINTABLE = /^[^\p{Cc}\p{Cf}<>]*$/u;

/** One command of the list: what to say and what it does (core/voice/command.ts `VoiceCommand`). */
export const VoiceCommandSchema = z.object({
  phrase: z
    .string()
    .trim()
    .min(1, 'A command needs words to say.')
    .max(MAX_PHRASE_CHARS, `A command is at most ${MAX_PHRASE_CHARS} characters.`)
    .regex(PRINTABLE, 'A command may not hold control characters or markup.')
    .refine(
      (p) => p.split(/\s+/).length <= MAX_PHRASE_WORDS,
      `A command is at most ${MAX_PHRASE_WORDS} words.`,
    ),
  intent: z.enum(['navigate', 'action']),
  target: z
    .string()
    .min(1)
    .max(MAX_TARGET_CHARS)
    .regex(PRINTABLE, 'A target may not hold control characters or markup.'),
});

/** Longest `commands` field, characters (MAX_COMMANDS commands of ordinary length fit easily). */
export const MAX_COMMANDS_FIELD_CHARS = 64 * 1024;

/**
 * POST /api/voice/command multipart form: the utterance (`audio`, a WAV of at most 8 s) and the
 * active command list as JSON text (`commands`). An empty list is refused by the route with
 * `commands_empty`, not here, so that its answer names the problem.
 */
export const VoiceCommandFormSchema = z.object({
  audio: z.file('Attach the utterance as an "audio" file.'),
  commands: z
    .string('Send the active commands as "commands" (a JSON list).')
    .max(MAX_COMMANDS_FIELD_CHARS, 'The command list is too long.')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: '"commands" must be a JSON list of commands.' });
        return z.NEVER;
      }
    })
    .pipe(z.array(VoiceCommandSchema).max(MAX_COMMANDS, `At most ${MAX_COMMANDS} commands.`)),
});
export type VoiceCommandForm = z.infer<typeof VoiceCommandFormSchema>;

/** The answer (core/voice/command.ts `VoiceAnswer`). */
export const VoiceAnswerSchema = z.object({
  intent: z.enum(['navigate', 'action']).nullable(),
  target: z.string().nullable(),
  phrase: z.string().nullable(),
  confidence: z.number().min(0).max(1),
}) satisfies z.ZodType<VoiceAnswer>;
