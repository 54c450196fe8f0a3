/**
 * Server entry point (`npm start`): reads settings, opens and migrates the database, seeds it, serves
 * the app, and shuts down gracefully on SIGTERM/SIGINT (finishes requests in flight, closes the database).
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { pino } from 'pino';
import { closeWebSockets, createApp, injectWebSockets } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed.ts';
import { deleteRetiredLibraryStories, RETIRED_STORIES_INTERVAL_MS, seedStories } from './stories/seed.ts';
import { EnvError, loadEnv } from './env.ts';
import { preparePrivateDataDir } from './data-dir.ts';
import { loadAuthSecret } from './auth/secret.ts';
import { publicUrl } from './auth/auth.ts';
import { ensureOwnerSetupLink, ownerSetupMessage } from './auth/owner-setup.ts';
import { AUDIO_RETENTION_INTERVAL_MS, deleteExpiredRecordings } from './jobs/audio-retention.ts';
import { CLASS_CODE_CLEANUP_INTERVAL_MS, deleteExpiredClassCodes } from './jobs/class-code-cleanup.ts';
import { createCommandRecogniser } from './speech/command-decoder.ts';
import { createMoonshineSecondOpinion } from './speech/command-moonshine.ts';
import { createPocketsphinxRecogniser } from './speech/pocketsphinx.ts';
import { createMoonshineNominator } from './speech/reading-moonshine.ts';
import { startupCommandPhrases } from './speech/command-service.ts';
import { loadLibraryStories } from './stories/content.ts';

/** How long an idle keep-alive connection stays open, ms (longer than browsers' and proxies' usual 60 s). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
import { join } from 'node:path';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const log = pino({ level: env.LOG_LEVEL, base: { service: 'sparky-reads' } });
  // Before anything writes to it: children's recordings and the database are for this user only.
  const madePrivate = preparePrivateDataDir(env.DATA_DIR);
  if (madePrivate) log.info({ entries: madePrivate }, 'data folder made private (0700 folders, 0600 files)');
  const version = (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
  ).version;

  const authSecret = loadAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR);
  const database = await openDatabase(
    env.DATABASE_URL
      ? {
          url: env.DATABASE_URL,
          secret: authSecret,
          ...(env.DATABASE_APP_URL ? { appUrl: env.DATABASE_APP_URL } : {}),
        }
      : { dataDir: join(env.DATA_DIR, 'pglite') },
  );
  log.info({ kind: database.kind }, 'database open');
  await database.migrate();
  await seedDatabase(database.db);
  log.info(await seedStories(database.db), 'story library seeded');
  log.info('migrations applied, seed data in place');
  // No owner who can sign in yet: the person who started the server (and reads this) makes the owner
  // account with a one-time link (issue #14 item 8). It is the only link the server ever writes to its log.
  const setup = await ensureOwnerSetupLink(database.db, publicUrl(env));
  if (setup) {
    log.warn(
      { expiresAt: setup.expiresAt.toISOString() },
      ownerSetupMessage(setup, { smtp: Boolean(env.SMTP_URL) }),
    );
  }

  // The spoken-command decoders start now, knowing every word of the command set and the library's
  // titles, so that a child's first command is answered as quickly as the next (issue 11).
  // Moonshine tiny gives a second opinion when pocketsphinx refuses (ADR 0015, eighth round); its
  // model loads now too.
  const secondOpinion = createMoonshineSecondOpinion({
    onUnavailable: (reason) => log.warn(`Spoken commands: pocketsphinx alone (${reason}).`),
  });
  const commandRecogniser = createCommandRecogniser({ secondOpinion });
  // The same model nominates candidates for the reading scorer (docs/scoring.md, twelfth round).
  const recogniser = createPocketsphinxRecogniser({ nominate: createMoonshineNominator(secondOpinion) });
  // ... and transcribes a reading's chunks while the child reads (the follow-along socket; thirteenth round).
  const app = createApp({
    env,
    database,
    log,
    version,
    authSecret,
    commandRecogniser,
    recogniser,
    readingTranscriber: secondOpinion,
  });
  const warmStart = performance.now();
  const startupPhrases = startupCommandPhrases(loadLibraryStories().map((s) => s.title));
  void commandRecogniser
    .warm?.(startupPhrases)
    .then(() => secondOpinion.warm(startupPhrases))
    .then(() => log.info({ ms: Math.round(performance.now() - warmStart) }, 'command decoders warm'));
  const runRetention = () =>
    deleteExpiredRecordings(database.db, { dataDir: env.DATA_DIR, log }).catch((error: unknown) =>
      log.error({ err: error }, 'recording retention job failed'),
    );
  void runRetention();
  const retentionTimer = setInterval(runRetention, AUDIO_RETENTION_INTERVAL_MS);
  retentionTimer.unref();
  // Class codes that stopped working (ADR 0046's amendment).
  const runCodeCleanup = () =>
    deleteExpiredClassCodes(database.db, { log }).catch((error: unknown) =>
      log.error({ err: error }, 'class code cleanup job failed'),
    );
  void runCodeCleanup();
  const codeCleanupTimer = setInterval(runCodeCleanup, CLASS_CODE_CLEANUP_INTERVAL_MS);
  codeCleanupTimer.unref();
  // Library stories a new release removed but a child's screening still listed (ADR 0049's amendment).
  const runStoryRetirement = () =>
    deleteRetiredLibraryStories(database.db)
      .then((result) => {
        if (result.removed > 0) log.info(result, 'retired library stories deleted');
      })
      .catch((error: unknown) => log.error({ err: error }, 'retired library stories job failed'));
  const storyRetirementTimer = setInterval(runStoryRetirement, RETIRED_STORIES_INTERVAL_MS);
  storyRetirementTimer.unref();
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    log.info(`Sparky Reads is ready on http://localhost:${info.port}`);
  });

  injectWebSockets(app, server as Server);
  // Keep idle connections open longer than clients keep them (Node closes them after 5 s): a client
  // that reuses a connection just as the server closes it gets ECONNRESET (seen in e2e under load).
  (server as Server).keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  (server as Server).headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      log.warn('requests still open after 10 s; closing anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    clearInterval(retentionTimer);
    clearInterval(codeCleanupTimer);
    clearInterval(storyRetirementTimer);
    closeWebSockets(app);
    server.close(async () => {
      await database.close();
      log.info('database closed; bye');
      process.exit(0);
    });
    if ('closeIdleConnections' in server) (server as { closeIdleConnections(): void }).closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Sparky Reads could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
