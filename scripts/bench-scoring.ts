/**
 * Scoring benchmark (issue 4): builds its own readings with flite (voices slt, rms, awb, kal16;
 * normal and slow pace), plants omissions, substitutions, insertions, repetitions,
 * self-corrections and hesitations, scores each reading with the real pipeline and prints:
 * miscue precision / recall / F1 (errors = omission + substitution), false errors on clean
 * readings, WCPM mean absolute error, and wall time per second of audio.
 *
 *   npm run bench:scoring [-- --quick] [--child] [--rate HZ] [--keep] [--json FILE] [--verbose]
 *
 * A reading the pipeline fails on (e.g. a recogniser timeout on a busy machine) is reported and
 * left out of the figures, and the run exits 1; the recogniser limits are generous here
 * (BENCH_LIMITS).
 *
 * Audio is generated in a temporary folder and deleted (kept with --keep). Needs flite, sox
 * and pocketsphinx (Debian packages).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { encodeWav } from '#core/audio/wav.ts';
import type { WordStatus } from '#core/fluency/align.ts';
import { hasReachedTheEnd } from '#core/fluency-session/end-of-reading.ts';
import type { KeptFirstPass } from '#server/speech/recogniser.ts';
import { tokenisePassage } from '#core/text/normalize.ts';
import {
  DEFAULT_CMUDICT,
  DEFAULT_WORD_FREQUENCIES,
  FUNCTION_WORDS,
  loadLexicon,
  loadWordLogProbabilities,
} from '#server/speech/lexicon.ts';
import { lexiconFor } from '#server/speech/pocketsphinx.ts';
import type { AbsorbedInsertion } from '#server/speech/absorbed-insertions.ts';
import {
  createPocketsphinxRecogniser,
  createPocketsphinxWarpSearch,
  DEFAULT_MODEL_DIR,
  parseCtm,
  pauseCuts,
  type GopScore,
  type PocketsphinxOptions,
  type WarpChoice,
} from '#server/speech/pocketsphinx.ts';
import { features, type VerifyEvidence } from '#server/speech/verify.ts';
import { nearMissMargin, type NearMissEvidence } from '#server/speech/near-miss.ts';
import type { OwnVowelEvidence } from '#server/speech/own-vowels.ts';
import { scoreAudio } from '#server/speech/score-audio.ts';
import { SpeechError } from '#server/speech/errors.ts';
import { parseWav, toRecogniserFormat } from '#server/speech/wav.ts';
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { sharedMoonshineSecondOpinion } from '#server/speech/command-moonshine.ts';
import { createMoonshineNominator, type Nominator } from '#server/speech/reading-moonshine.ts';
import {
  createReadingPretranscriber,
  createReadingTranscriptCache,
} from '#server/speech/reading-transcripts.ts';
import { createReadingWarpChooser, createReadingWarpStore } from '#server/speech/reading-warps.ts';
import { BENCH_PASSAGES } from './bench/passages.ts';
import {
  REAL_RECORDINGS,
  REAL_SPEECH_DIR,
  realReadingPlan,
  type RealRecording,
} from './bench/real-speech.ts';
import {
  IVR_SPEECH_DIR,
  IVR_TRANSCRIPTS,
  ivrReadings,
  readIvrTranscripts,
  type IvrReading,
  spellingMisreadings,
} from './bench/ivr-speech.ts';
import { decodeG722 } from './bench/g722.ts';
import { compareErrors, prf, speechSpan, type Counts } from './bench/evaluate.ts';
import { planReading, type ReadingPlan } from './bench/plan.ts';

const run = promisify(execFile);
const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    json: { type: 'string' },
    /** Reuse the audio of an earlier --keep run instead of synthesising. */
    reuse: { type: 'string' },
    /** Recogniser options as JSON (PocketsphinxOptions), for tuning sweeps. */
    options: { type: 'string' },
    /** Only readings whose id contains this text. */
    only: { type: 'string' },
    /** Comma-separated voices (default all four; --quick: slt, kal16). */
    voices: { type: 'string' },
    /** Readings scored at once (default 1; more is faster but wall time per audio second then means less). */
    jobs: { type: 'string' },
    /** Child-like readings: every voice raised by CHILD_SCALE (formants and pitch), same pace. */
    child: { type: 'boolean', default: false },
    /**
     * Deliver the synthetic readings as stereo WAV at this rate (e.g. 44100, a phone's or a browser's
     * rate) instead of 16 kHz mono, so the server's conversion to the recogniser's format is scored too.
     */
    rate: { type: 'string' },
    /** Score with pocketsphinx alone, without Moonshine's nominations (the app's scorer before the twelfth round). */
    'pocketsphinx-alone': { type: 'boolean', default: false },
    /**
     * Transcribe each reading's Moonshine chunks first, as the follow-along socket does while the child reads
     * (server/speech/reading-transcripts.ts, fed in 100 ms blocks, then the stop), and time the scoring after
     * it: the reader's wait after Stop. The chunks' CPU is reported apart ("while reading").
     */
    pretranscribe: { type: 'boolean', default: false },
    /**
     * With --pretranscribe: run the socket's early warp search on the first N seconds of audio (as the app does
     * when its `warpSearch` is given; reading-warps.ts, whose WARP_PREFIX_SECONDS is 20). Without it the upload
     * searches, as the app does by default.
     */
    'warp-prefix': { type: 'string' },
    /**
     * With --pretranscribe: the app's end-of-reading check before the upload (docs/scoring.md, twenty-first round):
     * the socket's chunks up to the check, the check on the reading less its last 0.5 s (`purpose: 'reading_end'`,
     * nominating from those chunks), its warp, first pass and nominations kept as the scoring service keeps them
     * (when it heard the last word), then the rest of the chunks and the upload. The check counts as "while reading".
     */
    'end-check': { type: 'boolean', default: false },
    /**
     * With --end-check and `splitFirstPass` in --options: while the socket is fed, each time the reading so far has
     * a new pause cut, decode its segments before the last cut (`Recogniser.decodeAhead`, as the socket would;
     * "while reading"), and give the check and the upload those segments (twenty-fifth round).
     */
    'segments-ahead': { type: 'boolean', default: false },
    /**
     * A reader's warp kept from their earlier readings (server/speech/reader-warps.ts): the `--json` file of an
     * earlier run of the same readings; each reading's search is seeded with the factor that run chose for the
     * previous reading of the same voice (the last one's for the first), as if the voice had read just before.
     */
    'seed-warps': { type: 'string' },
    /** With --seed-warps: score only the readings seeded with a warp other than 1. */
    'seeded-only': { type: 'boolean', default: false },
  },
});

/** --end-check: the check scores the reading less its last 0.5 s (as scripts/bench/end-check-nominations.ts). */
const END_CHECK_CUT_SAMPLES = 8000;

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/**
 * CPU seconds used so far by this process (its threads: Moonshine's onnxruntime too, `process.cpuUsage`) and by
 * its finished child processes (pocketsphinx, sphinx_fe, sox: cutime + cstime of /proc/self/stat).
 */
function cpuSecondsNow(): number {
  const own = process.cpuUsage();
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields 16 and 17 of proc(5) (rest starts at field 3)
  const children = (Number(rest[13]) + Number(rest[14])) / CLOCK_TICKS;
  return (own.user + own.system) / 1e6 + children;
}

