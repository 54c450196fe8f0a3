/**
 * Enrolment experiment for spoken commands (issue 11; ADR 0015, sixth round): would "teach Sparky my
 * voice" (each speaker reads a few fixed sentences once, and the recogniser adapts to that speaker
 * with MLLR, one global linear transform of the en-us model's Gaussian means) bring back the
 * child-like commands the recogniser misses, without false activations?
 *
 *   npx tsx scripts/bench/enrol-commands.ts --reuse DIR [--baseline FILE] [--work DIR]
 *     [--conditions a,b] [--speakers a,b] [--summary]
 *
 * DIR is a folder kept by `npm run bench:commands -- --keep` (its clips and plan.json). Every bench
 * "speaker" (a flite voice, plain or raised in pitch by the tuning or the held-out factor) reads the
 * enrolment sentences below, synthesised as the bench synthesises (flite, sox speed, 0.3 s padding,
 * no noise). sphinxtrain's `bw` collects statistics on them against the en-us model and
 * `mllr_solve` makes one transform per speaker (and per warp where a condition asks for one); each
 * speaker's bench clips are then recognised by the bench's own pipeline (recogniseCommandWav,
 * Reading Practice's command list, the same acceptance rule) with that speaker's transform.
 *
 * Conditions:
 * - `none-1`: no transform, warp 1 only (the control for `mllr-1`);
 * - `mllr-1`: the speaker's transform (estimated without warp), warp 1 only;
 * - `mllr-1+w`: that transform on both default warps (the warm decoders take one argument set);
 * - `mllr-per-warp`: a transform per warp (estimated on features at that warp), each warp decoded by
 *   its own recogniser, the answer chosen by the product's rule (chooseWarpVerdict, 'margin').
 * With `--baseline FILE` (the bench's own `--json` output for DIR) the summary adds `baseline` (the
 * bench's answers: default warps, no transform) and `none-1-sim` (warp 1's own verdict in that run,
 * from its `perWarp`: the control for `mllr-1` without decoding again).
 * Each speaker's answers are appended to WORK/results.jsonl as they are made (several runs with
 * `--speakers` can share a WORK folder); `--summary` only prints the summary of that file.
 *
 * Needs flite, sox, pocketsphinx, sphinxbase-utils (sphinx_fe) and sphinxtrain (bw, mllr_solve): all
 * Debian packages. The en-us model ships its mixture weights only as a quantised `sendump`; `bw`
 * needs them as a `mixture_weights` file, which this script writes from the sendump (the
 * conversion of sphinxtrain's sendump.py). Nothing here is product code.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import type { VoiceCommand } from '#core/voice/command.ts';
import {
  chooseWarpVerdict,
  commandWarpArgs,
  createCommandRecogniser,
  DEFAULT_COMMAND_WARP,
  type CommandDecodeDetail,
  type CommandRecogniserOptions,
} from '#server/speech/command-decoder.ts';
import { recogniseCommandWav } from '#server/speech/command-service.ts';
import { loadLibraryStories } from '#server/stories/content.ts';
import { screenCommandList } from '#src/app/voice/screen-commands.ts';

const run = promisify(execFile);
const { values: args } = parseArgs({
  options: {
    reuse: { type: 'string' },
    work: { type: 'string' },
    baseline: { type: 'string' },
    conditions: { type: 'string', default: 'mllr-1,mllr-per-warp' },
    speakers: { type: 'string' },
    summary: { type: 'boolean', default: false },
  },
});
if (!args.reuse) throw new Error('--reuse DIR (a folder kept by npm run bench:commands -- --keep)');

const MODEL = '/usr/share/pocketsphinx/model/en-us/en-us';
const DICT = '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict';
const TRAIN = '/usr/lib/sphinxtrain';

/**
 * Fixed enrolment sentences (Harvard sentences, IEEE 1969: phonetically balanced), none of which
 * holds a command phrase or is one of the bench's sentences (checked below).
 */
export const ENROLMENT_SENTENCES = [
  'the birch canoe slid on the smooth planks',
  'it is easy to tell the depth of a well',
  'these days a chicken leg is a rare dish',
  'rice is often served in round bowls',
  'the juice of lemons makes fine punch',
  'the box was thrown beside the parked truck',
  'the hogs were fed chopped corn and garbage',
  'four hours of steady work faced us',
  'a large size in stockings is hard to sell',
  'the boy was there when the sun rose',
  'a rod is used to catch pink salmon',
  'the source of the huge river is the clear spring',
  'kick the ball straight and follow through',
  'a pot of tea helps to pass the evening',
  'smoky fires lack flame and heat',
  'the salt breeze came across from the sea',
];

