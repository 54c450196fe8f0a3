import { describe, expect, it } from 'vitest';
import { achievementsEarned, assertAchievementType, isAchievementType } from './achievements.ts';

describe('achievementsEarned (spec §4.5)', () => {
  const whole = { wordsAttempted: 62, wordsTotal: 62 };
  it('speed_reader needs at least 50 WPM and at least 90 % accuracy', () => {
    const reading = { activityType: 'reading_session', ...whole };
    expect(achievementsEarned({ ...reading, wcpm: 50, accuracy: 90 })).toEqual(['speed_reader']);
    expect(achievementsEarned({ ...reading, wcpm: 49.9, accuracy: 100 })).toEqual([]);
    expect(achievementsEarned({ ...reading, wcpm: 120, accuracy: 89.9 })).toEqual([]);
  });
  it('a partial reading (most words not reached) earns no speed or accuracy achievement (issue 17)', () => {
    // The audit's reading: stopped after 19 of 62 words, 100 % of those right.
    const partial = { activityType: 'reading_session', wcpm: 80, accuracy: 100 };
    expect(achievementsEarned({ ...partial, wordsAttempted: 19, wordsTotal: 62 })).toEqual([]);
    expect(achievementsEarned({ ...partial, wordsAttempted: 30, wordsTotal: 62 })).toEqual([]);
    expect(achievementsEarned({ ...partial, wordsAttempted: 31, wordsTotal: 62 })).toEqual(['speed_reader']);
    // Without the figures the reading cannot be shown to be complete.
    expect(achievementsEarned(partial)).toEqual([]);
    // Streak and token badges do not depend on how much was read.
    expect(achievementsEarned({ ...partial, wordsAttempted: 19, wordsTotal: 62, streak: 3 })).toEqual([
      'reading_streak_3',
    ]);
  });
  it('streak badges at 3 and 7 days, token collector at 100', () => {
    expect(achievementsEarned({ activityType: 'reading_session', streak: 3 })).toEqual(['reading_streak_3']);
    expect(achievementsEarned({ activityType: 'reading_session', streak: 7, tokens: 100 })).toEqual([
      'token_collector',
      'reading_streak_3',
      'reading_streak_7',
    ]);
    expect(achievementsEarned({ activityType: 'reading_session', streak: 2, tokens: 99 })).toEqual([]);
  });
  it('first story, alphabet, tenth word', () => {
    expect(achievementsEarned({ activityType: 'story_created', count: 1 })).toEqual(['first_story']);
    // Awarding is at most once (award-achievements.ts), so a later story gives a badge a crash lost.
    expect(achievementsEarned({ activityType: 'story_created', count: 2 })).toEqual(['first_story']);
    expect(achievementsEarned({ activityType: 'story_created', count: 0 })).toEqual([]);
    expect(achievementsEarned({ activityType: 'alphabet_completed' })).toEqual(['alphabet_master']);
    expect(achievementsEarned({ activityType: 'word_built', count: 10 })).toEqual(['word_builder']);
    expect(achievementsEarned({ activityType: 'word_built', count: 9 })).toEqual([]);
    expect(achievementsEarned({ activityType: 'word_built', count: 11 })).toEqual(['word_builder']);
  });
  it('refuses a type outside the catalogue', () => {
    expect(() => assertAchievementType('speed_reader')).not.toThrow();
    expect(() => assertAchievementType('free_pizza')).toThrow('Invalid achievement type');
  });
  it("refuses Object.prototype's member names, which `in` would find", () => {
    for (const type of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(isAchievementType(type), type).toBe(false);
      expect(() => assertAchievementType(type), type).toThrow('Invalid achievement type');
    }
    expect(isAchievementType('speed_reader')).toBe(true);
  });
});