const VOICES = ['slt', 'rms', 'awb', 'kal16'] as const;
/** Settings are chosen on these voices only. */
const TUNING_VOICES = ['slt', 'rms', 'awb'] as const;
/** Never used to choose a setting: reported apart to show how the settings carry over. */
const HELD_OUT_VOICES = ['kal16'] as const;
/** The real-speech set (scripts/bench/real-speech.ts), selected like a voice. */
const REAL = 'real';
/** The second real-speech set, the Asterisk prompts (scripts/bench/ivr-speech.ts), selected like a voice. */
const IVR = 'ivr';
type Group = 'tuning' | 'held-out' | 'real' | 'ivr';
const groupOf = (voice: string): Group =>
  voice === REAL
    ? 'real'
    : voice === IVR
      ? 'ivr'
      : (TUNING_VOICES as readonly string[]).includes(voice)
        ? 'tuning'
        : 'held-out';
const isRealGroup = (g: Group): boolean => g === 'real' || g === 'ivr';

interface Row {
  id: string;
  group: Group;
  miscues: boolean;
  warp: number;
  /** First-pass decodes the warp search ran (factors that scored). */
  warpDecodes?: number;
  /** Wider decodes of first passes that looked lost (lost-path.ts): warp, and whether the wider path was taken. */
  rescues?: { warp: number; taken: boolean }[];
  /** Words scored as read beside an inserted word Moonshine heard (absorbed-insertions.ts), with their truth. */
  absorbed?: { index: number; heard: string; inserted: string; truth: WordStatus | undefined }[];
  /** --seed-warps: the seed, and whether it was taken without a search. */
  seed?: number;
  seeded?: boolean;
  /** --pretranscribe: the warp the socket's early search chose (null: none, or it failed). */
  earlyWarp?: number | null;
  audioSeconds: number;
  elapsed: number;
  tp: number;
  fp: number;
  fn: number;
  words: number;
  trueWcpm: number;
  wcpm: number;
  wcpmError: number;
  found: Record<string, { planted: number; found: number }>;
  unsure: number;
  unsureErrors: number;
  /** Passage words whose error/not-error verdict disagrees with the truth (t truth, p scored). */
  misses: { i: number; t: WordStatus; p: WordStatus | undefined; heard: string | null | undefined }[];
  insertions: FluencyResult['insertions'];
  [more: string]: unknown;
}

interface Figures {
  readings: number;
  audioSeconds: number;
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
  falseErrors: number;
  cleanWords: number;
  wcpmError: number;
  wallSecondsPerAudioSecond: number;
  found: Record<string, { planted: number; found: number }>;
  insertionRate: number;
  unsure: number;
  unsureErrors: number;
  /**
   * Where the miscue readings' F1 is lost, per passage word (truth → scored): a planted
   * substitution or omission scored as read (`missed…`), a correctly read word scored as an
   * error (`false…`).
   */
  loss: {
    missedSubstitution: number;
    missedOmission: number;
    falseSubstitution: number;
    falseOmission: number;
  };
  /** Insertions reported on clean readings (nothing was inserted there; not errors, but noise for a teacher). */
  falseInsertions: number;
}

/** The benchmark's figures over some readings (see the file comment). */
function summarise(rows: readonly Row[]): Figures {
  const miscue: Counts = { tp: 0, fp: 0, fn: 0 };
  let falseErrors = 0;
  let cleanWords = 0;
  let falseInsertions = 0;
  const found: Record<string, { planted: number; found: number }> = {};
  const loss = { missedSubstitution: 0, missedOmission: 0, falseSubstitution: 0, falseOmission: 0 };
  for (const r of rows) {
    if (r.miscues)
      for (const m of r.misses) {
        if (m.t === 'substitution') loss.missedSubstitution++;
        else if (m.t === 'omission') loss.missedOmission++;
        else if (m.p === 'substitution') loss.falseSubstitution++;
        else loss.falseOmission++;
      }
    if (r.miscues) {
      miscue.tp += r.tp;
      miscue.fp += r.fp;
      miscue.fn += r.fn;
    } else {
      falseErrors += r.fp;
      cleanWords += r.words;
      falseInsertions += r.insertions.length;
    }
    for (const [kind, v] of Object.entries(r.found)) {
      const k = (found[kind] ??= { planted: 0, found: 0 });
      k.planted += v.planted;
      k.found += v.found;
    }
  }
  const { precision, recall, f1 } = prf(miscue);
  const audio = rows.reduce((n, r) => n + r.audioSeconds, 0);
  const ins = found.insertion;
  return {
    readings: rows.length,
    audioSeconds: Number(audio.toFixed(1)),
    ...miscue,
    precision: Number(precision.toFixed(3)),
    recall: Number(recall.toFixed(3)),
    f1: Number(f1.toFixed(3)),
    falseErrors,
    cleanWords,
    wcpmError: Number((rows.reduce((n, r) => n + r.wcpmError, 0) / Math.max(1, rows.length)).toFixed(2)),
    wallSecondsPerAudioSecond: Number((rows.reduce((n, r) => n + r.elapsed, 0) / audio).toFixed(4)),
    found,
    insertionRate: ins && ins.planted > 0 ? Math.round((100 * ins.found) / ins.planted) : 100,
    unsure: rows.reduce((n, r) => n + r.unsure, 0),
    unsureErrors: rows.reduce((n, r) => n + r.unsureErrors, 0),
    loss,
    falseInsertions,
  };
}

/**
 * Onset of the first and end of the last word of a known transcript in a 16 kHz recording, by
 * forced alignment (pocketsphinx with a grammar of exactly those words, silence allowed between
 * them): the true reading time of a real recording.
 */
