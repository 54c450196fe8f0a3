/**
 * Streaming tracker benchmark (issue 12, ADR 0019). Makes readings word by word with flite, so
 * every word's true start and end are known (each word synthesised alone, its silence trimmed,
 * joined with short gaps), some with a long pause before one word, feeds each to the tracker in
 * 100 ms chunks on a simulated real-time clock (server/speech/follow-clock.ts) and prints:
 * - coverage: passage words announced (`word` events) over words read;
 * - lag from a word's true end to its event, median and p95;
 * - help: seconds from the end of the last word read before a long pause to the help offer, and
 *   false help offers (any help on a fluent reading, or on another word);
 * - stop-to-result: wall time from the last chunk to the provisional result;
 * - decoding time per second of audio (one core per reader must stay under 1);
 * - load: how many readers followed at once on the wall clock keep a p95 lag under 1 s and
 *   coverage of 95 % (one process per reader; on a shared machine the figure is indicative).
 *
 *   nice -n 10 npm run bench:follow [-- --quick] [--no-load] [--pause 4.5]
 *
 * Needs flite, sox and pocketsphinx (Debian packages). Audio stays in memory; flite's files go to
 * a temporary folder that is removed.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { tokenisePassage } from '#core/text/normalize.ts';
import { feedRecording, type FollowRun } from '#server/speech/follow-clock.ts';
import { createFollowStream } from '#server/speech/follow-stream.ts';
import { createStreamDecoder, type StreamDecoder } from '#server/speech/stream-decoder.ts';
import { parseWav, toRecogniserFormat } from '#server/speech/wav.ts';
import { BENCH_PASSAGES } from './bench/passages.ts';
import { rng } from './bench/plan.ts';

const run = promisify(execFile);
const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'no-load': { type: 'boolean', default: false },
    pause: { type: 'string', default: '4.5' },
    verbose: { type: 'boolean', default: false },
    passages: { type: 'string' },
    voices: { type: 'string' },
    clock: { type: 'string', default: 'cpu' },
    trace: { type: 'string' },
  },
});
const RATE = 16000;
/** Voices that read every passage fluently (kal16 is the scoring bench's held-out voice). */
const DEFAULT_VOICES = ['slt', 'kal16'];
const PAUSE = Number(args.pause);
const clock = args.clock === 'wall' ? 'simulated' : 'cpu';

interface Reading {
  id: string;
  text: string;
  samples: Int16Array;
  /** True [start, end] of each passage word, seconds. */
  truth: { start: number; end: number }[];
  /** Index of the word a long pause comes before, or -1. */
  pauseBefore: number;
}

/** Trims leading and trailing near-silence (|sample| under 300) from one synthesised word. */
function trim(samples: Int16Array): Int16Array {
  let a = 0;
  let b = samples.length;
  while (a < b && Math.abs(samples[a] ?? 0) < 300) a++;
  while (b > a && Math.abs(samples[b - 1] ?? 0) < 300) b--;
  return samples.subarray(a, b);
}

const wordCache = new Map<string, Int16Array>();
async function sayWord(dir: string, voice: string, word: string): Promise<Int16Array> {
  const key = `${voice}\n${word}`;
  const hit = wordCache.get(key);
  if (hit) return hit;
  const out = join(dir, `w${wordCache.size}.wav`);
  await run('flite', ['-voice', voice, '-t', word, '-o', out]);
  const audio = await toRecogniserFormat(parseWav(new Uint8Array(await readFile(out))));
  await rm(out);
  const samples = trim(audio.samples);
  wordCache.set(key, samples);
  return samples;
}

async function makeReading(
  dir: string,
  id: string,
  text: string,
  voice: string,
  seed: number,
  pauseBefore: number,
): Promise<Reading> {
  const words = tokenisePassage(text);
  const random = rng(seed);
  const parts: Int16Array[] = [new Int16Array(Math.round(0.6 * RATE))];
  let at = 0.6;
  const truth: Reading['truth'] = [];
  for (const [i, w] of words.entries()) {
    // a gap of 60–200 ms between words, longer after a sentence; the long pause where planned
    const gap = 0.06 + random() * 0.14 + (/[.!?]$/.test(w.text) ? 0.25 : 0);
    const said = await sayWord(dir, voice, w.text.replace(/[^\w'.-]/g, ''));
    truth.push({ start: at, end: at + said.length / RATE });
    parts.push(said);
    at += said.length / RATE;
    if (i < words.length - 1) {
      const g = new Int16Array(Math.round((i + 1 === pauseBefore ? PAUSE : gap) * RATE));
      parts.push(g);
      at += g.length / RATE;
    }
  }
  parts.push(new Int16Array(Math.round(0.6 * RATE)));
  const samples = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let k = 0;
  for (const p of parts) {
    samples.set(p, k);
    k += p.length;
  }
  return { id, text, samples, truth, pauseBefore };
}

const quantile = (xs: number[], q: number): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] as number;
};
const f2 = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : '–');

