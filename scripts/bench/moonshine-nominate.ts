/**
 * Issue 16, eleventh round, second experiment: Moonshine as a nominator, pocketsphinx as the judge.
 * Each content word Moonshine heard as one other, common word (`--min-log-prob`) (the alignment of `moonshine-readings.ts --dump`)
 * gives that word to the scorer as one more distractor for the passage word (`extraDistractors`),
 * and the reading is scored again; the verdicts are compared with main's (`bench:scoring --json`).
 *
 *   nice npx tsx scripts/bench/moonshine-nominate.ts --dir /tmp/sparky-bench-yvfoNI \
 *     --scored /tmp/silent/tune.json --dump /tmp/ms-tune-dump.json --group tuning [--only TEXT]
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { WordStatus } from '#core/fluency/align.ts';
import { tokenisePassage } from '#core/text/normalize.ts';
import { loadWordLogProbabilities } from '#server/speech/lexicon.ts';
import { createPocketsphinxRecogniser } from '#server/speech/pocketsphinx.ts';
import { scoreAudio } from '#server/speech/score-audio.ts';
import { features, type VerifyEvidence } from '#server/speech/verify.ts';
import { BENCH_PASSAGES } from './passages.ts';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string' },
    scored: { type: 'string' },
    dump: { type: 'string' },
    group: { type: 'string' },
    only: { type: 'string' },
    verbose: { type: 'boolean' },
    /** Rarest word nominated, log10 unigram probability (default −6, the scorer's own distractors' bar; 'all': no bar). */
    'min-log-prob': { type: 'string' },
  },
});

/** As `bench-scoring.ts`: generous time limits, so that a busy machine loses no reading. */
const BENCH_LIMITS = { timeoutBaseMs: 300_000, timeoutPerAudioSecondMs: 5_000 } as const;

const FUNCTION_WORDS = new Set(
  'a an the and or but of to in on at by for with from as is are was were be been it its he she they we i you his her their our my your this that these those there then than so not no do did does can could would will should has have had up'.split(
    ' ',
  ),
);

interface Row {
  id: string;
  group: string;
  miscues: boolean;
  planted: { kind: string; index: number; said?: string }[];
  scored: [WordStatus, string | null, number | null, number | null][];
  insertions: { afterIndex: number }[];
}

const isError = (s: WordStatus | undefined) => s === 'substitution' || s === 'omission';

