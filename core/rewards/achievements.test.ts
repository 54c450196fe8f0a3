import { describe, expect, it } from 'vitest';
import { achievementsEarned, assertAchievementType } from './achievements.ts';

describe('achievementsEarned (spec §4.5)', () => {
  it('speed_reader needs at least 50 WPM and at least 90 % accuracy', () => {
    expect(achievementsEarned({ activityType: 'reading_session', wcpm: 50, accuracy: 90 })).toEqual([
      'speed_reader',
    ]);
    expect(achievementsEarned({ activityType: 'reading_session', wcpm: 49.9, accuracy: 100 })).toEqual([]);
    expect(achievementsEarned({ activityType: 'reading_session', wcpm: 120, accuracy: 89.9 })).toEqual([]);
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
    expect(achievementsEarned({ activityType: 'story_created', count: 2 })).toEqual([]);
    expect(achievementsEarned({ activityType: 'alphabet_completed' })).toEqual(['alphabet_master']);
    expect(achievementsEarned({ activityType: 'word_built', count: 10 })).toEqual(['word_builder']);
    expect(achievementsEarned({ activityType: 'word_built', count: 9 })).toEqual([]);
  });
  it('refuses a type outside the catalogue', () => {
    expect(() => assertAchievementType('speed_reader')).not.toThrow();
    expect(() => assertAchievementType('free_pizza')).toThrow('Invalid achievement type');
  });
});
