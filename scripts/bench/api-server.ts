/**
 * The server under load for `npm run bench:api` (scripts/bench-api.ts), run as its own process so the
 * load generator does not share its event loop: the real app on the embedded database (PGlite in a
 * fresh temporary folder), the story library seeded, and BENCH_READERS verified readers signed in,
 * each with BENCH_SESSIONS saved readings (default 30, one a day, each with a 120-word result as the
 * scorer stores it), so the progress reads (/api/reading-stats, /api/reading-sessions) have rows to read.
 * Listens on 127.0.0.1 only, on an ephemeral port, and prints one JSON line on stdout when ready:
 * `{ port, cookies: string[], storyId }`. Stops on SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { eq, like } from 'drizzle-orm';
import { pino } from 'pino';
import { createApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { asUser } from '#server/db/rls.ts';
import { readingSessions, users } from '#server/db/schema.ts';
import { seedDatabase } from '#server/db/seed.ts';
import { loadEnv } from '#server/env.ts';
import { seedStories } from '#server/stories/seed.ts';

const READERS = Number(process.env.BENCH_READERS ?? 20);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 30);
const ORIGIN = 'http://127.0.0.1';

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'sparky-bench-api-'));
  const env = loadEnv({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: ORIGIN,
  });
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  await database.migrate();
  await seedDatabase(database.db);
  await seedStories(database.db);
  const app = createApp({
    env,
    database,
    log: pino({ level: 'silent' }),
    version: 'bench',
    authSecret: 'bench-secret-that-is-long-enough-for-better-auth',
  });

  const cookies: string[] = [];
  for (let i = 0; i < READERS; i++) {
    const email = `bench-reader-${i}@example.test`;
    const password = 'purple-otter-reads-42';
    const signUp = await app.request('/api/signup', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password,
        data: { display_name: `Reader ${i}`, user_type: 'student', grade: String((i % 5) + 1) },
      }),
    });
    if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const signIn = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i}` },
      body: JSON.stringify({ email, password }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    cookies.push(
      signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
  }
  const library = (await (
    await app.request('/api/stories', { headers: { cookie: cookies[0]! } })
  ).json()) as {
    stories: { id: string }[];
  };
  const storyId = library.stories[Math.floor(library.stories.length / 2)]!.id;

  // Saved readings, written as the scorer would (a per-word result of 120 words each).
  const readers = await database.db
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, 'bench-reader-%'));
  const words = Array.from({ length: 120 }, (_, k) => ({
    index: k,
    expected: `word${k}`,
    heard: `word${k}`,
    status: k % 17 === 0 ? 'substitution' : 'correct',
    start: k * 0.6,
    end: k * 0.6 + 0.45,
    confidence: 0.9,
  }));
  const day = 86_400_000;
  for (const { id: userId } of readers) {
    await asUser(database.db, userId, (tx) =>
      tx.insert(readingSessions).values(
        Array.from({ length: SESSIONS }, (_, k) => ({
          userId,
          createdAt: new Date(Date.now() - k * day),
          storyId,
          storyTitle: 'A bench story',
          fluencyScore: 60 + (k % 30),
          accuracyPercentage: 90 + (k % 10),
          wordsPerMinute: 70 + k,
          tokensAwarded: 5,
          mode: 'practice',
          wordResults: { words },
          readingSeconds: 72,
        })),
      ),
    );
  }

  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    process.stdout.write(`${JSON.stringify({ port: info.port, cookies, storyId })}\n`);
  });
  process.on('SIGTERM', () => {
    server.close(() => {
      void database.close().finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
    });
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench api server: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