async function main(): Promise<void> {
  if (!args.dir || !args.scored || !args.dump)
    throw new Error('--dir DIR --scored FILE --dump FILE [--group G]');
  const rows = (JSON.parse(await readFile(args.scored, 'utf8')) as { rows: Row[] }).rows.filter(
    (r) =>
      r.group !== 'real' &&
      (!args.group || r.group === args.group) &&
      (!args.only || r.id.includes(args.only)),
  );
  const dump = JSON.parse(await readFile(args.dump, 'utf8')) as Record<
    string,
    { words: [WordStatus, string | null][] }
  >;
  const logProbs = loadWordLogProbabilities();
  const minLogProb = args['min-log-prob'] === 'all' ? -Infinity : Number(args['min-log-prob'] ?? -6);
  const common = (w: string) => (logProbs.get(w) ?? -Infinity) >= minLogProb;
  const t = {
    readings: 0,
    nominated: 0,
    subPlanted: 0,
    subBefore: 0,
    subAfter: 0,
    omPlanted: 0,
    omBefore: 0,
    omAfter: 0,
    falseCleanBefore: 0,
    falseCleanAfter: 0,
    falseMiscueBefore: 0,
    falseMiscueAfter: 0,
    scBefore: 0,
    scAfter: 0,
    insBefore: 0,
    insAfter: 0,
    cpu: 0,
  };
  const lines: string[] = [];
  for (const r of rows) {
    const ms = dump[r.id];
    const text = BENCH_PASSAGES.find((p) => r.id.startsWith(`${p.id}-`))?.text;
    if (!ms || !text) continue;
    const passage = tokenisePassage(text);
    const extra: Record<string, string[]> = {};
    ms.words.forEach(([status, heard], i) => {
      const token = passage[i]?.spoken[0];
      if (status !== 'substitution' || !heard || !token || token.length !== 1) return;
      if (FUNCTION_WORDS.has(token[0]!) || !/^[a-z']+$/.test(heard) || !common(heard)) return;
      const list = (extra[token[0]!] ??= []);
      if (!list.includes(heard)) list.push(heard);
      t.nominated++;
    });
    let evidence: VerifyEvidence[] = [];
    const c0 = process.cpuUsage();
    const result = await scoreAudio({
      wav: new Uint8Array(await readFile(join(args.dir, `${r.id}.wav`))),
      passageText: text,
      recogniser: createPocketsphinxRecogniser({
        ...BENCH_LIMITS,
        extraDistractors: extra,
        verify: { onEvidence: (e: VerifyEvidence[]) => (evidence = e) },
      }),
      grade: BENCH_PASSAGES.find((p) => r.id.startsWith(`${p.id}-`))!.grade,
      mode: 'practice',
    });
    const used = process.cpuUsage(c0);
    t.cpu += (used.user + used.system) / 1e6;
    t.readings++;
    const truth = passage.map((): WordStatus => 'correct');
    for (const p of r.planted)
      if (p.kind === 'substitution' || p.kind === 'omission' || p.kind === 'self_correction')
        truth[p.index] = p.kind as WordStatus;
    // the second pass's margin of the best competitor over the printed word, per frame
    const margin = (i: number) => {
      const e = evidence.find((x) => x.candidate.index === i);
      return e
        ? `${e.bestAlternative?.word ?? '-'} ${features(e).alternativeMargin.toFixed(2)}`
        : 'not verified';
    };
    result.words.forEach((w, i) => {
      const before = r.scored[i]?.[0];
      if (before !== w.status)
        lines.push(
          `  ${r.id} #${i} ${w.text}: ${before} "${r.scored[i]?.[1] ?? ''}" → ${w.status} "${w.heard ?? ''}" (truth ${r.miscues ? truth[i] : 'clean'}; second pass ${margin(i)})`,
        );
      if (!r.miscues) {
        if (isError(before)) t.falseCleanBefore++;
        if (isError(w.status)) t.falseCleanAfter++;
      } else if (truth[i] === 'correct' || truth[i] === 'self_correction') {
        if (isError(before)) t.falseMiscueBefore++;
        if (isError(w.status)) t.falseMiscueAfter++;
      }
    });
    for (const p of r.planted) {
      if (p.kind === 'substitution') {
        t.subPlanted++;
        if (isError(r.scored[p.index]?.[0])) t.subBefore++;
        if (isError(result.words[p.index]?.status)) t.subAfter++;
      }
      if (p.kind === 'omission') {
        t.omPlanted++;
        if (isError(r.scored[p.index]?.[0])) t.omBefore++;
        if (isError(result.words[p.index]?.status)) t.omAfter++;
      }
      if (p.kind === 'self_correction') {
        if (r.scored[p.index]?.[0] === 'self_correction') t.scBefore++;
        if (result.words[p.index]?.status === 'self_correction') t.scAfter++;
      }
      if (p.kind === 'insertion') {
        if (r.insertions.some((x) => x.afterIndex === p.index - 1)) t.insBefore++;
        if (result.insertions.some((x) => x.afterIndex === p.index - 1)) t.insAfter++;
      }
    }
    if (args.verbose) process.stderr.write(`${r.id}: ${Object.keys(extra).length} words nominated\n`);
  }
  console.log(lines.join('\n'));
  console.log(
    `${t.readings} readings, ${t.nominated} words nominated by Moonshine; planted substitutions found ${t.subBefore} → ${t.subAfter} of ${t.subPlanted}; omissions ${t.omBefore} → ${t.omAfter} of ${t.omPlanted}; false errors on clean readings ${t.falseCleanBefore} → ${t.falseCleanAfter}; on miscue readings' correct words ${t.falseMiscueBefore} → ${t.falseMiscueAfter}; self-corrections ${t.scBefore} → ${t.scAfter}; insertions ${t.insBefore} → ${t.insAfter}; pipeline CPU ${t.cpu.toFixed(1)} s (this process only)`,
  );
}

await main();
