/**
 * The grammar of spoken commands (issue 11; docs/decisions/0015-spoken-commands.md): a Sphinx
 * finite-state grammar over the active command list, with the paths that must lead to "I didn't
 * catch that" written into it, so that the decoder can choose them:
 *
 * ```
 *   start ─┬─ [um|uh] [please] [carrier [the]] ─ COMMAND ─┬─ [please] ─ end        one command: accepted
 *          │                                              ├─ COMMAND …              two commands: refused
 *          │                                              └─ garbage ─ end          command + more words: refused
 *          └─ garbage (phone loop) ─ end                                            anything else: refused
 * ```
 *
 * A grammar without the garbage path always matches something: any sentence would come out as its
 * closest command. The phone loop (every CMU phone, looping) is the competing "anything else"
 * model; which path wins is then a likelihood comparison, tilted by the garbage path's prior
 * ({@link CommandGrammarOptions.garbage}). The decoder adds a second, length-normalised check against
 * a free phone loop (command-decoder.ts).
 */
import {
  CARRIER_PHRASES,
  isPlaceCommand,
  PLACE_CARRIER_PHRASES,
  phraseTokens,
  POLITE_WORD,
  type VoiceCommand,
} from '#core/voice/command.ts';

/** Prefix of the phone-loop words (`ph_aa` is the phone AA), as in the passage grammar. */
export const GARBAGE_PREFIX = 'ph_';

/** Hesitations allowed before a command. */
export const FILLER_WORDS: readonly string[] = ['um', 'uh'];

/** Prior weights of the grammar's branches. */
export interface CommandGrammarProbabilities {
  /** Entering the garbage loop instead of a command (the rejection knob: higher rejects more). */
  garbage: number;
  /** Staying in the garbage loop, per phone. */
  garbageLoop: number;
  /** A second command after the first (two commands at once, refused). */
  second: number;
  /** Words after the command that are not "please" (refused). */
  trailing: number;
  /** Words after a carrier that are not a command ("take me to the zoo", refused). */
  carrierGarbage: number;
  /** A carrier phrase ("go to") before the command. */
  carrier: number;
  /** "please" before or after. */
  polite: number;
  /** "um" or "uh" first. */
  filler: number;
}

/** Defaults, chosen on `npm run bench:commands` (docs/decisions/0015-spoken-commands.md). */
export const DEFAULT_COMMAND_PROBABILITIES: CommandGrammarProbabilities = {
  garbage: 0.3,
  garbageLoop: 0.7,
  second: 0.05,
  trailing: 0.05,
  carrierGarbage: 0.05,
  carrier: 0.2,
  polite: 0.1,
  filler: 0.05,
};

/** Options of {@link buildCommandGrammar}. */
export interface CommandGrammarOptions {
  /** Phone-loop words (`ph_aa` …); empty for none (then nothing is ever refused by the grammar). */
  garbageWords: readonly string[];
  probabilities?: Partial<CommandGrammarProbabilities>;
}

/** One entry of the grammar: a command's spoken tokens and the commands that sound like them. */
export interface GrammarEntry {
  /** Word tag used in the FSG for the entry's first token (`c12`), so that a path names its command. */
  readonly tokens: readonly string[];
  /** The first command in the list with these tokens (later ones that sound the same are dropped). */
  readonly command: VoiceCommand;
}

/** A built grammar. */
export interface CommandGrammar {
  /** FSG text (Sphinx format). */
  fsg: string;
  /** Every word the grammar emits (each needs a pronunciation). */
  words: Set<string>;
  /** The distinct commands, by index: the FSG's command paths start with the word `<first>` and carry their index in {@link pathIndex}. */
  entries: GrammarEntry[];
}

const fmt = (p: number): string => p.toPrecision(6);

/**
 * Distinct commands of a list by their spoken tokens, in list order: the first command with a
 * given sound wins (a screen's own command before a global one with the same words). Commands with
 * no speakable tokens are left out.
 */
export function distinctCommands(commands: readonly VoiceCommand[]): GrammarEntry[] {
  const seen = new Set<string>();
  const out: GrammarEntry[] = [];
  for (const command of commands) {
    const tokens = phraseTokens(command.phrase);
    const key = tokens.join(' ');
    if (tokens.length === 0 || seen.has(key)) continue;
    seen.add(key);
    out.push({ tokens, command });
  }
  return out;
}

/**
 * Builds the command grammar.
 * @param commands the active list (at least one speakable phrase)
 * @throws Error when no command has a word to say
 */
