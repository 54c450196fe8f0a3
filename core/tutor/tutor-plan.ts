/**
 * The tutor after reading (issue 12, spec §1 "an AI tutor screen"): what the offline tutor talks
 * about, built from the child's own saved readings. Pure: the server reads the readings and the
 * library (server/routes/tutor/) and the page speaks the plan (core/tutor/tutor-script.ts).
 *
 * - Praise: what went well in the latest readings (accuracy, a faster pace, a word once missed and
 *   now read). There is always something to praise when there is a reading.
 * - Practice: the {@link PRACTICE_WORDS} words missed most often (substitutions and omissions, the
 *   DIBELS 8 errors; a self-correction is not an error) over the last {@link TUTOR_READINGS} readings.
 * - Next story: a library story not read lately, at the right level for the latest accuracy
 *   (Betts' reading levels: 95 % and over independent, 90–94 % instructional, under 90 % frustration).
 */
import { normaliseToken } from '#core/text/normalize.ts';

/** Words practised in one tutor session (issue 12: "practises the 3 words missed most"). */
export const PRACTICE_WORDS = 3;
/** Readings the tutor looks back over, newest first. */
export const TUTOR_READINGS = 10;
/** Accuracy at or above which a reader reads a text independently: the next story may be harder (Betts 1946). */
export const INDEPENDENT_ACCURACY = 95;
/** Accuracy below which a text is too hard (frustration level): the next story is easier (Betts 1946). */
export const FRUSTRATION_ACCURACY = 90;
/** How far the next story's level moves up or down, Lexile (the width of the "just right" band's top, core/api/stories.ts). */
export const LEVEL_STEP = 50;

/** One saved reading, as the tutor needs it. */
export interface TutorReading {
  storyId: string | null;
  storyTitle: string;
  /** Percent, 0–100, or null when not scored. */
  accuracy: number | null;
  /** Words correct per minute, or null. */
  wcpm: number | null;
  /** Per-word results (the scorer's `words`), or null for a reading saved without them. */
  words: readonly { text: string; status: string }[] | null;
}

/** A library story the tutor may suggest. `lexile` in Lexile units. */
export interface TutorStory {
  id: string;
  title: string;
  lexile: number | null;
}

/** A word to practise: as printed in the latest reading that missed it, and how often it was missed. */
export interface PracticeWord {
  word: string;
  missed: number;
}

/** Where the next story sits against the reader's level. */
export type NextLevel = 'harder' | 'same' | 'easier';

/** What the tutor talks about. */
export interface TutorPlan {
  /** Readings the plan was built from (0: the reader has not read yet). */
  readings: number;
  /** Sentences of praise, most recent first (at most 3). */
  praise: string[];
  /** At most {@link PRACTICE_WORDS}, most missed first. */
  practice: PracticeWord[];
  /** The suggested story, or null when the library has none. */
  next: { id: string; title: string; level: NextLevel } | null;
}

const ERROR_STATUSES = new Set(['substitution', 'omission']);

/** The level of the next story after a reading at this accuracy (Betts' levels). */
export function nextLevel(accuracy: number | null): NextLevel {
  if (accuracy === null) return 'same';
  if (accuracy >= INDEPENDENT_ACCURACY) return 'harder';
  if (accuracy < FRUSTRATION_ACCURACY) return 'easier';
  return 'same';
}

/**
 * The words missed most over the readings (newest first), at most `limit`: by times missed, then by
 * how recently (a word missed in the latest reading first), then alphabetically. Words are counted
 * in their normalised form (core/text/normalize.ts) and shown as printed the last time they were missed.
 */
