/**
 * Incremental decoding for the streaming tracker (issue 12; docs/decisions/0019-streaming-tracker.md):
 * one long-lived `pocketsphinx_batch` process per reader decodes short windows of the reading,
 * one after another, each against the scorer's passage grammar (grammar.ts, with the scorer's
 * distractors and garbage loop: `preparePassage`) started at the reader's place in the passage.
 *
 * The process reads its control lists (`-ctl`, and `-fsgctl` for the grammar of each window) from
 * two named pipes, so the acoustic model and dictionary are loaded once and each window costs only
 * its own decoding; it writes one `-hypseg` line per window to stdout, flushed at once. Each
 * window is written as a raw 16 kHz file followed by `PAD_SECONDS` of silence: a window cut in the
 * middle of a word otherwise has no path to the grammar's final state and decodes to nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants, readFileSync } from 'node:fs';
import { mkdtemp, open, rm, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import type { HeardWord, PassageWord } from '#core/text/normalize.ts';
import { SpeechError } from '#server/speech/errors.ts';
import { buildPassageGrammar, LOOKAHEAD_WORDS, withLookahead } from '#server/speech/grammar.ts';

export { LOOKAHEAD_WORDS, withLookahead };
import { parseHypsegSegments, type HypsegSegment } from '#server/speech/gop.ts';
import {
  DEFAULT_MODEL_DIR,
  keepKnownWords,
  preparePassage,
  type PocketsphinxOptions,
} from '#server/speech/pocketsphinx.ts';
import { UNCLEAR } from '#server/speech/recogniser.ts';

/** Silence appended to every window, seconds (see the module comment). */
export const PAD_SECONDS = 0.3;
/** Seed of the decoder's dither (any fixed value: repeatable decodes). */
const DITHER_SEED = 1;
/** Passage words before the reader's place kept in a window's grammar (the scorer's back window). */
const WORDS_BEHIND = 5;
/** Passage words after the reader's place in a window's grammar: more than a window ever holds. */
const WORDS_AHEAD = 40;
const FRAMES_PER_SECOND = 100;

/** One decoded window, times in seconds from the window's start. */
export interface DecodedWindow {
  /** Words heard (silence left out, runs of garbage phones as `[unclear]`). */
  words: HeardWord[];
  /** Start of the first sound (a word or garbage), or null when the window held silence only. */
  firstSound: number | null;
  /** End of the last sound, or null. */
  lastSound: number | null;
}

/** A passage decoder for one reader. */
export interface StreamDecoder {
  /**
   * Decodes one window of audio against the passage from position `state`.
   * @param samples 16 kHz mono 16-bit PCM of the window.
   * @param state passage words already read (the grammar starts before word `state`).
   * @param lookahead words after `state` the window may start at (default `LOOKAHEAD_WORDS`; the
   *   follower widens it when it has lost its place, `REANCHOR_WORDS` in core/tutor/follow.ts).
   * @throws SpeechError `recogniser_failed` / `recogniser_timeout` when the decoder dies or hangs.
   */
  decode(samples: Int16Array, state: number, lookahead?: number): Promise<DecodedWindow>;
  /** Ends the decoder process and removes its files (idempotent). */
  close(): Promise<void>;
  /** CPU time the decoder process has used so far, seconds (Linux `/proc`; 0 when unknown). */
  cpuSeconds?(): number;
}

/** User + system CPU seconds of a process and its children's processes, from `/proc` (Linux). */
function processTreeCpu(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the name), clock ticks of 10 ms
    const own = (Number(fields[11]) + Number(fields[12])) / 100;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return own + children.reduce((sum, c) => sum + processTreeCpu(c), 0);
  } catch {
    return 0;
  }
}

export interface StreamDecoderOptions extends PocketsphinxOptions {
  /** Longest wait for one window's decode, ms (default 10 s). */
  windowTimeoutMs?: number;
}

const SILENCE = /^(<sil>|<s>|<\/s>|\(NULL\))$/;
const FILLER = /^(\[.*\]|\+\+.*\+\+|\+.*\+|<.*>)$/;

/**
 * Turns a window's `-hypseg` segments into words and the span of sound.
 * @param segments frames of 10 ms from the window's start.
 * @param seconds the window's real length (the padding after it is left out).
 */
