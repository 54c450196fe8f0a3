/**
 * The achievement catalogue (spec §3) and the rules that award them after an activity (spec §4.5, §9).
 */
import { isMostlyRead } from './reading-share.ts';

/** Spec §3 achievement catalogue. */
export const ACHIEVEMENTS = {
  first_story: {
    name: 'Story Starter',
    description: 'Created your first story!',
    rarity: 'common',
    icon: 'book',
  },
  reading_streak_3: {
    name: 'Reading Rookie',
    description: 'Read for 3 days in a row',
    rarity: 'common',
    icon: 'flame',
  },
  reading_streak_7: {
    name: 'Reading Champion',
    description: 'Read for 7 days in a row',
    rarity: 'rare',
    icon: 'trophy',
  },
  alphabet_master: {
    name: 'Alphabet Master',
    description: 'Completed the alphabet learning section',
    rarity: 'epic',
    icon: 'letters',
  },
  word_builder: {
    name: 'Word Architect',
    description: 'Built 10 words successfully',
    rarity: 'rare',
    icon: 'blocks',
  },
  speed_reader: {
    name: 'Speed Reader',
    description: 'Read at 50+ WPM with 90% accuracy',
    rarity: 'epic',
    icon: 'rocket',
  },
  token_collector: {
    name: 'Token Collector',
    description: 'Earned 100 tokens',
    rarity: 'rare',
    icon: 'coins',
  },
} as const;

export type AchievementType = keyof typeof ACHIEVEMENTS;

/** Spec §9 thresholds. */
export const SPEED_READER_MIN_WCPM = 50;
export const SPEED_READER_MIN_ACCURACY = 90;
export const TOKEN_COLLECTOR_MIN_TOKENS = 100;
export const WORD_BUILDER_WORDS = 10;
export const STREAK_BADGES = [
  [3, 'reading_streak_3'],
  [7, 'reading_streak_7'],
] as const;

/**
 * Whether `type` is in the catalogue. Own keys only: `in` would also find Object.prototype's
 * members, so "constructor" or "toString" would pass for an achievement.
 */
export function isAchievementType(type: string): type is AchievementType {
  return Object.hasOwn(ACHIEVEMENTS, type);
}

/** Spec §5: an achievement type must exist in the catalogue. */
export function assertAchievementType(type: string): asserts type is AchievementType {
  if (!isAchievementType(type)) throw new Error('Invalid achievement type');
}

/** What is known after an activity, for the rules of spec §4.5. */
export interface ActivityFacts {
  activityType: 'reading_session' | 'story_created' | 'alphabet_completed' | 'word_built' | string;
  /** reading_session: words correct per minute and accuracy percent. */
  wcpm?: number;
  accuracy?: number;
  /**
   * reading_session: words reached and words in the passage. A partial reading (most words not
   * reached, core/rewards/reading-share.ts) earns no speed or accuracy achievement; without these
   * figures a reading counts as partial.
   */
  wordsAttempted?: number;
  wordsTotal?: number;
  /** story_created: how many stories the user has now; word_built: how many words built. */
  count?: number;
  /**
   * Tokens the user has earned in total ("Earned 100 tokens", spec §3): spending in the avatar shop does
   * not take a reader further from the badge.
   */
  tokens?: number;
  /** The user's reading streak now (spec §4.6). */
  streak?: number;
}

/** The achievement types an activity earns (before removing those already earned). */
export function achievementsEarned(facts: ActivityFacts): AchievementType[] {
  const earned: AchievementType[] = [];
  // The first story or any after it: awarding is at most once, so a badge lost between the story's two
  // transactions is given by the next story (as for Word Architect).
  if (facts.activityType === 'story_created' && (facts.count ?? 0) >= 1) earned.push('first_story');
  if (facts.activityType === 'alphabet_completed') earned.push('alphabet_master');
  // The tenth word or any after it: awarding is at most once (server/routes/rewards/award-achievements.ts), so
  // a badge lost between the word's two transactions is given by the next word (ADR 0039).
  if (facts.activityType === 'word_built' && (facts.count ?? 0) >= WORD_BUILDER_WORDS)
    earned.push('word_builder');
  if (
    facts.activityType === 'reading_session' &&
    isMostlyRead({ wordsAttempted: facts.wordsAttempted ?? 0, wordsTotal: facts.wordsTotal ?? 0 }) &&
    (facts.wcpm ?? 0) >= SPEED_READER_MIN_WCPM &&
    (facts.accuracy ?? 0) >= SPEED_READER_MIN_ACCURACY
  ) {
    earned.push('speed_reader');
  }
  if ((facts.tokens ?? 0) >= TOKEN_COLLECTOR_MIN_TOKENS) earned.push('token_collector');
  for (const [days, type] of STREAK_BADGES) if ((facts.streak ?? 0) >= days) earned.push(type);
  return earned;
}
