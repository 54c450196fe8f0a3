/**
 * Read-to-me speech API (mounted at /api), offline: flite makes the audio on this machine
 * (server/speech/tts.ts). Both routes need a signed-in user.
 */
import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import { SPEECH_MAX_CHARS, SpeechQuerySchema, type SpeechResponse } from '#core/api/stories.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError } from '../../http/errors.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate, type RefusalFor } from '../../http/validate.ts';
import { isSpeechKey, TtsUnavailableError, type TextToSpeech } from '../../speech/tts.ts';

/** GET /api/speech refuses too long a text with 413 `text_too_long`, an empty one with 422 `text_missing`. */
const speechRefusal: RefusalFor = (issues) => {
  const tooLong = issues.some((i) => i.code === 'too_big');
  return {
    status: tooLong ? 413 : 422,
    code: tooLong ? 'text_too_long' : 'text_missing',
    message: issues[0]?.message ?? 'Invalid text.',
    details: { maxChars: SPEECH_MAX_CHARS },
  };
};

/** Build the speech routes around a synthesiser (flite in the app, a fake or flite in tests). */
export function createSpeechRoutes(deps: { tts: TextToSpeech }) {
  const { tts } = deps;
  return (
    new Hono<AppEnv>()
      /**
       * GET /api/speech?text=… → SpeechResponse: `{ audioUrl, duration (s), voice, words: [{ index, text,
       * start, end }] }` (seconds). 422 `text_missing` for empty text, 413 `text_too_long` above
       * {@link SPEECH_MAX_CHARS} characters, 503 `speech_unavailable` when flite fails.
       */
      .get('/speech', requireUser, validate('query', SpeechQuerySchema, speechRefusal), async (c) => {
        try {
          const result = await tts.speak(c.req.valid('query').text);
          const body: SpeechResponse = {
            audioUrl: `/api/speech/audio/${result.key}.wav`,
            duration: result.duration,
            voice: result.voice,
            words: result.words,
          };
          c.header('cache-control', 'private, max-age=86400');
          return c.json(body);
        } catch (error) {
          if (error instanceof TtsUnavailableError) {
            c.var.log.error({ err: error }, 'text to speech failed');
            return apiError(
              c,
              503,
              'speech_unavailable',
              'Read-to-me is not available right now. Please try again.',
            );
          }
          throw error;
        }
      })

      /** GET /api/speech/audio/:key.wav → the WAV made by GET /api/speech; 404 when unknown or evicted. */
      .get('/speech/audio/:file', requireUser, async (c) => {
        const file = c.req.param('file');
        const key = file.endsWith('.wav') ? file.slice(0, -4) : '';
        const path = isSpeechKey(key) ? await tts.audioPath(key) : null;
        if (!path)
          return apiError(c, 404, 'audio_not_found', 'That audio is no longer available. Ask for it again.');
        const wav = await readFile(path);
        return c.body(new Uint8Array(wav), 200, {
          'content-type': 'audio/wav',
          'cache-control': 'private, max-age=86400',
        });
      })
  );
}
