/**
 * What the end-of-reading check's Moonshine nominations save the upload (docs/scoring.md, issue 16, twenty-first
 * round). The app's case: the follow-along socket transcribed the reading's chunks while the child read, the check
 * scores the recording so far, then the child stops and the upload is scored.
 *
 * For each saved benchmark reading (the audio a `bench-scoring.ts --keep` run left, `--dir`):
 * 1. the socket's chunks of the check's audio (the reading less its last `--cut` seconds), every chunk but the
 *    last, growing one (as `createReadingPretranscriber` while the child reads; not timed);
 * 2. check A, as before: `purpose: 'reading_end'`, no nominations;
 * 3. check B: the same, given the socket's chunks (`knownChunks`, as the scoring service peeks them), so it
 *    nominates as the upload would;
 * 4. the socket's stop: the rest of the reading's chunks (not timed: Moonshine's CPU is printed apart);
 * 5. upload A after check A, and upload B after check B: the whole reading with the check's warp, first pass (and
 *    nominations) kept as the app keeps them, and the socket's chunks.
 *
 * Prints one line per reading and a summary: the CPU per audio second of each check and each upload (this process,
 * Moonshine included, and its finished decoders), how often the upload used the check's first pass, and whether
 * upload B's verdicts are upload A's.
 *
 *   nice npx tsx scripts/bench/end-check-nominations.ts --dir /tmp/sparky-bench-GVX6Rq --voices slt [--cut 0.5]
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { encodeWav } from '#core/audio/wav.ts';
import { hasReachedTheEnd } from '#core/fluency-session/end-of-reading.ts';
import { sharedMoonshineSecondOpinion } from '#server/speech/command-moonshine.ts';
import { createPocketsphinxRecogniser } from '#server/speech/pocketsphinx.ts';
import type { KeptFirstPass } from '#server/speech/recogniser.ts';
import { createMoonshineNominator } from '#server/speech/reading-moonshine.ts';
import {
  createReadingPretranscriber,
  createReadingTranscriptCache,
} from '#server/speech/reading-transcripts.ts';
import { createReadingWarpStore, type ReadingWarpStore } from '#server/speech/reading-warps.ts';
import { scoreAudio } from '#server/speech/score-audio.ts';
import { parseWav } from '#server/speech/wav.ts';
import { BENCH_PASSAGES } from './passages.ts';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string' },
    voices: { type: 'string', default: 'slt' },
    cut: { type: 'string', default: '0.5' },
  },
});
if (!args.dir) {
  process.stderr.write(
    'usage: end-check-nominations.ts --dir BENCH_AUDIO_DIR [--voices slt] [--cut SECONDS]\n',
  );
  process.exit(2);
}
const cutSeconds = Number(args.cut);

/** CPU seconds of this process (Moonshine's threads included) and of its finished child processes. */
const cpu = (): number => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const own = process.cpuUsage();
  return (Number(fields[13]) + Number(fields[14])) / 100 + (own.user + own.system) / 1e6;
};

const moonshine = sharedMoonshineSecondOpinion();
await moonshine.warm();
if (
  moonshine.cpuSeconds() === 0 &&
  (await moonshine.transcribe(parseWav(encodeWav(new Int16Array(16000), 16000)), 5)) === null
) {
  process.stderr.write('end-check-nominations.ts needs the Moonshine model (scripts/setup.sh fetches it)\n');
  process.exit(2);
}
// pocketsphinx_batch behind a wrapper that logs each run: an upload that used the check's first pass runs no decode
// with the passage's grammar (`passage.fsg`)
const logDir = mkdtempSync(join(tmpdir(), 'sparky-end-check-'));
const runs = join(logDir, 'runs');
const binary = join(logDir, 'pocketsphinx');
writeFileSync(binary, `#!/bin/sh\necho "$*" >> ${JSON.stringify(runs)}\nexec pocketsphinx_batch "$@"\n`);
chmodSync(binary, 0o755);
const firstPasses = (): number =>
  existsSync(runs)
    ? readFileSync(runs, 'utf8')
        .split('\n')
        .filter((l) => l.includes('/passage.fsg')).length
    : 0;
const recogniser = createPocketsphinxRecogniser({ binary, nominate: createMoonshineNominator(moonshine) });
const totals = { checkA: 0, checkB: 0, uploadA: 0, uploadB: 0, socket: 0, audio: 0, readings: 0 };
const counts = { keptA: 0, keptB: 0, usedA: 0, usedB: 0, nominatedB: 0, same: 0, reachSame: 0 };

/**
 * The follow-along socket of one reading: `feed(samples, to)` gives it the audio up to sample `to` in 100 ms blocks
 * (and the stop when `to` is the end), then waits for Moonshine.
 */
