/**
 * Pronunciations for the recogniser: the CMU Pronouncing Dictionary shipped with
 * pocketsphinx-en-us, letter-to-sound from flite's `t2p` for words it lacks (names such as
 * "Zorblax"), and "distractor" words a child plausibly says instead of a passage word (common
 * words, by the unigram frequencies of pocketsphinx-en-us's `en-us.lm.bin`, that sound or are
 * spelled alike), so that a misreading surfaces as a different word instead of being forced
 * onto the passage word.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { editDistance } from '#core/text/similarity.ts';

const run = promisify(execFile);

export const DEFAULT_CMUDICT = '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict';
/** The general English trigram model shipped with pocketsphinx-en-us (only its unigrams are read). */
export const DEFAULT_WORD_FREQUENCIES = '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin';

/** The 39 phones of the CMU dictionary (and of the en-us acoustic model). */
export const CMU_PHONES = [
  'AA',
  'AE',
  'AH',
  'AO',
  'AW',
  'AY',
  'B',
  'CH',
  'D',
  'DH',
  'EH',
  'ER',
  'EY',
  'F',
  'G',
  'HH',
  'IH',
  'IY',
  'JH',
  'K',
  'L',
  'M',
  'N',
  'NG',
  'OW',
  'OY',
  'P',
  'R',
  'S',
  'SH',
  'T',
  'TH',
  'UH',
  'UW',
  'V',
  'W',
  'Y',
  'Z',
  'ZH',
] as const;
const PHONE_SET = new Set<string>(CMU_PHONES);
/** flite phones that are not CMU phones. */
const FLITE_TO_CMU: Record<string, string> = {
  AX: 'AH',
  AXR: 'ER',
  DX: 'T',
  IX: 'IH',
  EL: 'L',
  EM: 'M',
  EN: 'N',
};

/**
 * Confusions children commonly make when reading, which are not one phone apart
 * (visual reversals and function-word swaps; cf. Clay's running-record miscue examples).
 */
const COMMON_MISREADINGS: Record<string, string[]> = {
  the: ['a', 'they', 'then'],
  a: ['the'],
  was: ['saw'],
  saw: ['was'],
  on: ['no'],
  no: ['on'],
  of: ['for', 'off'],
  then: ['than', 'when'],
  there: ['their', 'three', 'where'],
  where: ['were', 'when'],
  were: ['where', 'we'],
  what: ['that', 'want'],
  went: ['want'],
  want: ['went'],
  house: ['horse', 'home'],
  horse: ['house'],
  said: ['says'],
  from: ['for', 'form'],
};

/**
 * Function words and other short closed-class words that readers reduce or swallow in fluent
 * reading ("the" → [ðə], "and" → [n], "to" → [tə]). The recogniser's evidence on them is weakest
 * (short, unstressed, coarticulated), so they get a lower error prior: a substitution or
 * pronunciation doubt on them needs stronger evidence (docs/scoring.md).
 */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but so to of in on at by for from with as into onto than then that this these those ' +
    'is am are was were be been has have had do does did can could will would shall should may might must ' +
    'i me my we us our you your he him his she her it its they them their there here what when where who ' +
    'not no up out if'
  ).split(' '),
);

/** Words never offered as distractors (a teacher would read them in the result). */
const NEVER_DISTRACTORS = new Set([
  'fuck',
  'fucks',
  'shit',
  'dick',
  'damn',
  'hell',
  'ass',
  'bitch',
  'sex',
  'gay',
]);

export interface Lexicon {
  /** Pronunciations (space-separated CMU phones) of a lower-case word; empty if unknown. */
  pronunciations(word: string): string[];
  /**
   * Plausible misreadings of `word`, likeliest first: the classic confusions below, then words
   * one phone edit away or spelled alike (same first letter, at most two letter edits), that are
   * common enough for a child to know (see `LexiconOptions`), ranked by frequency. Words that
   * share a pronunciation with `word` are left out (they cannot be told apart by ear).
   */
  neighbours(word: string, limit: number, exclude: ReadonlySet<string>): string[];
  /**
   * Common words (as for distractors) with each pronunciation as phones, most frequent first:
   * what a reader may have said instead of a word (for naming a misreading from its phones).
   */
  commonPronunciations(): readonly (readonly [string, readonly string[]])[];
  /**
   * Common words one phone edit away from `word` (one phone replaced, dropped or added, in any of
   * its pronunciations), commonest first, homophones left out: what a one-sound misreading of it
   * sounds like (duck → dock, green → grain), whether or not it is spelled alike.
   */
  nearWords(word: string): string[];
}

export interface LexiconOptions {
  /** log10 unigram probabilities (`loadWordLogProbabilities`); without them, spelling ranks. */
  logProbabilities?: ReadonlyMap<string, number>;
  /** Rarest word (log10 unigram probability) offered as a distractor. */
  minLogProbability?: number;
}

