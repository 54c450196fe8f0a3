/**
 * Speech API (mounted at /api): everything Sparky says, and the story reader's read-to-me, made by the
 * offline-first provider chain of server/speech/tts.ts (flite on this machine by default; ElevenLabs and
 * OpenAI only when their keys are set). Sparky also talks on the public pages (the landing page, sign
 * in), so speech works signed out too: with flite only (no cloud cost for strangers) and a per-address
 * limit. The voice list needs a signed-in user.
 */
import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import {
  findVoice,
  SpeechQuerySchema,
  VOICES,
  type SpeechResponse,
  type SpeechVoicesResponse,
} from '#core/api/speech.ts';
import { PhoneParamSchema, type PhoneSpeechResponse } from '#core/api/sound-it-out.ts';
import { SPEECH_MAX_CHARS } from '#core/api/stories.ts';
import { PHONES } from '#core/sound-it-out/phones.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError, ApiFailure } from '../../http/errors.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate, type RefusalFor } from '../../http/validate.ts';
import {
  isSpeechKey,
  SpeechBusyError,
  TtsUnavailableError,
  UnknownVoiceError,
  type TextToSpeech,
} from '../../speech/tts.ts';
import { createFixedWindowLimiter, type RateLimiter } from '../../http/rate-limit.ts';

/**
 * Speech requests one user may make a minute. Cached lines cost a file read, so the bound is generous:
 * a page's guidance, every button name read on focus and a story read aloud stay far below it; a
 * script asking in a loop does not. (Syntheses are also bounded per user in server/speech/tts.ts.)
 */
export const SPEECH_REQUESTS_PER_MINUTE = 120;
/**
 * Speech requests one client address may make a minute while signed out: the public pages' guidance
 * and button names for a classroom behind one address, not a synthesis service for anyone. The app
 * takes it from SPEECH_SIGNED_OUT_PER_MINUTE (server/env.ts), whose default is this figure.
 */
export const ANONYMOUS_SPEECH_REQUESTS_PER_MINUTE = 60;

/**
 * GET /api/speech refusals: too long a text 413 `text_too_long`, an empty one 422 `text_missing`, an
 * unknown voice 422 `voice_unknown`, anything else (a speed out of range) 422 `invalid_input`.
 */
const speechRefusal: RefusalFor = (issues) => {
  const text = issues.find((i) => i.path === 'text');
  if (text) {
    const tooLong = text.code === 'too_big';
    return {
      status: tooLong ? 413 : 422,
      code: tooLong ? 'text_too_long' : 'text_missing',
      message: text.message,
      details: { maxChars: SPEECH_MAX_CHARS },
    };
  }
  const voice = issues.find((i) => i.path === 'voice');
  if (voice) {
    return {
      status: 422,
      code: 'voice_unknown',
      message: voice.message,
      details: { voices: VOICES.map((v) => v.id) },
    };
  }
  return {
    status: 422,
    code: 'invalid_input',
    message: issues[0]?.message ?? 'Invalid input.',
    details: issues,
  };
};

/**
 * Build the speech routes around the speech service (the provider chain in the app; flite or fakes in
 * tests).
 * @param deps.tts the speech service
 * @param deps.rateLimiter per-user request limit (default {@link SPEECH_REQUESTS_PER_MINUTE} a minute)
 */
