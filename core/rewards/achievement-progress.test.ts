import { describe, expect, it } from 'vitest';
import { ACHIEVEMENT_ORDER, achievementProgress } from './achievement-progress.ts';

describe('achievement progress (spec §4.5, §9)', () => {
  const none = { storyCreation: false, alphabet: false, wordBuilder: false };
  it('gives every one of the seven a capped progress', () => {
    const p = achievementProgress(
      {
        storiesCreated: 0,
        streak: 5,
        alphabetCompleted: false,
        lettersFound: 12,
        wordsBuilt: 0,
        bestCarefulWcpm: 61.4,
        tokensEarned: 240,
      },
      none,
    );
    expect(ACHIEVEMENT_ORDER).toHaveLength(7);
    expect(Object.keys(p).sort()).toEqual([...ACHIEVEMENT_ORDER].sort());
    expect(p.reading_streak_3).toMatchObject({ current: 3, target: 3 });
    expect(p.reading_streak_7).toMatchObject({ current: 5, target: 7, unit: 'days' });
    expect(p.speed_reader).toMatchObject({ current: 50, target: 50, unit: 'wcpm' });
    expect(p.token_collector).toMatchObject({ current: 100, target: 100 });
    expect(p.first_story.available).toBe(false);
    expect(p.word_builder).toMatchObject({ current: 0, target: 10, available: false });
    expect(p.alphabet_master).toMatchObject({ current: 12, target: 26, unit: 'letters' });
  });

  it('counts the alphabet complete as all 26 letters, and never past them', () => {
    const facts = {
      storiesCreated: 0,
      streak: 0,
      wordsBuilt: 0,
      bestCarefulWcpm: 0,
      tokensEarned: 0,
    };
    const built = { storyCreation: false, alphabet: true, wordBuilder: false };
    expect(
      achievementProgress({ ...facts, alphabetCompleted: true, lettersFound: 3 }, built).alphabet_master,
    ).toEqual({
      current: 26,
      target: 26,
      unit: 'letters',
      available: true,
    });
    expect(
      achievementProgress({ ...facts, alphabetCompleted: false, lettersFound: 40 }, built).alphabet_master
        .current,
    ).toBe(26);
  });
});
