/**
 * The server as a process (PGlite in a data folder): refuses bad settings by name, starts, stops cleanly
 * on SIGTERM, and keeps its data across a restart. Runs once, on PGlite only (the PostgreSQL pass skips it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/client.ts';
import { users } from '../server/db/schema.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', STATIC_DIR: './no-such-dist', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

// Generous: a cold start (tsx transform, migrations) took over 45 s on a 2-core machine under heavy load.
async function waitForHealth(port: number, running: Running, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`server exited: ${running.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok)
        return (await response.json()) as { database: { kind: string; migrations: { upToDate: boolean } } };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy: ${running.output()}`);
}

describe.skipIf(onPostgres)('server process', () => {
  const started: Running[] = [];
  afterEach(() => {
    for (const running of started) running.child.kill('SIGKILL');
    started.length = 0;
  });

  it('refuses to start on a bad setting and names the variable', async () => {
    const running = startServer({ PORT: 'eighty' });
    started.push(running);
    expect(await running.exited).toBe(2);
    expect(running.output()).toMatch(/PORT/);
  });

  it(
    'starts, stops cleanly on SIGTERM, and keeps its data across a restart',
    { timeout: 360_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'sparky-data-'));
      const port = await freePort();

      const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
      started.push(first);
      const health = await waitForHealth(port, first);
      expect(health.database).toMatchObject({ kind: 'pglite', migrations: { upToDate: true } });
      // A fresh install has no owner: the operator gets a one-time set-up link, and it works.
      const link = /(http:\/\/localhost:\d+\/setup\?token=[A-Za-z0-9_-]{43})/.exec(first.output())?.[1];
      expect(link, first.output()).toBeDefined();
      const token = new URL(link!).searchParams.get('token')!;
      const status = await fetch(`http://127.0.0.1:${port}/api/setup/owner?token=${token}`);
      expect(await status.json()).toEqual({ valid: true });
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('database closed');

      // Write a row while the server is down, then check a restarted server keeps it.
      const direct = await openDatabase({ dataDir: join(dataDir, 'pglite') });
      await direct.db
        .insert(users)
        .values({ id: 'persisted-user', name: 'Kept', email: 'kept@example.test' });
      await direct.close();

      const second = startServer({ DATA_DIR: dataDir, PORT: String(port) });
      started.push(second);
      await waitForHealth(port, second);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      const reopened = await openDatabase({ dataDir: join(dataDir, 'pglite') });
      const rows = await reopened.db.select().from(users);
      await reopened.close();
      expect(rows.map((r) => r.email)).toContain('kept@example.test');
    },
  );
});
