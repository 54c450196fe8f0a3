/**
 * The realtime reading tutor's rules (issue 12, spec §7.6): follow a reader word by word from the
 * decodes of a streaming recogniser, say when each passage word is read, and offer help when the
 * reader is stuck. Pure (no I/O, no clock): the server's streaming tracker
 * (server/speech/follow-stream.ts) feeds it one decode of the audio window at a time, and the
 * tests feed it made-up decodes. ADR 0019 records the design.
 *
 * A decode covers the audio from the *anchor* (the end of the last word the follower is sure of)
 * to the audio fed so far. Words whose end lies at least `settleSeconds` before the end of the
 * audio are taken as sure and never revised; the rest are decoded again with more audio. The sure
 * words go through the scorer's own alignment (core/fluency/align.ts: the DIBELS 8 rules, the
 * same normalisation of heard words), so a word's status here is the status the scorer would give
 * from the same words.
 */
import { alignReading, HESITATION_SECONDS, type WordStatus } from '#core/fluency/align.ts';
import { normaliseHeard, type HeardWord, type PassageWord } from '#core/text/normalize.ts';

/** The follower's settings; `DEFAULT_FOLLOW_SETTINGS` holds the defaults. */
export interface FollowSettings {
  /**
   * Help is offered when the next word has not been read this long after the last word read,
   * seconds (issue 12: 3 s by default, a setting from 2 to 6 s: `HELP_AFTER_RANGE`).
   */
  helpAfterSeconds: number;
  /**
   * A decoded word is sure once this much audio follows its end, seconds. Shorter lowers the lag
   * and raises the risk that a word cut off at the window's end is taken as read; chosen with
   * `npm run bench:follow` (docs/decisions/0019-streaming-tracker.md).
   */
  settleSeconds: number;
  /** Help waits until the reader has been silent this long, seconds (help never talks over the child). */
  quietSeconds: number;
  /** Attempts at the next word (heard words that are not it) that bring one gentle prompt before `helpAfterSeconds`. */
  misreadAttempts: number;
}

/** Help delay range, seconds (issue 12: "3 s, a setting: 2 to 6 s"). */
export const HELP_AFTER_RANGE = { min: 2, max: 6 } as const;

export const DEFAULT_FOLLOW_SETTINGS: FollowSettings = {
  helpAfterSeconds: 3,
  settleSeconds: 0.3,
  quietSeconds: 0.3,
  misreadAttempts: 2,
};

/**
 * Checks a help delay setting.
 * @returns the delay in seconds.
 * @throws RangeError outside `HELP_AFTER_RANGE` (2–6 s) or not a finite number.
 */
export function helpAfterSetting(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < HELP_AFTER_RANGE.min || seconds > HELP_AFTER_RANGE.max)
    throw new RangeError(
      `help delay must be ${HELP_AFTER_RANGE.min}–${HELP_AFTER_RANGE.max} s, got ${seconds}`,
    );
  return seconds;
}

/** Why help was offered. */
export type HelpReason = 'pause' | 'misread';

/**
 * What the follower says; `t` is the audio fed when it was said, seconds.
 * - `word`: passage word `index` has been read (status as the scorer marks it: `correct`,
 *   `substitution`, `self_correction`) or passed over (`omission`). Said once per word.
 * - `hesitation`: the reader paused `seconds` before word `index` (at help, or when the word
 *   came after a pause of more than 3 s, the DIBELS 8 hesitation).
 * - `help`: offer word `index` (at most once per word).
 */
export type FollowEvent =
  | { t: number; event: 'word'; index: number; status: WordStatus }
  | { t: number; event: 'hesitation'; index: number; seconds: number }
  | { t: number; event: 'help'; index: number; reason: HelpReason };

/** One decode of the audio window, times in seconds from the start of the reading. */
export interface WindowDecode {
  /** Start of the window (the anchor time it was decoded from). */
  windowStart: number;
  /** End of the audio decoded: the audio fed so far. */
  now: number;
  /** Words heard in the window in time order (silence left out, unmatched speech as `[unclear]`). */
  words: readonly HeardWord[];
  /** Start of the first sound (word or unmatched speech) in the window, or null for silence only. */
  firstSound: number | null;
  /** End of the last sound in the window, or null for silence only. */
  lastSound: number | null;
}

/** Where the next window starts: the audio time and the passage position (grammar state). */
export interface Anchor {
  time: number;
  /** Passage words reached before `time`: the next window's grammar starts before word `state`. */
  state: number;
  /**
   * Set while the follower is lost (`STALL_WORDS`): the next window may start this many words
   * after `state` (`REANCHOR_WORDS`); otherwise the decoder's own short lookahead.
   */
  lookahead?: number;
}

/**
 * The last sure words looked at to tell whether the follower has lost its place: when fewer than
 * half of them were passage words read (the reader is further on than the grammar's start and
 * the decoder hears other words), the next windows search wider (`REANCHOR_WORDS`) and the heard
 * words are matched ahead (`findRun`).
 */
