/**
 * My Learning Path (docs/decisions/0052-my-learning-path.md): one reader's steps through Sparky Reads, in order,
 * from their own figures, and which step is their next one. Pure, shared by the page, its guidance and their tests.
 *
 * The steps follow the order in which reading is learned: letters (alphabet knowledge), building words and
 * sounding them out (phonics and blending), reading stories aloud (fluency), the one-minute reading check (the
 * level, spec §4.7, §9) and a reading goal (the habit, ADR 0042).
 */
import { ALPHABET_SIZE } from '../alphabet/letters.ts';
import { SPEED_READER_MIN_ACCURACY, WORD_BUILDER_WORDS } from '../rewards/achievements.ts';

/** The steps of the path, in order. */
export const PATH_STEPS = ['letters', 'words', 'sounds', 'reading', 'assessment', 'goal'] as const;
/** One step of {@link PATH_STEPS}. */
export type PathStepId = (typeof PATH_STEPS)[number];

/** Words built in Word Builder that finish its step: Word Architect's 10 (spec §4.5, §9). */
export const WORDS_TO_BUILD = WORD_BUILDER_WORDS;
/** Words sounded out in Sound It Out that finish its step: as many as Word Builder asks (the spec names none). */
export const WORDS_TO_SOUND_OUT = 10;
/**
 * Scored readings aloud that finish the reading step: a first reading, then two more, each with a change since the
 * reading before to see (spec §3 recent progress).
 */
export const READINGS_TO_READ = 3;
/**
 * A reading check below this accuracy (percent) sends a reader to Sound It Out before more stories: under 90 % is
 * the "frustration" level of Betts' reading levels, the same 90 as spec §4.5's Speed Reader and the class
 * analytics' "may need help" (ADR 0050).
 */
export const CHECK_ACCURACY_TO_READ_ON = SPEED_READER_MIN_ACCURACY;

/**
 * Where a step stands for this reader:
 * - `done`: finished;
 * - `now`: the one next step;
 * - `todo`: on the reader's path, not finished, after (or instead of) the next one;
 * - `later`: not yet for this reader (the reading check, for a pre-reader: it starts in grade 1);
 * - `extra`: a game an older reader may play but is not sent to (letters, words; sounds after a good check).
 */
export type PathStepStatus = (typeof PATH_STEP_STATUSES)[number];
/** Every {@link PathStepStatus}, for schemas of payloads that carry a path (the family report, ADR 0052). */
export const PATH_STEP_STATUSES = ['done', 'now', 'todo', 'later', 'extra'] as const;

/**
 * What the path is made from: the reader's own figures. A figure that could not be loaded is given as 0 (or
 * false): the step then counts as not finished.
 */
export interface PathFacts {
  /** Profile grade (spec §3: Pre-K, K, 1–12), or null. */
  grade: string | null;
  /** Profile age in years, or null. */
  age: number | null;
  /** Different letters found in Alphabet Learning (0–26). */
  lettersFound: number;
  /** Words built in Word Builder, each word once a day. */
  wordsBuilt: number;
  /** Words sounded out in Sound It Out, each word once a day. */
  wordsSounded: number;
  /** Scored readings aloud saved (practice, assessment and screening readings alike). */
  readings: number;
  /** Whether the Reading Assessment (or a complete screening) has set the level (profile.assessment_completed). */
  assessmentDone: boolean;
  /** The last reading check's accuracy in percent, or null. */
  assessmentAccuracy: number | null;
  /** Whether the reader has a reading goal (ADR 0042). */
  hasGoal: boolean;
}

/** The reader's path: every step with its status, the next step, and whether the path is finished. */
export interface LearningPath {
  /** `pre-reader`: Pre-K, K, or no grade and under 6; `reader`: everyone else. */
  band: 'pre-reader' | 'reader';
  /** Every step of {@link PATH_STEPS}, in order; exactly one has status `now`. */
  steps: readonly { id: PathStepId; status: PathStepStatus; done: boolean }[];
  /** The step with status `now`. */
  next: PathStepId;
  /** True when every step of the reader's path is done: the next step is then to keep reading aloud. */
  allDone: boolean;
}

/**
 * Whether a profile is a pre-reader's: Pre-K or K, or no grade and under 6. The same rule as the reading check's
 * `pre_reader` (server/db/migrations/0009_assessment.sql, ADR 0038): DIBELS 8 oral reading fluency starts in
 * grade 1, and naming every letter is a kindergarten standard (Common Core RF.K.1d).
 */
export function isPreReader(grade: string | null, age: number | null): boolean {
  if (grade === 'Pre-K' || grade === 'K') return true;
  return grade === null && age !== null && age < 6;
}

/** Whether each step is finished, from the figures. */
export function stepsDone(facts: PathFacts): Record<PathStepId, boolean> {
  return {
    letters: facts.lettersFound >= ALPHABET_SIZE,
    words: facts.wordsBuilt >= WORDS_TO_BUILD,
    sounds: facts.wordsSounded >= WORDS_TO_SOUND_OUT,
    reading: facts.readings >= READINGS_TO_READ,
    assessment: facts.assessmentDone,
    goal: facts.hasGoal,
  };
}

/**
 * The reader's path and next step (ADR 0052):
 * - a **pre-reader** walks the steps in order: letters, words, sounds, reading, goal; the next step is the first
 *   not done. The reading check is `later` (from grade 1), or `done` if they took it anyway;
 * - a **reader** (grade 1 and up) starts with the reading check, which sets which stories are just right (the
 *   route guard asks for it first, spec §4.2); then, when the check's accuracy was under
 *   {@link CHECK_ACCURACY_TO_READ_ON} %, Sound It Out; then reading and the goal. Letters and words are `extra`
 *   unless done;
 * - when every step of the path is done, the next step is reading, to keep reading aloud (`allDone`).
 */
export function learningPath(facts: PathFacts): LearningPath {
  const done = stepsDone(facts);
  const band = isPreReader(facts.grade, facts.age) ? 'pre-reader' : 'reader';
  const weakCheck =
    facts.assessmentDone &&
    facts.assessmentAccuracy !== null &&
    facts.assessmentAccuracy < CHECK_ACCURACY_TO_READ_ON;
  // The reader's own path, in the order its steps are taken.
  const route: readonly PathStepId[] =
    band === 'pre-reader'
      ? ['letters', 'words', 'sounds', 'reading', 'goal']
      : weakCheck
        ? ['assessment', 'sounds', 'reading', 'goal']
        : ['assessment', 'reading', 'goal'];
  const firstOpen = route.find((id) => !done[id]);
  const next: PathStepId = firstOpen ?? 'reading';
  const steps = PATH_STEPS.map((id) => {
    let status: PathStepStatus;
    if (id === next) status = 'now';
    else if (done[id]) status = 'done';
    else if (route.includes(id)) status = 'todo';
    else status = id === 'assessment' ? 'later' : 'extra';
    return { id, status, done: done[id] };
  });
  return { band, steps, next, allDone: firstOpen === undefined };
}