interface PlannedClip {
  id: string;
  set: 'tune' | 'held-out';
  scale: number;
  kind: 'command' | 'sentence' | 'double' | 'shout';
  text: string;
  voice: string;
  child: boolean;
  noise: boolean;
  expected: string | null;
  wav: string;
}

/** A bench speaker: a voice, plain or raised by a factor (a raised voice is another speaker). */
const speakerOf = (c: Pick<PlannedClip, 'voice' | 'child' | 'scale'>): string =>
  c.child ? `${c.voice}-x${c.scale}` : c.voice;

/** CPU seconds (user + system) of a child process, from GNU time. */
async function timed(file: string, argv: readonly string[], cwd: string): Promise<number> {
  const out = join(cwd, 'time.txt');
  await run('/usr/bin/time', ['-f', '%U %S', '-o', out, file, ...argv], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  });
  const [u, s] = (await readFile(out, 'utf8')).trim().split(/\s+/).map(Number);
  return (u ?? 0) + (s ?? 0);
}

/** en-us's sendump (8-bit quantised −log mixture weights) as a Sphinx-III mixture_weights file. */
async function writeMixtureWeights(path: string): Promise<void> {
  const buf = await readFile(join(MODEL, 'sendump'));
  let at = 0;
  const int = () => {
    const v = buf.readUInt32LE(at);
    at += 4;
    return v;
  };
  let features = 0;
  let shift = 10;
  for (;;) {
    const n = int();
    if (n === 0) break;
    const s = buf.toString('latin1', at, at + n - 1);
    at += n;
    if (s.startsWith('feature_count')) features = Number(s.split(' ')[1]);
    if (s.startsWith('mixw_shift')) shift = Number(s.split(' ')[1]);
    if (s.startsWith('cluster_count') && Number(s.split(' ')[1]) !== 0)
      throw new Error('clustered sendump not handled');
  }
  const codewords = int();
  const senones = int();
  const weights = new Float32Array(senones * features * codewords);
  for (let f = 0; f < features; f++)
    for (let c = 0; c < codewords; c++)
      for (let s = 0; s < senones; s++)
        weights[(s * features + f) * codewords + c] = 1.0001 ** -(buf[at++]! << shift);
  if (at !== buf.length) throw new Error(`sendump: ${buf.length - at} bytes left over`);
  const header = Buffer.from('s3\nversion 1.0\nendhdr\n', 'latin1');
  const ints = Buffer.alloc(4 * 5);
  [0x11223344, senones, features, codewords, weights.length].forEach((v, k) => ints.writeUInt32LE(v, 4 * k));
  await writeFile(path, Buffer.concat([header, ints, Buffer.from(weights.buffer)]));
}

/** The enrolment audio of one speaker, as the bench makes a clip (flite, sox; no noise). */
async function synthesiseEnrolment(
  dir: string,
  voice: string,
  child: boolean,
  scale: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (const [k, text] of ENROLMENT_SENTENCES.entries()) {
    const id = `e${String(k).padStart(2, '0')}`;
    const raw = join(dir, `${id}-raw.wav`);
    await run('flite', [
      '-voice',
      voice,
      ...(child ? ['--setf', `duration_stretch=${scale}`] : []),
      '-t',
      text,
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
      join(dir, `${id}.wav`),
      ...(child ? ['speed', String(scale)] : []),
      'rate',
      '16000',
      'pad',
      '0.3',
      '0.3',
    ]);
    ids.push(id);
  }
  return ids;
}

/**
 * One MLLR transform from a speaker's enrolment audio at a warp: features (sphinx_fe with the
 * model's feat.params and the decoder's warp arguments), Baum-Welch statistics (bw), the transform
 * (mllr_solve). Returns the transform's path and the CPU seconds the three took.
 */
