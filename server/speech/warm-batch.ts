/**
 * A warm `pocketsphinx_batch` for spoken commands (issue 11; docs/decisions/0015-spoken-commands.md):
 * one long-lived decoder process per frequency warp, fed through named pipes as the streaming
 * tracker's (stream-decoder.ts), so that the acoustic model and the dictionary are loaded once
 * rather than once per command. Each command is two utterances of the same audio: against the
 * command grammar and against the free garbage loop (command-decoder.ts).
 *
 * The dictionary is the whole of cmudict (so that any story title or button name in it can be said
 * without restarting), the phone-loop words, and any words guessed by letter to sound given when
 * the process starts. A grammar with a word outside it cannot be decoded here: the caller checks
 * {@link WarmBatch.knows} first.
 *
 * The process ends with the server: its wrapper watches its stdin, which closes when Node exits, so
 * no decoder outlives the app (a named pipe would otherwise keep it waiting forever).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { constants, readFileSync } from 'node:fs';
import { mkdtemp, open, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { SpeechError } from '#server/speech/errors.ts';

/** Settings of {@link startWarmBatch}. */
export interface WarmBatchOptions {
  binary: string;
  modelDir: string;
  /** cmudict (pocketsphinx's format): loaded whole into the decoder. */
  dictionaryPath: string;
  /** Dictionary lines beside cmudict: the phone-loop words and guessed pronunciations. */
  extraLines: readonly string[];
  /** Decoder arguments of the frequency warp (none for no warp; command-decoder.ts `commandWarpArgs`). */
  warpArgs: readonly string[];
  languageWeight: number;
  /** Further decoder arguments. */
  extraArgs?: readonly string[];
  /** Virtual memory limit of the decoder, kB (the whole dictionary needs about 300 MB). */
  memoryKb: number;
}

/** One command's two decodes, as `-hypseg` lines (null when the decoder gave none). */
export interface WarmDecode {
  command: string | null;
  garbage: string | null;
}

/** A running decoder. */
export interface WarmBatch {
  /** Whether a word (as written in a grammar) has a pronunciation in this decoder's dictionary. */
  knows(word: string): boolean;
  /**
   * Decodes one utterance against a command grammar and a garbage grammar (FSG texts).
   * Calls are served one at a time, in order.
   * @param raw 16 kHz mono 16-bit PCM
   * @param frames the last 10 ms frame to decode (inclusive)
   * @throws SpeechError `recogniser_timeout` when it does not answer within `timeoutMs` (the process
   *   is then ended), `recogniser_failed` when it stopped
   */
  decode(
    raw: Buffer,
    frames: number,
    commandFsg: string,
    garbageFsg: string,
    timeoutMs: number,
  ): Promise<WarmDecode>;
  /** CPU time the decoder has used so far, seconds (Linux `/proc`; 0 when unknown). */
  cpuSeconds(): number;
  /** Whether it stopped (a failure or {@link WarmBatch.close}): start a new one. */
  readonly dead: boolean;
  close(): Promise<void>;
}

/** User + system CPU seconds of a process (Linux `/proc/PID/stat`, clock ticks of 10 ms); 0 when unknown. */
function processCpu(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

let cmudictWords: Set<string> | undefined;
/** The words of a cmudict file (variants `word(2)` folded), read once (the first path asked for). */
export function wordsOf(path: string): Set<string> {
  if (!cmudictWords) {
    cmudictWords = new Set();
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      const w = line.slice(0, line.indexOf(' ')).replace(/\(\d+\)$/, '');
      if (w) cmudictWords.add(w);
    }
  }
  return cmudictWords;
}

/**
 * Starts a warm decoder and waits until its model is loaded (one short decode of silence).
 * @throws SpeechError `recogniser_unavailable` when the binary is missing, or as {@link WarmBatch.decode}
 */