/**
 * Reads the unigram log probabilities of a Sphinx binary trie language model
 * ("Trie Language Model" header, as `en-us.lm.bin`): the header and n-gram counts, the 16-bit
 * quantisation tables, then one (prob, backoff, next) record per unigram, and the word strings
 * at the end of the file.
 * @returns word → log10 probability; empty when the file is missing or not in that format.
 */
export function loadWordLogProbabilities(path: string = DEFAULT_WORD_FREQUENCIES): Map<string, number> {
  const out = new Map<string, number>();
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch {
    return out;
  }
  const header = 'Trie Language Model';
  if (buf.length < 64 || buf.toString('latin1', 0, header.length) !== header) return out;
  const order = buf.readUInt8(header.length);
  if (order < 2 || order > 6) return out;
  const unigrams = buf.readUInt32LE(header.length + 1);
  // quantisation: an int32 type, then 2^16 floats per table (prob + backoff per middle order, prob for the longest)
  const quantFloats = ((order - 2) * 2 + 1) * 65536;
  const unigramAt = header.length + 1 + 4 * order + 4 + 4 * quantFloats;
  // the word strings: an int32 byte count, then NUL-terminated words, ending the file
  let wordsAt = -1;
  for (let p = buf.length - 5; p >= Math.max(0, buf.length - 4_000_000); p--) {
    if (buf.readInt32LE(p) === buf.length - p - 4) {
      wordsAt = p + 4;
      break;
    }
  }
  if (wordsAt < 0 || unigramAt + 12 * unigrams > wordsAt) return out;
  const words = buf.toString('utf8', wordsAt).split('\0');
  if (words.length < unigrams) return out;
  const toLog10 = Math.log10(1.0001); // Sphinx stores log base 1.0001
  for (let i = 0; i < unigrams && i < words.length; i++) {
    const w = words[i];
    const v = buf.readFloatLE(unigramAt + 12 * i);
    if (w && Number.isFinite(v) && v < 0) out.set(w, v * toLog10);
  }
  return out;
}

/**
 * Loads the dictionary once (≈ 135 000 entries, ~0.3 s; ~0.8 s with frequencies, which also index
 * the common words by first letter).
 * @param path a CMU-format dictionary (`word(2) PH ONES`).
 * @param options word frequencies used to choose distractors.
 * @throws Error when the file cannot be read.
 */
