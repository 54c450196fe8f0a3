/**
 * Payloads of the speech API (server/routes/speech): GET /api/speech speaks a text with a voice at a
 * speed, through an offline-first chain of providers (docs/requirements.md §7.5; the chain's ADR in
 * docs/decisions). Shared by server and browser. Word numbering (`speakableTokens`) and the longest
 * text (`SPEECH_MAX_CHARS`) stay with the stories payloads, where the reader first needed them.
 */
import { z } from 'zod';
import { SPEECH_MAX_CHARS, SpokenWordSchema } from './stories.ts';

/** Who makes the audio: flite on this machine (the default and last resort), or a cloud service. */
export const SPEECH_PROVIDERS = ['flite', 'elevenlabs', 'openai'] as const;
/** A provider of {@link SPEECH_PROVIDERS}. */
export type SpeechProvider = (typeof SPEECH_PROVIDERS)[number];

/** A voice a reader may choose. */
export interface VoiceInfo {
  /** What the API takes as `voice`. */
  readonly id: string;
  readonly provider: SpeechProvider;
  /** Name shown in the settings. */
  readonly label: string;
}

/**
 * Every voice the API knows. flite's come with Debian's flite package (`flite -lv`); OpenAI's are
 * the voices of its speech endpoint (§9 names `alloy` the default voice); ElevenLabs' are a few of
 * its premade voices by id. A voice outside this list is refused (`voice_unknown`).
 */
export const VOICES: readonly VoiceInfo[] = [
  { id: 'slt', provider: 'flite', label: 'Sparky (on this computer)' },
  { id: 'kal16', provider: 'flite', label: 'Kal (on this computer)' },
  { id: 'awb', provider: 'flite', label: 'Alan (on this computer)' },
  { id: 'rms', provider: 'flite', label: 'Robin (on this computer)' },
  { id: 'alloy', provider: 'openai', label: 'Alloy (OpenAI)' },
  { id: 'coral', provider: 'openai', label: 'Coral (OpenAI)' },
  { id: 'echo', provider: 'openai', label: 'Echo (OpenAI)' },
  { id: 'fable', provider: 'openai', label: 'Fable (OpenAI)' },
  { id: 'nova', provider: 'openai', label: 'Nova (OpenAI)' },
  { id: 'onyx', provider: 'openai', label: 'Onyx (OpenAI)' },
  { id: 'sage', provider: 'openai', label: 'Sage (OpenAI)' },
  { id: 'shimmer', provider: 'openai', label: 'Shimmer (OpenAI)' },
  { id: '21m00Tcm4TlvDq8ikWAM', provider: 'elevenlabs', label: 'Rachel (ElevenLabs)' },
  { id: 'EXAVITQu4vr4xnSDxMaL', provider: 'elevenlabs', label: 'Bella (ElevenLabs)' },
  { id: 'MF3mGyEYCl7XYWbV9V6O', provider: 'elevenlabs', label: 'Elli (ElevenLabs)' },
  { id: 'TxGEqnHWrfWFTfGW9XjX', provider: 'elevenlabs', label: 'Josh (ElevenLabs)' },
];

/** Each provider's voice when none is asked for (and when the chain falls back to it). */
export const DEFAULT_VOICE: Record<SpeechProvider, string> = {
  flite: 'slt',
  openai: 'alloy',
  elevenlabs: '21m00Tcm4TlvDq8ikWAM',
};

/** The voice with this id, or undefined. */
export function findVoice(id: string): VoiceInfo | undefined {
  return VOICES.find((voice) => voice.id === id);
}

/** Slowest and fastest speech speed (1 is the voice's own pace; §9 default 1). */
export const SPEECH_SPEED_MIN = 0.5;
export const SPEECH_SPEED_MAX = 2;

/**
 * Query of GET /api/speech: the text (1–{@link SPEECH_MAX_CHARS} characters after trimming), and
 * optionally a voice of {@link VOICES} (default flite's `slt`) and a speed (default 1).
 */
export const SpeechQuerySchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'There is no text to read.')
    .max(SPEECH_MAX_CHARS, `Text to read must be at most ${SPEECH_MAX_CHARS} characters.`),
  voice: z
    .string()
    .refine((id) => findVoice(id) !== undefined, 'That voice is not one Sparky knows.')
    .optional(),
  speed: z.coerce
    .number()
    .min(SPEECH_SPEED_MIN, `Speed must be at least ${SPEECH_SPEED_MIN}.`)
    .max(SPEECH_SPEED_MAX, `Speed must be at most ${SPEECH_SPEED_MAX}.`)
    .optional(),
});
export type SpeechQuery = z.infer<typeof SpeechQuerySchema>;

/**
 * GET /api/speech answer: where to fetch the audio, its length in seconds, the voice's label, word
 * timings, which provider made it, whether that is not the provider of the voice asked for
 * (`fellBack`), and whether the word times were measured (`exact`: flite's phone times, ElevenLabs'
 * character times) or spread by word length (`estimated`: OpenAI gives none).
 */
export const SpeechResponseSchema = z.object({
  audioUrl: z.string(),
  duration: z.number().min(0),
  voice: z.string(),
  words: z.array(SpokenWordSchema),
  provider: z.enum(SPEECH_PROVIDERS),
  fellBack: z.boolean(),
  timing: z.enum(['exact', 'estimated']),
});
export type SpeechResponse = z.infer<typeof SpeechResponseSchema>;

/** GET /api/speech/voices answer: the providers this server can use now, and their voices. */
export const SpeechVoicesResponseSchema = z.object({
  providers: z.array(z.enum(SPEECH_PROVIDERS)),
  voices: z.array(z.object({ id: z.string(), provider: z.enum(SPEECH_PROVIDERS), label: z.string() })),
});
export type SpeechVoicesResponse = z.infer<typeof SpeechVoicesResponseSchema>;
