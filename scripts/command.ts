/**
 * Recognises one spoken command and prints one JSON object on stdout, nothing else:
 * `{ intent: 'navigate' | 'action' | null, target, phrase, confidence }` (core/voice/command.ts
 * `VoiceAnswer`), the same answer as POST /api/voice/command. The command list is the one a screen
 * offers when first shown (src/app/voice/screen-commands.ts: the screen's own commands with the
 * library's story titles, the actions every screen has, all navigation); without --screen, the
 * actions and navigation only; --commands FILE gives a list of your own (a JSON array).
 * Errors go to stderr, with nothing on stdout, and exit 2 for bad arguments or files (including an
 * unknown screen or an empty list), 3 for refused audio (the `audio_*` codes), 4 for recogniser
 * failures (`recogniser_*`), 1 for anything unexpected. Tested end to end in tests/command-cli.test.ts.
 *
 *   npm run --silent command -- --audio UTTERANCE.wav [--screen /path] [--commands FILE.json]
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { VoiceCommandSchema } from '#core/api/voice.ts';
import type { VoiceCommand } from '#core/voice/command.ts';
import { createCommandRecogniser } from '#server/speech/command-decoder.ts';
import { createMoonshineSecondOpinion } from '#server/speech/command-moonshine.ts';
import { recogniseCommandWav } from '#server/speech/command-service.ts';
import { SpeechError } from '#server/speech/errors.ts';
import { loadLibraryStories } from '#server/stories/content.ts';
import { paths } from '#src/app/paths.ts';
import { screenCommandList } from '#src/app/voice/screen-commands.ts';

const USAGE = 'usage: command --audio UTTERANCE.wav [--screen /path] [--commands FILE.json]';

function fail(message: string, code: number): never {
  process.stderr.write(`command: ${message}\n`);
  process.exit(code);
}

/** Exit status of a refusal: a bad list is a bad argument (2), refused audio 3, the recogniser 4. */
function exitCodeOf(err: SpeechError): number {
  if (err.code.startsWith('recogniser')) return 4;
  if (err.code.startsWith('commands')) return 2;
  return 3;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        audio: { type: 'string' },
        screen: { type: 'string' },
        commands: { type: 'string' },
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
  if (!values.audio) fail(USAGE, 2);
  const screen = values.screen;
  if (screen !== undefined && !(Object.values(paths) as string[]).includes(screen))
    fail(`--screen must be a route path of the app such as /fluency, got '${screen}'`, 2);

  let commands: VoiceCommand[];
  if (values.commands) {
    const text = await readFile(values.commands, 'utf8').catch((e: Error) =>
      fail(`cannot read --commands ${values.commands}: ${e.message}`, 2),
    );
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      fail(`--commands ${values.commands} is not JSON`, 2);
    }
    const list = z.array(VoiceCommandSchema).safeParse(parsed);
    if (!list.success)
      fail(`--commands ${values.commands}: ${list.error.issues[0]?.message ?? 'not a list'}`, 2);
    commands = list.data;
  } else {
    const library = loadLibraryStories().map((s) => ({ id: s.slug, title: s.title }));
    commands = screenCommandList(screen, library);
  }
  const wav = await readFile(values.audio).catch((e: Error) =>
    fail(`cannot read --audio ${values.audio}: ${e.message}`, 2),
  );
  try {
    const answer = await recogniseCommandWav({
      wav: new Uint8Array(wav.buffer, wav.byteOffset, wav.byteLength),
      commands,
      recogniser: createCommandRecogniser({ warm: false, secondOpinion: createMoonshineSecondOpinion() }),
    });
    process.stdout.write(`${JSON.stringify(answer)}\n`);
  } catch (err) {
    if (err instanceof SpeechError) fail(`${err.code}: ${err.message}`, exitCodeOf(err));
    fail(err instanceof Error ? err.message : String(err), 1);
  }
}

await main();
