/**
 * A second opinion on spoken commands from Moonshine tiny (ADR 0015, eighth round): an English speech
 * model (encoder–decoder transformer, quantised, 28 MB, MIT licence) that the npm package
 * `@moonshine-ai/moonshine-js` 0.1.29 ships; `scripts/setup.sh` puts its two ONNX files in
 * `models/moonshine-tiny/`, and `onnxruntime-node` runs them on the CPU.
 *
 * pocketsphinx's adult model hears many child-like voices as other words. When it refuses an
 * utterance as other words or as too weak (never when it was clipped or held nothing), the command
 * recogniser asks this module: a beam search whose every path is one of the screen's commands in the
 * words a child uses ({@link commandWordings}) scores the best wording, and a greedy free transcript
 * checks that the child said no more than the command. Both must pass ({@link acceptsSecondOpinion})
 * before the command is taken: on `npm run bench:commands` this took the tuning set from 90.9 % to
 * 96.0 % of commands and the held-out set from 94.9 % to 97.0 %, with 0/80 false activations and no
 * wrong command (measured with the same search outside the app; ADR 0015).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  CARRIER_PHRASES,
  PLACE_CARRIER_PHRASES,
  POLITE_WORD,
  isPlaceCommand,
  type VoiceCommand,
} from '#core/voice/command.ts';
import type { PcmAudio } from '#server/speech/wav.ts';
// types only: the runtime loads on first use, so that a machine without it still starts
import type * as OnnxRuntime from 'onnxruntime-node';

/** Where `scripts/setup.sh` puts the model (override with `MOONSHINE_MODEL_DIR`). */
export const DEFAULT_MOONSHINE_DIR = resolve(import.meta.dirname, '../../models/moonshine-tiny');

/**
 * Lowest log probability (natural log, summed over the wording's tokens and the end token) at which
 * the best wording is taken. Chosen on the tuning set of `npm run bench:commands` (−16 to −20 tried:
 * −18 took the most commands with no false activation; ADR 0015, eighth round).
 */
export const MIN_SECOND_OPINION_LOG_PROB = -18;

/** Hypotheses kept at each step of the beam search (8: more found nothing more on the tuning set). */
export const SECOND_OPINION_BEAM = 8;

/** Moonshine tiny's decoder: layers, key/value heads, head size; its tokens for start and end. */
const LAYERS = 6;
const HEADS = 8;
const HEAD_SIZE = 36;
const START_TOKEN = 1;
const END_TOKEN = 2;
/** Wordings whose tokens are kept (about 1 kB each; emptied when full). */
const MAX_CACHED_WORDINGS = 100_000;
/** Longest wording, tokens (the longest with carrier and "please" is about 25). */
const MAX_STEPS = 40;

/** What the second opinion heard. */
export interface SecondOpinionVerdict {
  /** The best wording's command. */
  command: VoiceCommand;
  /** The best wording, as in {@link commandWordings}. */
  wording: string;
  /** Its log probability (see {@link MIN_SECOND_OPINION_LOG_PROB}). */
  logProb: number;
  /** The greedy free transcript (stopped once it has more words than the command). */
  transcript: string;
}

/** The second opinion the command recogniser asks when pocketsphinx refuses (command-decoder.ts). */
export interface CommandSecondOpinion {
  /**
   * Hears an utterance against the active commands.
   * @param audio 16 kHz mono, silence trimmed
   * @returns the command taken, or null (nothing taken; the verdict goes to `onHear`)
   * @throws nothing for a model that cannot load (it answers null and says why once)
   */
  hear(
    audio: PcmAudio,
    commands: readonly VoiceCommand[],
    signal?: AbortSignal,
  ): Promise<VoiceCommand | null>;
  /**
   * The greedy free transcript alone (Moonshine's own words, not limited to the commands), stopped
   * once it has more than `maxWords` words. `background` (a reading's chunk for the scorer) waits behind
   * every spoken command, so that a child's command is not held up by another child's reading.
   * @returns the transcript ('' when nothing was heard), or null without the model
   */
  transcribe(
    audio: PcmAudio,
    maxWords: number,
    signal?: AbortSignal,
    options?: { background?: boolean },
  ): Promise<string | null>;
  /**
   * Loads the model now rather than on the first refusal (server start), and tokenises every wording
   * of `phrases` (the command set and the library's titles), so that no screen's first command waits
   * for that (about 45 µs a wording, 136 wordings a phrase).
   */
  warm(phrases?: readonly string[]): Promise<void>;
  /** CPU seconds the model has used so far (the benchmark's load-independent cost). */
  cpuSeconds(): number;
}