async function adapt(
  dir: string,
  ids: readonly string[],
  warp: number,
  mixw: string,
  mdef: string,
): Promise<{ file: string; cpu: number }> {
  const tag = `w${warp}`;
  const cep = join(dir, tag);
  const acc = join(dir, `${tag}-acc`);
  await mkdir(cep, { recursive: true });
  await mkdir(acc, { recursive: true });
  await writeFile(join(dir, 'fileids'), `${ids.join('\n')}\n`);
  await writeFile(
    join(dir, 'transcription'),
    ids.map((id, k) => `<s> ${ENROLMENT_SENTENCES[k]} </s> (${id})`).join('\n') + '\n',
  );
  let cpu = await timed(
    'sphinx_fe',
    [
      '-argfile',
      join(MODEL, 'feat.params'),
      '-samprate',
      '16000',
      '-c',
      join(dir, 'fileids'),
      '-di',
      dir,
      '-do',
      cep,
      '-ei',
      'wav',
      '-eo',
      'mfc',
      '-mswav',
      'yes',
      ...commandWarpArgs(warp),
    ],
    dir,
  );
  cpu += await timed(
    join(TRAIN, 'bw'),
    [
      '-hmmdir',
      MODEL,
      '-moddeffn',
      mdef,
      '-mixwfn',
      mixw,
      '-ts2cbfn',
      '.ptm.',
      '-feat',
      '1s_c_d_dd',
      '-svspec',
      '0-12/13-25/26-38',
      '-cmn',
      'batch',
      '-agc',
      'none',
      '-dictfn',
      DICT,
      '-fdictfn',
      join(MODEL, 'noisedict'),
      '-ctlfn',
      join(dir, 'fileids'),
      '-lsnfn',
      join(dir, 'transcription'),
      '-cepdir',
      cep,
      '-cepext',
      'mfc',
      '-timing',
      'no',
      '-accumdir',
      acc,
    ],
    dir,
  );
  const file = join(dir, `mllr-${tag}`);
  cpu += await timed(
    join(TRAIN, 'mllr_solve'),
    [
      '-meanfn',
      join(MODEL, 'means'),
      '-varfn',
      join(MODEL, 'variances'),
      '-outmllrfn',
      file,
      '-accumdir',
      acc,
    ],
    dir,
  );
  if (!existsSync(file)) throw new Error(`no transform made in ${dir}`);
  return { file, cpu };
}

interface Result {
  clip: PlannedClip;
  condition: string;
  target: string | null;
}

