/**
 * Follows a reading with the streaming tracker (issue 12, server/speech/follow-stream.ts) and
 * prints one JSON line per event on stdout, nothing else:
 *   {"t": 1.8, "event": "word", "index": 0}   the tracker is sure passage word 0 was read
 *   {"t": 7.4, "event": "help", "index": 5}   it offers help with word 5
 * `t` is the audio fed when the event was known, seconds. The WAV is fed in 100 ms chunks on a
 * simulated real-time clock: chunk k arrives at (k + 1) × 0.1 s, and the clock runs on by the
 * wall time each decode takes, so a slow decoder makes later events, as it would live (no
 * sleeping while waiting: the clock jumps to the next chunk when the decoder is idle).
 * Omitted words (passed over, not read) and hesitations are not printed.
 *
 * Errors go to stderr with nothing on stdout and the exit codes of the score CLI: 2 for bad
 * arguments or files (and a passage with no words or too many), 3 for refused audio (`audio_*`),
 * 4 for recogniser failures (`recogniser_*`), 1 for anything unexpected. Tested in
 * tests/follow-cli.test.ts.
 *
 *   npm run --silent follow -- --text PASSAGE.txt --audio READING.wav [--help-after 3]
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { HELP_AFTER_RANGE } from '#core/tutor/follow.ts';
import { SpeechError } from '#server/speech/errors.ts';
import { feedRecording } from '#server/speech/follow-clock.ts';
import { createFollowStream, type FollowStream } from '#server/speech/follow-stream.ts';
import { parseWav, toRecogniserFormat } from '#server/speech/wav.ts';

const USAGE = 'usage: follow --text PASSAGE.txt --audio READING.wav [--help-after SECONDS (2-6, default 3)]';

function exitCodeOf(err: SpeechError): number {
  if (err.code.startsWith('recogniser')) return 4;
  if (err.code.startsWith('passage')) return 2;
  return 3;
}

function fail(message: string, code: number): never {
  process.stderr.write(`follow: ${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        text: { type: 'string' },
        audio: { type: 'string' },
        'help-after': { type: 'string', default: '3' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`, 2);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!values.text || !values.audio) fail(USAGE, 2);
  const helpAfter = /^\d+(\.\d+)?$/.test(values['help-after']) ? Number(values['help-after']) : NaN;
  if (!(helpAfter >= HELP_AFTER_RANGE.min && helpAfter <= HELP_AFTER_RANGE.max))
    fail(`--help-after must be ${HELP_AFTER_RANGE.min}–${HELP_AFTER_RANGE.max} seconds`, 2);
  const [passageText, wav] = await Promise.all([
    readFile(values.text, 'utf8').catch((e: Error) =>
      fail(`cannot read --text ${values.text}: ${e.message}`, 2),
    ),
    readFile(values.audio).catch((e: Error) => fail(`cannot read --audio ${values.audio}: ${e.message}`, 2)),
  ]);
  let stream: FollowStream | undefined;
  try {
    const audio = await toRecogniserFormat(
      parseWav(new Uint8Array(wav.buffer, wav.byteOffset, wav.byteLength)),
    );
    stream = await createFollowStream({ passageText, settings: { helpAfterSeconds: helpAfter } });
    const { events } = await feedRecording(stream, audio.samples, { clock: 'simulated' });
    const lines = events
      .filter(({ event: e }) => (e.event === 'word' && e.status !== 'omission') || e.event === 'help')
      .map(({ known, event: e }) =>
        JSON.stringify({ t: Math.round(known * 100) / 100, event: e.event, index: e.index }),
      );
    process.stdout.write(lines.length > 0 ? `${lines.join('\n')}\n` : '');
  } catch (err) {
    if (err instanceof SpeechError) fail(`${err.code}: ${err.message}`, exitCodeOf(err));
    fail(err instanceof Error ? err.message : String(err), 1);
  } finally {
    await stream?.close();
  }
}

await main();