export function buildCommandGrammar(
  commands: readonly VoiceCommand[],
  options: CommandGrammarOptions,
): CommandGrammar {
  const entries = distinctCommands(commands);
  if (entries.length === 0) throw new Error('no command has a word to say');
  const p = { ...DEFAULT_COMMAND_PROBABILITIES, ...options.probabilities };
  const useGarbage = options.garbageWords.length > 0;
  const lines: string[] = [];
  const words = new Set<string>();
  let states = 0;
  const state = (): number => states++;
  const add = (from: number, to: number, prob: number, word?: string): void => {
    if (word) words.add(word);
    lines.push(
      word ? `TRANSITION ${from} ${to} ${fmt(prob)} ${word}` : `TRANSITION ${from} ${to} ${fmt(prob)}`,
    );
  };
  /** A chain of tokens from `from` to `to`, the first transition with probability `prob`. */
  const chain = (from: number, to: number, tokens: readonly string[], prob: number): void => {
    let at = from;
    tokens.forEach((t, k) => {
      const next = k === tokens.length - 1 ? to : state();
      add(at, next, k === 0 ? prob : 1, t);
      at = next;
    });
  };

  const start = state();
  const final = state();
  const afterFiller = state();
  const afterPolite = state();
  const beforeCommand = state();
  const afterCommand = state();
  const afterPlease = state();

  const pFiller = FILLER_WORDS.length ? p.filler : 0;
  const pGarbage = useGarbage ? p.garbage : 0;
  // start: a hesitation, or straight on; or the garbage loop
  for (const f of FILLER_WORDS) add(start, afterFiller, pFiller / FILLER_WORDS.length, f);
  add(start, afterFiller, 1 - pFiller - pGarbage);
  // "please" first
  add(afterFiller, afterPolite, p.polite, POLITE_WORD);
  add(afterFiller, afterPolite, 1 - p.polite);
  // a carrier ("take me to"), optionally followed by "the"; a place carrier ("go to") leads only to
  // screens, stories and buttons
  const places = entries.filter((e) => isPlaceCommand(e.command));
  const carriers = CARRIER_PHRASES.filter((c) => places.length > 0 || !PLACE_CARRIER_PHRASES.has(c))
    .map((c) => ({ tokens: phraseTokens(c), place: PLACE_CARRIER_PHRASES.has(c) }))
    .filter((c) => c.tokens.length > 0);
  const afterCarrier = state();
  const afterPlaceCarrier = state();
  const beforePlace = state();
  for (const c of carriers)
    chain(afterPolite, c.place ? afterPlaceCarrier : afterCarrier, c.tokens, p.carrier / carriers.length);
  const pCarrierGarbage = useGarbage ? p.carrierGarbage : 0;
  add(afterCarrier, beforeCommand, 0.8 * (1 - pCarrierGarbage));
  add(afterCarrier, beforeCommand, 0.2 * (1 - pCarrierGarbage), 'the');
  add(afterPlaceCarrier, beforePlace, 0.8 * (1 - pCarrierGarbage));
  add(afterPlaceCarrier, beforePlace, 0.2 * (1 - pCarrierGarbage), 'the');
  add(afterPolite, beforeCommand, 1 - p.carrier);
  // the commands, equally likely
  for (const e of entries) chain(beforeCommand, afterCommand, e.tokens, 1 / entries.length);
  for (const e of places) chain(beforePlace, afterCommand, e.tokens, 1 / places.length);
  // after a command: "please", the end, another command, or more words
  const pTrailing = useGarbage ? p.trailing : 0;
  add(afterCommand, afterPlease, p.polite, POLITE_WORD);
  add(afterCommand, beforeCommand, p.second);
  add(afterCommand, afterPlease, 1 - p.polite - p.second - pTrailing);
  add(afterPlease, final, 1);
  if (useGarbage) {
    const loop = state();
    const per = 1 / options.garbageWords.length;
    for (const g of options.garbageWords) {
      add(start, loop, pGarbage * per, g);
      add(afterCommand, loop, pTrailing * per, g);
      add(afterCarrier, loop, pCarrierGarbage * per, g);
      add(afterPlaceCarrier, loop, pCarrierGarbage * per, g);
      add(loop, loop, p.garbageLoop * per, g);
    }
    add(loop, final, 1 - p.garbageLoop);
  }
  const head = ['FSG_BEGIN commands', `NUM_STATES ${states}`, 'START_STATE 0', `FINAL_STATE ${final}`];
  return { fsg: [...head, ...lines, 'FSG_END', ''].join('\n'), words, entries };
}