async function main(): Promise<void> {
  const dir = args.reuse!;
  const work = args.work ?? join(dir, 'enrol');
  await mkdir(work, { recursive: true });
  const clips = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8')) as PlannedClip[];
  const library = loadLibraryStories().map((s) => ({ id: s.slug, title: s.title }));
  const commands: readonly VoiceCommand[] = screenCommandList('/fluency', library);

  // honest by construction: no enrolment sentence is a bench sentence or holds a command phrase
  const words = (s: string) =>
    ` ${s
      .toLowerCase()
      .replace(/[^a-z' ]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()} `;
  for (const e of ENROLMENT_SENTENCES) {
    const hit =
      clips.find((c) => words(c.text) === words(e)) ??
      commands.find((c) => words(e).includes(words(c.phrase)));
    if (hit)
      throw new Error(
        `enrolment sentence "${e}" overlaps the bench ("${'text' in hit ? hit.text : hit.phrase}")`,
      );
  }

  const mixw = join(work, 'mixture_weights');
  if (!existsSync(mixw)) await writeMixtureWeights(mixw);
  const mdef = join(work, 'mdef.txt');
  if (!existsSync(mdef)) await run('pocketsphinx_mdef_convert', ['-text', join(MODEL, 'mdef'), mdef]);

  const conditions = args.conditions!.split(',');
  const wanted = args.speakers?.split(',');
  // child-like speakers first: they are the question
  const speakers = [...new Map(clips.map((c) => [speakerOf(c), c])).values()]
    .filter((c) => !wanted || wanted.includes(speakerOf(c)))
    .sort((a, b) => Number(b.child) - Number(a.child));
  const log = join(work, 'results.jsonl');
  for (const sp of args.summary ? [] : speakers) {
    const name = speakerOf(sp);
    const results: { id: string; condition: string; target: string | null }[] = [];
    const mine = clips.filter((c) => speakerOf(c) === name);
    const spDir = join(work, name);
    await mkdir(spDir, { recursive: true });
    const ids = await synthesiseEnrolment(spDir, sp.voice, sp.child, sp.scale);
    const plain = await adapt(spDir, ids, 1, mixw, mdef);
    const warped = conditions.includes('mllr-per-warp')
      ? await adapt(spDir, ids, DEFAULT_COMMAND_WARP, mixw, mdef)
      : null;
    process.stderr.write(`${name}: ${mine.length} clips, adaptation ${plain.cpu.toFixed(1)} s CPU\n`);

    /** Each clip's answer and its decode detail with one recogniser. */
    const recognise = async (options: CommandRecogniserOptions) => {
      let detail: CommandDecodeDetail | undefined;
      const recogniser = createCommandRecogniser({ ...options, onDecode: (d) => (detail = d) });
      const out: { target: string | null; detail: CommandDecodeDetail | undefined }[] = [];
      try {
        for (const c of mine) {
          detail = undefined;
          const answer = await recogniseCommandWav({
            wav: await readFile(c.wav),
            commands,
            recogniser,
          }).catch(() => ({ target: null }));
          out.push({ target: answer.target, detail });
        }
      } finally {
        await recogniser.close?.();
      }
      return out;
    };
    const record = (condition: string, out: { target: string | null }[]) =>
      out.forEach((o, k) => results.push({ id: mine[k]!.id, condition, target: o.target }));

    if (conditions.includes('none-1')) record('none-1', await recognise({ warps: [1] }));
    const at1 = await recognise({ warps: [1], extraArgs: ['-mllr', plain.file] });
    if (conditions.includes('mllr-1')) record('mllr-1', at1);
    if (conditions.includes('mllr-1+w'))
      record('mllr-1+w', await recognise({ extraArgs: ['-mllr', plain.file] }));
    if (warped) {
      const atW = await recognise({ warps: [DEFAULT_COMMAND_WARP], extraArgs: ['-mllr', warped.file] });
      // the product's rule across warps: of the accepting warps the widest margin (ADR 0015, round 4)
      record(
        'mllr-per-warp',
        at1.map((a, k) => {
          const b = atW[k]!;
          const verdict = (o: typeof a) => ({
            target: o.target,
            margin: o.detail?.margin ?? null,
            total: o.detail?.perWarp?.[0]?.total ?? null,
            complete: o.detail?.perWarp?.[0]?.garbageTotal != null,
          });
          return chooseWarpVerdict([verdict(a), verdict(b)], 'margin');
        }),
      );
    }
    await appendFile(
      log,
      results.map((r) => JSON.stringify(r)).join('\n') +
        `\n${JSON.stringify({ speaker: name, adaptCpu: plain.cpu, warpedCpu: warped?.cpu ?? null })}\n`,
    );
  }

  // the summary, from everything WORK/results.jsonl holds (and the bench's own run)
  const byId = new Map(clips.map((c) => [c.id, c]));
  const results: Result[] = [];
  const adaptCpu: Record<string, number> = {};
  const shown = new Set<string>();
  const answered = new Set<string>();
  for (const line of (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean)) {
    const r = JSON.parse(line) as {
      id?: string;
      condition?: string;
      target?: string | null;
      speaker?: string;
      adaptCpu?: number;
    };
    if (r.speaker) adaptCpu[r.speaker] = r.adaptCpu!;
    else {
      results.push({ clip: byId.get(r.id!)!, condition: r.condition!, target: r.target ?? null });
      shown.add(r.condition!);
      answered.add(r.id!);
    }
  }
  if (args.baseline) {
    const bench = JSON.parse(await readFile(args.baseline, 'utf8')) as {
      id: string;
      got: string | null;
      detail?: CommandDecodeDetail;
    }[];
    // only the clips of the speakers measured here, so that the rows compare like with like
    for (const b of bench.filter((b) => answered.has(b.id))) {
      results.push({ clip: byId.get(b.id)!, condition: 'baseline', target: b.got });
      const w1 = b.detail?.perWarp?.find((w) => w.warp === 1);
      results.push({
        clip: byId.get(b.id)!,
        condition: 'none-1-sim',
        target: w1 ? (w1.accepts ?? null) : b.got,
      });
    }
    shown.add('baseline').add('none-1-sim');
  }

  const lines: string[] = [];
  for (const condition of [...shown])
    for (const set of ['tune', 'held-out'] as const) {
      const mine = results.filter((r) => r.condition === condition && r.clip.set === set);
      if (!mine.length) continue;
      const cmd = mine.filter((r) => r.clip.kind === 'command');
      const right = (rs: Result[]) => `${rs.filter((r) => r.target === r.clip.expected).length}/${rs.length}`;
      const wrong = cmd.filter((r) => r.target !== null && r.target !== r.clip.expected).length;
      const acted = (kind: PlannedClip['kind'], child?: boolean) => {
        const rs = mine.filter(
          (r) => r.clip.kind === kind && (child === undefined || r.clip.child === child),
        );
        return `${rs.filter((r) => r.target !== null).length}/${rs.length}`;
      };
      lines.push(
        `${condition} ${set}: commands ${right(cmd)} (adult ${right(cmd.filter((r) => !r.clip.child))}, child-like ${right(cmd.filter((r) => r.clip.child))}; wrong ${wrong}); false activations ${acted('sentence')} (adult ${acted('sentence', false)}, child-like ${acted('sentence', true)}); doubles acted on ${acted('double')}; shouts ${acted('shout')}`,
      );
    }
  const cpus = Object.values(adaptCpu).sort((a, b) => a - b);
  if (cpus.length)
    lines.push(
      `speakers measured: ${cpus.length}; adaptation CPU per speaker (sphinx_fe + bw + mllr_solve, ${ENROLMENT_SENTENCES.length} sentences, warp 1): median ${cpus[cpus.length >> 1]!.toFixed(1)} s, max ${cpus[cpus.length - 1]!.toFixed(1)} s`,
    );
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
