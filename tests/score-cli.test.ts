/**
 * The scoring CLI's contract (issue 4, docs/scoring.md "CLI"): `npm run --silent score -- --text
 * PASSAGE.txt --audio READING.wav [--grade 3] [--mode practice|assessment]` prints exactly one JSON
 * object on stdout; errors go to stderr, stdout stays empty, and the exit status says why
 * (2 bad arguments or files, 3 refused audio, 4 recogniser failure), each exercised below.
 *
 * The reading is made at test time with flite (voice slt) in a temporary folder, then scored by the
 * real CLI as a child process with the real pocketsphinx recogniser. No database is involved, so
 * this file runs once, on the PGlite pass; the PostgreSQL pass (TEST_DATABASE_URL, scripts/test.sh)
 * skips it rather than decode the same reading again.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FluencyResultSchema } from '../core/fluency/result.schema.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const PASSAGE = 'Mr. Green has 3 red hens. "Look!" said Sam, and the hens ran to the barn.';
/** The passage words as printed: case kept, surrounding punctuation off, an abbreviation's dot kept. */
const PRINTED = [
  'Mr.',
  'Green',
  'has',
  '3',
  'red',
  'hens',
  'Look',
  'said',
  'Sam',
  'and',
  'the',
  'hens',
  'ran',
  'to',
  'the',
  'barn',
];

/** The keys the issue lists, in the result and in each word. */
const RESULT_KEYS = [
  'engine',
  'durationSeconds',
  'readingSeconds',
  'wordsTotal',
  'wordsAttempted',
  'wordsCorrect',
  'errors',
  'wcpm',
  'accuracy',
  'fluencyScore',
  'words',
  'insertions',
  'repetitions',
];
const WORD_KEYS = ['index', 'text', 'status', 'heard', 'start', 'end', 'hesitation', 'unsure'];

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command from the project root and collects its exit status and output. */
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

/** `npm run --silent score -- ...args`, as a user runs it. */
const score = (args: string[]) => run('npm', ['run', '--silent', 'score', '--', ...args]);

