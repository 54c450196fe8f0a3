/**
 * Spoken commands over HTTP (issue 11), mounted at /api: POST /api/voice/command.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_COMMANDS_FIELD_CHARS, VoiceCommandFormSchema } from '#core/api/voice.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { apiError } from '#server/http/errors.ts';
import { requireUser } from '#server/http/require-user.ts';
import { uploadRefusal } from '#server/http/upload.ts';
import { validate } from '#server/http/validate.ts';
import type { VoiceService } from './voice.service.ts';

/**
 * Largest utterance upload, bytes: 8 s of 48 kHz stereo 16-bit PCM is 1.5 MB; with room for the
 * command list and the form's boundaries. Larger bodies are refused before they are read.
 */
export const MAX_VOICE_BODY_BYTES = 2 * 1024 * 1024 + MAX_COMMANDS_FIELD_CHARS * 4;

/** What the voice routes need. */
export interface VoiceRoutesDeps {
  voice: VoiceService;
}

/**
 * Creates the voice routes.
 *
 * POST /api/voice/command — multipart form (VoiceCommandFormSchema): `audio`, a WAV (PCM 16-bit, mono
 * or stereo, 8–96 kHz, at most 8 s), and `commands`, the active list as JSON
 * (`[{ phrase, intent: 'navigate' | 'action', target }]`, at most 300). Answers 200
 * `{ intent, target, phrase, confidence }` (intent, target and phrase null when no command on the
 * list was said: other words, two commands at once, shouting), or the API error shape: 400
 * `audio_missing` / `audio_empty` / `commands_empty`, 401, 413 `audio_too_large`, 415 `audio_not_wav`
 * / `audio_unsupported_format`, 422 `invalid_input` / `audio_too_long` / `audio_silent` /
 * `audio_noise` / `audio_corrupt` / `audio_too_short`, 429 `rate_limited`, 502/503 recogniser codes,
 * 503 `voice_busy`.
 */
export function createVoiceRoutes(deps: VoiceRoutesDeps) {
  return new Hono<AppEnv>().post(
    '/voice/command',
    requireUser,
    bodyLimit({
      maxSize: MAX_VOICE_BODY_BYTES,
      onError: (c) => apiError(c, 413, 'audio_too_large', 'A spoken command is at most 8 seconds of audio.'),
    }),
    validate('form', VoiceCommandFormSchema, uploadRefusal),
    async (c) => {
      const { audio, commands } = c.req.valid('form');
      const answer = await deps.voice.recognise({
        userId: c.var.user.id,
        wav: new Uint8Array(await audio.arrayBuffer()),
        commands,
        signal: c.req.raw.signal,
      });
      return c.json(answer, 200);
    },
  );
}
