/**
 * Offline recognition with pocketsphinx (Debian `pocketsphinx` + `pocketsphinx-en-us`).
 *
 * The reading is decoded as one utterance by `pocketsphinx_batch` (not cut at pauses, see
 * docs/decisions/0003-speech-recognition.md) against a passage grammar (grammar.ts) and a
 * dictionary holding only the words that grammar can emit: passage words (CMU dictionary,
 * else flite's `t2p`), distractors and phone-loop garbage words. Word times come from the CTM
 * output. The decoder runs as a child process under a CPU-time and memory `ulimit` and a
 * wall-clock timeout that kills its process group.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HeardWord } from '#core/text/normalize.ts';
import { passageVocabulary } from '#core/text/normalize.ts';
import { SpeechError } from '#server/speech/errors.ts';
import { buildPassageGrammar, type GrammarProbabilities } from '#server/speech/grammar.ts';
import {
  DEFAULT_CMUDICT,
  DEFAULT_WORD_FREQUENCIES,
  letterToSound,
  loadWordLogProbabilities,
  loadLexicon,
  type Lexicon,
} from '#server/speech/lexicon.ts';
import { UNCLEAR, type RecogniseInput, type Recogniser } from '#server/speech/recogniser.ts';

export const DEFAULT_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us/en-us';
const GARBAGE_PREFIX = 'ph_';
/**
 * Phones of the garbage loop: one or two per broad class (vowels front/central/back, r-coloured;
 * fricatives, stops, nasals, liquids). The loop runs at every passage position, so each phone
 * costs decoding time; this set of 14 decodes ~30 % faster than all 39 CMU phones with the same
 * benchmark accuracy, while 8 phones missed more insertions.
 */
export const GARBAGE_PHONES = [
  'AA',
  'AH',
  'IY',
  'UW',
  'ER',
  'EH',
  'S',
  'F',
  'T',
  'K',
  'M',
  'N',
  'L',
  'R',
] as const;

export interface PocketsphinxOptions {
  /** Acoustic model directory. */
  modelDir?: string;
  /** CMU-format dictionary. */
  dictionaryPath?: string;
  /** Sphinx binary trie LM whose unigram frequencies choose distractors (`''`: spelling only). */
  wordFrequenciesPath?: string;
  /** Rarest distractor offered, log10 unigram probability. */
  minDistractorLogProbability?: number;
  /** Decoder binary. */
  binary?: string;
  /** Wall-clock limit: `timeoutBaseMs + timeoutPerAudioSecondMs × seconds`. */
  timeoutBaseMs?: number;
  timeoutPerAudioSecondMs?: number;
  /** Virtual memory limit for the decoder, kilobytes (ulimit -v). */
  memoryLimitKb?: number;
  /** Distractors per passage word. */
  distractorsPerWord?: number;
  /** Use the phone-loop garbage path. */
  garbage?: boolean;
  /** Phones of the garbage loop (default `GARBAGE_PHONES`; `CMU_PHONES` for all 39). */
  garbagePhones?: readonly string[];
  /** Grammar transition probabilities. */
  probabilities?: Partial<GrammarProbabilities>;
  /** Language weight (-lw), default 8 (chosen on the benchmark: docs/scoring.md). */
  languageWeight?: number;
  /** Extra decoder arguments, e.g. `['-beam', '1e-60']`. */
  extraArgs?: string[];
}

let sharedLexicon: { key: string; lexicon: Lexicon } | undefined;
const t2pCache = new Map<string, string>();

function lexiconFor(path: string, frequenciesPath: string, minLogProbability: number): Lexicon {
  const key = `${path}\n${frequenciesPath}\n${minLogProbability}`;
  if (sharedLexicon?.key !== key) {
    const logProbabilities = frequenciesPath ? loadWordLogProbabilities(frequenciesPath) : undefined;
    sharedLexicon = {
      key,
      lexicon: loadLexicon(path, {
        ...(logProbabilities ? { logProbabilities } : {}),
        minLogProbability,
      }),
    };
  }
  return sharedLexicon.lexicon;
}

