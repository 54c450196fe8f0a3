/**
 * Goodness of pronunciation (GOP, Witt & Young 2000, "Phone-level pronunciation scoring and
 * assessment for interactive language learning", Speech Communication 30): for each phone p
 * of a word, force-aligned on its frames O_p,
 *
 *   GOP(p) = | log p(O_p | p) − max_q log p(O_p | q) | / NF(p)
 *
 * where the max over phones q is approximated by a free phone loop decoded over the same frames
 * and NF(p) is the phone's number of frames. A phone the reader said as written scores near 0;
 * a phone replaced or left out scores high, whatever word the reader said instead, so no list of
 * candidate misreadings is needed.
 *
 * With pocketsphinx (server/speech/pocketsphinx.ts), for each word to score:
 * - the numerator is a forced alignment of the word's expected phones, each phone a one-phone
 *   "word" (`ph_k ph_aw ph_n …`) in a linear grammar, on the word's own frames, with every
 *   senone computed (`-compallsen yes`) so that scores are normalised per frame like the loop's;
 * - the denominator is pocketsphinx's allphone search (`-allphone` with the phonetic language
 *   model shipped in pocketsphinx-en-us, context-independent phones: `-allphone_ci yes`) over
 *   the same frames.
 * Both run as `pocketsphinx_batch` jobs over `-ctl` frame ranges, one utterance per word.
 * This module holds the arithmetic (pure, unit tested) and the batch files; scores are the
 * decoder's acoustic scores (`-hypseg`, log base 1.0001 scaled by the decoder, "decoder units").
 */

/** One phone of an alignment or of a phone-loop decoding; frames from the start of the audio. */
export interface PhoneSegment {
  /** CMU phone (upper case) or `SIL` for silence and fillers. */
  phone: string;
  /** First frame (10 ms frames). */
  start: number;
  /** Frame after the last one (exclusive, > start). */
  end: number;
  /** Acoustic score of the segment (decoder units; higher is better). */
  score: number;
}

/** GOP of one expected phone. */
export interface PhoneGop {
  phone: string;
  start: number;
  end: number;
  /** Forced-alignment score of the phone. */
  forced: number;
  /** Phone-loop score over the same frames. */
  loop: number;
  /** (loop − forced) / frames, floored at 0: 0 = as good as the best phones; higher = worse. */
  gop: number;
}

/** GOP of one word: its phones and summaries. */
export interface WordGop {
  phones: PhoneGop[];
  /** Mean of the phones' GOP (each phone counts once, as in Witt & Young's word scores). */
  mean: number;
  /** Largest phone GOP (one badly wrong phone is enough for a misreading). */
  max: number;
  /** (loop − forced) over the whole word / its frames. */
  word: number;
  /** Phones the loop heard over the word's frames (silence left out), in order. */
  heard: string[];
}

/** Prefix of the one-phone words used in forced phone alignments and the garbage loop. */
export const PHONE_WORD_PREFIX = 'ph_';

/**
 * The phone of a decoded unit: a one-phone word (`ph_aw` → `AW`), an allphone unit (`AW`), or
 * `SIL` for silence and fillers (`<sil>`, `SIL`, `+NOISE+`, `[noise]`).
 */
export function phoneOf(unit: string): string {
  const u = unit.replace(/\(\d+\)$/, '');
  if (u.startsWith(PHONE_WORD_PREFIX)) return u.slice(PHONE_WORD_PREFIX.length).toUpperCase();
  if (/^[A-Z]{1,2}$/.test(u) && u !== 'SIL') return u;
  return 'SIL';
}

/** One unit (word, phone or filler) of a `-hypseg` line, frames absolute. */
export interface HypsegSegment {
  unit: string;
  start: number;
  end: number;
  score: number;
}

/**
 * Parses pocketsphinx `-hypseg` output into its units per utterance:
 * `UTTID S scale T total A acoustic L language (startFrame acoustic language unit)* endFrame`.
 * @param offsets start frame of each utterance in the audio (`-ctl` range), added to its frames.
 */
