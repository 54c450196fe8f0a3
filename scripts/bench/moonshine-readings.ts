/**
 * Issue 16, eleventh round: Moonshine tiny's free transcript of a reading as evidence for miscues
 * (measured, not built; docs/scoring.md). Transcribes the saved readings of a `bench:scoring --keep`
 * run with Moonshine greedy decoding, in chunks of at most MAX_CHUNK_SECONDS cut at pauses, aligns
 * the transcript to the passage with the scorer's own aligner (`alignReading`), and compares it with
 * the scorer's verdicts from that run's `--json`.
 *
 *   nice npx tsx scripts/bench/moonshine-readings.ts --dir /tmp/sparky-bench-yvfoNI \
 *     --scored /tmp/silent/tune.json --group tuning [--cache FILE] [--only TEXT]
 *
 * `--cache FILE` keeps the transcripts (JSON), so the figures can be printed again without the model.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { alignReading, type WordStatus } from '#core/fluency/align.ts';
import { normaliseHeard, tokenisePassage, type HeardWord } from '#core/text/normalize.ts';
import { DEFAULT_MOONSHINE_DIR } from '#server/speech/command-moonshine.ts';
import { parseWav } from '#server/speech/wav.ts';
import { BENCH_PASSAGES } from './passages.ts';
// types only: the runtime loads when a transcript is not in the cache
import type * as OnnxRuntime from 'onnxruntime-node';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string' },
    scored: { type: 'string' },
    group: { type: 'string' },
    cache: { type: 'string' },
    only: { type: 'string' },
    verbose: { type: 'boolean' },
    dump: { type: 'string' },
  },
});

/** Longest chunk given to Moonshine (it is trained on short utterances). */
const MAX_CHUNK_SECONDS = 15;
/** A pause: this many seconds of 10 ms frames under the silence level. */
const MIN_PAUSE_SECONDS = 0.2;
/** Two voiced stretches are given together while the chunk stays under this span. */
const TARGET_CHUNK_SECONDS = 10;

const LAYERS = 6;
const HEADS = 8;
const HEAD_SIZE = 36;
const START_TOKEN = 1;
const END_TOKEN = 2;

interface Row {
  id: string;
  group: string;
  miscues: boolean;
  audioSeconds: number;
  planted: { kind: string; index: number; said?: string }[];
  scored: [WordStatus, string | null, number | null, number | null][];
  insertions: { afterIndex: number; heard: string; start: number; end: number }[];
  gop?: { index: number; word: number; mean: number }[];
  /** The near-miss check's evidence: per-frame margin of the best neighbour over the printed word. */
  near?: { index: number; margin: number; best: string }[];
}

/** Function words (an insertion or a substitution of one is not counted by the rules below). */
const FUNCTION_WORDS = new Set(
  'a an the and or but of to in on at by for with from as is are was were be been it its he she they we i you his her their our my your this that these those there then than so not no do did does can could would will should has have had up'.split(
    ' ',
  ),
);

interface Chunk {
  start: number;
  end: number;
  text: string;
}

/** Voiced stretches of a reading: 10 ms frames above max(−45 dBFS, loudest − 40 dB), pauses ≥ 0.2 s. */
function chunks(samples: Int16Array, rate: number): { start: number; end: number }[] {
  const hop = Math.round(rate / 100);
  const db: number[] = [];
  for (let k = 0; k + hop <= samples.length; k += hop) {
    let e = 0;
    for (let j = k; j < k + hop; j++) e += (samples[j]! / 32768) ** 2;
    db.push(10 * Math.log10(e / hop + 1e-12));
  }
  const loud = [...db].sort((a, b) => a - b)[Math.floor(db.length * 0.95)] ?? -20;
  const floor = Math.max(-45, loud - 40);
  const voiced: { start: number; end: number }[] = [];
  let runStart = -1;
  let quiet = 0;
  for (let f = 0; f <= db.length; f++) {
    const on = f < db.length && db[f]! > floor;
    if (on) {
      if (runStart < 0) runStart = f;
      quiet = 0;
    } else if (runStart >= 0) {
      quiet++;
      if (quiet >= MIN_PAUSE_SECONDS * 100 || f === db.length) {
        voiced.push({ start: runStart / 100, end: (f - quiet + 1) / 100 });
        runStart = -1;
        quiet = 0;
      }
    }
  }
  // join neighbours up to the target span; split anything longer than the maximum evenly
  const out: { start: number; end: number }[] = [];
  for (const v of voiced) {
    const last = out[out.length - 1];
    if (last && v.end - last.start <= TARGET_CHUNK_SECONDS && v.start - last.end < 1.0) last.end = v.end;
    else out.push({ ...v });
  }
  const total = samples.length / rate;
  return out.flatMap((c) => {
    const a = Math.max(0, c.start - 0.1);
    const b = Math.min(total, c.end + 0.1);
    const parts = Math.ceil((b - a) / MAX_CHUNK_SECONDS);
    return Array.from({ length: parts }, (_, k) => ({
      start: a + ((b - a) * k) / parts,
      end: a + ((b - a) * (k + 1)) / parts,
    }));
  });
}

