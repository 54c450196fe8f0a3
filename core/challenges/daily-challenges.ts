/**
 * Daily challenges (spec §3 daily_challenges, §4.4, §2.5, §9): the catalogue of types, which of them are
 * offered today, how two are picked, how progress moves, and the reader's calendar day. Pure rules shared
 * by the server (generation, progress, rewards) and the browser (the card's texts and links).
 */
import type { RandomSource } from '../random.ts';

export type { RandomSource } from '../random.ts';

/** The four challenge types of spec §3. */
export const CHALLENGE_TYPES = [
  'read_stories',
  'practice_words',
  'alphabet_letters',
  'reading_time',
] as const;
/** A challenge type (spec §3). */
export type ChallengeType = (typeof CHALLENGE_TYPES)[number];

/** What the catalogue says of a type (spec §3: name, icon, reward_tokens; target range). */
export interface ChallengeDefinition {
  /** Name shown on the card (spec §3). */
  name: string;
  /** What to do, in a child's words, with `{target}` for the number. */
  task: string;
  /** Icon name of src/ui/Icon.tsx. */
  icon: 'book' | 'pencil' | 'letters' | 'clock';
  /** Tokens paid once at the first completion (spec §3). */
  rewardTokens: number;
  /** Smallest and largest target, inclusive (spec §3). */
  targetMin: number;
  targetMax: number;
  /** What one step of progress is. */
  unit: 'stories' | 'words' | 'letters' | 'minutes';
}

/** Spec §3 catalogue of challenge types. */
export const CHALLENGE_CATALOGUE: Record<ChallengeType, ChallengeDefinition> = {
  read_stories: {
    name: 'Story Time',
    task: 'Read {target} {stories} aloud',
    icon: 'book',
    rewardTokens: 10,
    targetMin: 1,
    targetMax: 2,
    unit: 'stories',
  },
  practice_words: {
    name: 'Word Practice',
    task: 'Practise {target} words',
    icon: 'pencil',
    rewardTokens: 5,
    targetMin: 5,
    targetMax: 9,
    unit: 'words',
  },
  alphabet_letters: {
    name: 'Letter Learning',
    task: 'Learn {target} letters',
    icon: 'letters',
    rewardTokens: 8,
    targetMin: 3,
    targetMax: 5,
    unit: 'letters',
  },
  reading_time: {
    name: 'Reading Marathon',
    task: 'Read aloud for {target} minutes',
    icon: 'clock',
    rewardTokens: 15,
    targetMin: 10,
    targetMax: 19,
    unit: 'minutes',
  },
};

/** Spec §9: two challenges a day. */
export const CHALLENGES_PER_DAY = 2;
/** Spec §3, §9: reward of a type the catalogue does not know. */
export const DEFAULT_CHALLENGE_REWARD = 5;
/** Spec §4.4: exactly this many of today's rows are deleted and made again as two. */
export const REGENERATE_WHEN_COUNT = 3;

/**
 * Types offered today: only those whose screen is built, so that every challenge can be done and its
 * card leads somewhere real (issue #13). read_stories is done by reading a story aloud, counted from the
 * reading sessions; reading_time by the minutes read aloud (docs/decisions/0016-daily-challenges-until-built.md);
 * alphabet_letters by letters found in the letter game of /alphabet (docs/decisions/0037-alphabet-learning.md)
 * and practice_words by words built in /word-builder (docs/decisions/0039-word-builder.md), those two only
 * for early readers ({@link offeredChallengeTypes}).
 */
export const OFFERED_CHALLENGE_TYPES: readonly ChallengeType[] = [
  'read_stories',
  'reading_time',
  'alphabet_letters',
  'practice_words',
];

/** The types offered only to early readers: a grade-4 reader asked to "learn 3 letters" is asked for nothing. */
export const EARLY_READER_CHALLENGE_TYPES: readonly ChallengeType[] = ['alphabet_letters', 'practice_words'];

/** Grades whose readers are early readers (the profile's `grade`: Pre-K, K, 1). */
export const EARLY_READER_GRADES: readonly string[] = ['Pre-K', 'K', '1'];
/** Oldest age at which a reader with no such grade is an early reader. */
export const EARLY_READER_MAX_AGE = 6;

/**
 * Whether a reader is an early reader: Pre-K, kindergarten or grade 1, or age 6 and under (the rule that
 * turns "Read buttons to me" on by default, core/audio/settings-defaults.ts).
 * @param reader - the profile's grade and age, when known
 */
export function isEarlyReader(reader: { grade?: string | null; age?: number | null }): boolean {
  if (reader.grade && EARLY_READER_GRADES.includes(reader.grade)) return true;
  return reader.age != null && reader.age <= EARLY_READER_MAX_AGE;
}

/**
 * The types a reader may be given today: {@link OFFERED_CHALLENGE_TYPES}, without Letter Learning and Word
 * Practice for a reader who is not an early reader (ADR 0037, ADR 0039).
 * @param reader - the profile's grade and age, when known
 */
export function offeredChallengeTypes(reader: {
  grade?: string | null;
  age?: number | null;
}): ChallengeType[] {
  const early = isEarlyReader(reader);
  return OFFERED_CHALLENGE_TYPES.filter((type) => early || !EARLY_READER_CHALLENGE_TYPES.includes(type));
}

/** Whether a text is a challenge type of the catalogue. */
export function isChallengeType(value: string): value is ChallengeType {
  return (CHALLENGE_TYPES as readonly string[]).includes(value);
}

