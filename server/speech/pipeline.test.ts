/**
 * Whole pipeline: a reading synthesised with flite at test time (nothing recorded is committed),
 * scored by pocketsphinx + alignment. Skipped, with the reason, when flite, sox or
 * pocketsphinx are not installed (apt-get install -y flite sox pocketsphinx pocketsphinx-en-us).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FluencyResultSchema } from '#core/fluency/result.schema.ts';
import { createPocketsphinxRecogniser } from '#server/speech/pocketsphinx.ts';
import { scoreAudio } from '#server/speech/score-audio.ts';
import { parseWav } from '#server/speech/wav.ts';

const missing = ['flite', 'sox', 'pocketsphinx_batch'].filter((tool) => {
  try {
    execFileSync('which', [tool], { stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
});
if (missing.length > 0) console.warn(`pipeline test skipped: ${missing.join(', ')} not installed`);

const dir = mkdtempSync(join(tmpdir(), 'sparky-pipeline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** flite at a child's pace, converted to 16 kHz mono 16-bit. */
function synthesise(text: string, name: string): Uint8Array {
  const raw = join(dir, `${name}-raw.wav`);
  const wav = join(dir, `${name}.wav`);
  execFileSync('flite', ['-voice', 'slt', '--setf', 'duration_stretch=1.4', '-t', text, '-o', raw]);
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', wav, 'pad', '0.5', '0.5']);
  return new Uint8Array(readFileSync(wav));
}

const PASSAGE = 'The little dog ran to the big red barn. He saw a cat sitting on the fence.';

describe.skipIf(missing.length > 0)('scoring pipeline (flite → pocketsphinx → alignment)', () => {
  const recogniser = createPocketsphinxRecogniser();

  it('scores a clean reading all correct with a plausible WCPM', async () => {
    const wav = synthesise(
      'The little dog ran to the big red barn. He saw a cat sitting on the fence.',
      'clean',
    );
    const result = FluencyResultSchema.parse(
      await scoreAudio({ wav, passageText: PASSAGE, recogniser, grade: 2 }),
    );
    expect(result.errors).toBe(0);
    expect(result.wordsCorrect).toBe(17);
    // reading time from the audio itself: total length minus the 0.5 s pads and flite's own edges
    const duration = parseWav(wav).durationSeconds;
    const expected = (17 * 60) / (duration - 1);
    expect(Math.abs(result.wcpm - expected) / expected).toBeLessThan(0.12);
  }, 60_000);

  it('marks an omitted word as an omission', async () => {
    const wav = synthesise(
      'The little dog ran to the red barn. He saw a cat sitting on the fence.',
      'omission',
    );
    const result = await scoreAudio({ wav, passageText: PASSAGE, recogniser, grade: 2 });
    expect(result.words[6]).toMatchObject({ text: 'big', status: 'omission' });
    expect(result.errors).toBe(1);
    expect(result.wordsCorrect).toBe(16);
  }, 60_000);
});
