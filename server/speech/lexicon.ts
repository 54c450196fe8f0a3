/**
 * Pronunciations for the recogniser: the CMU Pronouncing Dictionary shipped with
 * pocketsphinx-en-us, letter-to-sound from flite's `t2p` for words it lacks (names such as
 * "Zorblax"), and phonetically close "distractor" words so that a misreading surfaces as a
 * different word instead of being forced onto the passage word.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { editDistance } from '#core/text/similarity.ts';

const run = promisify(execFile);

export const DEFAULT_CMUDICT = '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict';

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

export interface Lexicon {
  /** Pronunciations (space-separated CMU phones) of a lower-case word; empty if unknown. */
  pronunciations(word: string): string[];
  /** Words one phone edit away from any pronunciation of `word`, best spelling matches first. */
  neighbours(word: string, limit: number, exclude: ReadonlySet<string>): string[];
}

/**
 * Loads the dictionary once (≈ 135 000 entries, ~0.3 s).
 * @param path a CMU-format dictionary (`word(2) PH ONES`).
 * @throws Error when the file cannot be read.
 */
export function loadLexicon(path: string = DEFAULT_CMUDICT): Lexicon {
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

  const neighbours = (word: string, limit: number, exclude: ReadonlySet<string>): string[] => {
    const found = new Set<string>();
    for (const extra of COMMON_MISREADINGS[word] ?? [])
      if (byWord.has(extra) && !exclude.has(extra)) found.add(extra);
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
      for (const v of variants)
        for (const w of byPhones.get(v.join(' ')) ?? []) if (w !== word && !exclude.has(w)) near.add(w);
    }
    // Prefer words spelled alike (what a child misreads), then shorter words (likelier to be known).
    const ranked = [...near].sort(
      (a, b) => editDistance(a, word) - editDistance(b, word) || a.length - b.length || (a < b ? -1 : 1),
    );
    for (const w of ranked) {
      if (found.size >= limit) break;
      if (editDistance(w, word) <= Math.max(2, Math.ceil(word.length / 2))) found.add(w);
    }
    return [...found].slice(0, Math.max(limit, (COMMON_MISREADINGS[word] ?? []).length));
  };

  return { pronunciations: (w) => byWord.get(w) ?? [], neighbours };
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