/** A token trie of wordings: every path from the root to an `end` is one wording of a command. */
export interface WordingNode {
  next: Map<number, WordingNode>;
  end?: { command: VoiceCommand; wording: string };
}

/**
 * Every wording of a screen's commands a child may use: the phrase as written and in lower case,
 * after no carrier or one of `CARRIER_PHRASES` (the place carriers only before a place, a story or a
 * button), with or without "the" after the carrier, and with or without "please" before or after;
 * each in sentence case with a full stop, as Moonshine writes a transcript.
 * @returns wording → its command (the first command listed wins a wording two share)
 */
export function commandWordings(commands: readonly VoiceCommand[]): Map<string, VoiceCommand> {
  const out = new Map<string, VoiceCommand>();
  for (const c of commands) {
    if (!c.phrase.trim()) continue;
    const forms = [...new Set([c.phrase, c.phrase.toLowerCase()])];
    const carriers = [
      '',
      ...CARRIER_PHRASES.filter((k) => isPlaceCommand(c) || !PLACE_CARRIER_PHRASES.has(k)).flatMap((k) => [
        `${k} `,
        `${k} the `,
      ]),
    ];
    for (const form of forms)
      for (const carrier of carriers)
        for (const before of ['', `${POLITE_WORD} `])
          for (const after of ['', ` ${POLITE_WORD}`]) {
            const text = before + carrier + form + after;
            const wording = `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
            if (!out.has(wording)) out.set(wording, c);
          }
  }
  return out;
}

/** Builds the token trie of {@link commandWordings}. */
export function wordingTrie(
  commands: readonly VoiceCommand[],
  encode: (text: string) => readonly number[],
): { root: WordingNode; wordings: number } {
  const root: WordingNode = { next: new Map() };
  const wordings = commandWordings(commands);
  for (const [text, command] of wordings) {
    let node = root;
    for (const token of encode(text)) {
      let child = node.next.get(token);
      if (!child) {
        child = { next: new Map() };
        node.next.set(token, child);
      }
      node = child;
    }
    node.end ??= { command, wording: text };
  }
  return { root, wordings: wordings.size };
}

/** The words of a transcript, for counting: lower case letters and apostrophes. */
export const transcriptWords = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/[^a-z' ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/**
 * Whether two words may be one heard two ways: the same, or both of at least 4 letters with the same
 * first 4 ("started" for "start", "reporters" for "reports", "sounded" for "sound"; not "start" for "stop").
 */
export const wordsAgree = (a: string, b: string): boolean =>
  a === b || (a.length >= 4 && b.length >= 4 && a.slice(0, 4) === b.slice(0, 4));

/**
 * The rule that takes a second opinion (ADR 0015, eighth and ninth rounds):
 * 1. the best wording's log probability is at least {@link MIN_SECOND_OPINION_LOG_PROB};
 * 2. the free transcript has no more words than the wording (a sentence that merely holds a
 *    command's words is not that command);
 * 3. every word of the free transcript agrees with a word of the wording ({@link wordsAgree}): the
 *    search can only answer with the screen's commands, so a command said on a screen without it
 *    ("start reading" where only "stop reading" is) must not become the nearest one. A child-like
 *    voice often gets no free transcript at all; then the log probability decides alone.
 */
export function acceptsSecondOpinion(
  verdict: SecondOpinionVerdict,
  minLogProb = MIN_SECOND_OPINION_LOG_PROB,
): boolean {
  const heard = transcriptWords(verdict.transcript);
  const wording = transcriptWords(verdict.wording);
  return (
    verdict.logProb >= minLogProb &&
    heard.length <= wording.length &&
    heard.every((word) => wording.some((w) => wordsAgree(word, w)))
  );
}

/**
 * Whether Moonshine's free transcript disputes the words pocketsphinx heard: it holds a word that
 * agrees ({@link wordsAgree}) with none of them. Asked only for a command taken through a carrier
 * ("go to …"), where the grammar's carrier can swallow a first command ("goals reports" heard as "go to
 * reports", two commands said at once). An empty transcript disputes nothing (ADR 0015, ninth round).
 * @param heard pocketsphinx's words, lower case
 */
export function transcriptDisputes(transcript: string, heard: readonly string[]): boolean {
  return transcriptWords(transcript).some((word) => !heard.some((h) => wordsAgree(word, h)));
}

/** Log-softmax of one row of logits, as a function of the token. */
function logSoftmaxRow(logits: Float32Array, offset: number, size: number): (token: number) => number {
  let max = -Infinity;
  for (let k = 0; k < size; k++) if (logits[offset + k]! > max) max = logits[offset + k]!;
  let sum = 0;
  for (let k = 0; k < size; k++) sum += Math.exp(logits[offset + k]! - max);
  const logZ = max + Math.log(sum);
  return (token) => logits[offset + token]! - logZ;
}

/** Settings of {@link createMoonshineSecondOpinion}. */
export interface MoonshineOptions {
  /** Folder of `encoder_model.onnx` and `decoder_model_merged.onnx` (default {@link DEFAULT_MOONSHINE_DIR}). */
  modelDir?: string;
  /** See {@link MIN_SECOND_OPINION_LOG_PROB}. */
  minLogProb?: number;
  /** See {@link SECOND_OPINION_BEAM}. */
  beam?: number;
  /** Called with every verdict (benchmark, tests). */
  onHear?: (verdict: SecondOpinionVerdict | null, accepted: boolean) => void;
  /** Called once when the model cannot be loaded (default: a line on stderr). */
  onUnavailable?: (reason: string) => void;
}

/** Whether the model files are where {@link createMoonshineSecondOpinion} looks. */
export function moonshineModelPresent(
  modelDir = process.env.MOONSHINE_MODEL_DIR ?? DEFAULT_MOONSHINE_DIR,
): boolean {
  return (
    existsSync(join(modelDir, 'encoder_model.onnx')) &&
    existsSync(join(modelDir, 'decoder_model_merged.onnx'))
  );
}

/** Runs jobs one at a time, urgent ones before background ones (each in the order it came). */
export interface Turns {
  /**
   * Queues a job.
   * @param background false: before every waiting background job (spoken commands); true: last.
   * @returns the job's result, once its turn came and it ran.
   */
  run<T>(job: () => Promise<T>, background?: boolean): Promise<T>;
}

/** One model, one thread: the Moonshine service's queue (see {@link Turns}). */
export function createTurns(): Turns {
  const waiting: { background: boolean; start: () => void }[] = [];
  let busy = false;
  const next = () => {
    const turn = waiting.shift();
    if (!turn) {
      busy = false;
      return;
    }
    busy = true;
    turn.start();
  };
  return {
    run<T>(job: () => Promise<T>, background = false) {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          void Promise.resolve().then(job).then(resolve, reject).finally(next);
        };
        const turn = { background, start };
        const firstBackground = background ? -1 : waiting.findIndex((w) => w.background);
        if (firstBackground < 0) waiting.push(turn);
        else waiting.splice(firstBackground, 0, turn);
        if (!busy) next();
      });
    },
  };
}

type Ort = typeof OnnxRuntime;
type Tensor = OnnxRuntime.Tensor;
type Session = OnnxRuntime.InferenceSession;

/**
 * The Moonshine second opinion. The model loads on {@link CommandSecondOpinion.warm} or on the first
 * `hear` (about 2.4 s); one utterance is heard at a time (one CPU thread), the others wait.
 * A missing model or runtime is reported once, and every `hear` then answers null.
 */
export function createMoonshineSecondOpinion(options: MoonshineOptions = {}): CommandSecondOpinion {
  const modelDir = options.modelDir ?? process.env.MOONSHINE_MODEL_DIR ?? DEFAULT_MOONSHINE_DIR;
  const minLogProb = options.minLogProb ?? MIN_SECOND_OPINION_LOG_PROB;
  const beamWidth = options.beam ?? SECOND_OPINION_BEAM;
  const unavailable =
    options.onUnavailable ??
    ((reason: string) => process.stderr.write(`Spoken commands: pocketsphinx alone (${reason}).\n`));
  let loading: Promise<{
    ort: Ort;
    encoder: Session;
    decoder: Session;
    encode: (t: string) => number[];
    decode: (t: number[]) => string;
  } | null> | null = null;
  let cpuMicros = 0;
  const turns = createTurns();
  const tries = new Map<string, WordingNode>();
  // Tokens of each wording, shared by every screen's trie (screens share most of their commands).
  const tokenCache = new Map<string, number[]>();
  const cachedEncode = (encode: (t: string) => number[]) => (text: string) => {
    let tokens = tokenCache.get(text);
    if (!tokens) {
      tokens = encode(text);
      if (tokenCache.size >= MAX_CACHED_WORDINGS) tokenCache.clear();
      tokenCache.set(text, tokens);
    }
    return tokens;
  };

  const load = () =>
    (loading ??= (async () => {
      if (!moonshineModelPresent(modelDir)) {
        unavailable(`no Moonshine model in ${modelDir}; scripts/setup.sh fetches it`);
        return null;
      }
      try {
        const ort = await import('onnxruntime-node');
        const { default: tokenizer } = await import('llama-tokenizer-js');
        const settings = { intraOpNumThreads: 1, interOpNumThreads: 1, executionProviders: ['cpu'] };
        const started = process.cpuUsage();
        const [encoder, decoder] = await Promise.all([
          ort.InferenceSession.create(join(modelDir, 'encoder_model.onnx'), settings),
          ort.InferenceSession.create(join(modelDir, 'decoder_model_merged.onnx'), settings),
        ]);
        const used = process.cpuUsage(started);
        cpuMicros += used.user + used.system;
        return {
          ort,
          encoder,
          decoder,
          encode: (t: string) => tokenizer.encode(t, false, false),
          decode: (t: number[]) => tokenizer.decode(t, false, false),
        };
      } catch (err) {
        unavailable(`the Moonshine model did not load: ${(err as Error).message}`);
        return null;
      }
    })());

  const trieFor = (commands: readonly VoiceCommand[], encode: (t: string) => number[]): WordingNode => {
    const key = commands.map((c) => `${c.intent}\u0000${c.target}\u0000${c.phrase}`).join('\u0001');
    let root = tries.get(key);
    if (!root) {
      root = wordingTrie(commands, cachedEncode(encode)).root;
      // the screens' lists change with what is shown: keep the last few
      if (tries.size >= 8) tries.delete(tries.keys().next().value!);
      tries.set(key, root);
    }
    return root;
  };

  /**
   * One utterance: with `commands`, the beam search and then the free transcript (stopped one word
   * past the best wording); with a number instead, only the free transcript, stopped past that many
   * words. Null when the model is missing or the work was cancelled.
   */
  async function run(
    audio: PcmAudio,
    task: readonly VoiceCommand[] | number,
    signal?: AbortSignal,
  ): Promise<{ command: VoiceCommand | null; transcript: string } | null> {
    const model = await load();
    if (!model || signal?.aborted) return null;
    const { ort, encoder, decoder } = model;
    const started = process.cpuUsage();
    try {
      const commands = typeof task === 'number' ? null : task;
      const samples = new Float32Array(audio.samples.length);
      for (let k = 0; k < samples.length; k++) samples[k] = audio.samples[k]! / 32768;
      const encoded = await encoder.run({
        input_values: new ort.Tensor('float32', samples, [1, samples.length]),
      });
      const hidden = encoded.last_hidden_state as Tensor;
      const [, frames, width] = hidden.dims as [number, number, number];
      const empty = () => new ort.Tensor('float32', new Float32Array(0), [1, HEADS, 0, HEAD_SIZE]);
      const firstStep = async () => {
        const past: Record<string, Tensor> = {};
        for (let i = 0; i < LAYERS; i++)
          for (const side of ['decoder', 'encoder'])
            for (const kv of ['key', 'value']) past[`past_key_values.${i}.${side}.${kv}`] = empty();
        return decoder.run({
          input_ids: new ort.Tensor('int64', BigInt64Array.from([BigInt(START_TOKEN)]), [1, 1]),
          encoder_hidden_states: hidden,
          use_cache_branch: new ort.Tensor('bool', [false], [1]),
          ...past,
        });
      };
      const rows = (t: Tensor, pick: readonly number[]): Tensor => {
        const [, h, n, d] = t.dims as [number, number, number, number];
        const per = h * n * d;
        const src = t.data as Float32Array;
        const out = new Float32Array(pick.length * per);
        pick.forEach((r, i) => out.set(src.subarray(r * per, (r + 1) * per), i * per));
        return new ort.Tensor('float32', out, [pick.length, h, n, d]);
      };

      // 1. The beam search over the wordings.
      let out = await firstStep();
      const encoderCache: Record<string, Tensor> = {};
      for (let i = 0; i < LAYERS; i++)
        for (const kv of ['key', 'value'])
          encoderCache[`${i}.${kv}`] = out[`present.${i}.encoder.${kv}`] as Tensor;
      let hyps = commands
        ? [{ node: trieFor(commands, model.encode), logProb: 0, row: 0, token: START_TOKEN }]
        : [];
      let best: { logProb: number; command: VoiceCommand; wording: string } | null = null;
      for (let step = 0; step < MAX_STEPS && hyps.length > 0; step++) {
        if (signal?.aborted) return null;
        const logits = out.logits!.data as Float32Array;
        const vocabulary = logits.length / (out.logits!.dims[0] as number);
        const candidates: typeof hyps = [];
        for (const h of hyps) {
          const logProb = logSoftmaxRow(logits, h.row * vocabulary, vocabulary);
          if (h.node.end) {
            const ended = h.logProb + logProb(END_TOKEN);
            if (!best || ended > best.logProb) best = { logProb: ended, ...h.node.end };
          }
          for (const [token, node] of h.node.next)
            candidates.push({ node, logProb: h.logProb + logProb(token), row: h.row, token });
        }
        candidates.sort((a, b) => b.logProb - a.logProb);
        // A hypothesis only falls further as it goes on: one below the best ended wording, or below
        // the threshold, can never be taken (for ordinary talk the search ends after a few tokens).
        const kept = candidates
          .slice(0, beamWidth)
          .filter((c) => c.logProb >= minLogProb && (!best || c.logProb > best.logProb));
        if (kept.length === 0) break;
        const pick = kept.map((c) => c.row);
        const feed: Record<string, Tensor> = {};
        for (let i = 0; i < LAYERS; i++)
          for (const kv of ['key', 'value']) {
            feed[`past_key_values.${i}.decoder.${kv}`] = rows(
              out[`present.${i}.decoder.${kv}`] as Tensor,
              pick,
            );
            feed[`past_key_values.${i}.encoder.${kv}`] = rows(
              encoderCache[`${i}.${kv}`]!,
              pick.map(() => 0),
            );
          }
        const states = new Float32Array(kept.length * frames * width);
        for (let b = 0; b < kept.length; b++) states.set(hidden.data as Float32Array, b * frames * width);
        out = await decoder.run({
          input_ids: new ort.Tensor('int64', BigInt64Array.from(kept.map((c) => BigInt(c.token))), [
            kept.length,
            1,
          ]),
          encoder_hidden_states: new ort.Tensor('float32', states, [kept.length, frames, width]),
          use_cache_branch: new ort.Tensor('bool', [true], [1]),
          ...feed,
        });
        hyps = kept.map((c, i) => ({ ...c, row: i }));
      }
      if (commands && !best) {
        options.onHear?.(null, false);
        return { command: null, transcript: '' };
      }
      if (best && best.logProb < minLogProb) {
        options.onHear?.({ ...best, transcript: '' }, false);
        return { command: null, transcript: '' };
      }

      // 2. The greedy free transcript, stopped once it has more words than the wording.
      const limit = best ? transcriptWords(best.wording).length : (task as number);
      const tokens: number[] = [];
      let free = await firstStep();
      const maxTokens = Math.max(6, Math.trunc(audio.durationSeconds * 6));
      for (let i = 0; i < maxTokens; i++) {
        if (signal?.aborted) return null;
        const logits = free.logits!.data as Float32Array;
        let token = 0;
        let top = -Infinity;
        for (let k = 0; k < logits.length; k++)
          if (logits[k]! > top) {
            top = logits[k]!;
            token = k;
          }
        if (token === END_TOKEN) break;
        tokens.push(token);
        // (a reading's chunk has no word limit: no decoding of the tokens at every step)
        if (limit < Number.MAX_SAFE_INTEGER && transcriptWords(model.decode(tokens)).length > limit) break;
        const feed: Record<string, Tensor> = {};
        for (let l = 0; l < LAYERS; l++)
          for (const kv of ['key', 'value']) {
            feed[`past_key_values.${l}.decoder.${kv}`] = free[`present.${l}.decoder.${kv}`] as Tensor;
            feed[`past_key_values.${l}.encoder.${kv}`] = encoderCache[`${l}.${kv}`]!;
          }
        free = await decoder.run({
          input_ids: new ort.Tensor('int64', BigInt64Array.from([BigInt(token)]), [1, 1]),
          encoder_hidden_states: hidden,
          use_cache_branch: new ort.Tensor('bool', [true], [1]),
          ...feed,
        });
      }
      const transcript = model.decode(tokens);
      if (!best) return { command: null, transcript };
      const verdict = { ...best, transcript };
      const accepted = acceptsSecondOpinion(verdict, minLogProb);
      options.onHear?.(verdict, accepted);
      return { command: accepted ? verdict.command : null, transcript };
    } finally {
      const used = process.cpuUsage(started);
      cpuMicros += used.user + used.system;
    }
  }

  return {
    async hear(audio, commands, signal) {
      return (await turns.run(() => run(audio, commands, signal)))?.command ?? null;
    },
    async transcribe(audio, maxWords, signal, settings) {
      return (await turns.run(() => run(audio, maxWords, signal), settings?.background))?.transcript ?? null;
    },
    async warm(phrases = []) {
      const model = await load();
      if (!model) return;
      const encode = cachedEncode(model.encode);
      // every carrier: a navigation command's wordings hold all the others'
      const wordings = [
        ...commandWordings(
          phrases.map((phrase) => ({ phrase, intent: 'navigate' as const, target: phrase })),
        ).keys(),
      ];
      for (let k = 0; k < wordings.length; k++) {
        encode(wordings[k]!);
        // let requests through between batches
        if (k % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
      }
    },
    cpuSeconds: () => cpuMicros / 1e6,
  };
}

let shared: CommandSecondOpinion | null = null;

/**
 * One Moonshine second opinion for the whole process (the model loads once, on the first refusal):
 * what an app made without its own recogniser uses (server/app.ts; the integration tests).
 */
export function sharedMoonshineSecondOpinion(): CommandSecondOpinion {
  return (shared ??= createMoonshineSecondOpinion());
}
