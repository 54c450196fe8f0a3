/**
 * The passage grammar that constrains pocketsphinx: a finite-state grammar (Sphinx FSG format)
 * over word positions, so the decoder follows the reader through the passage while allowing
 * what readers do:
 * - read the next word (high probability), in any of its spoken forms ("42" → forty two);
 * - skip a word (omission: an empty transition to the next position);
 * - go back up to `backWindow` words and re-read (repetition, restart of a phrase);
 * - say again some of the last `backWindow` words and carry on where the reader was (`echo`: a
 *   repetition that returns to its place, or a recent word said again as an insertion), so a
 *   re-read word does not leave the decoder behind the reader;
 * - say a phonetically close word instead (substitution: `distractors`);
 * - say a word the passage lacks where another listener heard one (insertion: `insertions`, Moonshine's);
 * - say something else (a phone loop of "garbage" words, for substitutions and insertions
 *   that no distractor covers);
 * - stop anywhere (every position may end the reading: words not reached).
 * The whole reading is one utterance; pauses do not restart the grammar.
 */
import type { PassageWord } from '#core/text/normalize.ts';

export interface GrammarOptions {
  /** Distractor words per passage token. */
  distractors: ReadonlyMap<string, readonly string[]>;
  /**
   * Words said between two passage words, by the position they are said at (position `i`: before passage word `i`,
   * after word `i - 1`): Moonshine's insertions (reading-moonshine.ts `insertionsFrom`). Each is a word of its own
   * at that place (probability `insert`), so the decoder hears "the *big* red ball" as the passage words and one
   * more, instead of the phone loop's costly insertion or a re-reading that throws the last words away.
   */
  insertions?: ReadonlyMap<number, readonly string[]>;
  /** Phone-loop words (e.g. `ph_aa`); empty disables the garbage path. */
  garbageWords: readonly string[];
  /** How many words back a reader may jump to re-read. */
  backWindow?: number;
  probabilities?: Partial<GrammarProbabilities>;
}

/** Transition probabilities; tuned on the benchmark (scripts/bench-scoring.ts). */
export interface GrammarProbabilities {
  next: number;
  skip: number;
  back: number;
  /**
   * Enter a re-reading of some of the last `backWindow` words that comes back to the current
   * position (split over the words it may start at); `echoContinue` is the chance of reading on
   * to the next of those words, the rest returns to the current position.
   */
  echo: number;
  echoContinue: number;
  substitute: number;
  /** A word of `GrammarOptions.insertions` said at its place (split over the words there). */
  insert: number;
  /** A distractor said and then the right word (attempt before a self-correction). */
  attempt: number;
  garbage: number;
  garbageLoop: number;
  stop: number;
}

export const DEFAULT_PROBABILITIES: GrammarProbabilities = {
  next: 0.9,
  skip: 0.02,
  back: 0.02,
  echo: 0.005,
  echoContinue: 0.9,
  substitute: 0.003,
  insert: 0.003,
  attempt: 0,
  garbage: 0.02,
  garbageLoop: 0.5,
  stop: 0.005,
};

export interface PassageGrammar {
  /** FSG file text. */
  fsg: string;
  /** Every word the grammar can emit (needs a pronunciation). */
  words: Set<string>;
}

const fmt = (p: number): string => p.toPrecision(6);

/**
 * Builds the passage FSG.
 * @param passage printed words with spoken forms (core/text/normalize.ts).
 * @returns the grammar text and its vocabulary.
 * @throws Error when the passage has no words.
 */
export function buildPassageGrammar(
  passage: readonly PassageWord[],
  options: GrammarOptions,
): PassageGrammar {
  if (passage.length === 0) throw new Error('cannot build a grammar for an empty passage');
  const p = { ...DEFAULT_PROBABILITIES, ...options.probabilities };
  const backWindow = options.backWindow ?? 5;
  const n = passage.length;
  const lines: string[] = [];
  const words = new Set<string>();
  let states = n + 1; // boundary states 0..n
  const final = states++;
  const add = (from: number, to: number, prob: number, word?: string): void => {
    if (word) words.add(word);
    lines.push(
      word ? `TRANSITION ${from} ${to} ${fmt(prob)} ${word}` : `TRANSITION ${from} ${to} ${fmt(prob)}`,
    );
  };

  // State reached after the first token of each word's canonical form (target of back jumps).
  const afterFirst: number[] = [];
  passage.forEach((w, i) => {
    const forms = w.spoken.length > 0 ? w.spoken : [[w.text.toLowerCase()]];
    forms.forEach((form, f) => {
      let prev = i;
      form.forEach((token, k) => {
        const next = k === form.length - 1 ? i + 1 : states++;
        add(prev, next, k === 0 ? p.next / forms.length : 1, token);
        if (k === 0 && f === 0) afterFirst[i] = next;
        prev = next;
      });
    });
  });

  for (let i = 0; i <= n; i++) {
    const word = passage[i];
    if (i < n) add(i, i + 1, p.skip);
    add(i, final, i === n ? 1 : p.stop);
    // re-reading: jump back to word j and say its first token
    const backs: number[] = [];
    for (let j = Math.max(0, i - backWindow); j < i; j++) backs.push(j);
    for (const j of backs) {
      const target = afterFirst[j];
      const token = passage[j]?.spoken[0]?.[0];
      if (target !== undefined && token) add(i, target, p.back / backs.length, token);
    }
    // re-reading words j..k (k < i) of the last backWindow and coming back to position i: one
    // state per word still to re-read, shared by every start j; after each word, go on or return
    if (p.echo > 0 && backs.length > 0) {
      const home = i;
      const stateBefore = new Map<number, number>(); // echo state where word k is read next
      for (const k of backs) if (k > (backs[0] as number)) stateBefore.set(k, states++);
      const emit = (from: number, k: number, prob: number): void => {
        const w = passage[k] as PassageWord;
        const form = w.spoken[0] ?? [w.text.toLowerCase()];
        const to = k + 1 === home ? home : (stateBefore.get(k + 1) as number);
        let prev = from;
        form.forEach((token, t) => {
          const next = t === form.length - 1 ? to : states++;
          add(prev, next, t === 0 ? prob : 1, token);
          prev = next;
        });
      };
      for (const j of backs) emit(home, j, p.echo / backs.length);
      for (const [k, s] of stateBefore) {
        emit(s, k, p.echoContinue);
        add(s, home, 1 - p.echoContinue);
      }
    }
    const inserted = options.insertions?.get(i) ?? [];
    for (const x of inserted) add(i, i, p.insert / inserted.length, x);
    if (!word) continue;
    const ds = new Set<string>();
    for (const form of word.spoken)
      for (const t of form) for (const d of options.distractors.get(t) ?? []) ds.add(d);
    for (const d of ds) {
      add(i, i + 1, p.substitute / ds.size, d);
      if (p.attempt > 0) add(i, i, p.attempt / ds.size, d);
    }
    if (options.garbageWords.length > 0) {
      const g = states++;
      const per = p.garbage / options.garbageWords.length;
      const loop = p.garbageLoop / options.garbageWords.length;
      for (const gw of options.garbageWords) {
        add(i, g, per, gw);
        add(g, g, loop, gw);
      }
      add(g, i, (1 - p.garbageLoop) / 2); // insertion, then carry on
      add(g, i + 1, (1 - p.garbageLoop) / 2); // substitution
    }
  }
  const head = ['FSG_BEGIN passage', `NUM_STATES ${states}`, 'START_STATE 0', `FINAL_STATE ${final}`];
  return { fsg: [...head, ...lines, 'FSG_END', ''].join('\n'), words };
}

