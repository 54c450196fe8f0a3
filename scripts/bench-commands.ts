/**
 * Spoken-command benchmark (issue 11): builds spoken commands and ordinary sentences with flite's
 * voices (slt, rms, awb, kal16; half of them raised in pitch and formants like a child's, some with
 * noise), recognises each with the real pipeline against Reading Practice's command list (its story
 * titles, the actions every screen has, all navigation) and prints:
 * - command accuracy: commands answered with the right target (target ≥ 95 %);
 * - false activations: ordinary sentences answered with any command (target 0);
 * - refusals: two commands at once and shouted commands answered with a command (target 0 wrong);
 * - time from the end of speech to the answer, median and p95 (target p95 < 700 ms on 2 cores): the
 *   server's work once the utterance has arrived (WAV checks, resampling, decoding).
 *
 *   npm run bench:commands [-- --quick] [--keep] [--reuse DIR] [--options JSON] [--verbose] [--json FILE] [--cold]
 *     [--pocketsphinx-alone]
 *
 * By default the recogniser keeps its decoders warm (one process per warp, as the server does);
 * `--cold` starts processes for every command instead (as the CLI does). Besides wall-clock times,
 * which depend on the machine's load, it prints the warm decoders' CPU time per command, which
 * barely does.
 *
 * As in the app, Moonshine tiny gives its second opinion when pocketsphinx refuses other words or a
 * weak command (command-moonshine.ts; `--pocketsphinx-alone` leaves it out); the CPU time counts it.
 *
 * Needs flite, sox and pocketsphinx (Debian packages). Audio is made in a temporary folder and
 * deleted (kept with --keep). Speed figures depend on what else the machine is doing.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import type { VoiceCommand } from '#core/voice/command.ts';
import { ACTION_PHRASES, NAVIGATION_PHRASES } from '#voice/command-set.ts';
import {
  createCommandRecogniser,
  type CommandDecodeDetail,
  type CommandRecogniserOptions,
} from '#server/speech/command-decoder.ts';
import { recogniseCommandWav } from '#server/speech/command-service.ts';
import { createMoonshineSecondOpinion } from '#server/speech/command-moonshine.ts';
import { loadLibraryStories } from '#server/stories/content.ts';
import { screenCommandList } from '#src/app/voice/screen-commands.ts';
import { SCREEN_TITLES } from '#src/features/protected/screen-titles.ts';

const run = promisify(execFile);
const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    options: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    json: { type: 'string' },
    cold: { type: 'boolean', default: false },
    'pocketsphinx-alone': { type: 'boolean', default: false },
  },
});

const VOICES = ['slt', 'rms', 'awb', 'kal16'] as const;
/** Formants and pitch raised 22 % (as bench:scoring --child; Lee, Potamianos & Narayanan 1999). */
const CHILD_SCALE = 1.22;
/**
 * The held-out set's child-like voices are raised 30 % instead, and every phrase, sentence and
 * voice pairing differs from the tuning set's: tune on the tuning set, only check on the held-out one.
 */
const HELD_OUT_CHILD_SCALE = 1.3;
type BenchSet = 'tune' | 'held-out';
/** Noise under the speech: pink noise this many dB below the speech's level. */
const NOISE_SNR_DB = 15;

/** Ordinary things a child says near the computer: none is a command. */
const SENTENCES = [
  'I like my dog very much',
  'can I have a snack now',
  'my sister has a red bike',
  'where is my pencil',
  'what time is it',
  'the cat is sleeping on the bed',
  'we went to the park yesterday',
  'I want a glass of water',
  'look at my drawing',
  'it is raining outside',
  'my tooth is wobbly',
  'mom can you come here',
  'I am hungry',
  'this is too hard for me',
  'I finished my homework',
  'can we play outside later',
  'my favourite colour is blue',
  'the bus was late today',
  'grandma is coming on Sunday',
  'I saw a big spider',
  'he took my crayon',
  'we are having pizza for dinner',
  'my shoes are too small',
  'the teacher read us a funny book',
  'I can count to one hundred',
  'there is a bird in the tree',
  'how many days until my birthday',
  'I do not know that word',
  'my brother is being loud',
  'the baby is crying again',
  'I built a tower with blocks',
  'can you tie my shoe',
  'the moon is very bright tonight',
  'I lost my jacket at school',
  'we have a new puppy',
  'my friend lives next door',
  'I like reading about dinosaurs at home',
  'the story was about a lost mitten',
  'I want to go to the zoo',
  'take me to the beach please',
];

/** Two commands said at once: neither may be acted on. */
const DOUBLES = [
  'go home stop',
  'reading practice rewards',
  'pause help',
  'tokens alphabet',
  'start reading go home',
  'word builder phonics',
  'stop reading profile',
  'goals reports',
];

