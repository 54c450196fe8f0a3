/**
 * Scoring benchmark (issue 4): builds its own readings with flite (voices slt, rms, awb, kal16;
 * normal and slow pace), plants omissions, substitutions, insertions, repetitions,
 * self-corrections and hesitations, scores each reading with the real pipeline and prints:
 * miscue precision / recall / F1 (errors = omission + substitution), false errors on clean
 * readings, WCPM mean absolute error, and wall time per second of audio.
 *
 *   npm run bench:scoring [-- --quick] [--child] [--keep] [--json FILE] [--verbose]
 *
 * Audio is generated in a temporary folder and deleted (kept with --keep). Needs flite, sox
 * and pocketsphinx (Debian packages).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import type { WordStatus } from '#core/fluency/align.ts';
import { tokenisePassage } from '#core/text/normalize.ts';
import { createPocketsphinxRecogniser, type PocketsphinxOptions } from '#server/speech/pocketsphinx.ts';
import { scoreAudio } from '#server/speech/score-audio.ts';
import { parseWav } from '#server/speech/wav.ts';
import { BENCH_PASSAGES } from './bench/passages.ts';
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
  },
});

const VOICES = ['slt', 'rms', 'awb', 'kal16'] as const;
/**
 * --child: formants and pitch raised by 22 % by resampling (sox `speed`), the flite reading slowed
 * by as much first so the pace is unchanged. A rough stand-in for a child's shorter vocal tract:
 * 8–10-year-olds' formants sit ~15–25 % above adult women's and more above men's (Lee, Potamianos
 * & Narayanan 1999, "Acoustics of children's speech"). No flite voice is a child's.
 */