async function transcriptSpan(
  wav: string,
  words: readonly string[],
): Promise<{ start: number; end: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'sparky-span-'));
  try {
    const lexicon = loadLexicon(DEFAULT_CMUDICT);
    const dict = [...new Set(words)].flatMap((w) =>
      lexicon.pronunciations(w).map((p, k) => `${k === 0 ? w : `${w}(${k + 1})`} ${p}`),
    );
    const fsg = [
      'FSG_BEGIN transcript',
      `NUM_STATES ${words.length + 1}`,
      'START_STATE 0',
      `FINAL_STATE ${words.length}`,
      ...words.map((w, k) => `TRANSITION ${k} ${k + 1} 1.0 ${w}`),
      'FSG_END',
      '',
    ].join('\n');
    await writeFile(join(dir, 'dict'), `${dict.join('\n')}\n`);
    await writeFile(join(dir, 'fsg'), fsg);
    await writeFile(join(dir, 'ctl'), `${basename(wav, '.wav')}\n`);
    await run('pocketsphinx_batch', [
      ...['-hmm', DEFAULT_MODEL_DIR, '-dict', join(dir, 'dict'), '-fsg', join(dir, 'fsg')],
      ...['-ctl', join(dir, 'ctl'), '-cepdir', dirname(wav), '-cepext', '.wav', '-adcin', 'yes'],
      ...['-adchdr', '44', '-remove_silence', 'no', '-ctm', join(dir, 'ctm'), '-logfn', join(dir, 'log')],
    ]);
    const heard = parseCtm(await readFile(join(dir, 'ctm'), 'utf8'));
    return { start: heard[0]?.start ?? 0, end: heard[heard.length - 1]?.end ?? 0 };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether a planted miscue shows in the result (a substitution scored as an omission counts). */
function plantedFound(p: ReadingPlan['planted'][number], result: FluencyResult): boolean {
  const w = result.words[p.index];
  switch (p.kind) {
    case 'omission':
    case 'substitution':
      return w?.status === 'omission' || w?.status === 'substitution';
    case 'self_correction':
      return w?.status === 'self_correction';
    case 'hesitation':
      return w?.hesitation === true;
    case 'insertion':
      return result.insertions.some((x) => x.afterIndex === p.index - 1);
    default:
      return result.repetitions.some(
        (x) => x.index === p.index || x.index === p.index - 1 || x.index === p.index - 2,
      );
  }
}
/**
 * --child: formants and pitch raised by 22 % by resampling (sox `speed`), the flite reading slowed
 * by as much first so the pace is unchanged. A rough stand-in for a child's shorter vocal tract:
 * 8–10-year-olds' formants sit ~15–25 % above adult women's and more above men's (Lee, Potamianos
 * & Narayanan 1999, "Acoustics of children's speech"). No flite voice is a child's.
 */
const CHILD_SCALE = 1.22;

/**
 * Recogniser time limits for the benchmark: generous, so that a reading is never lost to a
 * busy machine. The app's limits (10 s + 0.5 s per audio second, server/speech/pocketsphinx.ts)
 * guard a server; here the pipeline's accuracy is measured, and its speed is the wall time
 * figure. Overridden by `--options`.
 */
const BENCH_LIMITS = { timeoutBaseMs: 300_000, timeoutPerAudioSecondMs: 5_000 } as const;
const PACES = { normal: 1.0, slow: 1.5 } as const;

interface Reading {
  id: string;
  passageId: string;
  grade: (typeof BENCH_PASSAGES)[number]['grade'];
  text: string;
  voice: string;
  pace: keyof typeof PACES;
  miscues: boolean;
  plan: ReadingPlan;
  wav: string;
  /** Real speech: the recording as shipped, 16 kHz (`wav` is a child-like copy of it with --child). */
  source?: string;
  /** Real speech: what the reader said (spoken tokens), for the forced alignment of its true reading time. */
  said?: string;
  /** Real speech: planted substitutions whose said word is among the recogniser's distractors for the printed word. */
  listed?: ReadonlySet<number>;
}

async function synthesise(dir: string, r: Omit<Reading, 'wav'>): Promise<string> {
  const parts: string[] = [];
  const lead = join(dir, `${r.id}-lead.wav`);
  await run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', lead, 'trim', '0', '0.6']);
  parts.push(lead);
  for (const [k, seg] of r.plan.segments.entries()) {
    const out = join(dir, `${r.id}-${k}.wav`);
    if ('pause' in seg) {
      await run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', out, 'trim', '0', String(seg.pause)]);
    } else {
      const raw = join(dir, `${r.id}-${k}-raw.wav`);
      await run('flite', [
        '-voice',
        r.voice,
        '--setf',
        `duration_stretch=${PACES[r.pace] * (args.child ? CHILD_SCALE : 1)}`,
        '-t',
        seg.text,
        '-o',
        raw,
      ]);
      // -R: sox's dither is seeded the same every run, so a fresh synthesis gives the same audio (and figures)
      await run('sox', [
        '-R',
        raw,
        '-r',
        '16000',
        '-c',
        '1',
        '-b',
        '16',
        out,
        ...(args.child ? ['speed', String(CHILD_SCALE)] : []),
      ]);
      await rm(raw);
    }
    parts.push(out);
  }
  parts.push(lead);
  const wav = join(dir, `${r.id}.wav`);
  await run('sox', ['-R', ...parts, ...(args.rate ? ['-r', args.rate, '-c', '2'] : []), wav]);
  await Promise.all(parts.filter((p) => p !== lead).map((p) => rm(p)));
  return wav;
}

async function pool<T>(items: readonly T[], workers: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

async function main(): Promise<void> {
  for (const tool of ['flite', 'sox', 'pocketsphinx_batch']) {
    await run('which', [tool]).catch(() => {
      process.stderr.write(
        `bench-scoring: ${tool} is missing (apt-get install -y flite sox pocketsphinx pocketsphinx-en-us)\n`,
      );
      process.exit(2);
    });
  }
  const dir = args.reuse ?? (await mkdtemp(join(tmpdir(), 'sparky-bench-')));
  const specs: Omit<Reading, 'wav'>[] = [];
  let seed = 1;
  const voices: readonly string[] = args.voices
    ? args.voices.split(',').filter((v) => [...VOICES, REAL, IVR].includes(v))
    : args.quick
      ? ['slt', 'kal16']
      : [...VOICES, REAL, IVR];
  for (const p of BENCH_PASSAGES) {
    for (const voice of VOICES) {
      for (const pace of Object.keys(PACES) as (keyof typeof PACES)[]) {
        for (const miscues of [false, true]) {
          // seeds follow the full run, so a subset of voices plans the same readings
          seed++;
          if (!voices.includes(voice)) continue;
          specs.push({
            id: `${p.id}-${voice}-${pace}-${miscues ? 'miscues' : 'clean'}`,
            passageId: p.id,
            grade: p.grade,
            text: p.text,
            voice,
            pace,
            miscues,
            plan: planReading(p.text, miscues, seed * 7919),
          });
        }
      }
    }
  }
  const selected = specs.filter((s) => !args.only || s.id.includes(args.only));
  const readings: Reading[] = [];
  // the recogniser's own distractor lists, to tell which planted substitutions a list holds
  const distractorLexicon = lexiconFor(DEFAULT_CMUDICT, DEFAULT_WORD_FREQUENCIES, -6);
  /** Real speech: each recording clean and with its printed miscues (`source`: the 16 kHz recording). */
  const addRealSet = async (
    voice: typeof REAL | typeof IVR,
    recordings: readonly RealRecording[],
    sourceOf: (rec: RealRecording) => Promise<string>,
  ): Promise<void> => {
    for (const rec of recordings) {
      const ids = [false, true]
        .map((miscues) => ({ miscues, id: `${rec.id}-${miscues ? 'miscues' : 'clean'}` }))
        .filter(({ id }) => !args.only || id.includes(args.only));
      if (ids.length === 0) continue;
      const source = await sourceOf(rec);
      // --child: the same raise as the synthetic voices, then stretched back to the reader's pace
      const wav = args.child ? join(dir, `${rec.id}-child.wav`) : source;
      if (args.child && !existsSync(wav))
        await run('sox', [
          '-R',
          source,
          wav,
          'speed',
          String(CHILD_SCALE),
          'tempo',
          '-s',
          String(1 / CHILD_SCALE),
        ]);
      for (const { miscues, id } of ids) {
        const plan = realReadingPlan(rec, miscues);
        const printed = plan.text.split(' ').map((w) => w.toLowerCase().replace(/[^a-z']/g, ''));
        const vocabulary = new Set(printed);
        const listed = new Set(
          plan.planted
            .filter(
              (p) =>
                p.kind === 'substitution' &&
                p.said !== undefined &&
                distractorLexicon
                  .neighbours(printed[p.index] ?? '', 4, vocabulary)
                  .includes(p.said.toLowerCase().replace(/[^a-z']/g, '')),
            )
            .map((p) => p.index),
        );
        readings.push({
          id,
          passageId: rec.id,
          grade: 5,
          text: plan.text,
          voice,
          pace: 'normal',
          miscues,
          plan: { segments: [], truth: plan.truth, planted: plan.planted },
          wav,
          source,
          said: rec.said,
          listed,
        });
      }
    }
  };
  if (voices.includes(REAL)) {
    if (!existsSync(REAL_SPEECH_DIR))
      process.stderr.write(
        `bench-scoring: no real-speech set (apt-get install -y pocketsphinx-testdata); scoring without it\n`,
      );
    else await addRealSet(REAL, REAL_RECORDINGS, async (rec) => join(REAL_SPEECH_DIR, rec.file));
  }
  if (voices.includes(IVR)) {
    if (!existsSync(IVR_SPEECH_DIR) || !existsSync(IVR_TRANSCRIPTS))
      process.stderr.write(
        `bench-scoring: no Asterisk prompts (apt-get install -y asterisk-core-sounds-en asterisk-core-sounds-en-g722 libspandsp2); scoring without them\n`,
      );
    else {
      const dictionary = loadLexicon(DEFAULT_CMUDICT);
      const known = (w: string): boolean => dictionary.pronunciations(w).length > 0;
      const recordings = ivrReadings(readIvrTranscripts(readFileSync(IVR_TRANSCRIPTS)), {
        exists: (file) => existsSync(join(IVR_SPEECH_DIR, file)),
        // G.722 at 64 kbit/s: 8000 bytes a second
        seconds: (file) => statSync(join(IVR_SPEECH_DIR, file)).size / 8000,
        known,
        misreadings: spellingMisreadings(loadWordLogProbabilities(DEFAULT_WORD_FREQUENCIES), (w) =>
          dictionary.pronunciations(w),
        ),
        isFunctionWord: (w) => FUNCTION_WORDS.has(w),
      });
      await addRealSet(IVR, recordings, async (rec) => {
        // its prompts decoded and joined once into the run's folder (kept with --reuse), then 1 s of silence: the
        // prompts are trimmed to the speech, while a reader who reaches the last word falls silent (the page checks
        // after 3 s of it), which the end-of-reading check and its reuse by the upload rely on
        const wav = join(dir, `${rec.id}.wav`);
        if (!existsSync(wav)) {
          const parts: Int16Array[] = [];
          for (const file of (rec as IvrReading).parts)
            parts.push(decodeG722(new Uint8Array(await readFile(join(IVR_SPEECH_DIR, file)))));
          parts.push(new Int16Array(16000));
          await writeFile(wav, encodeWav(parts, 16000));
        }
        return wav;
      });
    }
  }
  if (args.reuse) {
    for (const s of selected) readings.push({ ...s, wav: join(dir, `${s.id}.wav`) });
  } else {
    process.stderr.write(`synthesising ${selected.length} readings in ${dir} …\n`);
    await pool(selected, availableParallelism(), async (s) => {
      readings.push({ ...s, wav: await synthesise(dir, s) });
    });
  }
  readings.sort((a, b) => a.id.localeCompare(b.id));

  /** The reading whose Moonshine transcript the nominator sees (the readings are scored concurrently). */
  const transcriptOf = new AsyncLocalStorage<string>();
  /** Moonshine's transcript of each reading (its last: the upload's), for --json. */
  const moonshineHeard = new Map<string, string>();
  const tuning: PocketsphinxOptions = {
    ...BENCH_LIMITS,
    // as the app: Moonshine nominates candidates when its model is there (docs/scoring.md, twelfth round)
    ...(args['pocketsphinx-alone']
      ? {}
      : {
          nominate: createMoonshineNominator(sharedMoonshineSecondOpinion(), {
            // the reading being scored, so that --json can give each its transcript
            onTranscript: (heard) => {
              const id = transcriptOf.getStore();
              if (id) moonshineHeard.set(id, heard.map((h) => h.word).join(' '));
            },
          }),
        }),
    ...(args.options ? (JSON.parse(args.options) as PocketsphinxOptions) : {}),
  };
  if (args['segments-ahead'])
    tuning.onSegment = (warp, index, fromMemo) => {
      if (segmentPhase === 'ahead') {
        segmentCounts.ahead += fromMemo ? 0 : 1;
        decodedAhead.add(`${warp}/${index}`);
      } else if (segmentPhase === 'check') {
        segmentCounts[fromMemo ? 'checkTaken' : 'checkDecoded']++;
        if (!fromMemo && decodedAhead.has(`${warp}/${index}`)) segmentCounts.checkRegrammared++;
      } else segmentCounts[fromMemo ? 'uploadTaken' : 'uploadDecoded']++;
    };
  const recogniser = createPocketsphinxRecogniser(tuning);
  /** The recogniser for one reading, noting the frequency warp it chose. */
  const warps = new Map<string, WarpChoice>();
  /** --seed-warps: each reading's seed (see the option). */
  const seeds = new Map<string, number>();
  if (args['seed-warps']) {
    const earlier = JSON.parse(readFileSync(args['seed-warps'], 'utf8')) as {
      rows: { id: string; warp: number }[];
    };
    const chosen = new Map(earlier.rows.map((row) => [row.id, row.warp]));
    const byVoice = new Map<string, string[]>();
    for (const r of readings)
      if (chosen.has(r.id)) byVoice.set(r.voice, [...(byVoice.get(r.voice) ?? []), r.id]);
    for (const ids of byVoice.values())
      ids.forEach((id, k) =>
        seeds.set(id, chosen.get(ids[(k + ids.length - 1) % ids.length] as string) as number),
      );
    // --seeded-only: a seed of 1 (or none) is the usual search, whose verdicts the earlier run already has
    if (args['seeded-only']) {
      const kept = readings.filter((r) => (seeds.get(r.id) ?? 1) !== 1);
      readings.splice(0, readings.length, ...kept);
    }
  }
  const gopScores = new Map<string, GopScore[]>();
  const verifyEvidence = new Map<string, VerifyEvidence[]>();
  const nearEvidence = new Map<string, NearMissEvidence[]>();
  const vowelEvidence = new Map<string, OwnVowelEvidence[]>();
  const omissionCosts = new Map<string, { word: string; index: number; cost: number | undefined }[]>();
  const skipGains = new Map<
    string,
    { word: string; index: number; frames: number; stretch: number; gain: number | undefined }[]
  >();
  /** Wider decodes of lost first passes (lost-path.ts) per reading: warp, and whether its path was taken. */
  const rescues = new Map<string, { warp: number; taken: boolean }[]>();
  /** Absorbed insertions found per reading (absorbed-insertions.ts, twenty-eighth round). */
  const absorbedOf = new Map<string, AbsorbedInsertion[]>();
  const recogniserFor = (id: string) =>
    createPocketsphinxRecogniser({
      ...tuning,
      ...(tuning.nominate
        ? {
            nominate: (...a: Parameters<Nominator>) =>
              transcriptOf.run(id, () => (tuning.nominate as Nominator)(...a)),
          }
        : {}),
      onRescue: (warp: number, taken: boolean) =>
        rescues.set(id, [...(rescues.get(id) ?? []), { warp, taken }]),
      onAbsorbedInsertions: (found: AbsorbedInsertion[]) => absorbedOf.set(id, found),
      ...(tuning.warp === false
        ? {}
        : {
            warp: {
              ...(typeof tuning.warp === 'object' ? tuning.warp : {}),
              ...(seeds.has(id) ? { seed: seeds.get(id) as number } : {}),
              onChoice: (c: WarpChoice) => warps.set(id, c),
            },
          }),
      ...(tuning.verify === false
        ? {}
        : {
            verify: {
              ...(typeof tuning.verify === 'object' ? tuning.verify : {}),
              onEvidence: (e: VerifyEvidence[]) => verifyEvidence.set(id, e),
            },
          }),
      ...(tuning.nearMiss === false
        ? {}
        : {
            nearMiss: {
              ...(typeof tuning.nearMiss === 'object' ? tuning.nearMiss : {}),
              onEvidence: (e: NearMissEvidence[]) => nearEvidence.set(id, e),
            },
          }),
      ...(tuning.ownVowels === false
        ? {}
        : {
            ownVowels: {
              ...(typeof tuning.ownVowels === 'object' ? tuning.ownVowels : {}),
              onEvidence: (e: OwnVowelEvidence[]) => vowelEvidence.set(id, e),
            },
          }),
      ...(tuning.omissionCheck
        ? {
            omissionCheck: {
              ...tuning.omissionCheck,
              onCosts: (c: { word: string; index: number; cost: number | undefined }[]) =>
                omissionCosts.set(id, c),
            },
          }
        : {}),
      ...(tuning.skipCheck
        ? {
            skipCheck: {
              ...tuning.skipCheck,
              onGains: (
                g: {
                  word: string;
                  index: number;
                  frames: number;
                  stretch: number;
                  gain: number | undefined;
                }[],
              ) => skipGains.set(id, g),
            },
          }
        : {}),
      ...(tuning.gop === false
        ? {}
        : {
            gop: {
              ...(typeof tuning.gop === 'object' ? tuning.gop : {}),
              onScores: (s: GopScore[]) => gopScores.set(id, s),
            },
          }),
    });
  // warm the dictionary cache so the first reading is not charged for loading it
  await scoreAudio({
    wav: new Uint8Array(await readFile(readings[0]?.wav ?? '')),
    passageText: 'warm up',
    recogniser,
  }).catch(() => undefined);

  const rows: Row[] = [];
  const scored = new Map<string, { result: Awaited<ReturnType<typeof scoreAudio>>; elapsed: number }>();
  /** CPU seconds (this process and its decoders) spent scoring, and (--pretranscribe) transcribing early. */
  let scoringCpu = 0;
  let earlyCpu = 0;
  /** --pretranscribe: Moonshine chunks the upload's scorer took from the early transcription, and the others. */
  const chunksTaken = { early: 0, atUpload: 0 };
  /** Moonshine's own CPU seconds inside the scoring (after Stop). */
  let moonshineAfterStop = 0;
  const moonshineCpu = () => (args['pocketsphinx-alone'] ? 0 : sharedMoonshineSecondOpinion().cpuSeconds());
  const transcripts = createReadingTranscriptCache();
  if (
    args['segments-ahead'] &&
    (!args['end-check'] || !tuning.splitFirstPass || Number(args.jobs ?? 1) > 1)
  ) {
    process.stderr.write('--segments-ahead needs --end-check, splitFirstPass in --options, and --jobs 1\n');
    process.exit(2);
  }
  if (args['end-check'] && (!args.pretranscribe || args['warp-prefix'] || args['pocketsphinx-alone'])) {
    process.stderr.write(
      '--end-check needs --pretranscribe, and neither --warp-prefix nor --pocketsphinx-alone\n',
    );
    process.exit(2);
  }
  /** --end-check: what each reading's check kept for its upload (as fluency.service.ts keeps it). */
  const endChecks = createReadingWarpStore();
  let endChecksKept = 0;
  let endCheckPassOffered = 0;
  /**
   * --end-check: the checks' wall time and CPU, and the audio they scored. A reader who reaches the last word
   * waits for the check as well as for the upload (the page stops on its answer): the wait after the last word
   * is 3 s of silence + the check + the upload.
   */
  const endCheckTime = { wall: 0, cpu: 0, audioSeconds: 0 };
  /** --end-check: each reading's check, wall seconds (for the wait with the server's early check). */
  const checkWallOf = new Map<string, number>();
  /**
   * --end-check with `splitFirstPass` (twenty-fourth round): each reading's checked audio and the part of it after
   * the last pause cut (`pauseCuts`), seconds: what a first pass made while the child reads would leave to decode.
   */
  const tailOf = new Map<string, { checked: number; tail: number }>();
  /** --segments-ahead: segments decoded while reading, and at the check and the upload those taken and decoded. */
  const segmentCounts = {
    ahead: 0,
    checkTaken: 0,
    checkDecoded: 0,
    /** Decoded at the check although a segment of that index and warp was decoded ahead (another grammar). */
    checkRegrammared: 0,
    uploadTaken: 0,
    uploadDecoded: 0,
  };
  /** The reading being scored's segments decoded ahead, as `warp/index`. */
  let decodedAhead = new Set<string>();
  let segmentPhase: 'ahead' | 'check' | 'upload' = 'ahead';
  /** --segments-ahead: each reading's decoded segments (the app would keep them per user). */
  const segmentMemos = new Map<string, Map<string, unknown>>();
  const memoOf = (id: string) => {
    let memo = segmentMemos.get(id);
    if (!memo) segmentMemos.set(id, (memo = new Map()));
    return {
      get: (key: string) => memo.get(key),
      put: (key: string, pass: unknown) => void memo.set(key, pass),
    };
  };
  /** Total of one field over the readings' tails. */
  const sum = (m: ReadonlyMap<string, { checked: number; tail: number }>, key: 'checked' | 'tail'): number =>
    [...m.values()].reduce((total, t) => total + t[key], 0);
  /**
   * The wait after the last word if the segments before the last cut had been decoded while the child read (an
   * estimate: the check's wall time in proportion to the audio after the last cut, less the early check's head start,
   * then the upload), wall seconds per audio second.
   */
  const waitWithSegmentsRead = (headStart: number): string => {
    let wait = 0;
    let audio = 0;
    for (const [id, { result, elapsed }] of scored) {
      const t = tailOf.get(id);
      const check = checkWallOf.get(id) ?? 0;
      wait += Math.max(0, (t ? (check * t.tail) / Math.max(0.01, t.checked) : check) - headStart) + elapsed;
      audio += result.durationSeconds;
    }
    return (wait / Math.max(1, audio)).toFixed(4);
  };
  /**
   * --end-check: the wait of a reader who reaches the last word, after the page's 3 s of silence: what is left of
   * the check when the page asks (the server's early check starts `headStart` s before it), then the upload; wall
   * seconds per audio second, over the readings scored.
   */
  const waitAfterLastWord = (headStart: number): string => {
    let wait = 0;
    let audio = 0;
    for (const [id, { result, elapsed }] of scored) {
      wait += Math.max(0, (checkWallOf.get(id) ?? 0) - headStart) + elapsed;
      audio += result.durationSeconds;
    }
    return (wait / Math.max(1, audio)).toFixed(4);
  };
  // the early warp search as the follow-along socket runs it (reading-warps.ts)
  const warpPrefix = Number(args['warp-prefix'] ?? 0);
  const earlyWarps = args.pretranscribe && warpPrefix > 0 ? createReadingWarpStore() : undefined;
  const warpSearch = createPocketsphinxWarpSearch(tuning);
  const earlyWarpOf = new Map<string, number | null>();
  /** CPU seconds of the early warp searches (part of earlyCpu). */
  let earlyWarpCpu = 0;
  /** Readings shorter than the prefix, whose early search ran at the stop (its CPU is then after Stop). */
  let searchedAtStop = 0;
  /** Readings the pipeline refused or failed on: reported, left out of the figures, exit code 1. */
  const failed: { id: string; reason: string }[] = [];
  await pool(readings, Math.max(1, Number(args.jobs ?? 1)), async (r) => {
    const bytes = new Uint8Array(await readFile(r.wav));
    if (args.pretranscribe && !args['pocketsphinx-alone']) {
      // as the follow-along socket while the child reads: 100 ms blocks, then the stop
      const c0 = cpuSecondsNow();
      const samples = (await toRecogniserFormat(parseWav(bytes))).samples;
      const pending: Promise<unknown>[] = [];
      const moonshine = sharedMoonshineSecondOpinion();
      // as the app's socket at its start: the reading is followed (the check may read its chunks)
      transcripts.begin(r.id);
      const pre = createReadingPretranscriber(
        {
          transcribe: (...a) => {
            const text = moonshine.transcribe(...a);
            pending.push(text);
            return text;
          },
        },
        transcripts,
        r.id,
      );
      // --end-check: the socket up to the check, the check, then the rest of the reading
      const checkAt = args['end-check']
        ? Math.max(1600, samples.length - END_CHECK_CUT_SAMPLES)
        : samples.length;
      let cutsSoFar = 0;
      decodedAhead = new Set();
      for (let k = 1600; k < checkAt; k += 1600) {
        pre.update(samples.subarray(0, k));
        // --segments-ahead: as the socket, once a second, the segments before a new pause cut
        if (args['segments-ahead'] && k % 16000 === 0) {
          const prefix = samples.subarray(0, k);
          const cuts = pauseCuts(prefix, tuning.splitFirstPass!).length;
          if (cuts > cutsSoFar) {
            cutsSoFar = cuts;
            const known = transcripts.peek(r.id);
            segmentPhase = 'ahead';
            await recogniser.decodeAhead!({
              audio: { samples: prefix, sampleRate: 16000, channels: 1, durationSeconds: k / 16000 },
              passage: tokenisePassage(r.text),
              segmentPasses: memoOf(r.id),
              ...(known ? { knownChunks: known } : {}),
            });
          }
        }
      }
      if (args['end-check']) {
        pre.update(samples.subarray(0, checkAt));
        await Promise.all(pending);
        let chosen: { warp: number; samples: Int16Array; firstPass: KeptFirstPass | undefined } | undefined;
        const known = transcripts.peek(r.id);
        const checkStart = { wall: performance.now(), cpu: cpuSecondsNow() };
        segmentPhase = 'check';
        // (its nominations may be the upload's: the transcript is recorded under the reading too)
        const check = await transcriptOf
          .run(r.id, () =>
            scoreAudio({
              wav: encodeWav(samples.subarray(0, checkAt), 16000),
              passageText: r.text,
              recogniser,
              purpose: 'reading_end',
              ...(args['segments-ahead'] ? { segmentPasses: memoOf(r.id) } : {}),
              ...(known ? { knownChunks: known } : {}),
              warpChosen: (warp, checked, firstPass) => (chosen = { warp, samples: checked, firstPass }),
            }),
          )
          .catch(() => undefined);
        endCheckTime.wall += (performance.now() - checkStart.wall) / 1000;
        checkWallOf.set(r.id, (performance.now() - checkStart.wall) / 1000);
        endCheckTime.cpu += cpuSecondsNow() - checkStart.cpu;
        endCheckTime.audioSeconds += checkAt / 16000;
        if (tuning.splitFirstPass) {
          const cuts = pauseCuts(samples.subarray(0, checkAt), tuning.splitFirstPass);
          tailOf.set(r.id, { checked: checkAt / 16000, tail: (checkAt - (cuts.at(-1) ?? 0)) / 16000 });
        }
        if (check && chosen && hasReachedTheEnd(check)) {
          endChecks.put(r.id, chosen.samples, Promise.resolve(chosen.warp), undefined, chosen.firstPass);
          endChecksKept++;
        }
      }
      for (let k = checkAt + 1600; k < samples.length; k += 1600) pre.update(samples.subarray(0, k));
      pre.finish(samples);
      await Promise.all(pending);
      earlyCpu += cpuSecondsNow() - c0;
    }
    /** A reading shorter than the prefix: its search starts at the stop, inside the timed wait. */
    let atStop: (() => void) | undefined;
    if (earlyWarps) {
      // as the socket: 100 ms blocks, the search on the first warpPrefix seconds, or on the whole at the stop
      const c0 = cpuSecondsNow();
      const samples = (await toRecogniserFormat(parseWav(bytes))).samples;
      const chooser = createReadingWarpChooser(warpSearch, tokenisePassage(r.text), earlyWarps, r.id, {
        prefixSeconds: warpPrefix,
      });
      for (let k = 1600; k < samples.length; k += 1600) chooser.update(samples.subarray(0, k));
      if (chooser.started) {
        earlyWarpOf.set(r.id, (await earlyWarps.find(r.id, samples)) ?? null);
        const used = cpuSecondsNow() - c0;
        earlyCpu += used;
        earlyWarpCpu += used;
      } else
        atStop = () => {
          chooser.finish(samples);
          searchedAtStop++;
          void earlyWarps.find(r.id, samples)?.then((w) => earlyWarpOf.set(r.id, w));
        };
    }
    const t0 = performance.now();
    const c0 = cpuSecondsNow();
    const m0 = moonshineCpu();
    atStop?.();
    segmentPhase = 'upload';
    try {
      const result = await scoreAudio({
        wav: bytes,
        passageText: r.text,
        recogniser: recogniserFor(r.id),
        ...(args['segments-ahead'] ? { segmentPasses: memoOf(r.id) } : {}),
        grade: r.grade,
        mode: 'practice',
        ...(args.pretranscribe
          ? {
              knownChunks: (samples: Int16Array) => {
                const text = transcripts.take(r.id, samples);
                chunksTaken[text ? 'early' : 'atUpload']++;
                return text;
              },
            }
          : {}),
        ...(earlyWarps ? { knownWarp: earlyWarps.known(r.id) } : {}),
        ...(args['end-check']
          ? {
              knownWarp: endChecks.known(r.id),
              knownFirstPass: (samples: Int16Array) => {
                const kept = endChecks.knownFirstPass(r.id)(samples);
                if (kept) endCheckPassOffered++;
                return kept;
              },
            }
          : {}),
      });
      transcripts.drop(r.id);
      endChecks.drop(r.id);
      segmentMemos.delete(r.id);
      earlyWarps?.drop(r.id);
      scoringCpu += cpuSecondsNow() - c0;
      moonshineAfterStop += moonshineCpu() - m0;
      scored.set(r.id, { result, elapsed: (performance.now() - t0) / 1000 });
    } catch (error) {
      const reason = error instanceof SpeechError ? error.code : String(error);
      failed.push({ id: r.id, reason });
      process.stderr.write(`${r.id}: not scored (${reason})\n`);
    }
  });
  for (const r of readings) {
    if (!scored.has(r.id)) continue;
    const bytes = new Uint8Array(await readFile(r.wav));
    const pcm = parseWav(bytes);
    const { result, elapsed } = scored.get(r.id) as {
      result: Awaited<ReturnType<typeof scoreAudio>>;
      elapsed: number;
    };
    const predicted = result.words.map((w) => w.status as WordStatus);
    const counts = compareErrors(predicted, r.plan.truth);
    // synthetic: the span of sound (silence around it is digital); real: a forced alignment of
    // the transcript, since a recording's room noise is louder than the -40 dBFS threshold (on
    // the recording as shipped: a child-like copy keeps its times)
    const span =
      r.source && r.said
        ? await transcriptSpan(r.source, r.said.split(' '))
        : speechSpan(pcm.samples, pcm.sampleRate);
    const trueCorrect = r.plan.truth.filter((t) => t === 'correct' || t === 'self_correction').length;
    const trueWcpm = (trueCorrect * 60) / (span.end - span.start);
    const wcpmError = Math.abs(result.wcpm - trueWcpm);
    const found: Record<string, { planted: number; found: number }> = {};
    for (const p of r.plan.planted) {
      const k = (found[p.kind] ??= { planted: 0, found: 0 });
      k.planted++;
      if (plantedFound(p, result)) k.found++;
      // an insertion listed with the word said (not `[unclear]` or another word; thirty-first round)
      if (p.kind === 'insertion' && p.said !== undefined) {
        const n = (found['insertion, named as said'] ??= { planted: 0, found: 0 });
        n.planted++;
        if (result.insertions.some((x) => x.afterIndex === p.index - 1 && x.heard === p.said)) n.found++;
      }
      // real speech: substitutions no distractor list holds (Moonshine's nominations or GOP must find them)
      if (p.kind === 'substitution' && r.said !== undefined && !r.listed?.has(p.index)) {
        const u = (found['substitution, not in a distractor list'] ??= { planted: 0, found: 0 });
        u.planted++;
        if (plantedFound(p, result)) u.found++;
      }
    }
    const misses = r.plan.truth
      .map((t, i) => ({ i, t, p: predicted[i], heard: result.words[i]?.heard }))
      .filter(
        (x) =>
          (x.t === 'omission' || x.t === 'substitution') !== (x.p === 'omission' || x.p === 'substitution'),
      );
    const unsure = result.words.filter((w) => w.unsure);
    rows.push({
      id: r.id,
      group: groupOf(r.voice),
      miscues: r.miscues,
      warp: warps.get(r.id)?.warp ?? 1,
      warpDecodes: warps.get(r.id)?.scores.length ?? 0,
      ...(rescues.has(r.id) ? { rescues: rescues.get(r.id) } : {}),
      ...(absorbedOf.has(r.id)
        ? {
            absorbed: absorbedOf.get(r.id)!.map((a) => ({
              index: a.index,
              heard: a.heard,
              inserted: a.insertion.word,
              truth: r.plan.truth[a.index],
            })),
          }
        : {}),
      ...(seeds.has(r.id) ? { seed: seeds.get(r.id), seeded: warps.get(r.id)?.seeded === true } : {}),
      ...(earlyWarps ? { earlyWarp: earlyWarpOf.get(r.id) ?? null } : {}),
      audioSeconds: pcm.durationSeconds,
      elapsed,
      ...counts,
      words: r.plan.truth.length,
      trueWcpm,
      wcpm: result.wcpm,
      wcpmError,
      found,
      unsure: unsure.length,
      unsureErrors: unsure.filter((w) => {
        const t = r.plan.truth[w.index];
        return t === 'omission' || t === 'substitution';
      }).length,
      misses,
      planted: r.plan.planted,
      insertions: result.insertions,
      ...(moonshineHeard.has(r.id) ? { moonshine: moonshineHeard.get(r.id) } : {}),
      scored: result.words.map((w) => [w.status, w.heard, w.start, w.end]),
      gop: (gopScores.get(r.id) ?? []).map((g) => ({
        index: g.index,
        expected: g.expected,
        truth: r.plan.truth[g.index],
        screen: Number(g.screen.toFixed(1)),
        mean: Number(g.gop.mean.toFixed(2)),
        max: Number(g.gop.max.toFixed(2)),
        word: Number(g.gop.word.toFixed(2)),
        phones: g.gop.phones.map((p) => `${p.phone}:${p.gop.toFixed(1)}`).join(' '),
        heard: g.gop.heard.join(' '),
      })),
      near: (nearEvidence.get(r.id) ?? []).map((e) => ({
        index: e.candidate.index,
        expected: e.candidate.expected,
        truth: r.plan.truth[e.candidate.index],
        margin: Number(nearMissMargin(e).toFixed(2)),
        best: e.best?.word,
        frames: e.candidate.wordFrames,
      })),
      vowels: (vowelEvidence.get(r.id) ?? [])
        .filter((e) => e.score > 0 || e.heardScore !== undefined)
        .map((e) => ({
          ...(e.heardScore !== undefined ? { heardScore: Number(e.heardScore.toFixed(2)) } : {}),
          index: e.index,
          expected: e.expected,
          truth: r.plan.truth[e.index],
          score: Number(e.score.toFixed(2)),
          vowel: `${e.phone} → ${e.other}`,
          said: e.said,
        })),
      omissions: omissionCosts.get(r.id) ?? [],
      skips: (skipGains.get(r.id) ?? []).map((g) => ({ ...g, truth: r.plan.truth[g.index] })),
      verify: (verifyEvidence.get(r.id) ?? []).map((e) => ({
        index: e.candidate.index,
        expected: e.candidate.expected,
        heard: e.candidate.heard,
        truth: r.plan.truth[e.candidate.index],
        margin: Number(features(e).alternativeMargin.toFixed(2)),
        best: e.bestAlternative?.word,
      })),
    });
    if (args.verbose || misses.length > 0 || wcpmError > 3) {
      const words = tokenisePassage(r.text);
      process.stderr.write(
        `${r.id}: tp ${counts.tp} fp ${counts.fp} fn ${counts.fn}; WCPM ${result.wcpm} vs ${trueWcpm.toFixed(1)}; ` +
          misses
            .map((m) => `[${m.i} ${words[m.i]?.text}: truth ${m.t}, got ${m.p} "${m.heard ?? ''}"]`)
            .join(' ') +
          '\n',
      );
    }
  }
  const groups: { name: string; rows: Row[] }[] = [
    { name: 'all synthetic', rows: rows.filter((r) => !isRealGroup(r.group)) },
    { name: `tuning (${TUNING_VOICES.join(', ')})`, rows: rows.filter((r) => r.group === 'tuning') },
    { name: `held out (${HELD_OUT_VOICES.join(', ')})`, rows: rows.filter((r) => r.group === 'held-out') },
    { name: 'real speech (LibriVox, held out)', rows: rows.filter((r) => r.group === 'real') },
    { name: 'real speech (Asterisk prompts, held out)', rows: rows.filter((r) => r.group === 'ivr') },
  ].filter((g) => g.rows.length > 0);
  const figures = Object.fromEntries(groups.map((g) => [g.name, summarise(g.rows)]));
  const cells = groups.map((g) => figures[g.name] as Figures);
  const col = (f: (x: Figures) => string): string => cells.map((c) => f(c).padEnd(22)).join('');
  const all = cells[0] ?? summarise([]);
  /** A target is judged only when every reading was scored. */
  const mark = (ok: boolean): string =>
    failed.length > 0 || cells.length === 0 ? 'not judged (readings not scored)' : ok ? 'met' : 'MISSED';
  process.stdout.write(
    `Scoring benchmark: ${readings.length} readings${args.child ? ` (voices made child-like, ×${CHILD_SCALE})` : ''}, ${all.audioSeconds} s of audio\n` +
      `${''.padEnd(34)}${groups.map((g) => g.name.padEnd(22)).join('')}target\n` +
      `${'readings'.padEnd(34)}${col((x) => `${x.readings} (${x.audioSeconds} s)`)}\n` +
      `${'miscue precision / recall / F1'.padEnd(34)}${col((x) => `${x.precision} / ${x.recall} / ${x.f1}`)}F1 >= 0.92: ${mark(cells.every((c) => c.f1 >= 0.92))}\n` +
      `${'false errors on clean readings'.padEnd(34)}${col((x) => `${x.falseErrors} in ${x.cleanWords} words`)}<= 1 in the whole set: ${mark(
        // every reading once: all synthetic ones, and each real set (a run of a real set alone has no synthetic group)
        cells
          .filter((_, k) => groups[k]?.name === 'all synthetic' || groups[k]?.name.startsWith('real'))
          .reduce((n, c) => n + c.falseErrors, 0) <= 1,
      )}\n` +
      `${'WCPM mean absolute error'.padEnd(34)}${col((x) => `${x.wcpmError}`)}<= 1.5: ${mark(cells.every((c) => c.wcpmError <= 1.5))}\n` +
      `${'planted insertions found'.padEnd(34)}${col((x) => `${x.found.insertion?.found ?? 0}/${x.found.insertion?.planted ?? 0} (${x.insertionRate} %)`)}>= 80 %: ${mark(cells.every((c) => c.insertionRate >= 80))}\n` +
      `${'insertions on clean readings'.padEnd(34)}${col((x) => `${x.falseInsertions}`)}\n` +
      `${'F1 loss: missed s/o; false s/o'.padEnd(34)}${col((x) => `${x.loss.missedSubstitution}/${x.loss.missedOmission}; ${x.loss.falseSubstitution}/${x.loss.falseOmission}`)}\n` +
      `${'words marked "check this word"'.padEnd(34)}${col((x) => `${x.unsure} (${x.unsureErrors} errors)`)}\n` +
      `${'wall time per second of audio'.padEnd(34)}${col((x) => `${x.wallSecondsPerAudioSecond} s`)}<= 0.05: ${mark(all.wallSecondsPerAudioSecond <= 0.05)}${args.jobs && Number(args.jobs) > 1 ? ' (--jobs: contended)' : ''}\n` +
      (args['pocketsphinx-alone']
        ? ''
        : `${'Moonshine CPU per second of audio'.padEnd(34)}${(sharedMoonshineSecondOpinion().cpuSeconds() / Math.max(1, all.audioSeconds)).toFixed(4)} s (nominations${args.pretranscribe ? ', all of it while reading but the upload’s own' : '; part of the wall time above'})\n`) +
      `${'CPU per second of audio'.padEnd(34)}${(scoringCpu / Math.max(1, all.audioSeconds)).toFixed(4)} s after Stop${args.pretranscribe ? ` + ${(earlyCpu / Math.max(1, all.audioSeconds)).toFixed(4)} s while reading` : ''} (this process and its decoders; ${args.jobs && Number(args.jobs) > 1 ? 'readings overlap: a total' : 'one reading at a time'})\n` +
      (args['pocketsphinx-alone']
        ? ''
        : `${'Moonshine CPU after Stop'.padEnd(34)}${(moonshineAfterStop / Math.max(1, all.audioSeconds)).toFixed(4)} s per second of audio (part of the line above)\n`) +
      (args.pretranscribe
        ? `${'Moonshine chunks early / at upload'.padEnd(36)}${chunksTaken.early} / ${chunksTaken.atUpload}\n`
        : '') +
      (args['end-check']
        ? `${'end-of-reading check'.padEnd(34)}before each upload, on the reading less its last ${END_CHECK_CUT_SAMPLES / 16000} s (part of "while reading"); kept for ${endChecksKept} of ${rows.length} uploads, its first pass offered to ${endCheckPassOffered}\n` +
          `${'end-of-reading check time'.padEnd(34)}${(endCheckTime.wall / Math.max(1, endCheckTime.audioSeconds)).toFixed(4)} s wall, ${(endCheckTime.cpu / Math.max(1, endCheckTime.audioSeconds)).toFixed(4)} s CPU per second of audio checked (a reader who reaches the last word waits for it, then for the upload)\n` +
          `${'wait after the last word'.padEnd(34)}${waitAfterLastWord(0)} s wall per second of audio beyond the 3 s of silence (the check, then the upload); with the server's early check, 2 s ahead: ${waitAfterLastWord(2)} (twenty-third round)\n` +
          (tailOf.size > 0
            ? `${'audio after the last pause cut'.padEnd(34)}${(sum(tailOf, 'tail') / tailOf.size).toFixed(1)} s a reading on average, at most ${Math.max(...[...tailOf.values()].map((t) => t.tail)).toFixed(1)} s (${((100 * sum(tailOf, 'tail')) / Math.max(1, sum(tailOf, 'checked'))).toFixed(0)} % of the audio checked; splitFirstPass)\n` +
              (args['segments-ahead']
                ? `${'segments decoded while reading'.padEnd(34)}${segmentCounts.ahead}; at the check ${segmentCounts.checkTaken} taken, ${segmentCounts.checkDecoded} decoded (${segmentCounts.checkRegrammared} of them decoded ahead under another grammar); at the upload ${segmentCounts.uploadTaken} taken, ${segmentCounts.uploadDecoded} decoded (twenty-fifth round: the wait after the last word above is then measured, not estimated)\n`
                : `${'  wait if segments read early'.padEnd(34)}${waitWithSegmentsRead(2)} s wall per second of audio, an estimate: the check's time in proportion to that audio, 2 s ahead, then the upload (twenty-fourth round)\n`)
            : '')
        : '') +
      (earlyWarps
        ? `${'early warp search (while reading)'.padEnd(34)}${(earlyWarpCpu / Math.max(1, all.audioSeconds)).toFixed(4)} s CPU per second of audio (part of "while reading"), on the first ${warpPrefix} s (${searchedAtStop} readings shorter: searched at the stop, after Stop); used by ${rows.filter((r) => r.earlyWarp != null).length} of ${rows.length} readings\n`
        : '') +
      groups
        .map(
          (g, k) =>
            `planted found, ${g.name}: ${Object.entries((cells[k] as Figures).found)
              .map(([kind, v]) => `${kind} ${v.found}/${v.planted}`)
              .join(', ')}\n`,
        )
        .join('') +
      (failed.length > 0
        ? `readings NOT scored (left out of every figure above): ${failed.length}: ${failed
            .map((f) => `${f.id} (${f.reason})`)
            .join(', ')}\n`
        : '') +
      `frequency warp chosen: ${[...new Set(rows.map((r) => r.warp))]
        .sort()
        .map((w) => `${w} × ${rows.filter((r) => r.warp === w).length}`)
        .join(', ')}; first-pass decodes per reading ${(
        rows.reduce((n, r) => n + (r.warpDecodes ?? 0), 0) / Math.max(1, rows.length)
      ).toFixed(2)}\n` +
      `chosen first passes that looked lost, decoded again with wider beams (lost-path.ts): ${rows.reduce(
        (n, r) => n + (r.rescues?.length ?? 0),
        0,
      )} in ${rows.filter((r) => r.rescues).length} readings, the wider path taken in ${rows.reduce(
        (n, r) => n + (r.rescues?.filter((x) => x.taken).length ?? 0),
        0,
      )}\n` +
      (seeds.size > 0
        ? `reader's warp (--seed-warps): ${rows.filter((r) => r.seeded).length} of ${rows.filter((r) => r.seed !== undefined && r.seed !== 1).length} readings seeded with a warp started the search from it, the seed beating no warp (${rows.filter((r) => r.seed === 1).length} seeded with 1: the usual search)\n`
        : ''),
  );
  if (args.json)
    await writeFile(
      args.json,
      JSON.stringify(
        { figures, failed, rows, results: Object.fromEntries([...scored].map(([id, s]) => [id, s.result])) },
        null,
        2,
      ),
    );
  if (args.keep || args.reuse) process.stderr.write(`audio kept in ${dir}\n`);
  else await rm(dir, { recursive: true, force: true });
  if (failed.length > 0) process.exitCode = 1;
}

await main();
