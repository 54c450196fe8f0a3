/**
 * Tokenisation and normalisation of passage text and of recognised words, so that the
 * alignment compares what a reader says with what is printed the way a teacher would.
 *
 * Rules (docs/scoring.md §Normalisation):
 * - punctuation and quotes are ignored, comparison is case-insensitive;
 * - numerals are read as words: cardinals (42 → forty two), ordinals (1st → first),
 *   years (1999 → nineteen ninety nine, also the cardinal reading), decimals, $ and %;
 * - abbreviations are accepted as their spoken word (Mr. → mister, Dr. → doctor or drive,
 *   St. → saint or street);
 * - hyphenated words split into separate passage words when every part can stand alone
 *   as a word (DIBELS 8 ORF scoring rules: "mother-in-law" counts as three words,
 *   "re-enter" as one);
 * - contractions and possessives keep their apostrophe (don't, dog's; curly quotes are
 *   folded to '); a trailing plural-possessive apostrophe is dropped (dogs' → dogs).
 *
 * Pure: no I/O, shared by the browser and the server.
 */
import numberToWords from 'number-to-words';

/** One printed word of a passage, with every spoken form a reader may use for it. */
export interface PassageWord {
  /** 0-based position among the passage's printed words. */
  index: number;
  /** The word as printed, without surrounding punctuation or quotes (e.g. `Mr.`, `42`, `don't`). */
  text: string;
  /** Offset of `text` in the passage string (UTF-16 code units), for highlighting. */
  charStart: number;
  /** Offset just after `text` in the passage string. */
  charEnd: number;
  /**
   * Accepted spoken forms, each a sequence of normalised tokens; the first is canonical.
   * Example: `1999` → `[["nineteen","ninety","nine"], ["one","thousand","nine","hundred","ninety","nine"], …]`.
   */
  spoken: string[][];
}

/** A word as a recogniser heard it, with times in seconds from the start of the audio. */
export interface HeardWord {
  word: string;
  /** Onset, seconds. */
  start: number;
  /** Offset, seconds (≥ start). */
  end: number;
  /**
   * The recogniser heard this word but its evidence is weak either way (a confidence band, see
   * docs/scoring.md): the word is scored as heard and a teacher is asked to check it.
   */
  unsure?: boolean;
}

/** A normalised heard token; a heard "42" becomes two tokens sharing its time span. */
export interface HeardToken extends HeardWord {
  /** Position of the source word in the recogniser output. */
  source: number;
}

/**
 * Abbreviations a child reads as a word; several readings are all accepted.
 * Source: common US reading-passage abbreviations; the DIBELS 8 scoring rules accept a
 * word read as it would be said in context.
 */
// No prototype: a passage word such as "constructor" or "toString" is not an abbreviation.
const ABBREVIATIONS: Record<string, string[][]> = Object.assign(
  Object.create(null) as Record<string, string[][]>,
  {
    mr: [['mister']],
    mrs: [['missus'], ['misses'], ['mrs']],
    ms: [['miz'], ['ms']],
    dr: [['doctor'], ['drive']],
    st: [['saint'], ['street']],
    jr: [['junior']],
    sr: [['senior']],
    mt: [['mount']],
    ave: [['avenue']],
    rd: [['road']],
    etc: [['etcetera'], ['et', 'cetera']],
    vs: [['versus']],
  },
);

/**
 * Bound prefixes that do not stand alone as words, so "re-enter" stays one word
 * (DIBELS 8 ORF: a hyphenated word counts as several words only when each part can stand alone).
 */
const BOUND_PREFIXES = new Set([
  're',
  'pre',
  'co',
  'non',
  'un',
  'anti',
  'ex',
  'semi',
  'mid',
  'multi',
  'sub',
  'de',
  'bi',
  'tri',
  'e',
  'mis',
  'dis',
]);

const APOSTROPHES = /[\u2018\u2019\u02bc\u0060\u00b4]/g;
/** Characters that separate printed words even without spaces: dashes, ellipses, slashes. */
const WORD_SEPARATORS = /[\s\u2013\u2014\u2015/]+|\.{3,}|\u2026/;

/**
 * Lower-cases a single word and keeps only letters, digits and inner apostrophes.
 * @param raw a word as printed or as recognised (`“Hello,”` → `hello`, `Dogs’` → `dogs`).
 * @returns the normalised token; `''` when nothing word-like is left.
 */
