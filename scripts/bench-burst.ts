/**
 * `npm run bench:burst` (issue #14 item 5): 30 readers upload a 60 s reading at the same moment.
 * The real server runs in its own process on 127.0.0.1 (scripts/bench/api-server.ts: embedded database,
 * the story library, 30 signed-in readers); the reading is a flite voice reading a library story, made
 * once and trimmed to 60 s. Prints one line per figure:
 * - readings that succeeded (all must: a reading waits its turn and never fails because others read);
 * - time to result, p50 and p95, in seconds;
 * - GET /api/health latency during the burst (p50, p95, max), in milliseconds;
 * - peak memory: the server's resident set, and the server with its decoder processes, in MB;
 * - the most decoder processes running at once (bounded by the scoring queue).
 * Options: `-- --readers N` (default 30), `-- --seconds S` (default 60). Figures measured while other
 * work loads the machine are indicative only.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { readers: { type: 'string', default: '30' }, seconds: { type: 'string', default: '60' } },
});
const READERS = Number(values.readers);
const SECONDS = Number(values.seconds);

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Resident memory of a process, in kB (0 when it is gone). */
function rssKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Descendant processes of `pid` (pid, command), from ps. */
function descendants(pid: number): Array<{ pid: number; command: string }> {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,comm='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .map(([p, pp, ...cmd]) => ({ pid: Number(p), ppid: Number(pp), command: cmd.join(' ') }));
  const out: Array<{ pid: number; command: string }> = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const row of rows)
      if (row.ppid === parent) {
        out.push({ pid: row.pid, command: row.command });
        queue.push(row.pid);
      }
  }
  return out;
}

/** A 16 kHz mono WAV of flite reading `text` (repeated as needed), exactly `seconds` long. */
function makeReading(text: string, seconds: number): Uint8Array {
  const folder = mkdtempSync(join(tmpdir(), 'sparky-burst-'));
  const raw = join(folder, 'raw.wav');
  const once = join(folder, 'once.wav');
  const out = join(folder, 'reading.wav');
  execFileSync('flite', ['-voice', 'slt', '--setf', 'duration_stretch=1.3', '-t', text, '-o', raw]);
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', once]);
  const length = Number(execFileSync('soxi', ['-D', once], { encoding: 'utf8' }).trim());
  const repeats = Math.max(0, Math.ceil(seconds / length) - 1);
  execFileSync('sox', [once, out, 'repeat', String(repeats), 'trim', '0', String(seconds)]);
  return new Uint8Array(readFileSync(out));
}

async function main() {
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/api-server.ts'], {
    env: { ...process.env, BENCH_READERS: String(READERS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await new Promise<{ port: number; cookies: string[]; storyId: string }>((resolve, reject) => {
    const lines = createInterface({ input: server.stdout! });
    lines.once('line', (line) => resolve(JSON.parse(line) as never));
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${ready.port}`;
  const origin = 'http://127.0.0.1';
  try {
    const story = (await (
      await fetch(`${base}/api/stories/${ready.storyId}`, { headers: { cookie: ready.cookies[0]! } })
    ).json()) as { story: { body: string } };
    const wav = makeReading(story.story.body, SECONDS);

    let sampling = true;
    let peakServerKb = 0;
    let peakTotalKb = 0;
    let peakDecoders = 0;
    const sampler = (async () => {
      while (sampling) {
        const kids = descendants(server.pid!);
        const server_ = rssKb(server.pid!);
        const total = server_ + kids.reduce((sum, k) => sum + rssKb(k.pid), 0);
        peakServerKb = Math.max(peakServerKb, server_);
        peakTotalKb = Math.max(peakTotalKb, total);
        peakDecoders = Math.max(
          peakDecoders,
          kids.filter((k) => k.command.startsWith('pocketsphinx')).length,
        );
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const healthMs: number[] = [];
    const healthProbe = (async () => {
      while (sampling) {
        const started = performance.now();
        const response = await fetch(`${base}/api/health`);
        await response.arrayBuffer();
        healthMs.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 250));
      }
    })();

    const started = performance.now();
    const outcomes = await Promise.all(
      ready.cookies.map(async (cookie) => {
        const form = new FormData();
        form.set('audio', new File([wav as BlobPart], 'reading.wav', { type: 'audio/wav' }));
        form.set('storyId', ready.storyId);
        form.set('mode', 'practice');
        form.set('idempotencyKey', randomUUID());
        const response = await fetch(`${base}/api/reading-sessions`, {
          method: 'POST',
          headers: { cookie, origin },
          body: form,
        });
        const text = await response.text();
        return { status: response.status, seconds: (performance.now() - started) / 1000, text };
      }),
    );
    sampling = false;
    await Promise.all([sampler, healthProbe]);

    const ok = outcomes.filter((o) => o.status === 201 || o.status === 200);
    const times = ok.map((o) => o.seconds).sort((a, b) => a - b);
    const health = healthMs.sort((a, b) => a - b);
    const failures = outcomes.filter((o) => !(o.status === 201 || o.status === 200));
    console.log(`readers: ${READERS} uploading a ${SECONDS} s reading at once`);
    console.log(`succeeded: ${ok.length}/${READERS}`);
    if (failures.length)
      console.log(`failures: ${failures.map((f) => `${f.status} ${f.text.slice(0, 120)}`).join(' | ')}`);
    console.log(
      `time to result: p50 ${percentile(times, 50).toFixed(1)} s, p95 ${percentile(times, 95).toFixed(1)} s`,
    );
    console.log(
      `health latency during the burst: p50 ${percentile(health, 50).toFixed(0)} ms, p95 ${percentile(health, 95).toFixed(0)} ms, max ${(health.at(-1) ?? NaN).toFixed(0)} ms (${health.length} probes)`,
    );
    console.log(
      `peak memory: server ${(peakServerKb / 1024).toFixed(0)} MB, server with decoders ${(peakTotalKb / 1024).toFixed(0)} MB`,
    );
    console.log(`most decoder processes at once: ${peakDecoders}`);
    if (ok.length !== READERS) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
