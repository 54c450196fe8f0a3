/**
 * The benchmark's second set of real read speech: the English prompts of the Asterisk telephone exchange, read by
 * one professional adult reader (Allison Smith), with their transcripts, shipped by the Debian packages
 * `asterisk-core-sounds-en-g722` (the recordings, G.722 wideband: 16 kHz audio, 50–7000 Hz) and
 * `asterisk-core-sounds-en` (the transcripts, core-sounds-en.txt.gz), CC-BY-SA 3.0. Nothing is copied into the
 * repository: the benchmark reads the installed files (`scripts/setup.sh --test` installs them).
 *
 * It is read speech of another kind than the LibriVox set (scripts/bench/real-speech.ts): a studio voice,
 * carefully paced, and far more of it (about 200 prompts of 4 words or more, 10 minutes). The prompts are joined, in
 * the order of their names, into readings of 30 s or more (`ivrReadings`), so that words correct per minute is
 * measured over a reading of about the length of a DIBELS one (on a 3 s prompt one word is worth 20 WCPM). As with
 * that set, the audio is never edited: each reading is scored against its transcript (a clean reading) and against
 * a printed text edited so that the reading holds planted miscues (`realReadingPlan`). Here the edits are chosen
 * by a seeded rule instead of by hand, one of each kind per 30 words:
 * - a **substitution**: a content word of 4 letters or more is printed as another common content word with the same
 *   first letter, spelled 2–4 letters apart and not sounding the same (a reader who guesses from the first letter;
 *   the reader "said" the recorded word), from `spellingMisreadings`;
 * - an **omission**: a word from `SKIPPED_WORDS` is printed before a recorded word (the reader skipped it);
 * - an **insertion**: a recorded word is left out of the print (the reader added it).
 * Edits stand 3 words apart or more and never on the first two or last two words, as in the synthetic plans.
 * Like the LibriVox set it is held out: never used to choose a setting.
 */
import { gunzipSync } from 'node:zlib';
import { editDistance } from '#core/text/similarity.ts';
import { tokenisePassage } from '#core/text/normalize.ts';
import type { PrintEdit, RealRecording } from './real-speech.ts';
import { rng } from './plan.ts';

/** Where `asterisk-core-sounds-en-g722` installs the prompts (`NAME.g722`). */
export const IVR_SPEECH_DIR = '/usr/share/asterisk/sounds/en_US_f_Allison';
/** The prompts' transcripts (`asterisk-core-sounds-en`): `name: text` lines, `;` comments. */
export const IVR_TRANSCRIPTS = '/usr/share/doc/asterisk-core-sounds-en/core-sounds-en.txt.gz';

/** Prompts shorter than this are left out: they are mostly labels ("Call waiting."), not sentences. */
export const IVR_MIN_WORDS = 4;

/** Words a reader may skip; printed before a recorded word to plant an omission. */
export const SKIPPED_WORDS: readonly string[] = [
  'very',
  'also',
  'really',
  'soon',
  'again',
  'still',
  'quickly',
  'always',
  'first',
  'today',
];

/** One prompt: its file's name (no extension) and its transcript. */
export interface IvrPrompt {
  name: string;
  text: string;
}

/**
 * The `name: text` lines of core-sounds-en.txt (comments and blank lines skipped).
 * @param source the file's text (gunzipped)
 */
export function parseIvrTranscripts(source: string): IvrPrompt[] {
  const prompts: IvrPrompt[] = [];
  for (const line of source.split('\n')) {
    if (line.startsWith(';')) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const text = line.slice(colon + 1).trim();
    if (name && text) prompts.push({ name, text });
  }
  return prompts;
}

/** Reads and parses IVR_TRANSCRIPTS. */
export function readIvrTranscripts(gzipped: Uint8Array): IvrPrompt[] {
  return parseIvrTranscripts(gunzipSync(gzipped).toString('utf8'));
}

/**
 * Whether a prompt can be read as a passage and its truth known: at least IVR_MIN_WORDS words, no numbers of two
 * digits or more, symbols, bracketed sound descriptions, web addresses or acronyms (read as letters, which the passage's spoken
 * forms do not hold), and every spoken token in the pronouncing dictionary (the true reading time comes from a
 * forced alignment of the transcript).
 * @param known whether the dictionary has a word
 */
