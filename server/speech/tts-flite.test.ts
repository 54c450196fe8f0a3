/**
 * The flite provider with the real flite (a Debian package `npm start` installs): the phones of a text's words
 * come from one flite run, not one run per word, and are the phones each word has when spoken alone.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePhones, parseUtterancePhones } from './tts-align.ts';
import { createFliteProvider } from './tts-flite.ts';

const folder = mkdtempSync(join(tmpdir(), 'sparky-flite-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A flite that logs each run's arguments (one line a run) and then is flite. */
function countingFlite(): { path: string; runs: () => string[] } {
  const log = join(folder, `runs-${Math.random().toString(36).slice(2)}.log`);
  const path = join(folder, `flite-${Math.random().toString(36).slice(2)}.sh`);
  writeFileSync(log, '');
  writeFileSync(path, `#!/bin/sh\necho "$*" >> '${log}'\nexec flite "$@"\n`);
  chmodSync(path, 0o755);
  return { path, runs: () => readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

const alone = (word: string) =>
  parsePhones(
    execFileSync('flite', ['-voice', 'slt', '-ps', '-t', word, '-o', 'none'], { encoding: 'utf8' }),
  );

describe('flite provider', () => {
  it(
    'learns the phones of all the words in one run, the same phones as each word alone',
    { timeout: 60_000 },
    async () => {
      const words = ['The', 'little', 'fox', 'jumped,', 'said', '“Hello!”', 'garden', 'the'];
      const batch = parseUtterancePhones(
        execFileSync('flite', ['-voice', 'slt', '-ps', '-t', words.join('. '), '-o', 'none'], {
          encoding: 'utf8',
        }),
      );
      expect(batch).toEqual(words.map(alone));

      const flite = countingFlite();
      const provider = createFliteProvider({ flite: flite.path, tempDir: folder });
      const text = 'The little fox jumped over the garden wall and ran home.';
      const first = await provider.synthesise({
        text,
        voice: 'slt',
        speed: 1,
        signal: AbortSignal.timeout(30_000),
      });
      // One run speaks the text, one gives the phones of its words.
      expect(flite.runs()).toHaveLength(2);
      expect(first.words.map((w) => w.text)).toEqual(text.split(' '));
      for (const [i, word] of first.words.entries()) {
        expect(word.end).toBeGreaterThan(word.start);
        if (i > 0) expect(word.start).toBeGreaterThanOrEqual(first.words[i - 1]!.end - 1e-9);
      }
      // The phones are remembered: the same words again take only the speaking run.
      await provider.synthesise({ text, voice: 'slt', speed: 1.2, signal: AbortSignal.timeout(30_000) });
      expect(flite.runs()).toHaveLength(3);
    },
  );

  it(
    'falls back to a run per word when flite does not say each word as a sentence of its own',
    { timeout: 60_000 },
    async () => {
      const flite = countingFlite();
      const provider = createFliteProvider({ flite: flite.path, tempDir: folder });
      // flite reads "Mr. Brown." as one sentence: the groups do not match the words one to one.
      const spoken = await provider.synthesise({
        text: 'Mr. Brown waved',
        voice: 'slt',
        speed: 1,
        signal: AbortSignal.timeout(30_000),
      });
      expect(flite.runs()).toHaveLength(1 + 1 + 3);
      expect(spoken.words.map((w) => w.text)).toEqual(['Mr.', 'Brown', 'waved']);
      expect(spoken.words.every((w) => w.end > w.start)).toBe(true);
    },
  );
});
