/**
 * The Hono application: the API under /api and the built front end (deep links fall back to
 * index.html). Built by `createApp` so tests run it in-process with `app.request()`.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Hono, type Context } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { secureHeaders } from 'hono/secure-headers';
import type { Logger } from 'pino';
import { z } from 'zod';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { configuredSocialProviders, createAuth, trustedOrigins, type Auth } from './auth/auth.ts';
import { createLockout } from './auth/lockout.ts';
import { loadAuthSecret } from './auth/secret.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createAccountRoutes } from './routes/account/account.routes.ts';
import { createFluencyRoutes } from './routes/fluency/fluency.routes.ts';
import { createReadingSessionRoutes } from './routes/reading-sessions/reading-sessions.routes.ts';
import { createStoryRoutes } from './routes/stories/stories.routes.ts';
import { createSpeechRoutes } from './routes/speech/speech.routes.ts';
import { createFliteTts } from './speech/tts.ts';
import { createOpenAiRecogniser } from './speech/openai.ts';
import { createPocketsphinxRecogniser } from './speech/pocketsphinx.ts';
import type { Recogniser } from './speech/recogniser.ts';
import { asUser } from './db/rls.ts';
import { stories } from './db/schema.ts';
import { eq } from 'drizzle-orm';
import { migrationStatus } from './db/migration-status.ts';
import type { Env } from './env.ts';
import type { AppEnv } from './http/app-env.ts';
import { apiError } from './http/errors.ts';
import { CLIENT_IP_HEADER, resolveClientIp } from './http/client-ip.ts';
import { sameOrigin } from './http/same-origin.ts';

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
  /** Offline recogniser; by default pocketsphinx. */
  recogniser?: Recogniser;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The TCP peer of a request served by @hono/node-server; undefined for in-process requests. */
function socketAddress(c: Context<AppEnv>): string | undefined {
  const bindings = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return bindings?.incoming?.socket?.remoteAddress;
}