/** Runs a command under ulimits with a wall-clock timeout; resolves with stderr on exit 0. */
function runLimited(
  cmd: string,
  args: string[],
  opts: { timeoutMs: number; memoryKb: number; cpuSeconds: number; signal?: AbortSignal },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'bash',
      ['-c', `ulimit -v ${opts.memoryKb} && ulimit -t ${opts.cpuSeconds} && exec "$0" "$@"`, cmd, ...args],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
        detached: true,
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 20_000) stderr += d.toString();
    });
    const kill = (): void => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => {
      kill();
      reject(
        new SpeechError(
          'recogniser_timeout',
          `Speech recognition took longer than ${Math.round(opts.timeoutMs / 1000)} s.`,
        ),
      );
    }, opts.timeoutMs);
    const onAbort = (): void => {
      kill();
      reject(new SpeechError('recogniser_failed', 'Speech recognition was cancelled.'));
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(
        new SpeechError('recogniser_unavailable', `Cannot start ${cmd}: ${err.message}`, { cause: err }),
      );
    });
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (code === 0) resolve();
      else if (code === 127)
        reject(
          new SpeechError(
            'recogniser_unavailable',
            `${cmd} is not installed (apt-get install pocketsphinx pocketsphinx-en-us).`,
          ),
        );
      else
        reject(
          new SpeechError(
            'recogniser_failed',
            `${cmd} failed (${sig ?? `exit ${String(code)}`}): ${
              stderr
                .split('\n')
                .filter((l) => /ERROR|FATAL/.test(l))
                .slice(-3)
                .join(' ') || stderr.slice(-300)
            }`,
          ),
        );
    });
  });
}

/**
 * Parses pocketsphinx CTM output (`utt channel start duration word [confidence]`).
 * Drops silences and noise, strips alternate-pronunciation markers, merges runs of garbage
 * phones into one `[unclear]` word.
 * @returns words in time order, seconds.
 */