function socket(userId: string) {
  const pending: Promise<unknown>[] = [];
  // as the app's socket at `start`: the reading is followed before its first chunk is done
  transcripts.begin(userId);
  const pre = createReadingPretranscriber(
    {
      transcribe: (...a) => {
        const text = moonshine.transcribe(...a);
        pending.push(text);
        return text;
      },
    },
    transcripts,
    userId,
  );
  let fed = 0;
  return async (samples: Int16Array, to: number) => {
    for (let k = fed + 1600; k < to; k += 1600) pre.update(samples.subarray(0, k));
    fed = to;
    if (to === samples.length) pre.finish(samples);
    else pre.update(samples.subarray(0, to));
    await Promise.all(pending);
  };
}
const transcripts = createReadingTranscriptCache();

for (const passage of BENCH_PASSAGES)
  for (const voice of args.voices.split(','))
    for (const pace of ['normal', 'slow'])
      for (const kind of ['clean', 'miscues']) {
        const id = `${passage.id}-${voice}-${pace}-${kind}`;
        const wav = new Uint8Array(readFileSync(`${args.dir}/${id}.wav`));
        const pcm = parseWav(wav);
        const checked = pcm.samples.subarray(0, pcm.samples.length - Math.round(cutSeconds * 16000));
        const prefix = encodeWav(checked, 16000);

        // 1. the socket while the child reads, up to the check
        const feed = socket(id);
        let start = cpu();
        await feed(pcm.samples, checked.length);
        const socketBefore = cpu() - start;

        /** A check; its warp and first pass kept as fluency.service.ts keeps them. */
        const check = async (store: ReadingWarpStore, nominated: boolean) => {
          let chosen: { warp: number; samples: Int16Array; firstPass: KeptFirstPass | undefined } | undefined;
          const t = cpu();
          const result = await scoreAudio({
            wav: prefix,
            passageText: passage.text,
            recogniser,
            purpose: 'reading_end',
            ...(nominated ? { knownChunks: transcripts.peek(id)! } : {}),
            warpChosen: (warp, samples, firstPass) => (chosen = { warp, samples, firstPass }),
          });
          const spent = cpu() - t;
          const kept = chosen !== undefined && hasReachedTheEnd(result);
          if (chosen && kept)
            store.put(id, chosen.samples, Promise.resolve(chosen.warp), undefined, chosen.firstPass);
          return { result, spent, kept, nominations: chosen?.firstPass?.nominations !== undefined };
        };
        const storeA = createReadingWarpStore();
        const storeB = createReadingWarpStore();
        const a = await check(storeA, false);
        const b = await check(storeB, true);
        totals.checkA += a.spent;
        totals.checkB += b.spent;
        if (a.kept) counts.keptA++;
        if (b.kept) counts.keptB++;
        if (b.nominations) counts.nominatedB++;
        if (a.result.wordsAttempted === b.result.wordsAttempted) counts.reachSame++;

        // 4. the socket at the stop
        start = cpu();
        await feed(pcm.samples, pcm.samples.length);
        totals.socket += socketBefore + cpu() - start;

        /** The upload after a check (chunks peeked: both uploads see the same socket's chunks). */
        const upload = async (store: ReadingWarpStore) => {
          const t = cpu();
          const before = firstPasses();
          const result = await scoreAudio({
            wav,
            passageText: passage.text,
            recogniser,
            knownChunks: transcripts.peek(id)!,
            knownWarp: store.known(id),
            knownFirstPass: store.knownFirstPass(id),
          });
          return { result, spent: cpu() - t, used: firstPasses() === before };
        };
        const ua = await upload(storeA);
        const ub = await upload(storeB);
        transcripts.drop(id);
        totals.uploadA += ua.spent;
        totals.uploadB += ub.spent;
        if (ua.used) counts.usedA++;
        if (ub.used) counts.usedB++;
        const same = ua.result.words.every((w, k) => w.status === ub.result.words[k]?.status);
        if (same) counts.same++;
        totals.audio += pcm.durationSeconds;
        totals.readings++;
        console.log(
          `${id}: check A ${a.spent.toFixed(1)} s (${a.kept ? 'kept' : 'not kept'}), B ${b.spent.toFixed(1)} s ` +
            `(${b.kept ? 'kept' : 'not kept'}${b.nominations ? ', nominations' : ''}); upload A ${ua.spent.toFixed(1)} s` +
            `${ua.used ? ' (pass used)' : ''}, B ${ub.spent.toFixed(1)} s${ub.used ? ' (pass used)' : ''}; ` +
            `${same ? 'same verdicts' : 'VERDICTS DIFFER'} (errors ${ua.result.errors} → ${ub.result.errors})`,
        );
      }
const perSecond = (s: number) => (s / totals.audio).toFixed(3);
console.log(
  `${totals.readings} readings, ${totals.audio.toFixed(0)} s of audio. CPU per audio second: check A ` +
    `${perSecond(totals.checkA)}, check B ${perSecond(totals.checkB)}; upload after A ${perSecond(totals.uploadA)}, ` +
    `after B ${perSecond(totals.uploadB)}; the socket's Moonshine ${perSecond(totals.socket)}. Kept: A ${counts.keptA}, ` +
    `B ${counts.keptB} (with nominations ${counts.nominatedB}); first pass used: A ${counts.usedA}, B ${counts.usedB}; ` +
    `same reach ${counts.reachSame}; upload B's verdicts the same as upload A's ${counts.same}`,
);