export function windowWords(segments: readonly HypsegSegment[], seconds: number): DecodedWindow {
  const words: HeardWord[] = [];
  let firstSound: number | null = null;
  let lastSound: number | null = null;
  let lastWasGarbage = false;
  for (const seg of segments) {
    const unit = seg.unit.replace(/\(\d+\)$/, '');
    if (SILENCE.test(unit)) {
      lastWasGarbage = false;
      continue;
    }
    const start = Math.min(seconds, seg.start / FRAMES_PER_SECOND);
    const end = Math.min(seconds, seg.end / FRAMES_PER_SECOND);
    if (end <= start) continue;
    firstSound ??= start;
    lastSound = end;
    if (FILLER.test(unit)) {
      lastWasGarbage = false;
      continue;
    }
    if (unit.startsWith('ph_')) {
      const prev = words[words.length - 1];
      if (lastWasGarbage && prev) prev.end = end;
      else words.push({ word: UNCLEAR, start, end });
      lastWasGarbage = true;
      continue;
    }
    lastWasGarbage = false;
    words.push({ word: unit, start, end });
  }
  return { words, firstSound, lastSound };
}

/**
 * Starts a decoder for one reader of `passage`.
 * @throws SpeechError `recogniser_unavailable` when pocketsphinx or its model is missing.
 */