export function parseCtm(ctm: string): HeardWord[] {
  const out: HeardWord[] = [];
  let lastWasGarbage = false;
  for (const line of ctm.split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (parts.length < 5) continue;
    const start = Number(parts[2]);
    const dur = Number(parts[3]);
    const raw = (parts[4] ?? '').replace(/\(\d+\)$/, '');
    if (!Number.isFinite(start) || !Number.isFinite(dur)) continue;
    if (/^(<.*>|\[.*\]|\+\+.*\+\+|\+.*\+)$/.test(raw)) continue;
    const end = Math.round((start + dur) * 1000) / 1000;
    if (raw.startsWith(GARBAGE_PREFIX)) {
      const prev = out[out.length - 1];
      if (lastWasGarbage && prev) prev.end = end;
      else out.push({ word: UNCLEAR, start, end });
      lastWasGarbage = true;
      continue;
    }
    lastWasGarbage = false;
    out.push({ word: raw, start, end });
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * Creates the pocketsphinx recogniser.
 * @param options paths, limits and grammar tuning; defaults suit the Debian packages.
 */
export function createPocketsphinxRecogniser(options: PocketsphinxOptions = {}): Recogniser {
  const modelDir = options.modelDir ?? DEFAULT_MODEL_DIR;
  const dictionaryPath = options.dictionaryPath ?? DEFAULT_CMUDICT;
  const binary = options.binary ?? 'pocketsphinx_batch';

  return {
    name: 'pocketsphinx',
    async recognise({ audio, passage, signal }: RecogniseInput): Promise<HeardWord[]> {
      if (audio.sampleRate !== 16000 || audio.channels !== 1)
        throw new Error('pocketsphinx needs 16 kHz mono audio');
      let lexicon: Lexicon;
      try {
        lexicon = lexiconFor(
          dictionaryPath,
          options.wordFrequenciesPath ?? DEFAULT_WORD_FREQUENCIES,
          options.minDistractorLogProbability ?? -6,
        );
      } catch (err) {
        throw new SpeechError(
          'recogniser_unavailable',
          `Cannot read the pronunciation dictionary ${dictionaryPath}.`,
          { cause: err },
        );
      }
      const vocab = passageVocabulary(passage);
      const vocabSet = new Set(vocab);
      const distractors = new Map<string, string[]>();
      for (const t of vocab)
        distractors.set(t, lexicon.neighbours(t, options.distractorsPerWord ?? 4, vocabSet));
      const garbageWords =
        options.garbage === false
          ? []
          : (options.garbagePhones ?? GARBAGE_PHONES).map((p) => `${GARBAGE_PREFIX}${p.toLowerCase()}`);
      const grammar = buildPassageGrammar(passage, {
        distractors,
        garbageWords,
        probabilities: options.probabilities ?? {},
      });

      const dictLines: string[] = [];
      for (const w of [...grammar.words].sort()) {
        if (w.startsWith(GARBAGE_PREFIX)) {
          dictLines.push(`${w} ${w.slice(GARBAGE_PREFIX.length).toUpperCase()}`);
          continue;
        }
        let prons = lexicon.pronunciations(w);
        if (prons.length === 0) {
          let guess = t2pCache.get(w);
          if (!guess) {
            try {
              guess = await letterToSound(w);
              t2pCache.set(w, guess);
            } catch {
              guess = undefined;
            }
          }
          prons = guess ? [guess] : [];
        }
        prons.forEach((p, k) => dictLines.push(`${k === 0 ? w : `${w}(${k + 1})`} ${p}`));
      }
      const known = new Set(dictLines.map((l) => l.split(' ')[0]?.replace(/\(\d+\)$/, '')));
      // A word with no pronunciation at all would make the decoder refuse the grammar.
      const fsg = grammar.fsg
        .split('\n')
        .filter((l) => {
          const m = /^TRANSITION \d+ \d+ \S+ (\S+)$/.exec(l);
          return !m || known.has(m[1]);
        })
        .join('\n');

      const dir = await mkdtemp(join(tmpdir(), 'sparky-ps-'));
      try {
        const raw = Buffer.from(audio.samples.buffer, audio.samples.byteOffset, audio.samples.byteLength);
        await Promise.all([
          writeFile(join(dir, 'reading.raw'), raw),
          writeFile(join(dir, 'passage.dict'), `${dictLines.join('\n')}\n`),
          writeFile(join(dir, 'passage.fsg'), fsg),
          writeFile(join(dir, 'ctl'), 'reading\n'),
        ]);
        const timeoutMs =
          (options.timeoutBaseMs ?? 10_000) +
          (options.timeoutPerAudioSecondMs ?? 500) * audio.durationSeconds;
        await runLimited(
          binary,
          [
            '-hmm',
            modelDir,
            '-dict',
            join(dir, 'passage.dict'),
            '-fsg',
            join(dir, 'passage.fsg'),
            '-adcin',
            'yes',
            '-cepdir',
            dir,
            '-cepext',
            '.raw',
            '-ctl',
            join(dir, 'ctl'),
            '-ctm',
            join(dir, 'out.ctm'),
            '-remove_silence',
            'no',
            '-lw',
            String(options.languageWeight ?? 8),
            '-logfn',
            join(dir, 'log.txt'),
            ...(options.extraArgs ?? []),
          ],
          {
            timeoutMs,
            memoryKb: options.memoryLimitKb ?? 1_000_000,
            cpuSeconds: Math.ceil(timeoutMs / 1000),
            ...(signal ? { signal } : {}),
          },
        );
        const ctm = await readFile(join(dir, 'out.ctm'), 'utf8').catch(() => '');
        return parseCtm(ctm);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
