/**
 * Scores a read-aloud recording of a passage and prints one JSON object (the result contract,
 * core/fluency/result.schema.ts) on stdout, nothing else. Errors go to stderr, with nothing on
 * stdout, and a non-zero exit (docs/scoring.md): 2 for bad arguments or files (an unreadable file,
 * a passage with no words or too many), 3 for refused audio (the `audio_*` codes of
 * server/speech/errors.ts), 4 for recogniser failures (`recogniser_*`), 1 for anything unexpected.
 * Tested end to end in tests/score-cli.test.ts.
 *
 *   npm run --silent score -- --text PASSAGE.txt --audio READING.wav [--grade 3]
 *     [--season fall|winter|spring] [--mode practice|assessment] [--engine pocketsphinx|openai]
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { sharedMoonshineSecondOpinion } from '#server/speech/command-moonshine.ts';
import { SpeechError } from '#server/speech/errors.ts';
import { createPocketsphinxRecogniser } from '#server/speech/pocketsphinx.ts';
import { createOpenAiRecogniser } from '#server/speech/openai.ts';
import { createMoonshineNominator } from '#server/speech/reading-moonshine.ts';
import { scoreAudio } from '#server/speech/score-audio.ts';
import type { Grade, Season } from '#core/fluency/orf-norms.ts';

const USAGE =
  'usage: score --text PASSAGE.txt --audio READING.wav [--grade K|1-12] [--season fall|winter|spring] [--mode practice|assessment] [--engine pocketsphinx|openai]';

/** Exit status for a refused scoring: a bad passage is a bad file (2), not refused audio (3). */
function exitCodeOf(err: SpeechError): number {
  if (err.code.startsWith('recogniser')) return 4;
  if (err.code.startsWith('passage')) return 2;
  return 3;
}

/**
 * The `--grade` value as a norms grade: K or Pre-K (any case), or a whole number 0–12 written in
 * decimal digits; undefined otherwise (so "", "0x3", "1e1" and "3.5" are refused, not read as numbers).
 */
function parseGrade(text: string): Grade | undefined {
  const t = text.trim().toUpperCase();
  if (t === 'K' || t === 'PRE-K') return 'K';
  if (!/^\d{1,2}$/.test(t)) return undefined;
  const n = Number(t);
  return n <= 12 ? n : undefined;
}

function fail(message: string, code: number): never {
  process.stderr.write(`score: ${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        text: { type: 'string' },
        audio: { type: 'string' },
        grade: { type: 'string', default: '3' },
        season: { type: 'string', default: 'winter' },
        mode: { type: 'string', default: 'practice' },
        engine: { type: 'string', default: 'pocketsphinx' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`, 2);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!values.text || !values.audio) fail(USAGE, 2);
  const grade = parseGrade(values.grade);
  if (grade === undefined) fail(`--grade must be K or 1–12, got '${values.grade}'`, 2);
  if (!['fall', 'winter', 'spring'].includes(values.season))
    fail(`--season must be fall, winter or spring`, 2);
  if (values.mode !== 'practice' && values.mode !== 'assessment')
    fail(`--mode must be practice or assessment`, 2);
  if (values.engine !== 'pocketsphinx' && values.engine !== 'openai')
    fail(`--engine must be pocketsphinx or openai`, 2);

  const [passageText, wav] = await Promise.all([
    readFile(values.text, 'utf8').catch((e: Error) =>
      fail(`cannot read --text ${values.text}: ${e.message}`, 2),
    ),
    readFile(values.audio).catch((e: Error) => fail(`cannot read --audio ${values.audio}: ${e.message}`, 2)),
  ]);
  let recogniser;
  if (values.engine === 'openai') {
    const apiKey = process.env.OPENAI_API_KEY;
    if (!apiKey) fail('--engine openai needs OPENAI_API_KEY', 2);
    recogniser = createOpenAiRecogniser({
      apiKey,
      ...(process.env.OPENAI_BASE_URL ? { baseUrl: process.env.OPENAI_BASE_URL } : {}),
    });
  } else {
    // pocketsphinx judges, Moonshine (when its model is there) nominates candidates, as in the app
    recogniser = createPocketsphinxRecogniser({
      nominate: createMoonshineNominator(sharedMoonshineSecondOpinion()),
    });
  }
  try {
    const result = await scoreAudio({
      wav: new Uint8Array(wav.buffer, wav.byteOffset, wav.byteLength),
      passageText,
      recogniser,
      grade,
      season: values.season as Season,
      mode: values.mode,
    });
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } catch (err) {
    if (err instanceof SpeechError) fail(`${err.code}: ${err.message}`, exitCodeOf(err));
    fail(err instanceof Error ? err.message : String(err), 1);
  }
}

await main();
