/**
 * What the end-of-reading check's warp saves the upload (docs/scoring.md, issue 16, seventeenth round).
 *
 * For each saved benchmark reading (the audio a `bench-scoring.ts --keep` run left, `--dir`), three scorings
 * without Moonshine's nominations (they cost the same either way):
 * 1. the upload as before: the whole reading, its own warp search;
 * 2. the end-of-reading check: the reading less its last `--cut` seconds, `purpose: 'reading_end'` (the first pass
 *    alone); its warp is kept only as the app keeps it (every factor found a path, and the check heard the last
 *    word: fluency.service.ts);
 * 3. the upload after that check: the whole reading, decoding once at the kept warp (`knownWarp`);
 * 4. the same upload given the check's first pass too (`knownFirstPass`): no first pass when the audio after the
 *    check's samples is silent (pocketsphinx.ts `reusableFirstPass`).
 *
 * Prints one line per reading (the warps of 1 and 3, whether every word's verdict is the same) and a summary: how
 * many readings kept the same warp and verdicts, and the CPU per audio second of each scoring (this process and its
 * finished decoders).
 *
 *   nice npx tsx scripts/bench/end-check-warp.ts --dir /tmp/sparky-bench-XbfyMH --voices slt,kal16 [--cut 0.5]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { encodeWav } from '#core/audio/wav.ts';
import { hasReachedTheEnd } from '#core/fluency-session/end-of-reading.ts';
import { createPocketsphinxRecogniser, reusableFirstPass } from '#server/speech/pocketsphinx.ts';
import type { KeptFirstPass } from '#server/speech/recogniser.ts';
import { createReadingWarpStore } from '#server/speech/reading-warps.ts';
import { scoreAudio } from '#server/speech/score-audio.ts';
import { parseWav } from '#server/speech/wav.ts';
import { BENCH_PASSAGES } from './passages.ts';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string' },
    voices: { type: 'string', default: 'slt,kal16' },
    cut: { type: 'string', default: '0.5' },
  },
});
if (!args.dir) {
  process.stderr.write(
    'usage: end-check-warp.ts --dir BENCH_AUDIO_DIR [--voices slt,kal16] [--cut SECONDS]\n',
  );
  process.exit(2);
}
const cutSeconds = Number(args.cut);

/** CPU seconds of this process and of its finished child processes. */
const cpu = (): number => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const own = process.cpuUsage();
  return (Number(fields[13]) + Number(fields[14])) / 100 + (own.user + own.system) / 1e6;
};

const recogniser = createPocketsphinxRecogniser();
const totals = {
  full: 0,
  check: 0,
  final: 0,
  reused: 0,
  audio: 0,
  readings: 0,
  sameWarp: 0,
  sameVerdicts: 0,
  kept: 0,
  passKept: 0,
  passUsed: 0,
  reusedSame: 0,
  reusedSameAsFull: 0,
};
for (const passage of BENCH_PASSAGES)
  for (const voice of args.voices.split(','))
    for (const pace of ['normal', 'slow'])
      for (const kind of ['clean', 'miscues']) {
        const id = `${passage.id}-${voice}-${pace}-${kind}`;
        const wav = new Uint8Array(readFileSync(`${args.dir}/${id}.wav`));
        const pcm = parseWav(wav);
        let fullWarp = 0;
        let finalWarp = 0;
        let start = cpu();
        const full = await scoreAudio({
          wav,
          passageText: passage.text,
          recogniser,
          readerWarp: { seed: undefined, keep: (w) => (fullWarp = w) },
        });
        totals.full += cpu() - start;

        const store = createReadingWarpStore();
        const prefix = encodeWav(
          pcm.samples.subarray(0, pcm.samples.length - Math.round(cutSeconds * 16000)),
          16000,
        );
        let chosen: { warp: number; samples: Int16Array; firstPass: KeptFirstPass | undefined } | undefined;
        start = cpu();
        const check = await scoreAudio({
          wav: prefix,
          passageText: passage.text,
          recogniser,
          purpose: 'reading_end',
          warpChosen: (warp, samples, firstPass) => (chosen = { warp, samples, firstPass }),
        });
        totals.check += cpu() - start;
        if (chosen && hasReachedTheEnd(check)) {
          store.put('reader', chosen.samples, Promise.resolve(chosen.warp), undefined, chosen.firstPass);
          totals.kept++;
          if (chosen.firstPass) totals.passKept++;
        }

        start = cpu();
        const final = await scoreAudio({
          wav,
          passageText: passage.text,
          recogniser,
          knownWarp: store.known('reader'),
          readerWarp: { seed: undefined, keep: (w) => (finalWarp = w) },
        });
        totals.final += cpu() - start;

        start = cpu();
        let used = false;
        const reused = await scoreAudio({
          wav,
          passageText: passage.text,
          recogniser,
          knownWarp: store.known('reader'),
          knownFirstPass: (samples) => {
            const kept = store.knownFirstPass('reader')(samples);
            used =
              kept !== undefined &&
              reusableFirstPass(kept, kept.warp, kept.grammarKey, samples) !== undefined;
            return kept;
          },
        });
        totals.reused += cpu() - start;
        if (used) totals.passUsed++;
        const reusedSame = reused.words.every((w, k) => w.status === final.words[k]?.status);
        if (reusedSame) totals.reusedSame++;
        if (reused.words.every((w, k) => w.status === full.words[k]?.status)) totals.reusedSameAsFull++;
        totals.audio += pcm.durationSeconds;
        totals.readings++;
        const same = full.words.every((w, k) => w.status === final.words[k]?.status);
        if (same) totals.sameVerdicts++;
        if (fullWarp === finalWarp) totals.sameWarp++;
        console.log(
          `${id}: warp ${fullWarp} → ${finalWarp}; ${same ? 'same verdicts' : 'VERDICTS DIFFER'}; check's pass ` +
            `${used ? 'used' : 'not used'}, ${reusedSame ? 'same verdicts' : 'VERDICTS DIFFER'} as the upload at the kept warp`,
        );
      }
const perSecond = (s: number) => (s / totals.audio).toFixed(3);
console.log(
  `${totals.readings} readings, ${totals.audio.toFixed(0)} s of audio; the check's warp kept for ${totals.kept}; ` +
    `same warp ${totals.sameWarp}, same verdicts ${totals.sameVerdicts}. CPU per audio second: upload alone ` +
    `${perSecond(totals.full)}, check ${perSecond(totals.check)}, upload after the check ${perSecond(totals.final)}, ` +
    `with the check's first pass ${perSecond(totals.reused)}. The check's first pass kept ${totals.passKept}, used ` +
    `${totals.passUsed}; its upload's verdicts the same as the upload at the kept warp ${totals.reusedSame}, as the ` +
    `upload alone ${totals.reusedSameAsFull}`,
);
