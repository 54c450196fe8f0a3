/**
 * The follow CLI's contract (issue 12): `npm run --silent follow -- --text PASSAGE.txt --audio
 * READING.wav` feeds the reading to the streaming tracker in 100 ms chunks and prints only JSON
 * lines `{"t", "event": "word"|"help", "index"}` on stdout; errors go to stderr with nothing on
 * stdout and the score CLI's exit codes (2 bad arguments or files, 3 refused audio, 4 recogniser).
 *
 * The reading is made at test time with flite (voice slt): the passage's first sentence, 4.5 s of
 * silence, then the rest, so the tracker must offer help with the first word after the pause.
 * No database: runs once, on the PGlite pass.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const FIRST = 'The little fox ran to the river.';
const SECOND = 'She wanted to drink some cold water.';
const PASSAGE = `${FIRST} ${SECOND}`;
const WORDS = PASSAGE.split(' ').length;
/** Index of "She", the first word after the pause. */
const AFTER_PAUSE = FIRST.split(' ').length;
const PAUSE_SECONDS = 4.5;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const follow = (args: string[]) => run('npm', ['run', '--silent', 'follow', '--', ...args]);

describe.skipIf(onPostgres)('follow CLI (npm run follow)', () => {
  let folder: string;
  /** Where the pause starts: the end of the first sentence's audio, seconds. */
  let pauseStart = 0;
  const file = (name: string) => join(folder, name);

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'sparky-follow-cli-'));
    writeFileSync(file('passage.txt'), `${PASSAGE}\n`);
    execFileSync('flite', ['-voice', 'slt', '-t', FIRST, '-o', file('a.wav')]);
    execFileSync('flite', ['-voice', 'slt', '-t', SECOND, '-o', file('b.wav')]);
    pauseStart = Number(execFileSync('soxi', ['-D', file('a.wav')], { encoding: 'utf8' }));
    execFileSync('sox', [
      '-n',
      '-r',
      '16000',
      '-c',
      '1',
      '-b',
      '16',
      file('gap.wav'),
      'trim',
      '0',
      String(PAUSE_SECONDS),
    ]);
    execFileSync('sox', [
      file('a.wav'),
      file('gap.wav'),
      file('b.wav'),
      '-r',
      '16000',
      '-c',
      '1',
      file('reading.wav'),
    ]);
    writeFileSync(file('not-audio.wav'), 'This is a text file with a .wav name.\n');
    writeFileSync(file('empty.txt'), '');
  });
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it(
    'prints word events in passage order and offers help with the word after a long pause',
    { timeout: 120_000 },
    async () => {
      const result = await follow(['--text', file('passage.txt'), '--audio', file('reading.wav')]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.endsWith('\n')).toBe(true);
      const events = result.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { t: number; event: string; index: number });
      for (const e of events) {
        expect(Object.keys(e)).toEqual(['t', 'event', 'index']);
        expect(['word', 'help']).toContain(e.event);
        expect(Number.isInteger(e.index) && e.index >= 0 && e.index < WORDS).toBe(true);
      }
      const words = events.filter((e) => e.event === 'word');
      const indices = words.map((e) => e.index);
      expect(indices).toEqual([...indices].sort((a, b) => a - b));
      expect(new Set(indices).size).toBe(indices.length);
      expect(indices.length).toBeGreaterThanOrEqual(Math.ceil(0.9 * WORDS));
      const times = events.map((e) => e.t);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const total = pauseStart + PAUSE_SECONDS + 3;
      expect(Math.max(...times)).toBeLessThanOrEqual(total);

      const help = events.filter((e) => e.event === 'help');
      expect(help).toHaveLength(1);
      expect(help[0]?.index).toBe(AFTER_PAUSE);
      // help comes 3 s after the last word read (a little more: the word's end is before the pause)
      expect(help[0]?.t).toBeGreaterThanOrEqual(pauseStart + 2.5);
      expect(help[0]?.t).toBeLessThan(pauseStart + PAUSE_SECONDS);
      // the words before the pause are announced before the help, the word after it after
      const helpAt = events.findIndex((e) => e.event === 'help');
      expect(events.slice(0, helpAt).every((e) => e.index < AFTER_PAUSE)).toBe(true);
    },
  );

  it(
    'exits 4 when the recogniser cannot run (pocketsphinx_batch not on PATH)',
    { timeout: 30_000 },
    async () => {
      const bin = join(folder, 'bin');
      mkdirSync(bin, { recursive: true });
      symlinkSync(process.execPath, join(bin, 'node'));
      symlinkSync(
        execFileSync('bash', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim(),
        join(bin, 'bash'),
      );
      const result = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/follow.ts',
          '--text',
          file('passage.txt'),
          '--audio',
          file('reading.wav'),
        ],
        { ...process.env, PATH: bin },
      );
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/recogniser_unavailable: pocketsphinx_batch is not installed/);
      expect(result.code).toBe(4);
    },
  );

  const refusals: { name: string; args: () => string[]; code: number; stderr: RegExp }[] = [
    {
      name: 'no --text',
      args: () => ['--audio', file('reading.wav')],
      code: 2,
      stderr: /usage: follow --text/,
    },
    {
      name: 'a file that is not WAV audio',
      args: () => ['--text', file('passage.txt'), '--audio', file('not-audio.wav')],
      code: 3,
      stderr: /audio_not_wav/,
    },
    {
      name: 'a passage with no words',
      args: () => ['--text', file('empty.txt'), '--audio', file('reading.wav')],
      code: 2,
      stderr: /passage_empty/,
    },
    ...['7', 'soon'].map((s) => ({
      name: `--help-after ${s}`,
      args: () => ['--text', file('passage.txt'), '--audio', file('reading.wav'), '--help-after', s],
      code: 2,
      stderr: /--help-after must be 2–6 seconds/,
    })),
    {
      name: 'an unknown option',
      args: () => ['--text', file('passage.txt'), '--audio', file('reading.wav'), '--speed', 'fast'],
      code: 2,
      stderr: /Unknown option '--speed'/,
    },
  ];

  it.each(refusals)(
    'refuses $name: exit $code, a message on stderr, nothing on stdout',
    { timeout: 30_000 },
    async ({ args, code, stderr }) => {
      // straight through tsx (npm's start-up adds seconds per case on a busy machine)
      const result = await run(process.execPath, ['--import', 'tsx', 'scripts/follow.ts', ...args()]);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(stderr);
      expect(result.code).toBe(code);
    },
  );
});
