/**
 * The wider decode of a first pass that looks lost (lost-path.ts), wired into the recogniser: a fake
 * pocketsphinx_batch answers the narrow decode with a lost path and the wide one (`-beam` given) with the path
 * that reads on, at scores the test chooses. The real decoder's lost pass is the benchmark's (docs/scoring.md,
 * sixteenth round).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createPocketsphinxRecogniser, type PocketsphinxOptions } from '#server/speech/pocketsphinx.ts';
import { tokenisePassage } from '#core/text/normalize.ts';
import { scoreAudio } from '#server/speech/score-audio.ts';

const hasDictionary = (() => {
  try {
    execFileSync('test', ['-f', '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict']);
    return true;
  } catch {
    return false;
  }
})();

const TEXT = 'a garden teaches you to be patient and it teaches you to like carrots';
const dir = mkdtempSync(join(tmpdir(), 'sparky-lost-path-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const log = join(dir, 'runs');
const decoder = join(dir, 'pocketsphinx_batch');
// Copies narrow.ctm / narrow.hypseg, or wide.* when the decode was given -beam, to the decode's outputs.
writeFileSync(
  decoder,
  [
    '#!/bin/bash',
    `echo "$*" >> ${JSON.stringify(log)}`,
    'ctm=""; hyp=""; kind=narrow',
    'while [ $# -gt 0 ]; do case "$1" in -ctm) ctm="$2"; shift;; -hypseg) hyp="$2"; shift;; -beam) kind=wide;; esac; shift; done',
    `[ $kind = wide ] && [ -f ${JSON.stringify(dir)}/wide.fail ] && exit 3`,
    `[ -n "$ctm" ] && cp ${JSON.stringify(dir)}/$kind.ctm "$ctm" && cp ${JSON.stringify(dir)}/$kind.hypseg "$hyp"`,
    'exit 0',
    '',
  ].join('\n'),
);
chmodSync(decoder, 0o755);

/** A CTM of these words, 0.3 s each from `from` s. */
const ctm = (words: string, from = 0) =>
  words
    .split(' ')
    .map((w, k) => `reading 1 ${(from + k * 0.3).toFixed(2)} 0.28 ${w} 1.0`)
    .join('\n');
/** A hypseg line whose path's total score is `total`. */
const hypseg = (total: number) => `reading S 0 T ${total} A ${total} L 0 0 ${total} 0 a 30\n`;
const READ_ON = ctm(TEXT);
const LOST = `${ctm('a garden teaches you to')}\n${ctm('garden teaches a ph_ah ph_s ph_t to garden ph_k ph_ae', 1.6)}`;

/** 5 s of quiet noise, 16 kHz mono WAV (the fake decoder does not listen; the energy checks do). */
function noise(): Uint8Array {
  const wav = join(dir, 'noise.wav');
  execFileSync('sox', [
    '-n',
    '-r',
    '16000',
    '-c',
    '1',
    '-b',
    '16',
    wav,
    'synth',
    '5',
    'whitenoise',
    'vol',
    '0.05',
  ]);
  return new Uint8Array(readFileSync(wav));
}

/** The recogniser with every later pass off: the first pass alone decides. */
const recogniser = (extra: PocketsphinxOptions = {}) =>
  createPocketsphinxRecogniser({
    binary: decoder,
    warp: false,
    verify: false,
    gop: false,
    nearMiss: false,
    ownVowels: false,
    ...extra,
  });
const decodes = () =>
  readFileSync(log, 'utf8')
    .split('\n')
    .filter((l) => l.includes('-ctm '));

describe.skipIf(!hasDictionary)('a lost first pass is decoded again with wider beams', () => {
  let wav: Uint8Array;
  beforeEach(() => {
    writeFileSync(log, '');
    wav ??= noise();
  });
  const setUp = (narrow: string, narrowScore: number, wideScore: number) => {
    writeFileSync(join(dir, 'narrow.ctm'), narrow);
    writeFileSync(join(dir, 'narrow.hypseg'), hypseg(narrowScore));
    writeFileSync(join(dir, 'wide.ctm'), READ_ON);
    writeFileSync(join(dir, 'wide.hypseg'), hypseg(wideScore));
  };

  it('takes the wider path when it scores higher: every word reached', { timeout: 60_000 }, async () => {
    setUp(LOST, -9000, -8000);
    const rescues: [number, boolean][] = [];
    const result = await scoreAudio({
      wav,
      passageText: TEXT,
      recogniser: recogniser({ onRescue: (warp, taken) => rescues.push([warp, taken]) }),
    });
    expect(rescues).toEqual([[1, true]]);
    expect(decodes()).toHaveLength(2);
    expect(decodes()[1]).toContain('-beam 1e-64');
    expect(result.words.filter((w) => w.status === 'not_reached')).toEqual([]);
    expect(result.wordsAttempted).toBe(tokenisePassage(TEXT).length);
  });

  it('keeps the first path when the wider one scores lower', { timeout: 60_000 }, async () => {
    setUp(LOST, -8000, -9000);
    const rescues: [number, boolean][] = [];
    const result = await scoreAudio({
      wav,
      passageText: TEXT,
      recogniser: recogniser({ onRescue: (warp, taken) => rescues.push([warp, taken]) }),
    });
    expect(rescues).toEqual([[1, false]]);
    expect(result.words.some((w) => w.status === 'not_reached')).toBe(true);
  });

  it('keeps the first path when the wider decode fails (time, memory)', { timeout: 60_000 }, async () => {
    setUp(LOST, -9000, -8000);
    writeFileSync(join(dir, 'wide.fail'), '');
    try {
      const rescues: [number, boolean][] = [];
      const result = await scoreAudio({
        wav,
        passageText: TEXT,
        recogniser: recogniser({ onRescue: (warp, taken) => rescues.push([warp, taken]) }),
      });
      expect(decodes()).toHaveLength(2);
      expect(rescues).toEqual([[1, false]]);
      expect(result.words.some((w) => w.status === 'not_reached')).toBe(true);
    } finally {
      rmSync(join(dir, 'wide.fail'));
    }
  });

  it(
    'does not decode again a pass that reads to the end, nor when the rescue is off',
    { timeout: 60_000 },
    async () => {
      setUp(READ_ON, -8000, -7000);
      await scoreAudio({ wav, passageText: TEXT, recogniser: recogniser() });
      expect(decodes()).toHaveLength(1);
      writeFileSync(log, '');
      setUp(LOST, -9000, -8000);
      const result = await scoreAudio({
        wav,
        passageText: TEXT,
        recogniser: recogniser({ rescueBeams: false }),
      });
      expect(decodes()).toHaveLength(1);
      expect(result.words.some((w) => w.status === 'not_reached')).toBe(true);
    },
  );
});