type Ort = typeof OnnxRuntime;
type Tensor = OnnxRuntime.Tensor;

async function loadModel() {
  const ort: Ort = await import('onnxruntime-node');
  const { default: tokenizer } = await import('llama-tokenizer-js');
  const dir = process.env.MOONSHINE_MODEL_DIR ?? DEFAULT_MOONSHINE_DIR;
  const settings = { intraOpNumThreads: 1, interOpNumThreads: 1, executionProviders: ['cpu'] };
  const encoder = await ort.InferenceSession.create(join(dir, 'encoder_model.onnx'), settings);
  const decoder = await ort.InferenceSession.create(join(dir, 'decoder_model_merged.onnx'), settings);
  const transcribe = async (samples: Float32Array): Promise<string> => {
    const encoded = await encoder.run({
      input_values: new ort.Tensor('float32', samples, [1, samples.length]),
    });
    const hidden = encoded.last_hidden_state as Tensor;
    const past: Record<string, Tensor> = {};
    const empty = () => new ort.Tensor('float32', new Float32Array(0), [1, HEADS, 0, HEAD_SIZE]);
    for (let i = 0; i < LAYERS; i++)
      for (const side of ['decoder', 'encoder'])
        for (const kv of ['key', 'value']) past[`past_key_values.${i}.${side}.${kv}`] = empty();
    let out = await decoder.run({
      input_ids: new ort.Tensor('int64', BigInt64Array.from([BigInt(START_TOKEN)]), [1, 1]),
      encoder_hidden_states: hidden,
      use_cache_branch: new ort.Tensor('bool', [false], [1]),
      ...past,
    });
    const encoderCache: Record<string, Tensor> = {};
    for (let i = 0; i < LAYERS; i++)
      for (const kv of ['key', 'value'])
        encoderCache[`${i}.${kv}`] = out[`present.${i}.encoder.${kv}`] as Tensor;
    const tokens: number[] = [];
    const maxTokens = Math.max(6, Math.trunc((samples.length / 16000) * 6.5));
    for (let i = 0; i < maxTokens; i++) {
      const logits = out.logits!.data as Float32Array;
      let token = 0;
      let top = -Infinity;
      for (let k = 0; k < logits.length; k++)
        if (logits[k]! > top) {
          top = logits[k]!;
          token = k;
        }
      if (token === END_TOKEN) break;
      tokens.push(token);
      const feed: Record<string, Tensor> = {};
      for (let l = 0; l < LAYERS; l++)
        for (const kv of ['key', 'value']) {
          feed[`past_key_values.${l}.decoder.${kv}`] = out[`present.${l}.decoder.${kv}`] as Tensor;
          feed[`past_key_values.${l}.encoder.${kv}`] = encoderCache[`${l}.${kv}`]!;
        }
      out = await decoder.run({
        input_ids: new ort.Tensor('int64', BigInt64Array.from([BigInt(token)]), [1, 1]),
        encoder_hidden_states: hidden,
        use_cache_branch: new ort.Tensor('bool', [true], [1]),
        ...feed,
      });
    }
    return tokenizer.decode(tokens, false, false) as string;
  };
  return { transcribe };
}