export function parseHypsegSegments(
  text: string,
  offsets: ReadonlyMap<string, number> = new Map(),
): Map<string, HypsegSegment[]> {
  const out = new Map<string, HypsegSegment[]>();
  for (const line of text.split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (parts.length < 13 || parts[1] !== 'S' || parts[5] !== 'A') continue;
    const id = parts[0] as string;
    const offset = offsets.get(id) ?? 0;
    const segs: HypsegSegment[] = [];
    // after the 9 header fields: groups of 4 (start ascr lscr unit), then the end frame
    for (let k = 9; k + 4 < parts.length; k += 4) {
      const start = Number(parts[k]);
      const score = Number(parts[k + 1]);
      const end = Number(parts[k + 4]);
      if (![start, score, end].every(Number.isFinite) || end <= start) continue;
      segs.push({ unit: parts[k + 3] as string, start: start + offset, end: end + offset, score });
    }
    out.set(id, segs);
  }
  return out;
}

/**
 * Parses pocketsphinx `-hypseg` output into phone segments per utterance:
 * `UTTID S scale T total A acoustic L language (startFrame acoustic language unit)* endFrame`.
 * @param offsets start frame of each utterance in the audio (`-ctl` range), added to its frames.
 * @returns utterance id → segments in time order (absolute frames).
 */
export function parsePhoneHypseg(
  text: string,
  offsets: ReadonlyMap<string, number> = new Map(),
): Map<string, PhoneSegment[]> {
  const out = new Map<string, PhoneSegment[]>();
  for (const [id, segs] of parseHypsegSegments(text, offsets))
    out.set(
      id,
      segs.map((x) => ({ phone: phoneOf(x.unit), start: x.start, end: x.end, score: x.score })),
    );
  return out;
}

/**
 * The loop's score over frames [start, end): each loop segment's score is spread evenly over its
 * frames (the decoder gives segment totals only) and the frames in range are summed.
 */
export function scoreOver(loop: readonly PhoneSegment[], start: number, end: number): number {
  let total = 0;
  for (const s of loop) {
    const overlap = Math.min(end, s.end) - Math.max(start, s.start);
    if (overlap > 0) total += (s.score * overlap) / (s.end - s.start);
  }
  return total;
}

/**
 * Phones the loop heard over [start, end): loop phones (not silence) whose middle falls inside.
 */
export function phonesHeard(loop: readonly PhoneSegment[], start: number, end: number): string[] {
  return loop
    .filter((s) => s.phone !== 'SIL' && (s.start + s.end) / 2 >= start && (s.start + s.end) / 2 < end)
    .map((s) => s.phone);
}

/**
 * GOP of a word from its forced phone alignment and the phone loop over the same frames.
 * Silence segments of the forced alignment are left out of the phones (the loop's silence over
 * those frames is not compared), and the word's extent is its first to last expected phone.
 * @param forced forced alignment of the expected phones (silence allowed between them).
 * @param loop phone-loop decoding covering at least the same frames.
 * @returns undefined when the alignment holds no phone.
 */
export function wordGop(forced: readonly PhoneSegment[], loop: readonly PhoneSegment[]): WordGop | undefined {
  const phones: PhoneGop[] = forced
    .filter((s) => s.phone !== 'SIL')
    .map((s) => {
      const l = scoreOver(loop, s.start, s.end);
      return {
        phone: s.phone,
        start: s.start,
        end: s.end,
        forced: s.score,
        loop: l,
        gop: Math.max(0, (l - s.score) / (s.end - s.start)),
      };
    });
  const first = phones[0];
  const last = phones[phones.length - 1];
  if (!first || !last) return undefined;
  const frames = phones.reduce((n, p) => n + (p.end - p.start), 0);
  const forcedTotal = phones.reduce((n, p) => n + p.forced, 0);
  const loopTotal = phones.reduce((n, p) => n + p.loop, 0);
  return {
    phones,
    mean: phones.reduce((n, p) => n + p.gop, 0) / phones.length,
    max: Math.max(...phones.map((p) => p.gop)),
    word: Math.max(0, (loopTotal - forcedTotal) / frames),
    heard: phonesHeard(loop, first.start, last.end),
  };
}

/** A word to score: its passage index, expected phones and the frames the first pass gave it. */
export interface GopCandidate {
  /** Utterance id (unique in the batch). */
  id: string;
  /** Expected pronunciations (CMU phones each); the forced alignment takes the best-fitting one. */
  pronunciations: readonly (readonly string[])[];
  /** Frames, end exclusive. */
  startFrame: number;
  endFrame: number;
}