interface Figures {
  coverage: number;
  wordsRead: number;
  lags: number[];
  helpDelays: number[];
  missedHelp: number;
  falseHelp: number;
}

function measure(reading: Reading, r: FollowRun, into: Figures): void {
  const announced = new Map<number, number>();
  for (const { at, event } of r.events)
    if (event.event === 'word' && event.status !== 'omission') announced.set(event.index, at);
  into.wordsRead += reading.truth.length;
  for (const [i, t] of reading.truth.entries()) {
    const at = announced.get(i);
    if (at === undefined) continue;
    into.coverage++;
    into.lags.push(at - t.end);
  }
  const helps = r.events.filter((e) => e.event.event === 'help');
  let found = false;
  for (const h of helps) {
    if (reading.pauseBefore >= 0 && h.event.index === reading.pauseBefore && !found) {
      found = true;
      into.helpDelays.push(h.at - (reading.truth[reading.pauseBefore - 1]?.end ?? 0));
    } else into.falseHelp++;
  }
  if (reading.pauseBefore >= 0 && !found) into.missedHelp++;
}

async function main(): Promise<void> {
  for (const tool of ['flite', 'sox', 'pocketsphinx_batch'])
    await run('sh', ['-c', `command -v ${tool}`]).catch(() => {
      process.stderr.write(
        `bench-follow: ${tool} is missing (apt-get install -y flite sox pocketsphinx pocketsphinx-en-us)\n`,
      );
      process.exit(1);
    });
  const dir = await mkdtemp(join(tmpdir(), 'sparky-bench-follow-'));
  const chosen = args.passages?.split(',');
  const passages = chosen
    ? BENCH_PASSAGES.filter((p) => chosen.includes(p.id))
    : args.quick
      ? BENCH_PASSAGES.slice(0, 3)
      : BENCH_PASSAGES;
  const fluentVoices = args.voices?.split(',') ?? (args.quick ? ['slt'] : DEFAULT_VOICES);
  const readings: Reading[] = [];
  try {
    process.stderr.write('synthesising word by word …\n');
    for (const p of passages) {
      // Each reading's seed (its gaps) is the one it has in the full set, whatever subset runs,
      // so `--passages g3-storm --voices kal16` replays the full set's reading.
      const base = 1 + BENCH_PASSAGES.indexOf(p) * (DEFAULT_VOICES.length + 1);
      for (const [k, voice] of fluentVoices.entries()) {
        const known = DEFAULT_VOICES.indexOf(voice);
        readings.push(
          await makeReading(dir, `${p.id}-${voice}`, p.text, voice, base + (known >= 0 ? known : k), -1),
        );
      }
      const n = tokenisePassage(p.text).length;
      const seed = base + DEFAULT_VOICES.length;
      const voice = seed % 2 === 0 ? 'rms' : 'awb';
      readings.push(await makeReading(dir, `${p.id}-${voice}-pause`, p.text, voice, seed, Math.floor(n / 2)));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  const fluent: Figures = {
    coverage: 0,
    wordsRead: 0,
    lags: [],
    helpDelays: [],
    missedHelp: 0,
    falseHelp: 0,
  };
  const paused: Figures = { ...fluent, lags: [], helpDelays: [] };
  const stops: { seconds: number; audio: number }[] = [];
  let audioSeconds = 0;
  let busy = 0;
  let cpu = 0;
  for (const r of readings) {
    const traced = args.trace !== undefined && r.id.includes(args.trace);
    const words = tokenisePassage(r.text);
    // --trace ID: every window of the readings whose id holds ID, to stderr
    let stream: Awaited<ReturnType<typeof createFollowStream>> | undefined = undefined;
    const createDecoder = traced
      ? async (passage: Parameters<typeof createStreamDecoder>[0]): Promise<StreamDecoder> => {
          const d = await createStreamDecoder(passage);
          let n = 0;
          return {
            ...d,
            async decode(samples, state, lookahead) {
              const out = await d.decode(samples, state, lookahead);
              const now = stream?.fedSeconds ?? 0;
              const reading = r.truth.findIndex((t) => t.end > now);
              process.stderr.write(
                `  w${++n} t ${now.toFixed(1)} reader at ${reading} state ${state}${lookahead ? `+${lookahead}` : ''} (${words[state]?.text ?? 'END'}) ${(samples.length / RATE).toFixed(2)} s: ${out.words.map((w) => `${w.word}@${w.start.toFixed(2)}-${w.end.toFixed(2)}`).join(' ')}\n`,
              );
              return out;
            },
          };
        }
      : undefined;
    stream = await createFollowStream({ passageText: r.text, ...(createDecoder ? { createDecoder } : {}) });
    try {
      const result = await feedRecording(stream, r.samples, { clock });
      measure(r, result, r.pauseBefore >= 0 ? paused : fluent);
      if (traced)
        for (const { at, event } of result.events)
          process.stderr.write(
            `  ${at.toFixed(2)} ${event.event} ${event.index} ${words[event.index]?.text ?? ''} ${'status' in event ? event.status : ''} true end ${r.truth[event.index]?.end.toFixed(2) ?? ''}\n`,
          );
      stops.push({ seconds: result.stopToResult, audio: r.samples.length / RATE });
      audioSeconds += r.samples.length / RATE;
      busy += result.busy;
      cpu += result.cpu.decoder + result.cpu.node;
      if (args.verbose)
        process.stderr.write(
          `${r.id}: ${(r.samples.length / RATE).toFixed(1)} s, ${result.events.length} events, wall ${f2(result.busy)} s, CPU decoder ${f2(result.cpu.decoder)} s + node ${f2(result.cpu.node)} s, decoders replaced ${stream.decoderRestarts}\n`,
        );
    } finally {
      await stream.close();
    }
  }
  const all = [...fluent.lags, ...paused.lags];
  const coverage = (fluent.coverage + paused.coverage) / (fluent.wordsRead + paused.wordsRead);
  const longest = stops.reduce((a, b) => (b.audio > a.audio ? b : a), { seconds: NaN, audio: 0 });
  const lines = [
    `Streaming tracker benchmark: ${readings.length} readings made word by word with flite (${fluentVoices.join(', ')} fluent; rms/awb with a ${PAUSE} s pause before one word), ${audioSeconds.toFixed(0)} s of audio, 100 ms chunks on a simulated real-time clock run by ${clock === 'cpu' ? 'the CPU time each decode used (as on a core of its own; --clock wall for wall time)' : 'wall time (slower on a loaded machine)'}`,
    `coverage (words announced / words read):  ${(coverage * 100).toFixed(1)} %   (fluent ${((fluent.coverage / fluent.wordsRead) * 100).toFixed(1)} %, target ≥ 95 %)`,
    `lag, word end → event:                    median ${f2(quantile(all, 0.5))} s, p95 ${f2(quantile(all, 0.95))} s, max ${f2(Math.max(...all))} s   (target ≤ 0.5 / ≤ 1.0 s)`,
    `help after the last word before a pause:  ${paused.helpDelays.map(f2).join(', ') || '–'} s   (target 3.0–4.0 s; missed ${paused.missedHelp} of ${readings.filter((r) => r.pauseBefore >= 0).length})`,
    `false help offers:                        ${fluent.falseHelp} on ${readings.filter((r) => r.pauseBefore < 0).length} fluent readings, ${paused.falseHelp} elsewhere on the paused ones   (target 0)`,
    `stop → result:                            median ${f2(
      quantile(
        stops.map((s) => s.seconds),
        0.5,
      ),
    )} s, max ${f2(Math.max(...stops.map((s) => s.seconds)))} s; longest reading (${longest.audio.toFixed(0)} s) ${f2(longest.seconds)} s   (target ≤ 1 s)`,
    `CPU per second of audio:                  ${(cpu / audioSeconds).toFixed(3)} s (decoder process + tracker)   (one core per reader: must stay < 1); wall time in decodes ${(busy / audioSeconds).toFixed(3)} s per s (waiting for a core on a loaded machine counts here)`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  if (!args['no-load']) {
    // Load: N readers at once on the wall clock, all reading the longest fluent reading.
    const sample = readings
      .filter((r) => r.pauseBefore < 0)
      .reduce((a, b) => (b.samples.length > a.samples.length ? b : a));
    const counts = args.quick ? [1, 4, 8] : [1, 2, 4, 6, 8, 12, 16];
    let best = 0;
    for (const n of counts) {
      const streams = await Promise.all(
        Array.from({ length: n }, () => createFollowStream({ passageText: sample.text })),
      );
      const runs = await Promise.all(streams.map((s) => feedRecording(s, sample.samples, { clock: 'wall' })));
      await Promise.all(streams.map((s) => s.close()));
      const figures: Figures = {
        coverage: 0,
        wordsRead: 0,
        lags: [],
        helpDelays: [],
        missedHelp: 0,
        falseHelp: 0,
      };
      for (const r of runs) measure(sample, r, figures);
      const p95 = quantile(figures.lags, 0.95);
      const cov = figures.coverage / figures.wordsRead;
      const ok = p95 <= 1 && cov >= 0.95;
      process.stdout.write(
        `load: ${String(n).padStart(2)} readers at once (${(sample.samples.length / RATE).toFixed(0)} s reading): lag p95 ${f2(p95)} s, coverage ${(cov * 100).toFixed(1)} %, false help ${figures.falseHelp} → ${ok ? 'keeps up' : 'falls behind'}\n`,
      );
      if (!ok) break;
      best = n;
    }
    process.stdout.write(
      `readers followed in real time on this machine: ${best} (p95 lag ≤ 1 s, coverage ≥ 95 %; the machine is shared, so indicative)\n`,
    );
  }
}

await main();