/**
 * The garbage loop alone (the same words as the command grammar's, entered with probability 1): the
 * "anything else" path without its prior, decoded beside the command grammar so that the decoder can
 * say by how much a command beat it (command-decoder.ts).
 */
export function buildGarbageGrammar(
  garbageWords: readonly string[],
  probabilities: Partial<CommandGrammarProbabilities> = {},
): string {
  const p = { ...DEFAULT_COMMAND_PROBABILITIES, ...probabilities };
  const per = 1 / garbageWords.length;
  const lines = garbageWords.flatMap((g) => [
    `TRANSITION 0 1 ${fmt(per)} ${g}`,
    `TRANSITION 1 1 ${fmt(p.garbageLoop * per)} ${g}`,
  ]);
  return [
    'FSG_BEGIN garbage',
    'NUM_STATES 3',
    'START_STATE 0',
    'FINAL_STATE 2',
    ...lines,
    `TRANSITION 1 2 ${fmt(1 - p.garbageLoop)}`,
    'FSG_END',
    '',
  ].join('\n');
}

/**
 * Which command a decoded word sequence is, if it is exactly one: the words with fillers, carriers,
 * "the" and "please" taken off must be one entry's tokens.
 * @param heard the decoded words (silences already removed)
 * @returns the entry; `'other'` for anything else (words of the garbage loop, two commands, a
 *   command with more words); null when nothing was said
 */
export function matchPath(
  heard: readonly string[],
  entries: readonly GrammarEntry[],
): GrammarEntry | 'other' | null {
  const words = [...heard];
  // leading filler and "please"
  while (words.length && (FILLER_WORDS.includes(words[0]!) || words[0] === POLITE_WORD)) words.shift();
  if (words.at(-1) === POLITE_WORD) words.pop();
  if (words.length === 0) return null;
  // the longest carrier that starts the words and leaves a command
  const byKey = new Map(entries.map((e) => [e.tokens.join(' '), e]));
  const whole = byKey.get(words.join(' '));
  if (whole) return whole;
  const carriers = CARRIER_PHRASES.map((c) => ({ c, tokens: phraseTokens(c) })).sort(
    (a, b) => b.tokens.length - a.tokens.length,
  );
  const allowed = (c: string, e: GrammarEntry | undefined): GrammarEntry | undefined =>
    e && (!PLACE_CARRIER_PHRASES.has(c) || isPlaceCommand(e.command)) ? e : undefined;
  for (const { c, tokens } of carriers) {
    if (tokens.length >= words.length || tokens.some((t, k) => words[k] !== t)) continue;
    let rest = words.slice(tokens.length);
    const direct = allowed(c, byKey.get(rest.join(' ')));
    if (direct) return direct;
    if (rest[0] === 'the') {
      rest = rest.slice(1);
      const after = allowed(c, byKey.get(rest.join(' ')));
      if (after) return after;
    }
  }
  return 'other';
}

/**
 * Whether a decoded word sequence is two or more commands one after the other (a child saying "pause
 * help"): fillers and "please" anywhere and a carrier at the start left aside, the rest splits exactly
 * into two or more commands' tokens. The grammar's second-command path decodes such speech; the
 * recogniser then refuses it outright, without a second opinion (ADR 0015, ninth round).
 * @param heard the decoded words (silences already removed)
 */
export function isDoublePath(heard: readonly string[], entries: readonly GrammarEntry[]): boolean {
  const words = heard.filter((w) => !FILLER_WORDS.includes(w) && w !== POLITE_WORD);
  const starts = [words];
  for (const tokens of CARRIER_PHRASES.map(phraseTokens).sort((a, b) => b.length - a.length)) {
    if (tokens.length < words.length && tokens.every((t, k) => words[k] === t)) {
      const rest = words.slice(tokens.length);
      // "the" after a carrier may be the carrier's or the title's ("the Lost Mitten")
      starts.push(rest, ...(rest[0] === 'the' ? [rest.slice(1)] : []));
      break;
    }
  }
  const keys = new Set(entries.map((e) => e.tokens.join(' ')));
  const longest = Math.max(0, ...entries.map((e) => e.tokens.length));
  return starts.some((rest) => {
    // most[i]: the most commands that cover rest[0..i) exactly (-1: none do)
    const most = [0];
    for (let i = 1; i <= rest.length; i++) {
      most[i] = -1;
      for (let l = 1; l <= Math.min(longest, i); l++)
        if (most[i - l]! >= 0 && keys.has(rest.slice(i - l, i).join(' ')))
          most[i] = Math.max(most[i]!, most[i - l]! + 1);
    }
    return most[rest.length]! >= 2;
  });
}