/** Utterance-id suffix of a candidate's phone-loop decoding, and the loop grammar's name. */
export const LOOP_SUFFIX = '_loop';
export const LOOP_GRAMMAR = 'phone_loop';

/** Files of the two GOP batch runs (forced alignment and phone loop). */
export interface GopBatch {
  /** `-ctl` lines (`reading START END ID`), the same for both runs. */
  ctl: string;
  /** `-fsgctl` lines of the forced run. */
  fsgctl: string;
  /** Forced grammars by name. */
  grammars: Map<string, string>;
  /** Dictionary lines of the one-phone words (`ph_k K`). */
  dictionary: string[];
  /** Start frame of each utterance (to make its frames absolute). */
  offsets: Map<string, number>;
}

/**
 * Builds the GOP runs' files: one utterance per candidate, a linear grammar of its phones for
 * the forced run (fillers such as silence are allowed between phones by the decoder).
 */
export function buildGopBatch(
  candidates: readonly GopCandidate[],
  loopPhones: readonly string[] = [],
): GopBatch {
  const ctl: string[] = [];
  const fsgctl: string[] = [];
  const grammars = new Map<string, string>();
  const phones = new Set<string>();
  const offsets = new Map<string, number>();
  for (const c of candidates) {
    const prons = c.pronunciations.filter((p) => p.length > 0);
    if (prons.length === 0 || c.endFrame <= c.startFrame) continue;
    // state 0 = start, state 1 = final; each pronunciation is its own chain between them
    const lines: string[] = [];
    let states = 2;
    for (const pron of prons) {
      pron.forEach((p, k) => {
        phones.add(p);
        const from = k === 0 ? 0 : states - 1;
        const to = k === pron.length - 1 ? 1 : states++;
        const prob = k === 0 ? (1 / prons.length).toPrecision(6) : '1.0';
        lines.push(`TRANSITION ${from} ${to} ${prob} ${PHONE_WORD_PREFIX}${p.toLowerCase()}`);
      });
    }
    grammars.set(
      c.id,
      [
        `FSG_BEGIN ${c.id}`,
        `NUM_STATES ${states}`,
        'START_STATE 0',
        'FINAL_STATE 1',
        ...lines,
        'FSG_END',
        '',
      ].join('\n'),
    );
    ctl.push(`reading ${c.startFrame} ${c.endFrame} ${c.id}`);
    fsgctl.push(c.id);
    offsets.set(c.id, c.startFrame);
    if (loopPhones.length > 0) {
      ctl.push(`reading ${c.startFrame} ${c.endFrame} ${c.id}${LOOP_SUFFIX}`);
      fsgctl.push(LOOP_GRAMMAR);
      offsets.set(`${c.id}${LOOP_SUFFIX}`, c.startFrame);
    }
  }
  if (loopPhones.length > 0) {
    const enter = (1 / loopPhones.length).toPrecision(6);
    const stay = (0.5 / loopPhones.length).toPrecision(6);
    const lines = loopPhones.flatMap((p) => {
      phones.add(p);
      const w = `${PHONE_WORD_PREFIX}${p.toLowerCase()}`;
      return [`TRANSITION 0 1 ${enter} ${w}`, `TRANSITION 1 1 ${stay} ${w}`];
    });
    grammars.set(
      LOOP_GRAMMAR,
      [
        `FSG_BEGIN ${LOOP_GRAMMAR}`,
        'NUM_STATES 2',
        'START_STATE 0',
        'FINAL_STATE 1',
        ...lines,
        'FSG_END',
        '',
      ].join('\n'),
    );
  }
  return {
    ctl: ctl.length > 0 ? `${ctl.join('\n')}\n` : '',
    fsgctl: fsgctl.length > 0 ? `${fsgctl.join('\n')}\n` : '',
    grammars,
    dictionary: [...phones].sort().map((p) => `${PHONE_WORD_PREFIX}${p.toLowerCase()} ${p}`),
    offsets,
  };
}

/**
 * Levenshtein distance between two phone strings.
 */
