/**
 * Scores a read-aloud recording of a passage and prints one JSON object (the result contract,
 * core/fluency/result.schema.ts) on stdout. Errors go to stderr with a non-zero exit:
 * 2 for bad arguments or files, 3 for refused audio, 4 for recogniser failures.
 *
 *   npm run --silent score -- --text PASSAGE.txt --audio READING.wav [--grade 3]
 *     [--season fall|winter|spring] [--mode practice|assessment] [--engine pocketsphinx|openai]
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { SpeechError } from '#server/speech/errors.ts';
import { createPocketsphinxRecogniser } from '#server/speech/pocketsphinx.ts';
import { createOpenAiRecogniser } from '#server/speech/openai.ts';
import { scoreAudio } from '#server/speech/score-audio.ts';
import type { Grade, Season } from '#core/fluency/orf-norms.ts';

const USAGE =
  'usage: score --text PASSAGE.txt --audio READING.wav [--grade K|1-12] [--season fall|winter|spring] [--mode practice|assessment] [--engine pocketsphinx|openai]';

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
  const gradeText = values.grade.toUpperCase();
  const grade: Grade = gradeText === 'K' || gradeText === 'PRE-K' ? 'K' : Number(gradeText);
  if (grade !== 'K' && !(Number.isInteger(grade) && grade >= 0 && grade <= 12))
    fail(`--grade must be K or 0–12, got ${values.grade}`, 2);
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
    recogniser = createPocketsphinxRecogniser();
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
    if (err instanceof SpeechError)
      fail(`${err.code}: ${err.message}`, err.code.startsWith('recogniser') ? 4 : 3);
    fail(err instanceof Error ? err.message : String(err), 1);
  }
}

await main();