export function loadLexicon(path: string = DEFAULT_CMUDICT, options: LexiconOptions = {}): Lexicon {
  const byWord = new Map<string, string[]>();
  const byPhones = new Map<string, string[]>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const sp = line.indexOf(' ');
    if (sp <= 0) continue;
    const word = line.slice(0, sp).replace(/\(\d+\)$/, '');
    const phones = line
      .slice(sp + 1)
      .trim()
      .replace(/\s+#.*$/, '');
    if (!phones) continue;
    const list = byWord.get(word);
    if (list) list.push(phones);
    else byWord.set(word, [phones]);
    if (/^[a-z]+(?:'[a-z]+)?$/.test(word)) {
      const ws = byPhones.get(phones);
      if (ws) ws.push(word);
      else byPhones.set(phones, [word]);
    }
  }
  const logP = options.logProbabilities;
  const useFrequencies = logP !== undefined && logP.size > 0;
  const minLogP = options.minLogProbability ?? -6;
  const common = (w: string): boolean => !useFrequencies || (logP.get(w) ?? -99) >= minLogP;
  // common words by first letter, for spelling neighbours
  const byInitial = new Map<string, string[]>();
  if (useFrequencies)
    for (const w of logP.keys()) {
      if (!/^[a-z]+$/.test(w) || !common(w) || !byWord.has(w)) continue;
      const list = byInitial.get(w[0] ?? '');
      if (list) list.push(w);
      else byInitial.set(w[0] ?? '', [w]);
    }
  const cache = new Map<string, string[]>();

  const phoneNeighbours = (word: string): Set<string> => {
    const near = new Set<string>();
    for (const pron of byWord.get(word) ?? []) {
      const ph = pron.split(' ');
      const variants: string[][] = [];
      for (let k = 0; k < ph.length; k++) {
        if (ph.length > 1) variants.push([...ph.slice(0, k), ...ph.slice(k + 1)]);
        for (const p of CMU_PHONES) {
          if (p !== ph[k]) variants.push([...ph.slice(0, k), p, ...ph.slice(k + 1)]);
        }
      }
      for (let k = 0; k <= ph.length; k++)
        for (const p of CMU_PHONES) variants.push([...ph.slice(0, k), p, ...ph.slice(k)]);
      for (const v of variants) for (const w of byPhones.get(v.join(' ')) ?? []) if (w !== word) near.add(w);
    }
    return near;
  };

  const candidates = (word: string): string[] => {
    const cached = cache.get(word);
    if (cached) return cached;
    const own = new Set(byWord.get(word) ?? []);
    const homophone = (w: string): boolean => (byWord.get(w) ?? []).some((p) => own.has(p));
    const near = phoneNeighbours(word);
    const closeSpelling = (w: string): boolean =>
      editDistance(w, word) <= Math.max(2, Math.ceil(word.length / 2));
    let ranked: string[];
    if (useFrequencies) {
      // Graphophonic similarity, as in miscue analysis: a misreading usually keeps the first
      // letter and most of the spelling, sounds close, and is a word the reader knows.
      const score = (w: string): number =>
        Math.max(minLogP, logP.get(w) ?? -99) -
        editDistance(w, word) +
        (w[0] === word[0] ? 1.5 : 0) +
        (near.has(w) ? 1 : 0);
      const pool = new Set([...near].filter(closeSpelling));
      // spelled alike: what a child misreads by sight (counted → coated, several → seven)
      if (word.length >= 3)
        for (const w of byInitial.get(word[0] ?? '') ?? [])
          if (w !== word && Math.abs(w.length - word.length) <= 3 && editDistance(w, word) <= 2) pool.add(w);
      ranked = [...pool]
        .filter((w) => common(w) && !homophone(w) && !NEVER_DISTRACTORS.has(w))
        .map((w) => ({ w, s: score(w) }))
        .sort((a, b) => b.s - a.s || (a.w < b.w ? -1 : 1))
        .map((x) => x.w);
    } else {
      // Prefer words spelled alike (what a child misreads), then shorter words.
      ranked = [...near]
        .filter((w) => !homophone(w) && closeSpelling(w) && !NEVER_DISTRACTORS.has(w))
        .sort(
          (a, b) => editDistance(a, word) - editDistance(b, word) || a.length - b.length || (a < b ? -1 : 1),
        );
    }
    cache.set(word, ranked);
    return ranked;
  };

  const neighbours = (word: string, limit: number, exclude: ReadonlySet<string>): string[] => {
    const found = new Set<string>();
    for (const extra of Object.hasOwn(COMMON_MISREADINGS, word) ? COMMON_MISREADINGS[word]! : [])
      if (byWord.has(extra) && !exclude.has(extra)) found.add(extra);
    const max = Math.max(limit, found.size);
    for (const w of candidates(word)) {
      if (found.size >= max) break;
      if (!exclude.has(w)) found.add(w);
    }
    return [...found];
  };

  let commonList: [string, string[]][] | undefined;
  const commonPronunciations = (): readonly (readonly [string, readonly string[]])[] => {
    if (!commonList) {
      const words = useFrequencies
        ? [...logP.keys()]
            .filter((w) => /^[a-z]+(?:'[a-z]+)?$/.test(w) && common(w) && !NEVER_DISTRACTORS.has(w))
            .sort((a, b) => (logP.get(b) ?? -99) - (logP.get(a) ?? -99))
        : [];
      commonList = words.flatMap((w) =>
        (byWord.get(w) ?? []).map((p): [string, string[]] => [w, p.split(' ')]),
      );
    }
    return commonList;
  };

  const nearCache = new Map<string, string[]>();
  const nearWords = (word: string): string[] => {
    const cached = nearCache.get(word);
    if (cached) return cached;
    const own = new Set(byWord.get(word) ?? []);
    const found = [...phoneNeighbours(word)]
      .filter((w) => common(w) && !NEVER_DISTRACTORS.has(w) && !(byWord.get(w) ?? []).some((p) => own.has(p)))
      .sort((a, b) => (logP?.get(b) ?? -99) - (logP?.get(a) ?? -99) || (a < b ? -1 : 1));
    nearCache.set(word, found);
    return found;
  };

  return { pronunciations: (w) => byWord.get(w) ?? [], neighbours, commonPronunciations, nearWords };
}

/**
 * Letter-to-sound with flite's `t2p`, converted to CMU phones without stress.
 * @param word a lower-case word (letters and apostrophes).
 * @returns a pronunciation such as `Z AO R B L AE K S`.
 * @throws Error when `t2p` is missing or returns nothing usable within 5 s.
 */
export async function letterToSound(word: string): Promise<string> {
  const clean = word.replace(/[^a-z']/g, '');
  if (!clean) throw new Error(`no letters to pronounce in "${word}"`);
  const { stdout } = await run('t2p', [clean], { timeout: 5000 });
  const phones = stdout
    .trim()
    .split(/\s+/)
    .map((p) => p.replace(/\d/g, '').toUpperCase())
    .filter((p) => p && p !== 'PAU')
    .map((p) => FLITE_TO_CMU[p] ?? p)
    .filter((p) => PHONE_SET.has(p));
  if (phones.length === 0) throw new Error(`t2p gave no phones for "${word}"`);
  return phones.join(' ');
}