export function phoneDistance(a: readonly string[], b: readonly string[]): number {
  let prev = Array.from({ length: b.length + 1 }, (_, k) => k);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (cur[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = cur;
  }
  return prev[b.length] ?? 0;
}

/** Decision thresholds on a word's GOP (`WordGop.mean`, decoder units per frame). */
export interface GopThresholds {
  /** At or above: the word was not read as printed (a substitution). */
  substitution: number;
  /** At or above (and below `substitution`): "check this word". */
  unsure: number;
  /**
   * A word whose mean reaches `substitution` is `misread` only when its frame-weighted word GOP
   * (`WordGop.word`) reaches this too; below, one or two short phones carry the mean while most of
   * the word's frames fit as printed, and the word is "check this word" (`judgeGop`).
   */
  misreadWord: number;
  /**
   * Below, on the frame-weighted word GOP (`WordGop.word`, not `mean`): the printed word's phones
   * fit its stretch of audio about as well as the best free phones do, so a substitution the
   * recognisers found there is doubtful and is shown as "check this word" instead (`fitsAsPrinted`).
   */
  fits: number;
}

/**
 * Defaults chosen on the benchmark's tuning voices (docs/scoring.md, ADR 0014): `substitution`
 * is the largest GOP of a correctly read word there (55.9) plus a margin for the spread between
 * voices (about 6.5 in a leave-one-voice-out check), `unsure` near the 99th percentile of
 * correctly read words.
 */
export const DEFAULT_GOP_THRESHOLDS: GopThresholds = {
  substitution: 65,
  unsure: 36,
  misreadWord: 40,
  fits: 5,
};

/**
 * Whether the printed word's phones fit the audio about as well as a free phone loop
 * (`WordGop.word` below `thresholds.fits`): evidence that it was read as printed, strong enough
 * to doubt a substitution found on the same stretch. `fits` (5) lies between the largest word GOP
 * of a false substitution that the second pass kept on the tuning voices (3.7: "hold" heard as
 * "held", "while" as "well") and the smallest of a real one it kept (6.9: run → ran); a real
 * misreading it catches is shown as "check this word", never hidden (docs/scoring.md).
 */
export function fitsAsPrinted(gop: WordGop, thresholds: GopThresholds = DEFAULT_GOP_THRESHOLDS): boolean {
  return gop.word < thresholds.fits;
}

/**
 * What a word's GOP says: `read` (no doubt), `unsure` or `misread`. `misread` needs both the
 * phone mean (`substitution`) and the frame-weighted word GOP (`misreadWord`): on the tuning
 * voices the GOP-only substitutions of correctly read words had a high mean carried by one or two
 * short phones (word GOP 0 and 35.5), while every real misreading GOP alone found had a word
 * GOP of 44.4 or more (docs/scoring.md, sixth round). A high mean alone is "check this word".
 */
export function judgeGop(
  gop: WordGop,
  thresholds: GopThresholds = DEFAULT_GOP_THRESHOLDS,
): 'read' | 'unsure' | 'misread' {
  if (gop.mean >= thresholds.substitution) return gop.word >= thresholds.misreadWord ? 'misread' : 'unsure';
  if (gop.mean >= thresholds.unsure) return 'unsure';
  return 'read';
}

/**
 * The word a reader most likely said, from the phones the loop heard: a dictionary word whose
 * pronunciation is that phone string, else the closest common word within `maxDistance` phone
 * edits (ties: the nearer length, then the first found), else undefined (report the phones).
 * @param heard phones heard (CMU, upper case).
 * @param entries (word, phones) pairs to search, e.g. the common words of the lexicon.
 * @param exclude words that cannot be the answer (the passage word itself).
 */
export function closestWord(
  heard: readonly string[],
  entries: Iterable<readonly [string, readonly string[]]>,
  maxDistance: number,
  exclude: ReadonlySet<string> = new Set(),
): string | undefined {
  if (heard.length === 0) return undefined;
  // rank: fewest edits, then the nearest length (insertions/deletions are likelier slips of the
  // phone loop than substitutions), then the order of `entries`
  let best: { word: string; d: number } | undefined;
  for (const [word, phones] of entries) {
    if (exclude.has(word) || Math.abs(phones.length - heard.length) > maxDistance) continue;
    const d = phoneDistance(heard, phones) + Math.abs(phones.length - heard.length) / 100;
    if (d <= maxDistance && (!best || d < best.d)) best = { word, d };
    if (best?.d === 0) break;
  }
  return best?.word;
}

/** How phones heard are written where no word fits: `/k-ow-t/`. */
export const phonesAsText = (phones: readonly string[]): string =>
  `/${phones.map((p) => p.toLowerCase()).join('-')}/`;
