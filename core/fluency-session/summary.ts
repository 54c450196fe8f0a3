/**
 * The child's summary of a reading (issue 17, item 3): stars and plain words first, figures for
 * grown-ups elsewhere. The sentences are written to be shown, read by a screen reader and, once
 * Sparky speaks (spec §4.8, §4.9), spoken as they are: short, no numbers a child cannot use, no
 * percentiles.
 *
 * Three stars, each for something a child can do again:
 * - to the end: every word reached (a partial reading says how much was read instead);
 * - carefully: accuracy of at least {@link CAREFUL_READING_ACCURACY} % on a reading that reached most of
 *   the passage (core/rewards/reading-share.ts) — the same bar as the careful-reading token bonus;
 * - smoothly: no long stop before a word (a pause over 3 s, DIBELS 8 hesitation) on a reading that
 *   reached most of the passage.
 */
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { isMostlyRead, isReadToTheEnd } from '#core/rewards/reading-share.ts';
import { CAREFUL_READING_ACCURACY } from '#core/rewards/tokens.ts';

/** The three stars. */
export type StarId = 'toTheEnd' | 'carefully' | 'smoothly';

/** One star: earned or not, with what it is for in plain words. */
export interface Star {
  id: StarId;
  earned: boolean;
  /** What the reader did (earned) or can try next time (not earned). */
  text: string;
}

/** What the summary says about a reading. */
export interface ReadingSummary {
  /** Words reached (DIBELS 8 "attempted") and words in the story. */
  wordsReached: number;
  wordsTotal: number;
  /** Every word was reached. */
  readToTheEnd: boolean;
  /** At least half the words were reached; otherwise a partial reading. */
  mostlyRead: boolean;
  stars: Star[];
  starCount: number;
  /** Words read as another word or skipped, in story order, each once, as printed. */
  wordsToPractise: string[];
  /** The headline, e.g. "You earned 2 stars!". */
  headline: string;
  /** How much was read, e.g. "You read 19 of 62 words: part of the story." */
  howMuch: string;
  /** The whole summary as one text, for the live region and later for Sparky's voice. */
  spoken: string;
}

/** A word as it is printed, without the punctuation around it ("park." → "park"). */
function bare(word: string): string {
  return word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/** "a", "a and b", "a, b and c". */
function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * The child's summary of a scored reading.
 *
 * @param result the scored reading (core/fluency/result.schema.ts); its words' `text` may carry the
 *   passage's punctuation
 */
export function readingSummary(result: FluencyResult): ReadingSummary {
  const figures = { wordsAttempted: result.wordsAttempted, wordsTotal: result.wordsTotal };
  const readToTheEnd = isReadToTheEnd(figures);
  const mostlyRead = isMostlyRead(figures);
  const practise: string[] = [];
  for (const word of result.words) {
    if (word.status !== 'substitution' && word.status !== 'omission') continue;
    const text = bare(word.text);
    if (text && !practise.some((p) => p.toLowerCase() === text.toLowerCase())) practise.push(text);
  }
  const hesitations = result.words.filter((w) => w.hesitation && w.status !== 'not_reached').length;
  const careful = mostlyRead && result.accuracy >= CAREFUL_READING_ACCURACY;
  const smooth = mostlyRead && hesitations === 0;
  const reached = result.wordsAttempted;
  const total = result.wordsTotal;

  const stars: Star[] = [
    {
      id: 'toTheEnd',
      earned: readToTheEnd,
      text: readToTheEnd
        ? 'You read all the way to the end.'
        : 'Next time, try to read all the way to the end.',
    },
    {
      id: 'carefully',
      earned: careful,
      text: careful
        ? 'You read the words carefully.'
        : mostlyRead
          ? 'Practise the words below, then read the story again.'
          : 'Read more of the story to earn the careful reading star.',
    },
    {
      id: 'smoothly',
      earned: smooth,
      text: smooth
        ? 'You read smoothly, without long stops.'
        : mostlyRead
          ? 'Reading a story again makes it smoother.'
          : 'Read more of the story to earn the smooth reading star.',
    },
  ];
  const starCount = stars.filter((s) => s.earned).length;
  const headline =
    starCount === 0
      ? 'Good try! Keep practising to earn stars.'
      : `You earned ${starCount} ${starCount === 1 ? 'star' : 'stars'}!`;
  const howMuch = readToTheEnd
    ? `You read the whole story: all ${total} words.`
    : mostlyRead
      ? `You read ${reached} of the ${total} words: most of the story.`
      : `You read ${reached} of the ${total} words: part of the story.`;
  const practiseText =
    practise.length === 0
      ? 'No words to practise this time.'
      : `${practise.length === 1 ? 'A word' : 'Words'} to practise: ${listInWords(practise)}.`;
  return {
    wordsReached: reached,
    wordsTotal: total,
    readToTheEnd,
    mostlyRead,
    stars,
    starCount,
    wordsToPractise: practise,
    headline,
    howMuch,
    spoken: `${headline} ${howMuch} ${practiseText}`,
  };
}