/** Tokens of a challenge type; {@link DEFAULT_CHALLENGE_REWARD} for one the catalogue does not know. */
export function rewardFor(type: string): number {
  return isChallengeType(type) ? CHALLENGE_CATALOGUE[type].rewardTokens : DEFAULT_CHALLENGE_REWARD;
}

/** A whole number between min and max, inclusive. */
function randomInt(random: RandomSource, min: number, max: number): number {
  return min + Math.min(max - min, Math.floor(random() * (max - min + 1)));
}

/** A challenge to create: its type, target and definition (stored as challenge_data, spec §3). */
export interface NewChallenge {
  challengeType: ChallengeType;
  targetCount: number;
  challengeData: { name: string; icon: string; reward_tokens: number; unit: string };
}

/**
 * Spec §4.4: two different random types from `offered` (fewer when fewer are offered), each with a
 * random target in its range (spec §3).
 * @param random - uniform [0, 1) source
 * @param offered - the types that may be picked (default {@link OFFERED_CHALLENGE_TYPES})
 * @param count - how many (default {@link CHALLENGES_PER_DAY})
 */
export function pickDailyChallenges(
  random: RandomSource,
  offered: readonly ChallengeType[] = OFFERED_CHALLENGE_TYPES,
  count = CHALLENGES_PER_DAY,
): NewChallenge[] {
  const pool = [...new Set(offered)];
  const picked: ChallengeType[] = [];
  while (picked.length < count && pool.length > 0) {
    const [type] = pool.splice(randomInt(random, 0, pool.length - 1), 1);
    picked.push(type!);
  }
  return picked.map((type) => {
    const def = CHALLENGE_CATALOGUE[type];
    return {
      challengeType: type,
      targetCount: randomInt(random, def.targetMin, def.targetMax),
      challengeData: { name: def.name, icon: def.icon, reward_tokens: def.rewardTokens, unit: def.unit },
    };
  });
}

/** What to do with today's rows when the card asks for them (spec §4.4). */
export type GenerationPlan = 'keep' | 'create' | 'regenerate';

/**
 * Spec §4.4: none today → create two; exactly three → delete today's and create two; otherwise keep.
 * @param todaysCount - rows the user has for today
 */
export function generationPlan(todaysCount: number): GenerationPlan {
  if (todaysCount === 0) return 'create';
  if (todaysCount === REGENERATE_WHEN_COUNT) return 'regenerate';
  return 'keep';
}

/** A challenge's progress. */
export interface ChallengeProgress {
  currentCount: number;
  targetCount: number;
  completed: boolean;
}

/**
 * Spec §4.4: the count rises by `increment` (default 1), capped at the target; completed once it
 * reaches the target, and never undone. `justCompleted` is true only on the step that completes it,
 * which is when its tokens are paid (once).
 * @param progress - the challenge now
 * @param increment - steps to add (whole, >= 0)
 */
export function advanceChallenge(
  progress: ChallengeProgress,
  increment = 1,
): ChallengeProgress & { justCompleted: boolean } {
  const step = Math.max(0, Math.floor(increment));
  const currentCount = Math.min(progress.targetCount, progress.currentCount + step);
  const completed = progress.completed || currentCount >= progress.targetCount;
  return {
    currentCount,
    targetCount: progress.targetCount,
    completed,
    justCompleted: completed && !progress.completed,
  };
}

/** Percent done, 0–100, rounded down (so 100 only when complete). */
export function challengePercent(progress: Pick<ChallengeProgress, 'currentCount' | 'targetCount'>): number {
  if (progress.targetCount <= 0) return 0;
  return Math.min(100, Math.floor((progress.currentCount * 100) / progress.targetCount));
}

/** The task of a challenge in words: "Read 2 stories aloud", "Read aloud for 12 minutes". */
export function challengeTask(type: string, target: number): string {
  if (!isChallengeType(type)) return `Finish ${target} activities`;
  const def = CHALLENGE_CATALOGUE[type];
  const stories = target === 1 ? 'story' : 'stories';
  return def.task.replace('{target}', String(target)).replace('{stories}', stories);
}

/** Whole minutes of reading in `seconds`, for reading_time (seconds carried over between sessions). */
export function wholeMinutes(seconds: number): number {
  return Math.max(0, Math.floor(seconds / 60));
}

/**
 * The calendar day (YYYY-MM-DD) of `now` in the IANA time zone `timeZone` (spec §3 challenge_date,
 * "per user per day": the reader's own day, not the server's). An unknown zone falls back to UTC.
 */
export function dayInTimeZone(now: Date, timeZone: string | null | undefined): string {
  return dayFormatFor(timeZone).format(now);
}

/**
 * One day formatter per time zone, made once: a report maps thousands of readings to their days, and making an
 * `Intl.DateTimeFormat` costs far more than using one (a formatter is immutable, so sharing it is safe). Only zones
 * that passed {@link isTimeZone} are kept; the runtime accepts a zone in any letter case, so the cache is emptied when
 * it reaches {@link DAY_FORMATS_MAX} rather than grow without bound.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** More than the IANA zones and their aliases (about 600). */
const DAY_FORMATS_MAX = 1000;

/** The cached YYYY-MM-DD formatter of `timeZone`, else of UTC for an unknown zone. */
function dayFormatFor(timeZone: string | null | undefined): Intl.DateTimeFormat {
  const zone = timeZone || 'UTC';
  const cached = dayFormats.get(zone);
  if (cached) return cached;
  if (zone !== 'UTC' && !isTimeZone(zone)) return dayFormatFor('UTC');
  if (dayFormats.size >= DAY_FORMATS_MAX) dayFormats.clear();
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  dayFormats.set(zone, format);
  return format;
}

/** Whether `value` is an IANA time zone this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
