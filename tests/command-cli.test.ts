/**
 * The spoken-command CLI's contract (issue 11, README "Spoken commands from the command line"):
 * `npm run --silent command -- --audio UTTERANCE.wav [--screen /path]` prints exactly one JSON object
 * `{ intent, target, phrase, confidence }` on stdout; errors go to stderr, stdout stays empty, and the
 * exit status says why (2 bad arguments or files, 3 refused audio, 4 recogniser failure), each
 * exercised below, like tests/score-cli.test.ts.
 *
 * Utterances are made at test time with flite. No database is involved, so this file runs once, on
 * the PGlite pass.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VoiceAnswerSchema } from '../core/api/voice.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

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

/** `npm run --silent command -- ...args`, as a user runs it. */
const command = (args: string[]) => run('npm', ['run', '--silent', 'command', '--', ...args]);

describe.skipIf(onPostgres)('command CLI (npm run command)', () => {
  let folder: string;
  const file = (name: string) => join(folder, name);
  const say = (text: string, name: string) => {
    execFileSync('flite', ['-voice', 'rms', '-t', text, '-o', file(`${name}-raw.wav`)]);
    execFileSync('sox', [
      '-R',
      file(`${name}-raw.wav`),
      '-r',
      '16000',
      '-c',
      '1',
      '-b',
      '16',
      file(name),
      'pad',
      '0.3',
      '0.3',
    ]);
  };

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'sparky-command-cli-'));
    say('reading practice', 'practice.wav');
    say('start reading', 'start.wav');
    say('the lost mitten', 'title.wav');
    say('I like my dog very much', 'talk.wav');
    writeFileSync(file('not-audio.wav'), 'This is a text file with a .wav name.\n');
    writeFileSync(file('empty.json'), '[]');
    execFileSync('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', file('silence.wav'), 'trim', '0', '1']);
    execFileSync('sox', [
      '-n',
      '-r',
      '16000',
      '-c',
      '1',
      '-b',
      '16',
      file('long.wav'),
      'synth',
      '9',
      'sine',
      '300',
      'vol',
      '0.3',
    ]);
  });
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('prints exactly one JSON object with the four fields', { timeout: 60_000 }, async () => {
    const result = await command(['--audio', file('practice.wav')]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.endsWith('\n')).toBe(true);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    const json = JSON.parse(result.stdout) as object;
    expect(Object.keys(json).sort()).toEqual(['confidence', 'intent', 'phrase', 'target']);
    expect(VoiceAnswerSchema.parse(json)).toMatchObject({
      intent: 'navigate',
      target: '/fluency',
      phrase: 'reading practice',
    });
  });

  it('offers a screen its own commands with --screen', { timeout: 90_000 }, async () => {
    const start = await command(['--audio', file('start.wav'), '--screen', '/fluency']);
    expect(start.code, start.stderr).toBe(0);
    expect(JSON.parse(start.stdout)).toMatchObject({ intent: 'action', target: 'start-reading' });
    const title = await command(['--audio', file('title.wav'), '--screen', '/fluency']);
    expect(JSON.parse(title.stdout)).toMatchObject({ intent: 'action', target: 'story:the-lost-mitten' });
    // on a screen without it, "start reading" is not a command
    const elsewhere = await command(['--audio', file('start.wav'), '--screen', '/profile']);
    expect(elsewhere.code, elsewhere.stderr).toBe(0);
    expect(JSON.parse(elsewhere.stdout)).toEqual({ intent: null, target: null, phrase: null, confidence: 0 });
  });

  it('answers no command (exit 0) for ordinary talk', { timeout: 60_000 }, async () => {
    const talk = await command(['--audio', file('talk.wav'), '--screen', '/fluency']);
    expect(talk.code, talk.stderr).toBe(0);
    expect(JSON.parse(talk.stdout)).toEqual({ intent: null, target: null, phrase: null, confidence: 0 });
  });

  const refusals: { name: string; args: () => string[]; code: number; stderr: RegExp }[] = [
    { name: 'no --audio', args: () => [], code: 2, stderr: /usage: command --audio/ },
    {
      name: 'a missing file',
      args: () => ['--audio', file('no.wav')],
      code: 2,
      stderr: /cannot read --audio/,
    },
    {
      name: 'an unknown screen',
      args: () => ['--audio', file('start.wav'), '--screen', '/nowhere'],
      code: 2,
      stderr: /--screen must be a route path/,
    },
    {
      name: 'an empty command list',
      args: () => ['--audio', file('start.wav'), '--commands', file('empty.json')],
      code: 2,
      stderr: /commands_empty/,
    },
    {
      name: 'an unknown option',
      args: () => ['--audio', file('start.wav'), '--fast'],
      code: 2,
      stderr: /Unknown option/,
    },
    {
      name: 'a file that is not WAV',
      args: () => ['--audio', file('not-audio.wav')],
      code: 3,
      stderr: /audio_not_wav/,
    },
    { name: 'silence', args: () => ['--audio', file('silence.wav')], code: 3, stderr: /audio_silent/ },
    { name: 'more than 8 s', args: () => ['--audio', file('long.wav')], code: 3, stderr: /audio_too_long/ },
  ];

  it.each(refusals)(
    'refuses $name: exit $code, a message on stderr, nothing on stdout',
    { timeout: 30_000 },
    async ({ args, code, stderr }) => {
      const result = await command(args());
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(stderr);
      expect(result.code).toBe(code);
    },
  );

  it(
    'exits 4 when the recogniser cannot run (pocketsphinx_batch not on PATH)',
    { timeout: 30_000 },
    async () => {
      const bin = join(folder, 'bin');
      mkdirSync(bin);
      symlinkSync(process.execPath, join(bin, 'node'));
      symlinkSync(
        execFileSync('bash', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim(),
        join(bin, 'bash'),
      );
      const result = await run(
        process.execPath,
        ['--import', 'tsx', 'scripts/command.ts', '--audio', file('practice.wav')],
        { ...process.env, PATH: bin },
      );
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/recogniser_unavailable: pocketsphinx_batch is not installed/);
      expect(result.code).toBe(4);
    },
  );
});