describe.skipIf(onPostgres)('score CLI (npm run score)', () => {
  let folder: string;
  const file = (name: string) => join(folder, name);

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'sparky-score-cli-'));
    writeFileSync(file('passage.txt'), `${PASSAGE}\n`);
    execFileSync('flite', ['-voice', 'slt', '-t', PASSAGE, '-o', file('reading.wav')]);
    writeFileSync(file('not-audio.wav'), 'This is a text file with a .wav name.\n');
    writeFileSync(file('empty.txt'), '');
  });
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it(
    'prints exactly one JSON object with the contract, words in passage order as printed',
    { timeout: 90_000 },
    async () => {
      const run = await score([
        '--text',
        file('passage.txt'),
        '--audio',
        file('reading.wav'),
        '--grade',
        '3',
        '--mode',
        'practice',
      ]);
      expect(run.code, run.stderr).toBe(0);

      // one line, one JSON object, nothing else
      expect(run.stdout.endsWith('\n')).toBe(true);
      expect(run.stdout.trimEnd().split('\n')).toHaveLength(1);
      const json: unknown = JSON.parse(run.stdout);
      expect(json).toBeTypeOf('object');
      expect(Array.isArray(json)).toBe(false);

      expect(Object.keys(json as object).sort()).toEqual([...RESULT_KEYS].sort());
      // every word as printed by the CLI (not as completed by the schema's defaults)
      for (const word of (json as { words: object[] }).words)
        expect(Object.keys(word).sort()).toEqual([...WORD_KEYS].sort());
      const result = FluencyResultSchema.parse(json);

      expect(result.engine).toBe('pocketsphinx');
      expect(result.wordsTotal).toBe(PRINTED.length);
      expect(result.words.map((w) => w.index)).toEqual(PRINTED.map((_, i) => i));
      expect(result.words.map((w) => w.text)).toEqual(PRINTED);
      let from = 0;
      for (const { text } of result.words) {
        const at = PASSAGE.indexOf(text, from);
        expect(at, `"${text}" appears, in order, in the passage`).toBeGreaterThanOrEqual(0);
        from = at + text.length;
      }

      // a clean synthetic reading: most words correct, a positive rate, times inside the audio
      expect(result.wordsCorrect).toBeGreaterThanOrEqual(Math.ceil(0.8 * PRINTED.length));
      expect(result.wcpm).toBeGreaterThan(0);
      expect(result.fluencyScore).toBeGreaterThan(0);
      expect(result.accuracy).toBeGreaterThanOrEqual(80);
      expect(result.durationSeconds).toBeGreaterThan(2);
      expect(result.readingSeconds).toBeGreaterThan(0);
      expect(result.readingSeconds).toBeLessThanOrEqual(result.durationSeconds);
      let last = 0;
      for (const w of result.words) {
        if (w.start === null || w.end === null) continue;
        expect(w.start).toBeGreaterThanOrEqual(last);
        expect(w.end).toBeGreaterThanOrEqual(w.start);
        expect(w.end).toBeLessThanOrEqual(result.durationSeconds + 0.01);
        last = w.start;
      }
    },
  );

  const refusals: { name: string; args: () => string[]; code: number; stderr: RegExp }[] = [
    {
      name: 'no --text',
      args: () => ['--audio', file('reading.wav')],
      code: 2,
      stderr: /usage: score --text/,
    },
    {
      name: 'no --audio',
      args: () => ['--text', file('passage.txt')],
      code: 2,
      stderr: /usage: score --text/,
    },
    {
      name: 'a file that is not WAV audio',
      args: () => ['--text', file('passage.txt'), '--audio', file('not-audio.wav')],
      code: 3,
      stderr: /audio_not_wav/,
    },
    {
      name: 'a missing audio file',
      args: () => ['--text', file('passage.txt'), '--audio', file('no-such.wav')],
      code: 2,
      stderr: /cannot read --audio .*no-such\.wav/,
    },
    {
      name: 'a missing passage file',
      args: () => ['--text', file('no-such.txt'), '--audio', file('reading.wav')],
      code: 2,
      stderr: /cannot read --text .*no-such\.txt/,
    },
    {
      name: 'a passage with no words',
      args: () => ['--text', file('empty.txt'), '--audio', file('reading.wav')],
      code: 2,
      stderr: /passage_empty/,
    },
    ...['13', '', '0x3'].map((grade) => ({
      name: `--grade '${grade}'`,
      args: () => ['--text', file('passage.txt'), '--audio', file('reading.wav'), `--grade=${grade}`],
      code: 2,
      stderr: /--grade must be K or 1–12/,
    })),
    {
      name: '--mode exam',
      args: () => ['--text', file('passage.txt'), '--audio', file('reading.wav'), '--mode', 'exam'],
      code: 2,
      stderr: /--mode must be practice or assessment/,
    },
    {
      name: 'an unknown option',
      args: () => ['--text', file('passage.txt'), '--audio', file('reading.wav'), '--speed', 'fast'],
      code: 2,
      stderr: /Unknown option '--speed'/,
    },
  ];

  it(
    'exits 4 when the recogniser cannot run (pocketsphinx_batch not on PATH)',
    { timeout: 30_000 },
    async () => {
      // A PATH holding only node and bash: the CLI starts, the recogniser's binary is missing.
      const bin = join(folder, 'bin');
      mkdirSync(bin);
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
          'scripts/score.ts',
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

  it.each(refusals)(
    'refuses $name: exit $code, a message on stderr, nothing on stdout',
    { timeout: 30_000 },
    async ({ args, code, stderr }) => {
      const run = await score(args());
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(stderr);
      expect(run.code).toBe(code);
    },
  );
});
