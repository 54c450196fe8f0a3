/**
 * The only reader of `process.env`. Every setting is parsed with zod; a bad value stops start-up with a
 * message naming the variable (see README "Configuration" for the table of settings).
 */
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Schema of the environment. Defaults make `npm start` work with no settings at all. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** TCP port of the HTTP server. */
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  /** Interface to listen on. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Folder for the embedded database, recordings and other state. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string; when unset the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /**
   * PostgreSQL URL of a login role for requests (owns nothing, no CREATEROLE). When unset, the server
   * makes `<database>_login` from DATABASE_URL, which is then the owner's (docs/decisions/0011).
   */
  DATABASE_APP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public address of the app, used in e-mailed links. Defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  /** Folder of the built front end. */
  STATIC_DIR: z.string().min(1).default('./dist'),
  /** SMTP connection URL for mail (smtp://user:pass@host:587); without it mail goes to the outbox table. */
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  /** Sender address of mail. */
  MAIL_FROM: z.string().min(3).default('Sparky Reads <no-reply@localhost>'),
  /** Key for OpenAI stories, tutor, transcription and speech (optional; nothing needs it). */
  OPENAI_API_KEY: optionalText,
  /** Base URL of the OpenAI API (tests point it at a local fake). */
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  /** Key for ElevenLabs voices (optional): speech tries ElevenLabs when set (server/speech/tts.ts). */
  ELEVENLABS_API_KEY: optionalText,
  /** Base URL of the ElevenLabs API (tests point it at a local fake). */
  ELEVENLABS_BASE_URL: z.url().default('https://api.elevenlabs.io'),
  /** Time a cloud speech provider has to answer before the chain falls back to the next, in ms. */
  SPEECH_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(8000),
  /** Time the language model has to answer Sparky's chat (moderation checks included) before he answers offline, ms. */
  SPARKY_CHAT_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  /** Secret that signs sessions (32+ characters). When unset one is made and kept in DATA_DIR/auth-secret. */
  BETTER_AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** How long a sign-in lasts, in hours. */
  SESSION_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(12),
  /**
   * Comma-separated e-mails that get the owner role at sign-up. Otherwise the owner is made with the
   * one-time set-up link the server prints at start while it has no owner (server/auth/owner-setup.ts).
   */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * How many reverse proxies in front of the server to trust for the client's address
   * (X-Forwarded-For) and host (X-Forwarded-Host). 0 (default): the socket's address is the client's.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Extra origins allowed to call the API with cookies (comma-separated), e.g. the Vite dev server. */
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  APPLE_CLIENT_ID: optionalText,
  APPLE_CLIENT_SECRET: optionalText,
  GITHUB_CLIENT_ID: optionalText,
  GITHUB_CLIENT_SECRET: optionalText,
  TWITTER_CLIENT_ID: optionalText,
  TWITTER_CLIENT_SECRET: optionalText,
  /**
   * Readings scored at once (server/jobs/scoring-queue.ts); the rest wait their turn. Default: the
   * number of cores.
   */
  SCORING_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Spoken commands decoded at once (issue 11), in their own line beside the readings'; the rest wait
   * (at most 20). Default 2.
   */
  VOICE_CONCURRENCY: z.coerce.number().int().min(1).max(16).optional(),
  /**
   * Speech requests a minute from one signed-out address (GET /api/speech on the landing and sign-in
   * pages). Default 60. A school whose classroom reaches the server through one address may raise it.
   */
  SPEECH_SIGNED_OUT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Whether children's audio may be sent to a cloud recogniser when a key is set. Off by default. */
  ALLOW_CLOUD_AUDIO: booleanFlag,
});

/** Parsed settings. */
export type Env = z.infer<typeof EnvSchema>;

/** Thrown when a setting is invalid; `message` names every bad variable. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Parse settings from an environment object.
 * @param source - usually `process.env`; tests pass their own.
 * @throws EnvError naming each invalid variable and why.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid setting(s):\n${lines.join('\n')}`);
  }
  return result.data;
}