export function createSpeechRoutes(deps: {
  tts: TextToSpeech;
  rateLimiter?: RateLimiter;
  anonymousRateLimiter?: RateLimiter;
}) {
  const { tts } = deps;
  const limiter = deps.rateLimiter ?? createFixedWindowLimiter(SPEECH_REQUESTS_PER_MINUTE, 60_000);
  const anonymousLimiter =
    deps.anonymousRateLimiter ?? createFixedWindowLimiter(ANONYMOUS_SPEECH_REQUESTS_PER_MINUTE, 60_000);
  const tooMany = (retryAfterSeconds: number) =>
    new ApiFailure(
      429,
      'rate_limited',
      'Sparky is asked to say too much at once. Please wait a moment.',
      { retryAfterSeconds },
      { 'retry-after': String(retryAfterSeconds) },
    );
  return (
    new Hono<AppEnv>()
      /**
       * GET /api/speech?text=…&voice=…&speed=… → SpeechResponse: `{ audioUrl, duration (s), voice,
       * words: [{ index, text, start, end }] (s), provider, fellBack, timing }`.
       * 422 `text_missing` (empty), 413 `text_too_long` (over {@link SPEECH_MAX_CHARS} characters),
       * 422 `voice_unknown`, 422 `invalid_input` (speed outside 0.5–2), 429 `rate_limited` (with
       * Retry-After), 503 `speech_unavailable` when every provider failed (flite included).
       * Signed out: flite's voice whatever the voice asked for, limited per client address.
       */
      .get('/speech', validate('query', SpeechQuerySchema, speechRefusal), async (c) => {
        const user = await c.var.currentUser();
        const owner = user ? user.id : `ip:${c.var.clientIp}`;
        const quota = (user ? limiter : anonymousLimiter).take(owner);
        if (!quota.ok) {
          c.var.log.warn({ owner }, 'speech requests rate-limited');
          throw tooMany(quota.retryAfterSeconds);
        }
        const query = c.req.valid('query');
        const voice = user || findVoice(query.voice ?? 'slt')?.provider === 'flite' ? query.voice : undefined;
        const { text, speed } = query;
        try {
          const result = await tts.speak({
            text,
            userId: owner,
            ...(voice !== undefined && { voice }),
            ...(speed !== undefined && { speed }),
          });
          const body: SpeechResponse = {
            audioUrl: `/api/speech/audio/${result.key}.${result.format}`,
            duration: result.duration,
            voice: result.voice,
            words: result.words,
            provider: result.provider,
            fellBack: result.fellBack,
            timing: result.timing,
          };
          c.header('cache-control', 'private, max-age=86400');
          return c.json(body, 200);
        } catch (error) {
          if (error instanceof SpeechBusyError) {
            c.var.log.warn({ owner }, 'speech syntheses waiting over the per-user bound');
            throw tooMany(2);
          }
          if (error instanceof UnknownVoiceError) {
            throw new ApiFailure(422, 'voice_unknown', error.message, { voices: VOICES.map((v) => v.id) });
          }
          if (error instanceof TtsUnavailableError) {
            c.var.log.error({ err: error }, 'text to speech failed');
            return apiError(c, 503, 'speech_unavailable', 'Sparky cannot talk right now. Please try again.');
          }
          throw error;
        }
      })

      /**
       * GET /api/speech/phone/:phone → PhoneSpeechResponse `{ audioUrl, duration (s) }`: one speech sound said
       * alone by flite (Sound It Out, docs/decisions/0043-sound-it-out.md), cached on disk like every line.
       * The phone is one of core/sound-it-out/phones.ts PHONES exactly (`k`, `ae`, …): anything else, free
       * text included, is refused with 422 `invalid_input` (details: `{ phones }`) and never reaches flite.
       * 401 `unauthenticated` signed out (only the game asks); 429 `rate_limited` sharing GET /api/speech's
       * per-user limit and synthesis slots; 503 `speech_unavailable` when flite failed.
       */
      .get(
        '/speech/phone/:phone',
        requireUser,
        validate('param', PhoneParamSchema, () => ({
          status: 422,
          code: 'invalid_input',
          message: 'That is not a speech sound Sparky knows.',
          details: { phones: PHONES },
        })),
        async (c) => {
          const owner = c.var.user.id;
          const quota = limiter.take(owner);
          if (!quota.ok) {
            c.var.log.warn({ owner }, 'speech requests rate-limited');
            throw tooMany(quota.retryAfterSeconds);
          }
          try {
            const result = await tts.speakPhone({ phone: c.req.valid('param').phone, userId: owner });
            const body: PhoneSpeechResponse = {
              audioUrl: `/api/speech/audio/${result.key}.${result.format}`,
              duration: result.duration,
            };
            c.header('cache-control', 'private, max-age=86400');
            return c.json(body, 200);
          } catch (error) {
            if (error instanceof SpeechBusyError) throw tooMany(2);
            if (error instanceof TtsUnavailableError) {
              c.var.log.error({ err: error }, 'phone speech failed');
              return apiError(c, 503, 'speech_unavailable', 'Sparky cannot make that sound right now.');
            }
            throw error;
          }
        },
      )

      /** GET /api/speech/voices → SpeechVoicesResponse: the providers this server can use and their voices. */
      .get('/speech/voices', requireUser, (c) => {
        const providers = tts.providers();
        const body: SpeechVoicesResponse = {
          providers,
          voices: VOICES.filter((v) => providers.includes(v.provider)).map((v) => ({ ...v })),
        };
        return c.json(body, 200);
      })

      /**
       * GET /api/speech/audio/:key.(wav|mp3) → the audio made by GET /api/speech; 404 when unknown or
       * evicted. Public like GET /api/speech: a key is the SHA-256 of the voice, speed and text, so only
       * someone who knows the text can find it.
       */
      .get('/speech/audio/:file', async (c) => {
        const file = c.req.param('file');
        const match = /^([0-9a-f]{64})\.(wav|mp3)$/.exec(file);
        const found = match && isSpeechKey(match[1]!) ? await tts.audioPath(match[1]!) : null;
        if (!found || !found.path.endsWith(`.${match![2]}`))
          return apiError(c, 404, 'audio_not_found', 'That audio is no longer available. Ask for it again.');
        const audio = await readFile(found.path);
        return c.body(new Uint8Array(audio), 200, {
          'content-type': found.contentType,
          'cache-control': 'private, max-age=86400',
        });
      })
  );
}
