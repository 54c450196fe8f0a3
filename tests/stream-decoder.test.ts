/**
 * The streaming decoder on real pocketsphinx (issue 12, server/speech/stream-decoder.ts): a window
 * of a short word and digital silence (exact zeros, as in the padding after every window) decodes
 * the word. Without the decoder's dither and with pocketsphinx's noise removal, such windows
 * decoded to nothing: the tracker lost words and offered help with the word before a pause
 * (docs/follow-tracker.md). The word is made at test time with flite (voice awb). No database: runs once, on the PGlite pass.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenisePassage } from '#core/text/normalize.ts';
import { createStreamDecoder, type StreamDecoder } from '#server/speech/stream-decoder.ts';
import { parseWav, toRecogniserFormat } from '#server/speech/wav.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const RATE = 16000;

describe.skipIf(onPostgres)('streaming decoder (pocketsphinx)', () => {
  let folder: string;
  let decoder: StreamDecoder | undefined;
  let word: Int16Array;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'sparky-stream-decoder-'));
    execFileSync('flite', ['-voice', 'awb', '-t', 'the', '-o', join(folder, 'the.wav')]);
    const audio = await toRecogniserFormat(parseWav(new Uint8Array(readFileSync(join(folder, 'the.wav')))));
    // flite's own leading and trailing silence is low noise, not zeros: keep only the word
    let a = 0;
    let b = audio.samples.length;
    while (a < b && Math.abs(audio.samples[a] ?? 0) < 300) a++;
    while (b > a && Math.abs(audio.samples[b - 1] ?? 0) < 300) b--;
    word = audio.samples.slice(a, b);
    decoder = await createStreamDecoder(tokenisePassage('The cat can sit. The cat can run. I like the cat.'));
  }, 60_000);
  afterAll(async () => {
    await decoder?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('decodes a short word between zeros (a reader pausing after it)', { timeout: 60_000 }, async () => {
    if (!decoder) throw new Error('no decoder');
    const lead = Math.round(0.2 * RATE);
    for (const tail of [0.3, 1.5]) {
      const window = new Int16Array(lead + word.length + Math.round(tail * RATE));
      window.set(word, lead);
      // the reader is at "The" (word 4) of the second sentence
      const decoded = await decoder.decode(window, 4);
      expect(decoded.words.map((w) => w.word)).toEqual(['the']);
      expect(decoded.words[0]?.start).toBeCloseTo(0.2, 1);
    }
  });
});
