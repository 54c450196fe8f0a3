/**
 * The Hono application: the API under /api and the built front end (deep links fall back to
 * index.html). Built by `createApp` so tests run it in-process with `app.request()`.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { createNodeWebSocket } from '@hono/node-ws';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { Logger } from 'pino';
import { configuredSocialProviders, createAuth, trustedOrigins, type Auth } from './auth/auth.ts';
import { createLockout } from './auth/lockout.ts';
import { loadAuthSecret } from './auth/secret.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createAccountRoutes } from './routes/account/account.routes.ts';
import { createAudioSettingsRoutes } from './routes/audio-settings/audio-settings.routes.ts';
import { createAuthRoutes } from './routes/auth/auth.routes.ts';
import { createFluencyRoutes } from './routes/fluency/fluency.routes.ts';
import { createFollowRoutes } from './routes/follow/follow.socket.ts';
import { createScoringQueue } from './jobs/scoring-queue.ts';
import { createScoringService } from './routes/fluency/fluency.service.ts';
import { createHealthRoutes } from './routes/health/health.routes.ts';
import { createLogRoutes } from './routes/log/log.routes.ts';
import { createReadingSessionRoutes } from './routes/reading-sessions/reading-sessions.routes.ts';
import { createAlphabetRoutes } from './routes/alphabet/alphabet.routes.ts';
import { createWordBuilderRoutes } from './routes/word-builder/word-builder.routes.ts';
import { createSoundItOutRoutes } from './routes/sound-it-out/sound-it-out.routes.ts';
import { createAssessmentRoutes } from './routes/assessment/assessment.routes.ts';
import { createFamilyRoutes } from './routes/family/family.routes.ts';
import { createAssignmentRoutes } from './routes/assignments/assignments.routes.ts';
import { createClassRoutes } from './routes/classes/classes.routes.ts';
import { createClassAnalyticsRoutes } from './routes/class-analytics/class-analytics.routes.ts';
import { createEnhancedReportRoutes } from './routes/enhanced-reports/enhanced-reports.routes.ts';
import { createGoalsRoutes } from './routes/goals/goals.routes.ts';
import { createScreeningRoutes } from './routes/screening/screening.routes.ts';
import { createRewardsRoutes } from './routes/rewards/rewards.routes.ts';
import { createSetupRoutes } from './routes/setup/setup.routes.ts';
import { createOutboxRoutes } from './routes/outbox/outbox.routes.ts';
import { createStoryRoutes } from './routes/stories/stories.routes.ts';
import { findStoryToRead } from './routes/stories/stories.service.ts';
import { createSpeechRoutes } from './routes/speech/speech.routes.ts';
import { createOpenAiTutorChat } from './routes/tutor/tutor-chat.ts';
import { createTutorRoutes } from './routes/tutor/tutor.routes.ts';
import { createSparkyChat } from './routes/sparky/sparky-chat.service.ts';
import { createSparkyRoutes } from './routes/sparky/sparky.routes.ts';
import { createFixedWindowLimiter } from './http/rate-limit.ts';
import { createVoiceRoutes } from './routes/voice/voice.routes.ts';
import {
  createVoiceService,
  DEFAULT_VOICE_CONCURRENCY,
  MAX_VOICE_WAITING,
} from './routes/voice/voice.service.ts';
import { createCommandRecogniser, type CommandRecogniser } from './speech/command-decoder.ts';
import { sharedMoonshineSecondOpinion } from './speech/command-moonshine.ts';
import {
  createReadingPretranscriber,
  createReadingTranscriptCache,
  type ReadingTranscriptCache,
} from './speech/reading-transcripts.ts';
import { createReaderWarpStore, type ReaderWarpStore } from './speech/reader-warps.ts';
import { createEarlyCheckStore, createEarlyChecker, type EarlyCheckStore } from './speech/early-checks.ts';
import {
  createReadingWarpChooser,
  createReadingWarpStore,
  createWarpSearchLine,
  type ReadingWarpStore,
} from './speech/reading-warps.ts';
import { createMoonshineNominator, type ReadingTranscriber } from './speech/reading-moonshine.ts';
import { createTextToSpeech, type TextToSpeech } from './speech/tts.ts';
import { createElevenLabsSpeechProvider } from './speech/tts-elevenlabs.ts';
import { createFliteProvider } from './speech/tts-flite.ts';
import { createOpenAiSpeechProvider } from './speech/tts-openai.ts';
import { createOpenAiRecogniser } from './speech/openai.ts';
import { createPocketsphinxRecogniser, type WarpSearch } from './speech/pocketsphinx.ts';
import { encodeWav } from '#core/audio/wav.ts';
import { tokenisePassage } from '#core/text/normalize.ts';
import type { Recogniser } from './speech/recogniser.ts';
import type { Env } from './env.ts';
import type { AppEnv } from './http/app-env.ts';
import { apiError, handleError } from './http/errors.ts';
import { resolveClientIp } from './http/client-ip.ts';
import { createSessionCache, sessionLoader } from './http/require-user.ts';
import { mountFrontEnd } from './http/static.ts';
import { sameOrigin } from './http/same-origin.ts';
import { isLoopbackHost, redactPath } from './http/redact.ts';

/** What the app needs from the outside. */
export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  log: Logger;
  /** Version reported by /api/health. */
  version: string;
  /** Session-signing secret; by default BETTER_AUTH_SECRET or the one kept in DATA_DIR. */
  authSecret?: string;
  /** Outgoing mail; by default SMTP when configured, else the outbox table. */
  mailer?: Mailer;
  /** Offline recogniser; by default pocketsphinx, with Moonshine's nominations (reading-moonshine.ts). */
  recogniser?: Recogniser;
  /**
   * The Moonshine service of the recogniser's nominator, to transcribe a reading's chunks while the child reads
   * (the follow-along socket; server/speech/reading-transcripts.ts), so that the wait after Stop leaves Moonshine
   * out. Default: the shared Moonshine when `recogniser` is the app's own, else none (Moonshine at upload only).
   */
  readingTranscriber?: ReadingTranscriber;
  /**
   * The recogniser's frequency-warp search alone, to choose a reading's warp while the child reads (the follow-along
   * socket; server/speech/reading-warps.ts), so that the upload's first pass decodes once. Default none (the upload
   * searches): on the benchmark the search on a reading's first 20 s chose other warps than the whole reading's
   * and lost accuracy (docs/scoring.md, fourteenth round); `createPocketsphinxWarpSearch()` turns it on.
   */
  warpSearch?: WarpSearch;
  /**
   * Spoken-command recogniser; by default pocketsphinx (server/speech/command-decoder.ts) with
   * Moonshine's second opinion (command-moonshine.ts).
   */
  commandRecogniser?: CommandRecogniser;
  /** Speech service; by default the provider chain of the configured keys (flite always). */
  tts?: TextToSpeech;
  /**
   * What the scorer keeps of its readers in memory between requests: each reader's last warp (ADR 0031), the
   * Moonshine texts of a reading being read, and the warp and first pass of its end-of-reading check. By default
   * new, empty stores (the transcript cache only when there is a `readingTranscriber`). Deleting an account
   * forgets the user in each; tests pass their own stores to see that it does.
   */
  readerWarps?: ReaderWarpStore;
  readingTranscripts?: ReadingTranscriptCache;
  readingWarps?: ReadingWarpStore;
  /** The server's early end-of-reading checks (server/speech/early-checks.ts); by default a new, empty store. */
  earlyChecks?: EarlyCheckStore;
}