interface Utterance {
  id: string;
  set: BenchSet;
  /** Pitch and formant scale of a child-like voice. */
  scale: number;
  kind: 'command' | 'sentence' | 'double' | 'shout';
  text: string;
  voice: (typeof VOICES)[number];
  child: boolean;
  noise: boolean;
  /** The target expected (commands) or null. */
  expected: string | null;
  wav: string;
}

async function synthesise(dir: string, u: Omit<Utterance, 'wav'>): Promise<string> {
  const raw = join(dir, `${u.id}-raw.wav`);
  const speech = join(dir, `${u.id}-speech.wav`);
  const wav = join(dir, `${u.id}.wav`);
  await run('flite', [
    '-voice',
    u.voice,
    ...(u.child ? ['--setf', `duration_stretch=${u.scale}`] : []),
    '-t',
    u.text,
    '-o',
    raw,
  ]);
  // 0.3 s of room tone either side, as a push-to-talk or voice-activity clip has
  await run('sox', [
    raw,
    '-r',
    '16000',
    '-c',
    '1',
    '-b',
    '16',
    speech,
    ...(u.child ? ['speed', String(u.scale)] : []),
    'rate',
    '16000',
    'pad',
    '0.3',
    '0.3',
    ...(u.kind === 'shout' ? ['gain', '18'] : []),
  ]);
  if (u.noise) {
    const { stderr } = await run('sox', [speech, '-n', 'stat']);
    const rms = Number(/RMS\s+amplitude:\s+([\d.]+)/.exec(stderr)?.[1] ?? '0.05');
    const noise = join(dir, `${u.id}-noise.wav`);
    const seconds = /Length \(seconds\):\s+([\d.]+)/.exec(stderr)?.[1] ?? '2';
    await run('sox', [
      '-n',
      '-r',
      '16000',
      '-c',
      '1',
      '-b',
      '16',
      noise,
      'synth',
      seconds,
      'pinknoise',
      'vol',
      String(rms * 2 * 10 ** (-NOISE_SNR_DB / 20)),
    ]);
    await run('sox', ['-m', speech, noise, wav]);
    await rm(noise);
  } else {
    await run('sox', [speech, wav]);
  }
  await Promise.all([rm(raw), rm(speech)]);
  return wav;
}

/**
 * The utterances: every phrase of the plan, alternating voices, child-like and noisy variants. The
 * held-out set pairs each phrase with another voice, raises child-like voices by another factor,
 * and (with --quick) takes the phrases and sentences the tuning set leaves out.
 */
function plan(
  commands: readonly VoiceCommand[],
  titles: readonly string[],
  set: BenchSet,
): Omit<Utterance, 'wav'>[] {
  const held = set === 'held-out';
  const p = held ? 'h' : '';
  const shift = held ? 1 : 0;
  const scale = held ? HELD_OUT_CHILD_SCALE : CHILD_SCALE;
  const out: Omit<Utterance, 'wav'>[] = [];
  const targetOf = (phrase: string): string =>
    commands.find((c) => c.phrase.toLowerCase() === phrase.toLowerCase())?.target ??
    (() => {
      throw new Error(`no command "${phrase}"`);
    })();
  const spoken: { text: string; phrase: string }[] = [];
  const nav = Object.values(NAVIGATION_PHRASES).flat();
  const names = [...new Set(Object.values(SCREEN_TITLES))].filter((n) =>
    commands.some((c) => c.phrase === n),
  );
  const carriers = ['go to', 'take me to', 'I want to go to', 'show me', 'open'];
  nav.forEach((p, k) => {
    spoken.push({ text: p, phrase: p });
    if (k % 3 === 0) spoken.push({ text: `${carriers[k % carriers.length]} ${p}`, phrase: p });
  });
  names.forEach((n, k) => spoken.push({ text: k % 4 === 1 ? `${n} please` : n, phrase: n }));
  for (const p of Object.values(ACTION_PHRASES).flat()) spoken.push({ text: p, phrase: p });
  spoken.push({ text: 'start reading', phrase: 'start reading' });
  for (const t of titles) spoken.push({ text: t, phrase: t });
  const step = args.quick ? 3 : 1;
  let n = 0;
  for (let k = args.quick ? shift : 0; k < spoken.length; k += step) {
    const s = spoken[k]!;
    const voice = VOICES[(n + shift) % VOICES.length]!;
    out.push({
      id: `${p}c${n}`,
      set,
      scale,
      kind: 'command',
      text: s.text,
      voice,
      child: n % 2 === 0,
      noise: n % 4 === (held ? 1 : 3),
      expected: targetOf(s.phrase),
    });
    n++;
  }
  SENTENCES.forEach((text, k) => {
    if (args.quick && k % 2 !== shift) return;
    for (const [j, voice] of [VOICES[(k + shift) % 4]!, VOICES[(k + 2 + shift) % 4]!].entries())
      out.push({
        id: `${p}s${k}_${j}`,
        set,
        scale,
        kind: 'sentence',
        text,
        voice,
        child: j === 0,
        noise: k % 5 === 4,
        expected: null,
      });
  });
  DOUBLES.forEach((text, k) =>
    out.push({
      id: `${p}d${k}`,
      set,
      scale,
      kind: 'double',
      text,
      voice: VOICES[(k + shift) % 4]!,
      child: k % 2 === 0,
      noise: false,
      expected: null,
    }),
  );
  ['go home', 'reading practice', 'stop', 'start reading', 'rewards', 'pause'].forEach((text, k) =>
    out.push({
      id: `${p}x${k}`,
      set,
      scale,
      kind: 'shout',
      text,
      voice: VOICES[(k + shift) % 4]!,
      child: k % 2 === 1,
      noise: false,
      expected: null,
    }),
  );
  return out;
}