/** Transcript words with times spread evenly over their chunk (Moonshine gives no word times). */
function heardWords(parts: readonly Chunk[]): HeardWord[] {
  return parts.flatMap((c) => {
    const words = c.text
      .toLowerCase()
      .replace(/[^a-z0-9' ]/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
    const step = (c.end - c.start) / Math.max(1, words.length);
    return words.map((word, k) => ({ word, start: c.start + k * step, end: c.start + (k + 1) * step }));
  });
}

/** Moonshine's alignment per reading (`--dump FILE`). */
const dump: Record<string, unknown> = {};

const isError = (s: WordStatus | undefined) => s === 'substitution' || s === 'omission';

async function main(): Promise<void> {
  if (!args.dir || !args.scored) throw new Error('--dir DIR --scored FILE.json [--group G] [--cache FILE]');
  const rows = (JSON.parse(await readFile(args.scored, 'utf8')) as { rows: Row[] }).rows.filter(
    (r) =>
      r.group !== 'real' &&
      (!args.group || r.group === args.group) &&
      (!args.only || r.id.includes(args.only)),
  );
  const cache: Record<string, { chunks: Chunk[]; audioSeconds: number; cpu: number }> =
    args.cache && existsSync(args.cache) ? JSON.parse(await readFile(args.cache, 'utf8')) : {};
  let model: Awaited<ReturnType<typeof loadModel>> | null = null;
  for (const r of rows) {
    if (cache[r.id]) continue;
    model ??= await loadModel();
    const audio = parseWav(new Uint8Array(await readFile(join(args.dir, `${r.id}.wav`))));
    if (audio.sampleRate !== 16000 || audio.channels !== 1) throw new Error(`${r.id}: not 16 kHz mono`);
    const pcm = audio.samples;
    const t0 = process.cpuUsage();
    const parts: Chunk[] = [];
    for (const c of chunks(pcm, 16000)) {
      const a = Math.round(c.start * 16000);
      const b = Math.round(c.end * 16000);
      const f = new Float32Array(b - a);
      for (let k = 0; k < f.length; k++) f[k] = pcm[a + k]! / 32768;
      parts.push({ ...c, text: (await model.transcribe(f)).trim() });
    }
    const used = process.cpuUsage(t0);
    cache[r.id] = { chunks: parts, audioSeconds: pcm.length / 16000, cpu: (used.user + used.system) / 1e6 };
    if (args.verbose) process.stderr.write(`${r.id}: ${parts.map((p) => p.text).join(' | ')}\n`);
    if (args.cache) await writeFile(args.cache, JSON.stringify(cache));
  }
  for (const group of ['tuning', 'held-out']) {
    const some = rows.filter((r) => r.group === group);
    if (some.length === 0) continue;
    console.log(`== ${group}`);
    report(some, cache);
  }
  if (args.dump) await writeFile(args.dump, JSON.stringify(dump));
}

function report(
  rows: readonly Row[],
  cache: Record<string, { chunks: Chunk[]; audioSeconds: number; cpu: number }>,
): void {
  let cpu = 0;
  let seconds = 0;
  const clean = { words: 0, sub: 0, om: 0, insertions: 0, scorerCorrectSub: 0 };
  type Tally = {
    planted: number;
    scorerFound: number;
    scorerMissed: number;
    msShowsMissed: number;
    msShowsFound: number;
    msExact: number;
  };
  const tally = (): Tally => ({
    planted: 0,
    scorerFound: 0,
    scorerMissed: 0,
    msShowsMissed: 0,
    msShowsFound: 0,
    msExact: 0,
  });
  const kinds: Record<string, Tally> = {
    substitution: tally(),
    omission: tally(),
    insertion: tally(),
    self_correction: tally(),
  };
  const lines: string[] = [];
  // rule candidates: scorer says read, Moonshine says substitution
  const rule = { cleanFalse: 0, miscueFalse: 0, missedFound: 0, list: [] as string[] };
  // rule B: the near-miss check's neighbour fits better (margin > 0, below the check's own threshold)
  // and Moonshine heard one other content word there, its two neighbours each side as printed
  const ruleB = { found: 0, falseMiscue: 0, falseClean: 0, list: [] as string[] };
  // rule C: Moonshine's alignment makes a word the scorer scored as read a self-correction
  const ruleC = { found: 0, other: 0, clean: 0, list: [] as string[] };
  // rule D: Moonshine heard a content word between two words it heard as printed, where the scorer lists no insertion
  const ruleD = { found: 0, other: 0, clean: 0, list: [] as string[] };
  for (const r of rows) {
    const c = cache[r.id];
    if (!c) continue;
    cpu += c.cpu;
    seconds += c.audioSeconds;
    const passageText = BENCH_PASSAGES.find((p) => r.id.startsWith(`${p.id}-`))?.text;
    if (!passageText) continue;
    const passage = tokenisePassage(passageText);
    const heard = normaliseHeard(heardWords(c.chunks));
    const ms = alignReading(passage, heard);
    dump[r.id] = { words: ms.words.map((w) => [w.status, w.heard]), insertions: ms.insertions };
    const truth = passage.map((): WordStatus => 'correct');
    for (const p of r.planted)
      if (p.kind === 'substitution' || p.kind === 'omission' || p.kind === 'self_correction')
        truth[p.index] = p.kind as WordStatus;
    if (!r.miscues) {
      clean.words += passage.length;
      for (const w of ms.words) {
        if (w.status === 'substitution') clean.sub++;
        if (w.status === 'omission') clean.om++;
        if (isError(w.status))
          lines.push(`  clean ${r.id} #${w.index} ${w.text} → ${w.status} "${w.heard ?? ''}"`);
      }
      clean.insertions += ms.insertions.length;
    }
    for (const w of ms.words) {
      const scorer = r.scored[w.index]?.[0];
      if (w.status === 'substitution' && !isError(scorer) && truth[w.index] !== 'self_correction') {
        const gop = r.gop?.find((g) => g.index === w.index);
        const tag = `${r.id} #${w.index} ${w.text} → "${w.heard}" (truth ${truth[w.index]}, scorer ${scorer}${gop ? `, gop word ${gop.word}` : ''})`;
        rule.list.push(tag);
        if (!r.miscues) rule.cleanFalse++;
        else if (truth[w.index] === 'correct') rule.miscueFalse++;
        else rule.missedFound++;
      }
    }
    const asPrinted = (j: number) => j >= 0 && j < ms.words.length && ms.words[j]!.status === 'correct';
    for (const w of ms.words) {
      const scorer = r.scored[w.index]?.[0];
      if (isError(scorer) || scorer === 'self_correction') continue;
      const near = r.near?.find((g) => g.index === w.index);
      const heardWords = (w.heard ?? '').split(' ');
      if (
        w.status === 'substitution' &&
        near &&
        near.margin > 0 &&
        heardWords.length === 1 &&
        !FUNCTION_WORDS.has(w.text.toLowerCase()) &&
        [-2, -1, 1, 2].every((d) => asPrinted(w.index + d))
      ) {
        const tag = `${r.id} #${w.index} ${w.text} → "${w.heard}" (near ${near.best} ${near.margin}, truth ${r.miscues ? truth[w.index] : 'clean'})`;
        ruleB.list.push(tag);
        if (!r.miscues) ruleB.falseClean++;
        else if (truth[w.index] === 'substitution') ruleB.found++;
        else if (truth[w.index] === 'correct') ruleB.falseMiscue++;
      }
      if (w.status === 'self_correction') {
        const planted = r.planted.some((p) => p.kind === 'self_correction' && p.index === w.index);
        ruleC.list.push(
          `${r.id} #${w.index} ${w.text} → "${w.heard}" (${planted ? 'planted' : r.miscues ? 'not planted' : 'clean'})`,
        );
        if (!r.miscues) ruleC.clean++;
        else if (planted) ruleC.found++;
        else ruleC.other++;
      }
    }
    for (const x of ms.insertions) {
      if (FUNCTION_WORDS.has(x.heard) || !asPrinted(x.afterIndex) || !asPrinted(x.afterIndex + 1)) continue;
      if (r.insertions.some((y) => y.afterIndex === x.afterIndex)) continue;
      const planted = r.planted.some((p) => p.kind === 'insertion' && p.index === x.afterIndex + 1);
      ruleD.list.push(
        `${r.id} after #${x.afterIndex} "${x.heard}" (${planted ? 'planted' : r.miscues ? 'not planted' : 'clean'})`,
      );
      if (!r.miscues) ruleD.clean++;
      else if (planted) ruleD.found++;
      else ruleD.other++;
    }
    for (const p of r.planted) {
      const t = kinds[p.kind];
      if (!t) continue;
      t.planted++;
      const sw = r.scored[p.index];
      const w = ms.words[p.index];
      let scorerFound = false;
      let shows = false;
      let exact = false;
      if (p.kind === 'substitution' || p.kind === 'omission') {
        scorerFound = isError(sw?.[0]);
        shows = isError(w?.status);
        exact =
          p.kind === 'omission'
            ? w?.status === 'omission'
            : (w?.heard ?? '').split(' ').includes(p.said ?? '');
      } else if (p.kind === 'self_correction') {
        scorerFound = sw?.[0] === 'self_correction';
        // the first attempt heard: as a self-correction, or the attempt among insertions next to it
        shows =
          w?.status === 'self_correction' ||
          ms.insertions.some(
            (x) => Math.abs(x.afterIndex - (p.index - 1)) <= 1 && x.heard !== w?.text.toLowerCase(),
          );
        exact =
          (w?.heard ?? '').split(' ').includes(p.said ?? '') ||
          ms.insertions.some((x) => Math.abs(x.afterIndex - (p.index - 1)) <= 1 && x.heard === p.said);
      } else {
        scorerFound = r.insertions.some((x) => x.afterIndex === p.index - 1);
        shows = ms.insertions.some((x) => x.afterIndex === p.index - 1);
        exact = ms.insertions.some((x) => x.afterIndex === p.index - 1 && x.heard === p.said);
      }
      if (scorerFound) {
        t.scorerFound++;
        if (shows) t.msShowsFound++;
      } else {
        t.scorerMissed++;
        if (shows) t.msShowsMissed++;
        lines.push(
          `  missed ${p.kind} ${r.id} #${p.index} ${passage[p.index]?.text} said "${p.said ?? ''}": scorer ${sw?.[0]} "${sw?.[1] ?? ''}", moonshine ${w?.status} "${w?.heard ?? ''}"${shows ? ' SHOWS' : ''}${exact ? ' EXACT' : ''}`,
        );
      }
      if (exact) t.msExact++;
    }
  }
  if (args.verbose) console.log(lines.join('\n'));
  console.log(
    `readings ${rows.filter((r) => cache[r.id]).length}, audio ${seconds.toFixed(1)} s, Moonshine CPU ${cpu.toFixed(1)} s = ${(cpu / seconds).toFixed(3)} s per audio second`,
  );
  console.log(
    `clean readings: ${clean.words} passage words; Moonshine transcript differs on ${clean.sub + clean.om} (substitution ${clean.sub}, omission ${clean.om}); insertions ${clean.insertions}`,
  );
  for (const [kind, t] of Object.entries(kinds))
    console.log(
      `${kind}: planted ${t.planted}; scorer finds ${t.scorerFound}, Moonshine shows ${t.msShowsFound} of them; scorer misses ${t.scorerMissed}, Moonshine shows ${t.msShowsMissed} of them; Moonshine names the word said on ${t.msExact}`,
    );
  console.log(
    `rule "Moonshine substitution where the scorer says read": adds ${rule.missedFound} planted errors, ${rule.miscueFalse} false errors on miscue readings, ${rule.cleanFalse} on clean readings`,
  );
  console.log(
    `rule B (near-miss margin > 0 and Moonshine hears one other content word, neighbours as printed): +${ruleB.found} planted substitutions, ${ruleB.falseMiscue} false errors on miscue readings, ${ruleB.falseClean} on clean readings`,
  );
  console.log(
    `rule C (Moonshine's alignment has a self-correction where the scorer says read): +${ruleC.found} planted self-corrections, ${ruleC.other} other words of miscue readings, ${ruleC.clean} words of clean readings`,
  );
  console.log(
    `rule D (Moonshine hears a content word between two words heard as printed, the scorer lists none there): +${ruleD.found} planted insertions, ${ruleD.other} elsewhere in miscue readings, ${ruleD.clean} on clean readings`,
  );
  if (args.verbose)
    for (const l of [
      ...rule.list,
      ...ruleB.list.map((x) => `B ${x}`),
      ...ruleC.list.map((x) => `C ${x}`),
      ...ruleD.list.map((x) => `D ${x}`),
    ])
      console.log(`  ${l}`);
}

await main();