/** The TCP peer of a request served by @hono/node-server; undefined for in-process requests. */
function socketAddress(c: Context<AppEnv>): string | undefined {
  const bindings = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return bindings?.incoming?.socket?.remoteAddress;
}

/**
 * The speech provider chain of the configured keys (docs/requirements.md §7.5): ElevenLabs and OpenAI
 * only when their keys are set, flite always and last. Texts go to a cloud provider only then; a
 * child's audio never does (that is ALLOW_CLOUD_AUDIO, for recognition).
 */
function createSpeechChain(env: Env, log: Logger): TextToSpeech {
  return createTextToSpeech({
    cacheDir: join(env.DATA_DIR, 'speech-cache'),
    timeoutMs: env.SPEECH_TIMEOUT_MS,
    log,
    providers: [
      ...(env.ELEVENLABS_API_KEY
        ? [
            createElevenLabsSpeechProvider({
              apiKey: env.ELEVENLABS_API_KEY,
              baseUrl: env.ELEVENLABS_BASE_URL,
            }),
          ]
        : []),
      ...(env.OPENAI_API_KEY
        ? [createOpenAiSpeechProvider({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL })]
        : []),
      createFliteProvider(),
    ],
  });
}

/** Largest WebSocket message the server reads, bytes (the follow socket's chunks are far smaller). */
const MAX_SOCKET_MESSAGE_BYTES = 64 * 1024;