/**
 * Stop probabilities tried, in order, when a decode of a partial reading ends outside the grammar's
 * final state. pocketsphinx's FSG search returns no words at all when no path reaches the final state
 * in the last frame ("Final result does not match the grammar"): with the default `stop` (0.005) the
 * path that stops after the last word read, then sits in trailing silence, can fall out of the beam,
 * and a child who read the first two sentences and pressed Stop was told none of the story's words
 * were heard. 0.05 recovered every such case we found (e2e: the first 20 words of The Red Bus).
 */
export const RESCUE_STOP_PROBABILITIES: readonly number[] = [0.05, 0.5];

/**
 * The same grammar with every "stop here" transition (a null transition from a word boundary into
 * the final state) given at least `probability`, for a second decode after a first one that reached
 * no final state. Word transitions are untouched.
 *
 * @param fsgText FSG text from {@link buildPassageGrammar} (its `FINAL_STATE` line names the state)
 * @param probability the least stop probability, 0–1
 * @returns the new FSG text
 * @throws Error when the text has no `FINAL_STATE` line or `probability` is outside (0, 1]
 */
export function withStopProbability(fsgText: string, probability: number): string {
  if (!(probability > 0 && probability <= 1))
    throw new Error(`stop probability out of range: ${probability}`);
  const final = /^FINAL_STATE (\d+)$/m.exec(fsgText)?.[1];
  if (final === undefined) throw new Error('the grammar has no FINAL_STATE');
  const stop = new RegExp(`^TRANSITION (\\d+) ${final} ([0-9.eE+-]+)$`, 'gm');
  return fsgText.replace(stop, (line, from: string, prob: string) =>
    Number(prob) >= probability ? line : `TRANSITION ${from} ${final} ${fmt(probability)}`,
  );
}

/**
 * Words after the reader's place a window may start at (re-anchoring): when the tracker has fallen
 * behind (a word it never heard), the reader is further on than the grammar's place, and the
 * passage grammar's single skips (probability 0.02 each) cannot catch up more than a word.
 */
export const LOOKAHEAD_WORDS = 6;
/** Chance a window starts at the reader's place; the rest is spread over the `LOOKAHEAD_WORDS` after it. */
const STAY_PROBABILITY = 0.9;

/**
 * Gives a passage FSG a new start state with empty transitions to position `start` (mostly) and
 * to each of the `lookahead` positions after it (at most `end`): audio that begins at the reader's place,
 * the streaming tracker's windows (stream-decoder.ts) and the later segments of a first pass made in
 * segments (pocketsphinx.ts `splitFirstPass`).
 * @param fsg the passage grammar's text (`START_STATE 0`, positions numbered from 0).
 */
export function withLookahead(fsg: string, start: number, end: number, lookahead = LOOKAHEAD_WORDS): string {
  const states = Number(/^NUM_STATES (\d+)$/m.exec(fsg)?.[1]);
  if (!Number.isInteger(states)) throw new Error('not a passage grammar (no NUM_STATES)');
  const targets = Array.from(
    { length: Math.max(0, Math.min(lookahead, end - start)) },
    (_, k) => start + k + 1,
  );
  const entry = [
    `TRANSITION ${states} ${start} ${targets.length > 0 ? STAY_PROBABILITY : 1}`,
    ...targets.map(
      (t) => `TRANSITION ${states} ${t} ${((1 - STAY_PROBABILITY) / targets.length).toPrecision(6)}`,
    ),
  ];
  return fsg
    .replace(/^NUM_STATES \d+$/m, `NUM_STATES ${states + 1}`)
    .replace(/^START_STATE 0$/m, `START_STATE ${states}`)
    .replace(/^FSG_END$/m, `${entry.join('\n')}\nFSG_END`);
}