export async function createStreamDecoder(
  passage: readonly PassageWord[],
  options: StreamDecoderOptions = {},
): Promise<StreamDecoder> {
  const prepared = await preparePassage(passage, options);
  const binary = options.binary ?? 'pocketsphinx_batch';
  try {
    execFileSync('sh', ['-c', `command -v "$0"`, binary], { stdio: 'ignore' });
  } catch {
    throw new SpeechError(
      'recogniser_unavailable',
      `${binary} is not installed (apt-get install pocketsphinx pocketsphinx-en-us).`,
    );
  }
  const dir = await mkdtemp(join(tmpdir(), 'sparky-follow-'));
  const ctlPath = join(dir, 'ctl');
  const fsgctlPath = join(dir, 'fsgctl');
  const hypPath = join(dir, 'hyp');
  await writeFile(join(dir, 'passage.dict'), `${prepared.dictLines.join('\n')}\n`);
  execFileSync('mkfifo', [ctlPath, fsgctlPath, hypPath]);
  // O_RDWR: opening a named pipe this way never blocks (Linux), whoever opens the other end first.
  const [ctl, fsgctl] = await Promise.all([
    open(ctlPath, constants.O_RDWR),
    open(fsgctlPath, constants.O_RDWR),
  ]);
  const memoryKb = options.memoryLimitKb ?? 1_000_000;
  const child: ChildProcess = spawn(
    'bash',
    [
      '-c',
      // The hypotheses go through a named pipe and `cat`: the decoder cannot open a socket
      // (Node's stdout pipe) by name, and cat passes each line on as soon as it is written.
      `ulimit -v ${memoryKb} && { "$0" "$@" & pid=$!; cat "$HYP"; wait $pid; }`,
      binary,
      '-hmm',
      options.modelDir ?? DEFAULT_MODEL_DIR,
      '-adcin',
      'yes',
      '-cepdir',
      dir,
      '-cepext',
      '.raw',
      '-remove_silence',
      'no',
      // Digital silence (exact zeros: the padding after each window, a muted or gated
      // microphone, the benchmark's gaps) has no log energy: a window's batch CMN became NaN and
      // the window decoded to nothing. Dither (±1 LSB, a fixed seed for repeatable runs) fixes it.
      '-dither',
      'yes',
      '-seed',
      String(DITHER_SEED),
      // Spectral noise removal estimates the noise from the head of each utterance: in a short
      // window of a word and near-silence it ate the word ("the" then a pause decoded to
      // nothing, so help went to the word before). The energy gate (follow-stream.ts) handles
      // noise instead. Measured in docs/follow-tracker.md.
      '-remove_noise',
      'no',
      '-lw',
      String(options.languageWeight ?? 8),
      '-dict',
      join(dir, 'passage.dict'),
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
      join(dir, 'log.txt'),
      ...(options.extraArgs ?? []),
    ],
    { stdio: ['ignore', 'pipe', 'ignore'], detached: true, env: { ...process.env, HYP: hypPath } },
  );

  interface Pending {
    resolve: (line: string) => void;
    reject: (err: Error) => void;
  }
  const pending = new Map<string, Pending>();
  let failure: SpeechError | undefined;
  let closed = false;
  const failAll = (err: SpeechError): void => {
    failure ??= err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  let buffered = '';
  child.stdout?.on('data', (d: Buffer) => {
    buffered += d.toString();
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      const id = line.split(' ')[0] ?? '';
      const p = pending.get(id);
      if (p) {
        pending.delete(id);
        p.resolve(line);
      }
    }
  });
  child.on('error', (err) =>
    failAll(new SpeechError('recogniser_unavailable', `Cannot start ${binary}: ${err.message}`)),
  );
  child.on('close', (code, sig) => {
    if (!closed)
      failAll(
        new SpeechError(
          code === 127 ? 'recogniser_unavailable' : 'recogniser_failed',
          `${binary} stopped (${sig ?? `exit ${String(code)}`}).`,
        ),
      );
  });

  const grammars = new Set<string>();
  /** Writes the grammar that starts before word `state` (once per state and lookahead). */
  const grammarFor = async (state: number, lookahead: number): Promise<string> => {
    const name = lookahead === LOOKAHEAD_WORDS ? `s${state}` : `s${state}a${lookahead}`;
    if (grammars.has(name)) return name;
    const lo = Math.max(0, state - WORDS_BEHIND);
    const hi = Math.min(passage.length, state + WORDS_AHEAD);
    const slice = passage.slice(lo, Math.max(hi, lo + 1));
    const g = buildPassageGrammar(slice, {
      distractors: prepared.distractors,
      garbageWords: prepared.garbageWords,
      probabilities: options.probabilities ?? {},
    });
    const fsg = withLookahead(
      keepKnownWords(g.fsg, prepared.known),
      Math.min(state, passage.length) - lo,
      hi - lo,
      lookahead,
    );
    await writeFile(join(dir, `${name}.fsg`), fsg);
    grammars.add(name);
    return name;
  };

  let seq = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const decodeOne = async (
    samples: Int16Array,
    state: number,
    lookahead = LOOKAHEAD_WORDS,
  ): Promise<DecodedWindow> => {
    if (failure) throw failure;
    if (closed) throw new SpeechError('recogniser_failed', 'The decoder is closed.');
    const id = `w${++seq}`;
    const pad = Math.round(PAD_SECONDS * 16000);
    const bytes = Buffer.alloc((samples.length + pad) * 2);
    Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength).copy(bytes);
    const file = join(dir, `${id}.raw`);
    const [grammar] = await Promise.all([grammarFor(state, lookahead), writeFile(file, bytes)]);
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        const err = new SpeechError('recogniser_timeout', 'The streaming decoder stopped answering.');
        reject(err);
        failAll(err);
        kill();
      }, options.windowTimeoutMs ?? 10_000);
      pending.set(id, {
        resolve: (l) => {
          clearTimeout(timer);
          resolve(l);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      // The grammar's line first: the decoder reads it for the utterance the ctl line starts.
      void fsgctl
        .write(`${grammar}\n`)
        .then(() => ctl.write(`${id}\n`))
        .catch((e: Error) =>
          failAll(new SpeechError('recogniser_failed', `Cannot feed the decoder: ${e.message}`)),
        );
    }).finally(() => void unlink(file).catch(() => undefined));
    const segments = parseHypsegSegments(line).get(id) ?? [];
    return windowWords(segments, samples.length / 16000);
  };
  const kill = (): void => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  const closeFiles = async (handles: FileHandle[]): Promise<void> => {
    await Promise.all(handles.map((h) => h.close().catch(() => undefined)));
  };

  // Wait for the model to load (and fail here, not mid-reading, when the decoder cannot run).
  try {
    await decodeOne(new Int16Array(1600), 0);
  } catch (err) {
    closed = true;
    kill();
    await closeFiles([ctl, fsgctl]);
    await rm(dir, { recursive: true, force: true });
    throw err;
  }

  return {
    decode(samples, state, lookahead) {
      const run = queue.then(() => decodeOne(samples, state, lookahead));
      queue = run.catch(() => undefined);
      return run;
    },
    cpuSeconds: () => (child.pid ? processTreeCpu(child.pid) : 0),
    async close() {
      if (closed) return;
      closed = true;
      kill();
      failAll(new SpeechError('recogniser_failed', 'The decoder is closed.'));
      await closeFiles([ctl, fsgctl]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