const CHILD_SCALE = 1.22;
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
      await run('sox', [
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
  await run('sox', [...parts, wav]);
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
    ? args.voices.split(',').filter((v) => (VOICES as readonly string[]).includes(v))
    : args.quick
      ? ['slt', 'kal16']
      : VOICES;
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
  if (args.reuse) {
    for (const s of selected) readings.push({ ...s, wav: join(dir, `${s.id}.wav`) });
  } else {
    process.stderr.write(`synthesising ${selected.length} readings in ${dir} …\n`);
    await pool(selected, availableParallelism(), async (s) => {
      readings.push({ ...s, wav: await synthesise(dir, s) });
    });
  }
  readings.sort((a, b) => a.id.localeCompare(b.id));

  const tuning = args.options ? (JSON.parse(args.options) as PocketsphinxOptions) : {};
  const recogniser = createPocketsphinxRecogniser(tuning);
  /** The recogniser for one reading, noting the frequency warp it chose. */
  const warps = new Map<string, number>();
  const recogniserFor = (id: string) =>
    tuning.warp === false
      ? recogniser
      : createPocketsphinxRecogniser({
          ...tuning,
          warp: {
            ...(typeof tuning.warp === 'object' ? tuning.warp : {}),
            onChoice: (c) => warps.set(id, c.warp),
          },
        });
  // warm the dictionary cache so the first reading is not charged for loading it
  await scoreAudio({
    wav: new Uint8Array(await readFile(readings[0]?.wav ?? '')),
    passageText: 'warm up',
    recogniser,
  }).catch(() => undefined);

  const miscue: Counts = { tp: 0, fp: 0, fn: 0 };
  const byKind: Record<string, { planted: number; found: number }> = {};
  let cleanFalseErrors = 0;
  let cleanWords = 0;
  let wcpmAbsError = 0;
  let audioSeconds = 0;
  let wallSeconds = 0;
  const rows: unknown[] = [];
  const scored = new Map<string, { result: Awaited<ReturnType<typeof scoreAudio>>; elapsed: number }>();
  await pool(readings, Math.max(1, Number(args.jobs ?? 1)), async (r) => {
    const bytes = new Uint8Array(await readFile(r.wav));
    const t0 = performance.now();
    const result = await scoreAudio({
      wav: bytes,
      passageText: r.text,
      recogniser: recogniserFor(r.id),
      grade: r.grade,
      mode: 'practice',
    });
    scored.set(r.id, { result, elapsed: (performance.now() - t0) / 1000 });
  });
  for (const r of readings) {
    const bytes = new Uint8Array(await readFile(r.wav));
    const pcm = parseWav(bytes);
    const { result, elapsed } = scored.get(r.id) as {
      result: Awaited<ReturnType<typeof scoreAudio>>;
      elapsed: number;
    };
    wallSeconds += elapsed;
    audioSeconds += pcm.durationSeconds;

    const predicted = result.words.map((w) => w.status as WordStatus);
    const counts = compareErrors(predicted, r.plan.truth);
    const span = speechSpan(pcm.samples, pcm.sampleRate);
    const trueCorrect = r.plan.truth.filter((t) => t === 'correct' || t === 'self_correction').length;
    const trueWcpm = (trueCorrect * 60) / (span.end - span.start);
    const wcpmError = Math.abs(result.wcpm - trueWcpm);
    wcpmAbsError += wcpmError;
    if (r.miscues) {
      miscue.tp += counts.tp;
      miscue.fp += counts.fp;
      miscue.fn += counts.fn;
    } else {
      cleanFalseErrors += counts.fp;
      cleanWords += r.plan.truth.length;
    }
    for (const p of r.plan.planted) {
      const k = (byKind[p.kind] ??= { planted: 0, found: 0 });
      k.planted++;
      const w = result.words[p.index];
      const found =
        p.kind === 'omission' || p.kind === 'substitution'
          ? w?.status === 'omission' || w?.status === 'substitution'
          : p.kind === 'self_correction'
            ? w?.status === 'self_correction'
            : p.kind === 'hesitation'
              ? w?.hesitation === true
              : p.kind === 'insertion'
                ? result.insertions.some((x) => x.afterIndex === p.index - 1)
                : result.repetitions.some(
                    (x) => x.index === p.index || x.index === p.index - 1 || x.index === p.index - 2,
                  );
      if (found) k.found++;
    }
    const misses = r.plan.truth
      .map((t, i) => ({ i, t, p: predicted[i], heard: result.words[i]?.heard }))
      .filter(
        (x) =>
          (x.t === 'omission' || x.t === 'substitution') !== (x.p === 'omission' || x.p === 'substitution'),
      );
    rows.push({
      id: r.id,
      warp: warps.get(r.id) ?? 1,
      audioSeconds: pcm.durationSeconds,
      elapsed,
      ...counts,
      trueWcpm,
      wcpm: result.wcpm,
      misses,
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
  const { precision, recall, f1 } = prf(miscue);
  const figures = {
    readings: readings.length,
    audioSeconds: Number(audioSeconds.toFixed(1)),
    miscues: {
      ...miscue,
      precision: Number(precision.toFixed(3)),
      recall: Number(recall.toFixed(3)),
      f1: Number(f1.toFixed(3)),
    },
    cleanReadings: {
      readings: readings.filter((r) => !r.miscues).length,
      words: cleanWords,
      falseErrors: cleanFalseErrors,
    },
    wcpmMeanAbsoluteError: Number((wcpmAbsError / readings.length).toFixed(2)),
    wallSecondsPerAudioSecond: Number((wallSeconds / audioSeconds).toFixed(4)),
    plantedFound: byKind,
  };
  const targets = {
    f1: figures.miscues.f1 >= 0.92,
    cleanFalseErrors: cleanFalseErrors === 0,
    wcpmError: figures.wcpmMeanAbsoluteError <= 1.5,
    speed: figures.wallSecondsPerAudioSecond <= 0.05,
  };
  const line = (label: string, value: string, ok: boolean): string =>
    `${label.padEnd(36)} ${value.padEnd(24)} ${ok ? 'meets target' : 'MISSES target'}\n`;
  process.stdout.write(
    `Scoring benchmark: ${figures.readings} flite readings${args.child ? ` made child-like (×${CHILD_SCALE})` : ''}, ${figures.audioSeconds} s of audio (${voices.join(', ')}; normal and slow pace)\n` +
      line(
        'miscue precision / recall / F1',
        `${figures.miscues.precision} / ${figures.miscues.recall} / ${figures.miscues.f1}`,
        targets.f1,
      ) +
      line(
        'false errors on clean readings',
        `${cleanFalseErrors} in ${cleanWords} words`,
        targets.cleanFalseErrors,
      ) +
      line('WCPM mean absolute error', `${figures.wcpmMeanAbsoluteError} WCPM`, targets.wcpmError) +
      line('wall time per second of audio', `${figures.wallSecondsPerAudioSecond} s`, targets.speed) +
      `planted miscues found: ${Object.entries(byKind)
        .map(([k, v]) => `${k} ${v.found}/${v.planted}`)
        .join(', ')}\n` +
      `frequency warp chosen: ${[...new Set(readings.map((r) => warps.get(r.id) ?? 1))]
        .sort()
        .map((w) => `${w} × ${readings.filter((r) => (warps.get(r.id) ?? 1) === w).length}`)
        .join(', ')}\n`,
  );
  if (args.json) await writeFile(args.json, JSON.stringify({ figures, targets, rows }, null, 2));
  if (args.keep || args.reuse) process.stderr.write(`audio kept in ${dir}\n`);
  else await rm(dir, { recursive: true, force: true });
}

await main();