export function mostMissedWords(
  readings: readonly TutorReading[],
  limit: number = PRACTICE_WORDS,
): PracticeWord[] {
  const tally = new Map<string, { word: string; missed: number; latest: number }>();
  readings.forEach((reading, age) => {
    for (const w of reading.words ?? []) {
      if (!ERROR_STATUSES.has(w.status)) continue;
      const key = normaliseToken(w.text);
      if (!key) continue;
      const entry = tally.get(key);
      if (entry) entry.missed++;
      else
        tally.set(key, {
          word: w.text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''),
          missed: 1,
          latest: age,
        });
    }
  });
  return [...tally.entries()]
    .sort(([ka, a], [kb, b]) => b.missed - a.missed || a.latest - b.latest || ka.localeCompare(kb))
    .slice(0, limit)
    .map(([, { word, missed }]) => ({ word, missed }));
}

/** Praise from the readings, newest first: never empty when there is a reading. */
export function praiseFor(readings: readonly TutorReading[]): string[] {
  const [latest, ...earlier] = readings;
  if (!latest) return [];
  const praise: string[] = [];
  const correct = latest.words?.filter((w) => w.status === 'correct' || w.status === 'self_correction');
  if (latest.accuracy !== null && latest.accuracy >= INDEPENDENT_ACCURACY)
    praise.push(`You read "${latest.storyTitle}" so carefully: almost every word was right.`);
  else if (correct && correct.length > 0)
    praise.push(
      `You read ${correct.length} ${correct.length === 1 ? 'word' : 'words'} right in "${latest.storyTitle}".`,
    );
  const earlierWcpm = earlier.map((r) => r.wcpm).filter((v): v is number => v !== null);
  if (latest.wcpm !== null && earlierWcpm.length > 0 && latest.wcpm > Math.max(...earlierWcpm))
    praise.push(`You read faster than ever before: ${Math.round(latest.wcpm)} words a minute.`);
  // A word missed before and read right in the latest reading.
  const missedBefore = new Set(
    earlier.flatMap((r) =>
      (r.words ?? []).filter((w) => ERROR_STATUSES.has(w.status)).map((w) => normaliseToken(w.text)),
    ),
  );
  const conquered = latest.words?.find(
    (w) => w.status === 'correct' && missedBefore.has(normaliseToken(w.text)),
  );
  if (conquered)
    praise.push(
      `"${conquered.text.replace(/[^\p{L}\p{N}'-]/gu, '')}" was tricky before, and this time you read it!`,
    );
  if (praise.length === 0) praise.push(`You finished reading "${latest.storyTitle}". Well done for trying!`);
  return praise.slice(0, 3);
}

/**
 * The story to read next: not among the readings, with a Lexile nearest the reader's level moved by
 * {@link LEVEL_STEP} for the latest accuracy (`nextLevel`); stories without a Lexile last; ties by
 * title. When every story was read lately, any story; null only when the library is empty.
 *
 * @param readerLexile the reader's level, Lexile (core/api/stories.ts reader band)
 */
export function nextStory(
  readings: readonly TutorReading[],
  library: readonly TutorStory[],
  readerLexile: number,
): TutorPlan['next'] {
  const level = nextLevel(readings[0]?.accuracy ?? null);
  const target = readerLexile + (level === 'harder' ? LEVEL_STEP : level === 'easier' ? -LEVEL_STEP : 0);
  const read = new Set(readings.map((r) => r.storyId).filter((id): id is string => id !== null));
  const unread = library.filter((s) => !read.has(s.id));
  const pool = unread.length > 0 ? unread : [...library];
  const distance = (s: TutorStory) =>
    s.lexile === null ? Number.POSITIVE_INFINITY : Math.abs(s.lexile - target);
  const best = pool.sort((a, b) => distance(a) - distance(b) || a.title.localeCompare(b.title))[0];
  return best ? { id: best.id, title: best.title, level } : null;
}

/**
 * The tutor's plan from the reader's readings (newest first; only the first {@link TUTOR_READINGS}
 * are used), the library and the reader's Lexile.
 */
export function buildTutorPlan(
  readings: readonly TutorReading[],
  library: readonly TutorStory[],
  readerLexile: number,
): TutorPlan {
  const recent = readings.slice(0, TUTOR_READINGS);
  return {
    readings: recent.length,
    praise: praiseFor(recent),
    practice: mostMissedWords(recent),
    next: nextStory(recent, library, readerLexile),
  };
}