export function normaliseToken(raw: string): string {
  const folded = raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(APOSTROPHES, "'")
    .toLowerCase();
  const kept = folded.replace(/[^a-z0-9']/g, '');
  return kept.replace(/^'+|'+$/g, '');
}

function splitNumberWords(words: string): string[] {
  return words
    .toLowerCase()
    .split(/[\s,-]+/)
    .filter((w) => w.length > 0);
}

/** Cardinal readings of a non-negative integer, with and without "and" before the last group (one hundred and five). */
function cardinalForms(n: number): string[][] {
  const plain = splitNumberWords(numberToWords.toWords(n));
  const rest = n % 100;
  if (n < 100 || rest === 0) return [plain];
  const head = splitNumberWords(numberToWords.toWords(n - rest));
  return [plain, [...head, 'and', ...splitNumberWords(numberToWords.toWords(rest))]];
}

/** Year readings for 1100–2099: 1999 → nineteen ninety nine, 1905 → nineteen oh five, 1900 → nineteen hundred. */
function yearForms(y: number): string[][] {
  const hi = Math.floor(y / 100);
  const lo = y % 100;
  const hiWords = splitNumberWords(numberToWords.toWords(hi));
  if (y >= 2000 && y <= 2009) return cardinalForms(y);
  if (lo === 0) return [[...hiWords, 'hundred']];
  if (lo < 10) return [[...hiWords, 'oh', ...splitNumberWords(numberToWords.toWords(lo))]];
  return [[...hiWords, ...splitNumberWords(numberToWords.toWords(lo))]];
}

function dedupe(forms: string[][]): string[][] {
  const seen = new Set<string>();
  return forms.filter((f) => {
    const key = f.join(' ');
    if (f.length === 0 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Spoken forms of one printed word (no spaces inside).
 * @param printed a printed word such as `42`, `1st`, `Mr.`, `x-ray`, `$5`, `don't`.
 * @returns accepted spoken forms (token sequences), canonical first; `[]` when the printed
 *   word has nothing to read (punctuation only).
 */
export function spokenForms(printed: string): string[][] {
  const folded = printed.replace(APOSTROPHES, "'").replace(/[\u201c\u201d\u00ab\u00bb"]/g, '');
  const bare = folded
    .replace(/^[^A-Za-z0-9$]+|[^A-Za-z0-9%.']+$/g, '')
    .replace(/\.+$/, (m) => (m.length > 0 ? '.' : ''));
  const lower = bare.toLowerCase();
  const noDot = lower.replace(/\.$/, '');

  const abbr = ABBREVIATIONS[noDot];
  if (abbr && (lower.endsWith('.') || noDot !== 'st')) return abbr.map((f) => [...f]);

  // Acronyms with periods: U.S. → u s
  if (/^([a-z]\.){2,}$/.test(lower)) return [lower.split('.').filter(Boolean)];

  // Money and percent
  const money = /^\$(\d+)(?:\.(\d{2}))?$/.exec(noDot);
  if (money) {
    const dollars = Number(money[1]);
    const unit = dollars === 1 ? 'dollar' : 'dollars';
    const forms = cardinalForms(dollars).map((f) => [...f, unit]);
    if (money[2] && Number(money[2]) > 0) {
      const cents = splitNumberWords(numberToWords.toWords(Number(money[2])));
      forms.unshift([...(forms[0] ?? []), 'and', ...cents, 'cents']);
    }
    return dedupe(forms.concat(cardinalForms(dollars)));
  }
  const pct = /^(\d+)%$/.exec(noDot);
  if (pct) return dedupe(cardinalForms(Number(pct[1])).map((f) => [...f, 'percent']));

  // Ordinals: 1st, 22nd, 3rd, 4th
  const ord = /^(\d+)(st|nd|rd|th)$/.exec(noDot);
  if (ord) return [splitNumberWords(numberToWords.toWordsOrdinal(Number(ord[1])))];

  // Decimals: 3.5 → three point five
  const dec = /^(\d+)\.(\d+)$/.exec(noDot);
  if (dec) {
    const digits = [...(dec[2] ?? '')].map((d) => splitNumberWords(numberToWords.toWords(Number(d)))[0] ?? d);
    return cardinalForms(Number(dec[1])).map((f) => [...f, 'point', ...digits]);
  }

  // Integers, with or without thousands separators
  if (/^\d{1,3}(,\d{3})+$|^\d+$/.test(noDot)) {
    const n = Number(noDot.replace(/,/g, ''));
    if (!Number.isSafeInteger(n)) return [[noDot]];
    const isYear = /^\d{4}$/.test(noDot) && n >= 1100 && n <= 2099;
    return dedupe(isYear ? [...yearForms(n), ...cardinalForms(n)] : cardinalForms(n));
  }

  // Hyphenated words that stay one printed word (x-ray, re-enter): parts or joined.
  if (noDot.includes('-')) {
    const parts = noDot.split('-').map(normaliseToken).filter(Boolean);
    return dedupe([parts, [parts.join('')]]);
  }

  const token = normaliseToken(noDot);
  return token ? [[token]] : [];
}

/** Should a hyphenated printed word count as several passage words (DIBELS 8 ORF rule)? */
function splitsIntoWords(parts: string[]): boolean {
  if (parts.length < 2) return false;
  return parts.every(
    (p) =>
      /^[a-z']+$/i.test(p) &&
      (p.length >= 2 || p.toLowerCase() === 'a') &&
      !BOUND_PREFIXES.has(p.toLowerCase()),
  );
}

/**
 * Splits a passage into printed words with their spoken forms.
 * @param text the passage as printed (any Unicode text; newlines and dashes separate words).
 * @returns passage words in order, `index` 0-based; punctuation-only tokens are dropped.
 */
export function tokenisePassage(text: string): PassageWord[] {
  const words: PassageWord[] = [];
  const chunk = new RegExp(WORD_SEPARATORS.source, 'g');
  let last = 0;
  const pieces: { s: string; at: number }[] = [];
  for (const m of text.matchAll(chunk)) {
    pieces.push({ s: text.slice(last, m.index), at: last });
    last = m.index + m[0].length;
  }
  pieces.push({ s: text.slice(last), at: last });

  const push = (printed: string, at: number): void => {
    const forms = spokenForms(printed);
    if (forms.length === 0) return;
    // text as printed without surrounding punctuation (keep an abbreviation's final dot)
    const lead = /^[^A-Za-z0-9$]*/.exec(printed)?.[0].length ?? 0;
    let core = printed.slice(lead);
    const isAbbr =
      /^[A-Za-z]{1,4}\.$/.test(core.replace(/[^A-Za-z0-9.]+$/, '')) &&
      ABBREVIATIONS[core.replace(/[^A-Za-z]/g, '').toLowerCase()] !== undefined;
    core = isAbbr ? core.replace(/[^A-Za-z0-9.]+$/, '') : core.replace(/[^A-Za-z0-9%]+$/, '');
    if (/^([A-Za-z]\.){2,}/.test(printed.slice(lead)))
      core = /^([A-Za-z]\.)+/.exec(printed.slice(lead))?.[0] ?? core;
    words.push({
      index: words.length,
      text: core,
      charStart: at + lead,
      charEnd: at + lead + core.length,
      spoken: forms,
    });
  };

  for (const { s, at } of pieces) {
    if (s.length === 0) continue;
    const inner = s.replace(/^[^A-Za-z0-9$]+|[^A-Za-z0-9%.']+$/g, '');
    const parts = inner.split('-');
    if (!/^\d/.test(inner) && splitsIntoWords(parts)) {
      let offset = s.indexOf(inner);
      for (const p of parts) {
        push(p, at + offset);
        offset += p.length + 1;
      }
    } else {
      push(s, at);
    }
  }
  return words;
}

/**
 * Normalises recogniser output into comparable tokens: case, punctuation, numerals
 * (a heard "42" becomes `forty`,`two`, its time span shared evenly), abbreviations.
 * @param heard words in time order, times in seconds.
 * @returns tokens in the same order; words with nothing readable are dropped.
 */
export function normaliseHeard(heard: readonly HeardWord[]): HeardToken[] {
  const out: HeardToken[] = [];
  heard.forEach((h, source) => {
    for (const piece of h.word.split(/\s+/).filter(Boolean)) {
      // A recogniser's marker for unintelligible speech ("[unclear]") and phones heard where no
      // word fits ("/k-ow-t/") stay one token.
      const forms = /^\[[a-z]+\]$|^\/[a-z-]+\/$/.test(piece) ? [[piece]] : spokenForms(piece);
      const tokens = forms[0] ?? [];
      const span = (h.end - h.start) / Math.max(1, tokens.length);
      tokens.forEach((word, k) => {
        out.push({
          word,
          start: h.start + k * span,
          end: h.start + (k + 1) * span,
          source,
          ...(h.unsure ? { unsure: true } : {}),
        });
      });
    }
  });
  return out;
}

/**
 * Every distinct token a reading of the passage may contain (all spoken forms), sorted.
 * Used to build the recogniser's dictionary.
 */
export function passageVocabulary(words: readonly PassageWord[]): string[] {
  const vocab = new Set<string>();
  for (const w of words) for (const f of w.spoken) for (const t of f) vocab.add(t);
  return [...vocab].sort();
}
