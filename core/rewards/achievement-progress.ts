/**
 * How far a reader is towards each achievement of spec §3 (for /rewards), from the facts the rules of
 * spec §4.5 use. Thresholds are those of core/rewards/achievements.ts (spec §9).
 */
import {
  ACHIEVEMENTS,
  SPEED_READER_MIN_WCPM,
  TOKEN_COLLECTOR_MIN_TOKENS,
  WORD_BUILDER_WORDS,
  type AchievementType,
} from './achievements.ts';
import { ALPHABET_SIZE } from '../alphabet/letters.ts';

/** What is known about a reader, for progress. */
export interface ProgressFacts {
  /** Stories the reader has created (spec §4.5 story_created). */
  storiesCreated: number;
  /** Reading streak in days (spec §4.6). */
  streak: number;
  /** Whether the alphabet section is completed (spec §4.5 alphabet_completed). */
  alphabetCompleted: boolean;
  /** Different letters found in the letter game (ADR 0037), 0–26. */
  lettersFound: number;
  /** Words built in the word builder (spec §4.5 word_built). */
  wordsBuilt: number;
  /** Best WCPM of a reading with at least 90 % accuracy (spec §4.5 speed_reader), or 0. */
  bestCarefulWcpm: number;
  /** Tokens earned in total (spending not subtracted). */
  tokensEarned: number;
}

/** Progress towards one achievement. */
export interface Progress {
  current: number;
  target: number;
  unit: 'stories' | 'days' | 'letters' | 'words' | 'wcpm' | 'tokens';
  /** False while the screen that earns it is not built. */
  available: boolean;
}

/**
 * Progress per achievement type, `current` capped at `target`.
 * @param facts - the reader's facts
 * @param built - which activities have a screen today (story creation, alphabet, word builder)
 */
export function achievementProgress(
  facts: ProgressFacts,
  built: { storyCreation: boolean; alphabet: boolean; wordBuilder: boolean },
): Record<AchievementType, Progress> {
  const cap = (current: number, target: number) => Math.min(target, Math.max(0, current));
  return {
    first_story: {
      current: cap(facts.storiesCreated, 1),
      target: 1,
      unit: 'stories',
      available: built.storyCreation,
    },
    reading_streak_3: { current: cap(facts.streak, 3), target: 3, unit: 'days', available: true },
    reading_streak_7: { current: cap(facts.streak, 7), target: 7, unit: 'days', available: true },
    alphabet_master: {
      current: facts.alphabetCompleted ? ALPHABET_SIZE : cap(facts.lettersFound, ALPHABET_SIZE),
      target: ALPHABET_SIZE,
      unit: 'letters',
      available: built.alphabet,
    },
    word_builder: {
      current: cap(facts.wordsBuilt, WORD_BUILDER_WORDS),
      target: WORD_BUILDER_WORDS,
      unit: 'words',
      available: built.wordBuilder,
    },
    speed_reader: {
      current: cap(Math.round(facts.bestCarefulWcpm), SPEED_READER_MIN_WCPM),
      target: SPEED_READER_MIN_WCPM,
      unit: 'wcpm',
      available: true,
    },
    token_collector: {
      current: cap(facts.tokensEarned, TOKEN_COLLECTOR_MIN_TOKENS),
      target: TOKEN_COLLECTOR_MIN_TOKENS,
      unit: 'tokens',
      available: true,
    },
  };
}

/** The catalogue's types in the spec's order. */
export const ACHIEVEMENT_ORDER = Object.keys(ACHIEVEMENTS) as AchievementType[];