export function ivrPromptUsable(text: string, known: (word: string) => boolean): boolean {
  // a lone digit is read as its name ("press 1": one); longer numbers are read in too many ways
  if (/\d\d|\d[a-z]|[a-z]\d|[[\]()#*@/]|www|\.(com|org)/i.test(text) || /\b[A-Z]{2,}/.test(text))
    return false;
  const words = tokenisePassage(text);
  if (words.length < IVR_MIN_WORDS) return false;
  return words.every((w) => (w.spoken[0] ?? []).length > 0 && (w.spoken[0] ?? []).every(known));
}

/** A small string hash (FNV-1a), to seed each prompt's edits by its name. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * The printed edits that plant miscues in one reading (see the module's description): `perKind` rounds, each
 * planting a substitution, an omission and an insertion in a seeded order; fewer when the text has no room left
 * or no word fit for a kind.
 * @param name seeds the choice (the same name always plants the same edits)
 * @param text the transcript
 * @param misreadings printed words that a reader of the given recorded word plausibly misread (first choice first)
 * @param isFunctionWord whether a word is a function word (never substituted, never printed for a content word)
 */
export function ivrEdits(
  name: string,
  text: string,
  misreadings: (word: string) => readonly string[],
  isFunctionWord: (word: string) => boolean,
  perKind = 1,
): PrintEdit[] {
  const words = tokenisePassage(text).map((w) => w.text);
  const n = words.length;
  const random = rng(hash(name));
  const used: number[] = [];
  const free = (i: number): boolean => i >= 2 && i < n - 2 && used.every((j) => Math.abs(j - i) >= 3);
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)];
  const edits: PrintEdit[] = [];
  const lower = (i: number): string => (words[i] ?? '').toLowerCase();
  const indices = words.map((_, i) => i);
  // a content word misread as a content word ("audio" printed as "are" is no misreading a reader makes)
  const printable = (word: string): string[] => misreadings(word).filter((w) => !isFunctionWord(w));

  const plant = {
    substitution: (): void => {
      const at = pick(
        indices.filter(
          (i) =>
            free(i) &&
            /^[a-z]{4,}$/.test(lower(i)) &&
            !isFunctionWord(lower(i)) &&
            printable(lower(i)).length > 0,
        ),
      );
      if (at === undefined) return;
      edits.push({
        kind: 'substitution',
        index: at,
        printed: pick(printable(lower(at)).slice(0, 5)) as string,
      });
      used.push(at);
    },
    // an omitted word must not equal its neighbours (it would be indistinguishable from them)
    omission: (): void => {
      const at = pick(
        indices
          .filter((i) => free(i))
          .map((i) => ({ i, printed: pick(SKIPPED_WORDS) as string }))
          .filter(({ i, printed }) => printed !== lower(i) && printed !== lower(i - 1)),
      );
      if (!at) return;
      edits.push({ kind: 'omission', before: at.i, printed: at.printed });
      used.push(at.i);
    },
    // a word left out of the print must differ from its neighbours (else it reads as a repetition)
    insertion: (): void => {
      const at = pick(
        indices.filter((i) => free(i) && lower(i) !== lower(i - 1) && lower(i) !== lower(i + 1)),
      );
      if (at === undefined) return;
      edits.push({ kind: 'insertion', index: at });
      used.push(at);
    },
  };
  for (let round = 0; round < perKind; round++) {
    const kinds = (['substitution', 'omission', 'insertion'] as const)
      .map((kind) => ({ kind, key: random() }))
      .sort((a, b) => a.key - b.key);
    for (const { kind } of kinds) plant[kind]();
  }
  return edits;
}

/**
 * Misreadings by spelling for the substitutions: common words (log10 probability ≥ −5 in the language model's
 * unigrams) with the word's first letter, 2 letters shorter to 2 longer, 2–4 letters apart (edit distance), with
 * no pronunciation in common; commonest first.
 * @param logProbabilities word → log10 unigram probability
 * @param pronunciations a word's dictionary pronunciations
 */