const percentile = (xs: readonly number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};

async function main(): Promise<void> {
  const library = loadLibraryStories().map((s) => ({ id: s.slug, title: s.title }));
  const commands = screenCommandList('/fluency', library);
  // Titles with one, two and many words, alike and unalike (the Lost Mitten, the Lighthouse Cat …).
  const titles = library.map((s) => s.title).filter((_, k) => k % 3 === 0);
  const utterances = [...plan(commands, titles, 'tune'), ...plan(commands, titles, 'held-out')];
  const dir = args.reuse ?? (await mkdtemp(join(tmpdir(), 'sparky-bench-commands-')));
  const made: Utterance[] = [];
  let k = 0;
  for (const u of utterances) {
    const wav = join(dir, `${u.id}.wav`);
    made.push({ ...u, wav: args.reuse && existsSync(wav) ? wav : await synthesise(dir, u) });
    if (++k % 50 === 0) process.stderr.write(`synthesised ${k}/${utterances.length}\n`);
  }
  await writeFile(join(dir, 'plan.json'), JSON.stringify(made, null, 1));

  const tuning = (args.options ? JSON.parse(args.options) : {}) as CommandRecogniserOptions;
  let detail: CommandDecodeDetail | undefined;
  type Heard = { target: string; wording: string; logProb: number; transcript: string } | null;
  let heard = null as Heard;
  const secondOpinion = args['pocketsphinx-alone']
    ? null
    : createMoonshineSecondOpinion({
        onHear: (v) =>
          (heard = v && {
            target: v.command.target,
            wording: v.wording,
            logProb: Math.round(v.logProb * 100) / 100,
            transcript: v.transcript,
          }),
      });
  await secondOpinion?.warm();
  const recogniser = createCommandRecogniser({
    ...tuning,
    ...(args.cold ? { warm: false } : {}),
    secondOpinion,
    onDecode: (d) => (detail = d),
  });
  const cpuSeconds = () => (recogniser.cpuSeconds?.() ?? 0) + (secondOpinion?.cpuSeconds() ?? 0);
  // warm-up: the dictionary loads once per process
  await recogniseCommandWav({ wav: await readFile(made[0]!.wav), commands, recogniser });

  const results: {
    u: Utterance;
    target: string | null;
    ms: number;
    cpuMs: number;
    detail: CommandDecodeDetail | undefined;
    /** Moonshine's verdict, when asked. */
    heard?: Heard;
    error?: string;
  }[] = [];
  for (const u of made) {
    const wav = await readFile(u.wav);
    detail = undefined;
    heard = null;
    const cpu0 = cpuSeconds();
    const t0 = performance.now();
    const cpuMs = () => 1000 * (cpuSeconds() - cpu0);
    try {
      const answer = await recogniseCommandWav({ wav, commands, recogniser });
      results.push({ u, target: answer.target, ms: performance.now() - t0, cpuMs: cpuMs(), detail, heard });
    } catch (err) {
      const ms = performance.now() - t0;
      results.push({ u, target: null, ms, cpuMs: cpuMs(), detail, error: (err as Error).message });
    }
  }

  const report = (set: BenchSet, title: string): string[] => {
    const mine = results.filter((r) => r.u.set === set);
    const of = (kind: Utterance['kind']) => mine.filter((r) => r.u.kind === kind);
    const cmd = of('command');
    const right = cmd.filter((r) => r.target === r.u.expected);
    const wrongAction = cmd.filter((r) => r.target !== null && r.target !== r.u.expected);
    const falseActivations = of('sentence').filter((r) => r.target !== null);
    const doubles = of('double').filter((r) => r.target !== null);
    const shouts = of('shout').filter((r) => r.target !== null);
    const group = (pred: (r: (typeof results)[number]) => boolean) => {
      const rs = cmd.filter(pred);
      return `${rs.filter((r) => r.target === r.u.expected).length}/${rs.length}`;
    };
    return [
      title,
      `  commands: ${cmd.length}, ordinary sentences: ${of('sentence').length}, doubles: ${of('double').length}, shouts: ${of('shout').length}`,
      `  command accuracy: ${((100 * right.length) / cmd.length).toFixed(1)} % (${right.length}/${cmd.length}; wrong command ${wrongAction.length}, not caught ${cmd.length - right.length - wrongAction.length})`,
      `    adult ${group((r) => !r.u.child)}, child-like ${group((r) => r.u.child)}, with noise ${group((r) => r.u.noise)}; by voice ${VOICES.map((v) => `${v} ${group((r) => r.u.voice === v)}`).join(', ')}`,
      `  false activations on ordinary sentences: ${falseActivations.length}/${of('sentence').length}`,
      `  two commands at once acted on: ${doubles.length}/${of('double').length}; shouted commands acted on: ${shouts.length}/${of('shout').length}`,
      ...(secondOpinion
        ? [
            `  Moonshine's second opinion: asked ${mine.filter((r) => r.detail?.secondOpinion).length} times, took ${mine.filter((r) => r.detail?.secondOpinion?.target).length} (commands right ${cmd.filter((r) => r.detail?.secondOpinion?.target && r.target === r.u.expected).length})`,
          ]
        : []),
    ];
  };
  const times = results.map((r) => r.ms);
  const cpu = results.map((r) => r.cpuMs);
  const lines = [
    ...report(
      'tune',
      `tuning set (voices raised ${Math.round((CHILD_SCALE - 1) * 100)} %; tune on this one):`,
    ),
    ...report(
      'held-out',
      `held-out set (other phrase and voice pairings, voices raised ${Math.round((HELD_OUT_CHILD_SCALE - 1) * 100)} %; never tuned on):`,
    ),
    `end of speech to answer, both sets: median ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (${args.cold ? 'a process per command' : 'warm decoders'}; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores at the end)`,
    ...(args.cold
      ? []
      : [
          `CPU per utterance (warm decoders, all warps${secondOpinion ? ', and Moonshine' : ''}): median ${percentile(cpu, 50).toFixed(0)} ms, p95 ${percentile(cpu, 95).toFixed(0)} ms`,
        ]),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (args.verbose)
    for (const r of results) {
      const ok = r.u.kind === 'command' ? r.target === r.u.expected : r.target === null;
      if (!ok || r.error)
        process.stdout.write(
          `  ${ok ? 'ok ' : 'BAD'} ${r.u.id} ${r.u.kind} ${r.u.voice}${r.u.child ? ` child×${r.u.scale}` : ''}${r.u.noise ? ' noise' : ''} "${r.u.text}" → ${r.target ?? 'null'} ${r.error ?? ''} heard=[${r.detail?.heard.join(' ') ?? ''}] margin=${r.detail?.margin?.toFixed(1) ?? '-'} own=${r.detail?.commandMargin?.toFixed(1) ?? '-'} frames=${r.detail?.frames ?? '-'} warp=${r.detail?.warp ?? '-'} ${r.detail?.refusal ?? ''} ${(r.detail?.perWarp ?? []).map((w) => `[${w.warp}: ${w.heard.join(' ')} ${w.margin?.toFixed(1) ?? '-'}/${w.commandMargin?.toFixed(1) ?? '-'}]`).join(' ')}${r.heard ? ` moonshine "${r.heard.wording}" ${r.heard.logProb} free "${r.heard.transcript}"` : ''}\n`,
        );
    }
  if (args.verbose)
    for (const r of results)
      if (r.detail?.margin != null)
        process.stdout.write(
          `  margin ${r.u.set} ${r.u.kind} ${r.target === r.u.expected ? 'right' : 'wrong'} ${r.detail.margin.toFixed(1)} own ${r.detail.commandMargin?.toFixed(1) ?? '-'} "${r.u.text}"\n`,
        );
  if (args.json)
    await writeFile(
      args.json,
      JSON.stringify(
        results.map((r) => ({
          ...r.u,
          got: r.target,
          ms: r.ms,
          cpuMs: r.cpuMs,
          detail: r.detail,
          heard: r.heard,
        })),
        null,
        1,
      ),
    );
  await recogniser.close?.();
  if (!args.keep && !args.reuse) await rm(dir, { recursive: true, force: true });
  else process.stderr.write(`audio kept in ${dir}\n`);
}

await main();
