/**
 * Payloads of Sound It Out's API (/api/sound-it-out, and the phone audio under /api/speech/phone;
 * docs/decisions/0043-sound-it-out.md): the words the reader has sounded out, ever and today, and the
 * closed list of phones the server plays. Shared by server and browser. No tokens, challenge or achievement
 * is tied to the game (the spec names none), so a word sounded out answers only the progress.
 */
import { z } from 'zod';
import { PHONES } from '../sound-it-out/phones.ts';
import { SOUND_WORD_LIST } from '../sound-it-out/words.ts';

/** A word of the game, exactly as listed (small letters). */
export const SoundWordSchema = z.enum(SOUND_WORD_LIST);

/** GET /api/sound-it-out: the words sounded out. */
export const SoundItOutProgressSchema = z.object({
  /** The words sounded out today, in the reader's time zone, each once, in alphabetical order. */
  today: z.array(SoundWordSchema),
  /** Words sounded out ever, each word counted once a day. */
  total: z.number().int().nonnegative(),
});
export type SoundItOutProgress = z.infer<typeof SoundItOutProgressSchema>;

/** POST /api/sound-it-out/sounded: the reader found this word from its sounds. Any other field is refused. */
export const WordSoundedRequestSchema = z.strictObject({ word: SoundWordSchema });
export type WordSoundedRequest = z.infer<typeof WordSoundedRequestSchema>;

/** What POST /api/sound-it-out/sounded answers. */
export const WordSoundedResponseSchema = z.object({
  progress: SoundItOutProgressSchema,
  /** Whether this word was new today (so a row was kept). */
  counted: z.boolean(),
});
export type WordSoundedResponse = z.infer<typeof WordSoundedResponseSchema>;

/** GET /api/speech/phone/:phone: the phone, one of core/sound-it-out/phones.ts PHONES exactly. */
export const PhoneParamSchema = z.strictObject({ phone: z.enum(PHONES) });

/** What GET /api/speech/phone/:phone answers: where its audio is, and how long it lasts. */
export const PhoneSpeechResponseSchema = z.object({
  /** `/api/speech/audio/<key>.wav`, served from the speech cache like every line Sparky says. */
  audioUrl: z.string(),
  /** Seconds, the short pauses around the sound included. */
  duration: z.number().nonnegative(),
});
export type PhoneSpeechResponse = z.infer<typeof PhoneSpeechResponseSchema>;
