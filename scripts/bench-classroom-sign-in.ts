/**
 * `npm run bench:classroom` (issue #14 item 2): 30 pupils behind one school address sign in at once,
 * while an attacker on another address guesses passwords at 30 requests a second with a
 * forged X-Forwarded-For. The real server runs in its own process on 127.0.0.1 (scripts/bench/
 * api-server.ts, 30 verified readers); pupils connect from 127.0.0.1, the attacker from 127.0.0.2.
 * Prints: pupils signed in, and the time until the last one was in (target: all 30 within 10 s); the
 * attacker's requests answered 401 (counted), 429 (limited or locked) and other. Figures measured on
 * a loaded machine are indicative.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createInterface } from 'node:readline';

const PUPILS = 30;
const PASSWORD = 'purple-otter-reads-42';

function post(port: number, localAddress: string, body: unknown, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: 'POST',
        path: '/api/auth/sign-in/email',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          origin: 'http://127.0.0.1',
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function main() {
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/api-server.ts'], {
    env: { ...process.env, BENCH_READERS: String(PUPILS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    createInterface({ input: server.stdout! }).once('line', (line) => resolve(JSON.parse(line) as never));
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  try {
    let attacking = true;
    const attacker = { unauthorised: 0, limited: 0, other: 0 };
    const attack = (async () => {
      let i = 0;
      while (attacking) {
        const status = await post(
          port,
          '127.0.0.2',
          { email: 'head-teacher@example.test', password: `guess-${i}` },
          { 'x-forwarded-for': `198.51.100.${i++ % 250}` },
        );
        if (status === 401) attacker.unauthorised++;
        else if (status === 429) attacker.limited++;
        else attacker.other++;
        await new Promise((r) => setTimeout(r, 1000 / 30));
      }
    })();
    await new Promise((r) => setTimeout(r, 2000)); // the attack is under way before the class arrives
    const started = performance.now();
    const pupils = await Promise.all(
      Array.from({ length: PUPILS }, async (_, i) => {
        const status = await post(port, '127.0.0.1', {
          email: `bench-reader-${i}@example.test`,
          password: PASSWORD,
        });
        return { status, seconds: (performance.now() - started) / 1000 };
      }),
    );
    attacking = false;
    await attack;
    const ok = pupils.filter((p) => p.status === 200);
    const last = Math.max(...ok.map((p) => p.seconds));
    console.log(
      `pupils signed in from one address: ${ok.length}/${PUPILS}, the last after ${last.toFixed(1)} s`,
    );
    if (ok.length !== PUPILS) console.log(`pupil answers: ${pupils.map((p) => p.status).join(' ')}`);
    console.log(
      `attacker (another address, forged X-Forwarded-For, 30/s): ${attacker.unauthorised} answered 401, ${attacker.limited} refused 429, ${attacker.other} other`,
    );
    if (ok.length !== PUPILS || last > 10) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