export const STALL_WORDS = 4;
/** Words after the reader's place a lost follower searches (the decoder's grammar holds 40). */
export const REANCHOR_WORDS = 40;
/** Heard words in a row that must be passage words in a row to re-anchor there. */
export const REANCHOR_RUN = 2;

/** The marker for unmatched speech in heard words (server/speech/recogniser.ts `UNCLEAR`). */
const UNCLEAR_WORD = '[unclear]';

/**
 * Where a lost reader is: the first passage position after `from` (at most `ahead` words on)
 * where the last `run` heard tokens are the passage's words in a row (each a one-token word).
 * @param heard normalised tokens heard since the last word read, unclear speech left out.
 * @returns the index of the run's first passage word, or -1 when there is none.
 */
export function findRun(
  passage: readonly PassageWord[],
  heard: readonly string[],
  from: number,
  ahead: number,
  run = REANCHOR_RUN,
): number {
  if (heard.length < run || run < 1) return -1;
  const tail = heard.slice(heard.length - run);
  const last = Math.min(passage.length - run, from + ahead - run + 1);
  for (let start = from + 1; start <= last; start++)
    if (tail.every((t, k) => passage[start + k]?.spoken.some((f) => f.length === 1 && f[0] === t)))
      return start;
  return -1;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * Follows one reading (see the module comment). Feed it every decode in order with `update`, and
 * the last one with `finish`.
 */
export class Follower {
  readonly passage: readonly PassageWord[];
  readonly settings: FollowSettings;
  #sure: HeardWord[] = [];
  #anchor: Anchor = { time: 0, state: 0 };
  /** Passage words already announced (`word` events for 0..emitted-1). */
  #emitted = 0;
  #lastReadEnd = 0;
  #helped = new Set<number>();
  #hesitated = new Set<number>();
  /**
   * Where the alignment starts after a re-anchoring: passage word `word` and sure word `heard`
   * (0, 0 until then). Passage words before `word` are announced already.
   */
  #base = { word: 0, heard: 0 };
  #stalled = false;

  /**
   * @param passage printed words (`tokenisePassage`), not empty.
   * @param settings overrides of `DEFAULT_FOLLOW_SETTINGS`; `helpAfterSeconds` is checked with `helpAfterSetting`.
   * @throws RangeError for a help delay outside 2–6 s.
   */
  constructor(passage: readonly PassageWord[], settings: Partial<FollowSettings> = {}) {
    this.passage = passage;
    this.settings = { ...DEFAULT_FOLLOW_SETTINGS, ...settings };
    helpAfterSetting(this.settings.helpAfterSeconds);
  }

  /** Where the next decode starts. */
  get anchor(): Anchor {
    return this.#stalled ? { ...this.#anchor, lookahead: REANCHOR_WORDS } : { ...this.#anchor };
  }

  /** Every word the follower is sure of, in time order (what the final result is scored from). */
  get heard(): readonly HeardWord[] {
    return this.#sure;
  }

  /** Passage words announced so far. */
  get position(): number {
    return this.#emitted;
  }

  /** End of the last passage word read, seconds (0 before the first). */
  get lastReadEnd(): number {
    return this.#lastReadEnd;
  }

  /**
   * Takes one decode of the window from `anchor`.
   * @returns the events it brings, in order (often none).
   */
  update(decode: WindowDecode): FollowEvent[] {
    const cut = decode.now - this.settings.settleSeconds;
    const settled: HeardWord[] = [];
    for (const w of decode.words) {
      if (w.end > cut || w.start < this.#anchor.time - 1e-6) break;
      settled.push(w);
    }
    const reachedBefore = this.#emitted;
    const events = this.#take(settled, decode.now);
    if (settled.length === 0) {
      // Silence at the head of the window is not decoded again: the window stays short while
      // the reader is silent (and decoding stays within real time).
      const head = decode.firstSound ?? decode.now;
      const to = round2(head - this.settings.settleSeconds);
      if (to - this.#anchor.time >= 0.5) this.#anchor = { ...this.#anchor, time: to };
    }
    events.push(...this.#help(decode, this.#emitted > reachedBefore));
    return events;
  }

  /**
   * Takes the last decode (the reader stopped): every word in it is sure.
   * @returns the remaining events.
   */
  finish(decode: WindowDecode): FollowEvent[] {
    const words = decode.words.filter((w) => w.start >= this.#anchor.time - 1e-6);
    return this.#take(words, decode.now, true);
  }

  #take(words: readonly HeardWord[], now: number, final = false): FollowEvent[] {
    if (words.length === 0 && !final) return [];
    this.#sure.push(...words);
    const last = words[words.length - 1];
    let { alignment, reached } = this.#align(final);
    this.#stalled = false;
    if (!final) {
      // Lost? Fewer than half of the last `STALL_WORDS` sure words (unclear speech left out)
      // were passage words read, or words came and brought no progress: search wider, and
      // when the last words heard, not read, are passage words in a row further on (and not
      // a re-reading of the words just before), align from there.
      const tokens = normaliseHeard(this.#sure.slice(this.#base.heard)).filter(
        (t) => t.word !== UNCLEAR_WORD,
      );
      const read = new Set(
        alignment.words
          .filter((w) => (w.status === 'correct' || w.status === 'self_correction') && w.start !== null)
          .map((w) => w.start),
      );
      const recent = tokens.slice(-STALL_WORDS);
      const lost =
        recent.length >= STALL_WORDS && recent.filter((t) => read.has(t.start)).length * 2 < recent.length;
      const tail = tokens.slice(-REANCHOR_RUN);
      const place = Math.max(reached, this.#emitted);
      const words = tokens.map((t) => t.word);
      if (
        (lost || reached <= this.#emitted) &&
        tail.length === REANCHOR_RUN &&
        tail.every((t) => !read.has(t.start)) &&
        findRun(this.passage, words, place - 7, 7) < 0
      ) {
        const at = findRun(this.passage, words, place, REANCHOR_WORDS);
        const first = tail[0];
        if (at > place && first) {
          this.#base = { word: at, heard: this.#base.heard + first.source };
          ({ alignment, reached } = this.#align(final));
        } else this.#stalled = lost;
      } else this.#stalled = lost;
    }
    // The grammar never starts behind a word already announced: a re-alignment with more words
    // may read the last few differently, but the reader has not gone back (a re-reading is in
    // the grammar's back jumps).
    this.#anchor = { time: last?.end ?? this.#anchor.time, state: Math.max(reached, this.#emitted) };
    const events: FollowEvent[] = [];
    const t = round2(now);
    for (let i = this.#emitted; i < reached; i++) {
      // words before a re-anchoring's place were passed over unheard
      const w =
        i < this.#base.word
          ? { status: 'omission' as const, start: null, end: null }
          : alignment.words[i - this.#base.word];
      if (!w) continue;
      if (w.end !== null) {
        const gap = w.start !== null ? w.start - this.#lastReadEnd : 0;
        if (gap > HESITATION_SECONDS && !this.#hesitated.has(i)) {
          this.#hesitated.add(i);
          events.push({ t, event: 'hesitation', index: i, seconds: round2(gap) });
        }
        this.#lastReadEnd = Math.max(this.#lastReadEnd, w.end);
      }
      events.push({ t, event: 'word', index: i, status: w.status });
    }
    this.#emitted = Math.max(this.#emitted, reached);
    return events;
  }

  /**
   * The scorer's alignment of the sure words from the base on, and the passage words it reaches:
   * up to the last word read as printed. Attempts after it (a misreading, unclear speech) are
   * sure but wait for the word that follows them, or for the end, before they count: a child
   * trying a word again and again has not moved on.
   */
  #align(final: boolean): { alignment: ReturnType<typeof alignReading>; reached: number } {
    const alignment = alignReading(
      this.passage.slice(this.#base.word),
      normaliseHeard(this.#sure.slice(this.#base.heard)),
    );
    let reached = this.#base.word;
    alignment.words.forEach((w, i) => {
      if (w.status === 'correct' || w.status === 'self_correction' || (final && w.status !== 'not_reached'))
        reached = this.#base.word + i + 1;
    });
    return { alignment, reached };
  }

  #help(decode: WindowDecode, progressed: boolean): FollowEvent[] {
    const next = this.#emitted;
    if (next >= this.passage.length || this.#helped.has(next) || progressed) return [];
    const quietSince = decode.lastSound ?? decode.windowStart;
    if (decode.now - quietSince < this.settings.quietSeconds - 1e-6) return [];
    const waited = decode.now - this.#lastReadEnd;
    // Attempts at the next word: what was heard since the last word read (sure or not yet).
    // Re-reading the words before it is not an attempt at it.
    const before = new Set(this.passage.slice(Math.max(0, next - 5), next).flatMap((w) => w.spoken.flat()));
    const attempt = (w: HeardWord): boolean => !before.has(w.word.replace(/\(\d+\)$/, ''));
    const attempts =
      this.#sure.filter((w) => w.start >= this.#lastReadEnd && attempt(w)).length +
      decode.words.filter((w) => w.start >= this.#anchor.time - 1e-6 && attempt(w)).length;
    let reason: HelpReason | undefined;
    if (waited >= this.settings.helpAfterSeconds - 1e-6) reason = 'pause';
    else if (attempts >= this.settings.misreadAttempts) reason = 'misread';
    if (!reason) return [];
    this.#helped.add(next);
    this.#hesitated.add(next);
    const t = round2(decode.now);
    return [
      { t, event: 'help', index: next, reason },
      { t, event: 'hesitation', index: next, seconds: round2(waited) },
    ];
  }
}