export async function startWarmBatch(options: WarmBatchOptions): Promise<WarmBatch> {
  try {
    execFileSync('sh', ['-c', `command -v "$0"`, options.binary], { stdio: 'ignore' });
  } catch {
    throw new SpeechError(
      'recogniser_unavailable',
      `${options.binary} is not installed (apt-get install pocketsphinx pocketsphinx-en-us).`,
    );
  }
  const known = new Set(wordsOf(options.dictionaryPath));
  for (const l of options.extraLines) known.add(l.slice(0, l.indexOf(' ')).replace(/\(\d+\)$/, ''));

  const dir = await mkdtemp(join(tmpdir(), 'sparky-cmd-warm-'));
  const ctlPath = join(dir, 'ctl');
  const fsgctlPath = join(dir, 'fsgctl');
  const hypPath = join(dir, 'hyp');
  await writeFile(
    join(dir, 'commands.dict'),
    `${readFileSync(options.dictionaryPath, 'utf8').trimEnd()}\n${options.extraLines.join('\n')}\n`,
  );
  execFileSync('mkfifo', [ctlPath, fsgctlPath, hypPath]);
  const [ctl, fsgctl] = await Promise.all([
    open(ctlPath, constants.O_RDWR),
    open(fsgctlPath, constants.O_RDWR),
  ]);
  const child: ChildProcess = spawn(
    'bash',
    [
      '-c',
      // fd 3 keeps the wrapper's stdin for the watcher (a background job's stdin is /dev/null):
      // when Node exits, stdin closes, the decoder is ended and its folder (a copy of cmudict) removed.
      // A decoder ended before it opened its hypothesis pipe would leave `cat "$HYP"` waiting for a
      // writer for ever (and the wrapper with it): the watcher opens the pipe once itself (read-write
      // never blocks), which lets that `cat` through to its end of file.
      `ulimit -v ${options.memoryKb}; exec 3<&0; "$0" "$@" & pid=$!; ` +
        `{ cat >/dev/null; kill -9 $pid 2>/dev/null; : 4<>"$HYP"; } <&3 2>/dev/null & ` +
        `cat "$HYP"; wait $pid; rm -rf "$WARM_DIR"`,
      options.binary,
      '-hmm',
      options.modelDir,
      '-adcin',
      'yes',
      '-cepdir',
      dir,
      '-cepext',
      '.raw',
      '-remove_silence',
      'no',
      '-lw',
      String(options.languageWeight),
      '-dict',
      join(dir, 'commands.dict'),
      '-ctl',
      ctlPath,
      '-fsgctl',
      fsgctlPath,
      '-fsgdir',
      dir,
      '-fsgext',
      '.fsg',
      '-hypseg',
      hypPath,
      '-logfn',
      '/dev/null',
      ...options.warpArgs,
      ...(options.extraArgs ?? []),
    ],
    {
      stdio: ['pipe', 'pipe', 'ignore'],
      detached: true,
      env: { ...process.env, HYP: hypPath, WARM_DIR: dir },
    },
  );
  // Neither the process nor its pipes keep Node running.
  child.unref();
  (child.stdin as (Writable & { unref?: () => void }) | null)?.unref?.();
  (child.stdout as (Readable & { unref?: () => void }) | null)?.unref?.();

  const waiting = new Map<string, { resolve: (line: string) => void; reject: (err: Error) => void }>();
  let failure: SpeechError | undefined;
  let closed = false;
  const failAll = (err: SpeechError): void => {
    failure ??= err;
    for (const p of waiting.values()) p.reject(err);
    waiting.clear();
  };
  let buffered = '';
  child.stdout?.on('data', (d: Buffer) => {
    buffered += d.toString();
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      const p = waiting.get(line.split(' ')[0] ?? '');
      if (p) {
        waiting.delete(line.split(' ')[0] ?? '');
        p.resolve(line);
      }
    }
  });
  child.on('error', (err) =>
    failAll(new SpeechError('recogniser_unavailable', `Cannot start ${options.binary}: ${err.message}`)),
  );
  child.on('close', (code, sig) =>
    failAll(
      closed
        ? new SpeechError('recogniser_failed', 'The command decoder is closed.')
        : new SpeechError(
            'recogniser_failed',
            `${options.binary} stopped (${sig ?? `exit ${String(code)}`}).`,
          ),
    ),
  );
  const kill = (): void => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  const closeFiles = (handles: FileHandle[]) =>
    Promise.all(handles.map((h) => h.close().catch(() => undefined)));

  let seq = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const expect = (id: string, timeoutMs: number): Promise<string> =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        const err = new SpeechError(
          'recogniser_timeout',
          `Speech recognition took longer than ${Math.round(timeoutMs / 1000)} s.`,
        );
        reject(err);
        failAll(err);
        kill();
      }, timeoutMs);
      waiting.set(id, {
        resolve: (l) => {
          clearTimeout(timer);
          resolve(l);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
    });
  const decodeOne = async (
    raw: Buffer,
    frames: number,
    commandFsg: string,
    garbageFsg: string,
    timeoutMs: number,
  ): Promise<WarmDecode> => {
    if (failure) throw failure;
    const id = `u${++seq}`;
    // The grammars are read when their utterance starts: the previous command has been decoded.
    await Promise.all([
      writeFile(join(dir, `${id}.raw`), raw),
      writeFile(join(dir, 'cmd.fsg'), commandFsg),
      writeFile(join(dir, 'gar.fsg'), garbageFsg),
    ]);
    const lines = Promise.all([expect(`${id}c`, timeoutMs), expect(`${id}g`, timeoutMs)]);
    try {
      // Each grammar's line before its utterance's: the decoder reads it as the utterance starts.
      await fsgctl.write('cmd\ngar\n');
      await ctl.write(`${id} 0 ${frames} ${id}c\n${id} 0 ${frames} ${id}g\n`);
    } catch (e) {
      failAll(new SpeechError('recogniser_failed', `Cannot feed the decoder: ${(e as Error).message}`));
    }
    try {
      const [command, garbage] = await lines;
      return { command, garbage };
    } finally {
      await rm(join(dir, `${id}.raw`), { force: true });
    }
  };

  const batch: WarmBatch = {
    knows: (word) => known.has(word),
    decode(raw, frames, commandFsg, garbageFsg, timeoutMs) {
      const run = queue.then(() => decodeOne(raw, frames, commandFsg, garbageFsg, timeoutMs));
      queue = run.catch(() => undefined);
      return run;
    },
    cpuSeconds: () => (decoderPid ? processCpu(decoderPid) : 0),
    get dead() {
      return closed || failure !== undefined;
    },
    async close() {
      if (closed) return;
      closed = true;
      kill();
      failAll(new SpeechError('recogniser_failed', 'The command decoder is closed.'));
      await closeFiles([ctl, fsgctl]);
      await rm(dir, { recursive: true, force: true });
    },
  };
  let decoderPid: number | undefined;
  // Loading cmudict whole takes a few seconds on a busy machine: wait for it here, not in a child's command.
  try {
    const word = options.extraLines[0]?.split(' ')[0] ?? 'a';
    const fsg = `FSG_BEGIN w\nNUM_STATES 2\nSTART_STATE 0\nFINAL_STATE 1\nTRANSITION 0 1 1.0 ${word}\nFSG_END\n`;
    await batch.decode(Buffer.alloc(3200), 18, fsg, fsg, 60_000);
    // the decoder itself: the wrapper's child running the binary
    decoderPid = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number)
      .find((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith(options.binary);
        } catch {
          return false;
        }
      });
  } catch (err) {
    await batch.close();
    throw err;
  }
  return batch;
}