const socketInjectors = new WeakMap<object, (server: Server) => void>();
const socketClosers = new WeakMap<object, () => void>();

/**
 * Lets `server` (from @hono/node-server's `serve`) upgrade the app's WebSocket routes
 * (`GET /api/follow`). Without it those routes answer like plain GETs.
 */
export function injectWebSockets(app: object, server: Server): void {
  socketInjectors.get(app)?.(server);
}

/** Ends every follow-along stream of the app (shutdown, tests). */
export function closeWebSockets(app: object): void {
  socketClosers.get(app)?.();
}

/** Largest body the API reads on any route but the two audio uploads, in bytes. */
export const MAX_JSON_BYTES = 64 * 1024;

/**
 * The routes that take a recording and apply their own, larger limit: the two reading uploads
 * (audioBodyLimit, server/http/upload.ts) and a spoken command (MAX_VOICE_BODY_BYTES).
 */
const AUDIO_UPLOAD_PATHS = new Set(['/api/reading-sessions', '/api/fluency/score', '/api/voice/command']);

/** Build the application. */
export function createApp(deps: AppDeps) {
  const { env, database, log, version } = deps;
  const db = database.db;
  const mailer = deps.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, db, log });
  const lockout = createLockout(db);
  const auth: Auth = createAuth({
    env,
    db,
    mailer,
    secret: deps.authSecret ?? loadAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR),
    log,
    lockout,
  });
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    const requestLog = log.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', requestLog);
    c.set('clientIp', resolveClientIp(socketAddress(c), c.req.header('x-forwarded-for'), env.TRUST_PROXY));
    const started = performance.now();
    // Headers are set before the handlers run: set after them, on some answers (JSON ones over a real
    // socket) the response was rebuilt and lost the security headers (issue #14 item 12).
    c.header('x-request-id', requestId);
    // Nothing the API answers may be cached: answers are a user's own, or about sign-in.
    if (c.req.path.startsWith('/api/')) c.header('cache-control', 'no-store');
    await next();
    // A handler that returns its own Response (better-auth) did not get them: add them in place.
    if (!c.res.headers.has('x-request-id')) {
      c.res.headers.set('x-request-id', requestId);
      if (c.req.path.startsWith('/api/')) c.res.headers.set('cache-control', 'no-store');
    }
    if (c.req.path.startsWith('/api/')) {
      requestLog.info(
        {
          method: c.req.method,
          path: redactPath(c.req.path),
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  });

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      // Microphone is needed for read-aloud; nothing else.
      permissionsPolicy: { microphone: ['self'], camera: [], geolocation: [] },
    }),
  );

  // Cross-origin writes are refused on every API route, better-auth's included: a browser always sends
  // Origin (and Sec-Fetch-Site) on a POST, so a page on another site cannot act with a child's cookies.
  // A same-origin request is accepted at whatever address the app was opened (server/http/same-origin.ts).
  const allowedOrigins = new Set(trustedOrigins(env));
  const sameSiteWrites = createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const own = sameOrigin(
      {
        origin,
        host: c.req.header('host'),
        forwardedHost: c.req.header('x-forwarded-host'),
        secFetchSite: fetchSite,
      },
      env.TRUST_PROXY > 0,
    );
    if (fetchSite === 'cross-site' || (origin && !own && !allowedOrigins.has(origin))) {
      return apiError(c, 403, 'forbidden', 'This request is not allowed from another site.');
    }
    return next();
  });

  // JSON and form bodies are small; only the audio uploads set their own, larger limit. The exemption goes by route, never by the Content-Type the client chose:
  // a multipart body sent to any other route (the public not-found log, sign-in) was read whole
  // (issue #14 item 6).
  const smallBodies = createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === 'POST' && AUDIO_UPLOAD_PATHS.has(c.req.path)) return next();
    return bodyLimit({
      maxSize: MAX_JSON_BYTES,
      onError: (c) => apiError(c, 413, 'body_too_large', 'The request body is too large.'),
    })(c, next);
  });

  const recogniser =
    deps.recogniser ??
    createPocketsphinxRecogniser({ nominate: createMoonshineNominator(sharedMoonshineSecondOpinion()) });
  const readingTranscriber =
    deps.readingTranscriber ?? (deps.recogniser ? undefined : sharedMoonshineSecondOpinion());
  // Moonshine's chunk texts made while the child reads, for the scorer of the reading's upload (per user, minutes).
  const readingTranscripts =
    deps.readingTranscripts ?? (readingTranscriber ? createReadingTranscriptCache() : undefined);
  // The frequency warp chosen while the child reads: by the end-of-reading check's search (on nearly the whole
  // reading), and on the socket when `warpSearch` is given (one search at a time, decoders niced). The socket's is
  // off unless given: its choice on the first 20 s does not agree with the whole reading's search (docs/scoring.md).
  const warpSearch = deps.warpSearch;
  const readingWarps = deps.readingWarps ?? createReadingWarpStore();
  const warpSearches = createWarpSearchLine();
  // Each reader's warp from their last reading seeds the next reading's search (docs/decisions/0031).
  const readerWarps = deps.readerWarps ?? createReaderWarpStore();
  // The end-of-reading check the server starts itself when a followed reader falls silent at the end, so that the
  // page's check finds its answer ready (server/speech/early-checks.ts; docs/scoring.md, twenty-third round).
  const earlyChecks = deps.earlyChecks ?? createEarlyCheckStore();
  // One scoring service (and one rate limit) for both scoring routes. Children's audio goes to OpenAI
  // only when the operator set a key AND ALLOW_CLOUD_AUDIO=true; otherwise everything stays on this
  // machine (pocketsphinx).
  // One line for every recognition on this server, fair across users (issue #14 item 5).
  const scoringQueue = createScoringQueue(
    env.SCORING_CONCURRENCY !== undefined ? { concurrency: env.SCORING_CONCURRENCY } : {},
  );
  const scoring = createScoringService({
    recogniser,
    ...(readingTranscripts ? { transcripts: readingTranscripts } : {}),
    warps: readingWarps,
    readerWarps,
    earlyChecks,
    queue: scoringQueue,
    ...(env.OPENAI_API_KEY && env.ALLOW_CLOUD_AUDIO
      ? {
          openaiRecogniser: createOpenAiRecogniser({
            apiKey: env.OPENAI_API_KEY,
            baseUrl: env.OPENAI_BASE_URL,
          }),
        }
      : {}),
  });

  // Spoken commands wait in a line of their own beside the readings' (docs/decisions/0015): a command is
  // answered in well under a second even while readings are scored, and the decoders stay bounded.
  const voice = createVoiceService({
    recogniser:
      deps.commandRecogniser ?? createCommandRecogniser({ secondOpinion: sharedMoonshineSecondOpinion() }),
    queue: createScoringQueue({
      concurrency: env.VOICE_CONCURRENCY ?? DEFAULT_VOICE_CONCURRENCY,
      maxWaiting: MAX_VOICE_WAITING,
      secondsPerAudioSecond: 0.2,
    }),
  });

  // The API, chained so that its type (AppType) carries every route's input and output to the typed
  // client (hc<AppType> in src/lib/api, testClient in tests/).
  // Session lookups are reused for a few seconds; anything better-auth does besides reading the
  // session may end or change one, so it empties the cache (server/http/require-user.ts).
  const sessions = createSessionCache();
  const tts = deps.tts ?? createSpeechChain(env, log);
  const forgetSessionsAfterAuthChanges = createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (!(c.req.method === 'GET' && c.req.path === '/api/auth/get-session')) sessions.clear();
  });
  const sockets = createNodeWebSocket({ app });
  // ws reads its options when it upgrades: frames over this are refused with close code 1009.
  sockets.wss.options.maxPayload = MAX_SOCKET_MESSAGE_BYTES;
  const follow = createFollowRoutes({
    upgradeWebSocket: sockets.upgradeWebSocket,
    storyText: async (storyId, userId) => (await findStoryToRead(db, userId, storyId))?.body ?? null,
    trustedOrigins: trustedOrigins(env),
    trustProxy: env.TRUST_PROXY > 0,
    log,
    ...(readingTranscriber && readingTranscripts
      ? {
          pretranscribe: (userId: string) => {
            readingTranscripts.begin(userId);
            return createReadingPretranscriber(readingTranscriber, readingTranscripts, userId);
          },
        }
      : {}),
    earlyCheck: (userId: string, passageText: string) => {
      earlyChecks.drop(userId);
      return createEarlyChecker({
        wordsTotal: tokenisePassage(passageText).length,
        start: (samples) => {
          // best effort: a refusal (its own quota, a full queue) or a stop leaves the page's check to decode
          scoring
            .score({
              userId,
              wav: encodeWav(samples, 16000),
              passageText,
              purpose: 'reading_end',
              early: true,
            })
            .catch(() => undefined);
        },
        stop: () => earlyChecks.drop(userId),
      });
    },
    ...(warpSearch
      ? {
          chooseWarp: (userId: string, passageText: string) => {
            readingWarps.drop(userId);
            return createReadingWarpChooser(warpSearch, tokenisePassage(passageText), readingWarps, userId, {
              line: warpSearches,
            });
          },
        }
      : {}),
  });
  const api = new Hono<AppEnv>()
    .use(sameSiteWrites, smallBodies, sessionLoader(auth, sessions))
    .use('/auth/*', forgetSessionsAfterAuthChanges)
    .route('/', createAuthRoutes({ auth }))
    .route('/', createHealthRoutes({ database, version }))
    .route('/', createLogRoutes())
    .route(
      '/',
      createAccountRoutes({
        db,
        auth,
        adminEmails: env.ADMIN_EMAILS,
        socialProviders: configuredSocialProviders(env),
        // The test outbox holds every mail's links: only a test server that nobody else can reach has it.
        exposeOutbox: env.NODE_ENV === 'test' && isLoopbackHost(env.HOST),
        dataDir: env.DATA_DIR,
        forgetSpeech: (matches) => tts.forget(matches),
        onAccountDeleted: (userId) => {
          sessions.clear();
          readerWarps.drop(userId);
          // what the scorer keeps of a reading being read: Moonshine's text, the warp and the first pass
          readingTranscripts?.drop(userId);
          readingWarps.drop(userId);
          earlyChecks.drop(userId);
        },
      }),
    )
    .route(
      '/',
      createSetupRoutes({
        db,
        auth,
        adminEmails: env.ADMIN_EMAILS,
        lockout,
        forgetSessions: () => sessions.clear(),
      }),
    )
    .route('/', createOutboxRoutes({ db, transport: mailer.transport }))
    .route('/', createStoryRoutes({ db }))
    .route('/', createAudioSettingsRoutes({ db }))
    .route(
      '/',
      createSpeechRoutes({
        tts,
        anonymousRateLimiter: createFixedWindowLimiter(env.SPEECH_SIGNED_OUT_PER_MINUTE, 60_000),
      }),
    )
    .route('/', createReadingSessionRoutes({ db, scoring, dataDir: env.DATA_DIR }))
    .route('/', createVoiceRoutes({ voice }))
    .route('/', follow.routes)
    .route('/', createRewardsRoutes({ db }))
    .route('/', createAlphabetRoutes({ db }))
    .route('/', createWordBuilderRoutes({ db }))
    .route('/', createSoundItOutRoutes({ db }))
    .route('/', createAssessmentRoutes({ db }))
    .route('/', createScreeningRoutes({ db }))
    .route('/', createFamilyRoutes({ db }))
    .route('/', createGoalsRoutes({ db }))
    .route('/', createAssignmentRoutes({ db, dataDir: env.DATA_DIR }))
    .route('/', createClassRoutes({ db }))
    .route('/', createClassAnalyticsRoutes({ db }))
    .route('/', createEnhancedReportRoutes({ db }))
    .route(
      '/',
      createTutorRoutes({
        db,
        chat: env.OPENAI_API_KEY
          ? createOpenAiTutorChat({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL })
          : null,
      }),
    )
    .route(
      '/',
      createSparkyRoutes({
        chat: createSparkyChat({
          apiKey: env.OPENAI_API_KEY,
          baseURL: env.OPENAI_BASE_URL,
          timeoutMs: env.SPARKY_CHAT_TIMEOUT_MS,
          log,
        }),
      }),
    )
    .route(
      '/',
      createFluencyRoutes({
        scoring,
        queue: scoringQueue,
        storyText: async (storyId, userId) => (await findStoryToRead(db, userId, storyId))?.body ?? null,
      }),
    );
  api.all('*', (c) => apiError(c, 404, 'not_found', `No API route ${c.req.method} ${c.req.path}.`));

  const typed = app.route('/api', api);
  socketInjectors.set(typed, (server) => sockets.injectWebSocket(server));
  socketClosers.set(typed, () => follow.closeAll());
  app.onError(handleError);

  // The built front end, compressed and cached (server/http/static.ts); deep links get index.html.
  mountFrontEnd(app, env.STATIC_DIR);

  return typed;
}

/**
 * The type of the app's routes: what each API route takes (JSON, form, query, path parameters) and
 * answers, per status. The browser's typed client is `hc<AppType>` (src/lib/api/client.ts, a type-only
 * import) and the tests' is Hono's `testClient(app)`.
 */
export type AppType = ReturnType<typeof createApp>;