const NotFoundLogSchema = z.object({ path: z.string().min(1).max(2048) });

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
    c.set('user', undefined);
    c.set('clientIp', resolveClientIp(socketAddress(c), c.req.header('x-forwarded-for'), env.TRUST_PROXY));
    const started = performance.now();
    await next();
    c.header('x-request-id', requestId);
    if (c.req.path.startsWith('/api/')) {
      requestLog.info(
        {
          method: c.req.method,
          path: c.req.path,
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

  const api = new Hono<AppEnv>();

  // Cross-origin writes are refused on every API route, better-auth's included: a browser always sends
  // Origin (and Sec-Fetch-Site) on a POST, so a page on another site cannot act with a child's cookies.
  // A same-origin request is accepted at whatever address the app was opened (server/http/same-origin.ts).
  const allowedOrigins = new Set(trustedOrigins(env));
  api.use('*', async (c, next) => {
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

  // better-auth. The lockout and password policy run inside it as hooks (server/auth/hooks.ts), so they
  // hold for every body encoding it accepts. It learns the client's address only from CLIENT_IP_HEADER,
  // which is always replaced here by the address resolved from the socket (and TRUST_PROXY hops).
  api.on(['GET', 'POST'], '/auth/*', (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get('clientIp'));
    return auth.handler(new Request(c.req.raw, { headers }));
  });

  // The signed-in user, if any, for every other API route.
  api.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/auth/')) return next();
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (session) {
      c.set('user', {
        id: session.user.id,
        email: session.user.email,
        name: session.user.name,
        emailVerified: session.user.emailVerified,
      });
    }
    return next();
  });

  api.route(
    '/',
    createAccountRoutes({
      db,
      auth,
      adminEmails: env.ADMIN_EMAILS,
      socialProviders: configuredSocialProviders(env),
      exposeOutbox: env.NODE_ENV === 'test',
    }),
  );
  api.route('/', createStoryRoutes({ db }));
  api.route(
    '/',
    createSpeechRoutes({ tts: createFliteTts({ cacheDir: join(env.DATA_DIR, 'speech-cache') }) }),
  );

  /** GET /api/health → { status, version, database: { kind, migrations: { applied, expected, upToDate } } }. */
  api.get('/health', async (c) => {
    const migrations = await migrationStatus(database.db);
    const body = {
      status: migrations.upToDate ? 'ok' : 'degraded',
      version,
      database: { kind: database.kind, migrations },
    };
    return c.json(body, migrations.upToDate ? 200 : 503);
  });

  /** POST /api/log/not-found { path } → 204; logs a visit to a path the app does not have (spec §2.1). */
  api.post('/log/not-found', async (c) => {
    let payload: unknown;
    try {
      payload = JSON.parse(await c.req.text());
    } catch {
      return apiError(c, 400, 'invalid_json', 'The body must be JSON like {"path": "/somewhere"}.');
    }
    const parsed = NotFoundLogSchema.safeParse(payload);
    if (!parsed.success)
      return apiError(c, 422, 'invalid_path', 'path must be a text of 1 to 2048 characters.');
    c.get('log').warn({ attemptedPath: parsed.data.path }, 'page not found');
    return c.body(null, 204);
  });

  const recogniser = deps.recogniser ?? createPocketsphinxRecogniser();
  api.route('/', createReadingSessionRoutes({ db, recogniser, dataDir: env.DATA_DIR }));

  // Read-aloud scoring. Children's audio goes to OpenAI only when the operator set a key AND
  // ALLOW_CLOUD_AUDIO=true; otherwise everything stays on this machine (pocketsphinx).
  api.route(
    '/fluency',
    createFluencyRoutes({
      recogniser,
      ...(env.OPENAI_API_KEY && env.ALLOW_CLOUD_AUDIO
        ? {
            openaiRecogniser: createOpenAiRecogniser({
              apiKey: env.OPENAI_API_KEY,
              baseUrl: env.OPENAI_BASE_URL,
            }),
          }
        : {}),
      getStoryText: async (storyId, userId) => {
        if (!UUID_PATTERN.test(storyId)) return null;
        const [story] = await asUser(db, userId, (tx) =>
          tx.select({ body: stories.body }).from(stories).where(eq(stories.id, storyId)),
        );
        return story?.body ?? null;
      },
    }),
  );

  api.all('*', (c) => apiError(c, 404, 'not_found', `No API route ${c.req.method} ${c.req.path}.`));

  app.route('/api', api);

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      if (c.req.path.startsWith('/api/')) {
        const code = error.status === 403 ? 'forbidden' : 'http_error';
        const message =
          error.status === 403 ? 'This request is not allowed from another site.' : error.message;
        return apiError(c, error.status as ContentfulStatusCode, code, message);
      }
      return error.getResponse();
    }
    c.get('log')?.error({ err: error }, 'unhandled error');
    if (c.req.path.startsWith('/api/')) {
      return apiError(c, 500, 'internal_error', 'Something went wrong on the server. Please try again.');
    }
    return c.text('Something went wrong. Please try again or refresh the page.', 500);
  });

  // The built front end. Hashed assets are cached for a year; everything else falls back to index.html
  // so that deep links (/about, /read-story/…) load the app, which shows its own not-found page.
  const staticRoot = resolve(env.STATIC_DIR);
  const indexFile = join(staticRoot, 'index.html');
  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('cache-control', 'public, max-age=31536000, immutable');
    },
    serveStatic({ root: staticRoot, rewriteRequestPath: (p) => p }),
  );
  app.use('*', serveStatic({ root: staticRoot }));
  app.get('*', (c) => {
    if (!existsSync(indexFile)) {
      return c.text('The front end is not built. Run `npm run build` (npm start does it for you).', 503);
    }
    c.header('cache-control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });

  return app;
}

/** The app type, for Hono's typed client in src/ (type import only). */
export type AppType = ReturnType<typeof createApp>;