export function spellingMisreadings(
  logProbabilities: ReadonlyMap<string, number>,
  pronunciations: (word: string) => readonly string[],
): (word: string) => string[] {
  const byInitial = new Map<string, { w: string; p: number }[]>();
  for (const [w, p] of logProbabilities) {
    if (p < -5 || !/^[a-z]{2,}$/.test(w) || pronunciations(w).length === 0) continue;
    const list = byInitial.get(w[0] as string) ?? [];
    list.push({ w, p });
    byInitial.set(w[0] as string, list);
  }
  for (const list of byInitial.values()) list.sort((a, b) => b.p - a.p || (a.w < b.w ? -1 : 1));
  const cache = new Map<string, string[]>();
  return (word) => {
    const cached = cache.get(word);
    if (cached) return cached;
    const own = new Set(pronunciations(word));
    const found = (byInitial.get(word[0] ?? '') ?? [])
      .filter(({ w }) => w !== word && Math.abs(w.length - word.length) <= 2)
      .filter(({ w }) => {
        const d = editDistance(w, word);
        return d >= 2 && d <= 4;
      })
      .filter(({ w }) => !pronunciations(w).some((p) => own.has(p)))
      .map(({ w }) => w);
    cache.set(word, found);
    return found;
  };
}

/** One reading of the set: prompts read one after another, as one passage. */
export interface IvrReading extends RealRecording {
  /** The prompts' files in IVR_SPEECH_DIR, in reading order (`file` is the first). */
  parts: readonly string[];
  /** The reading's length, seconds (from the files' sizes: G.722 is 8000 bytes a second). */
  seconds: number;
}

/** A reading is made of whole prompts until it lasts this long, seconds: DIBELS reads for a minute. */
export const IVR_READING_SECONDS = 30;
/** One planted miscue of each kind per this many words (the synthetic plans: an omission and a substitution per 45). */
export const IVR_WORDS_PER_MISCUE = 30;

/**
 * The set's readings: the prompts that `ivrPromptUsable` accepts and whose file `exists`, in the order of their
 * names (which groups them by topic: conference, voicemail …), joined into readings of IVR_READING_SECONDS or more
 * (a last shorter remainder joins the reading before it), each with its seeded edits, in the shape of the LibriVox
 * set (`said`: the spoken tokens of the transcripts).
 * @param options.seconds a prompt file's length in seconds
 */
export function ivrReadings(
  prompts: readonly IvrPrompt[],
  options: {
    exists: (file: string) => boolean;
    seconds: (file: string) => number;
    known: (word: string) => boolean;
    misreadings: (word: string) => readonly string[];
    isFunctionWord: (word: string) => boolean;
  },
): IvrReading[] {
  const usable = prompts
    .filter((p) => options.exists(`${p.name}.g722`) && ivrPromptUsable(p.text, options.known))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const groups: { prompts: IvrPrompt[]; seconds: number }[] = [];
  let current: { prompts: IvrPrompt[]; seconds: number } = { prompts: [], seconds: 0 };
  for (const p of usable) {
    current.prompts.push(p);
    current.seconds += options.seconds(`${p.name}.g722`);
    if (current.seconds >= IVR_READING_SECONDS) {
      groups.push(current);
      current = { prompts: [], seconds: 0 };
    }
  }
  const last = groups.at(-1);
  if (current.prompts.length > 0) {
    if (last) {
      last.prompts.push(...current.prompts);
      last.seconds += current.seconds;
    } else groups.push(current);
  }
  return groups.map((g, k) => {
    const text = g.prompts.map((p) => p.text).join(' ');
    const words = tokenisePassage(text);
    const name = `ivr-${String(k + 1).padStart(2, '0')}-${(g.prompts[0] as IvrPrompt).name.replace(/[^a-z0-9-]+/gi, '-')}`;
    return {
      id: name,
      file: `${(g.prompts[0] as IvrPrompt).name}.g722`,
      parts: g.prompts.map((p) => `${p.name}.g722`),
      seconds: g.seconds,
      text,
      said: words.flatMap((w) => w.spoken[0] ?? []).join(' '),
      edits: ivrEdits(
        name,
        text,
        options.misreadings,
        options.isFunctionWord,
        Math.max(1, Math.round(words.length / IVR_WORDS_PER_MISCUE)),
      ),
    };
  });
}
