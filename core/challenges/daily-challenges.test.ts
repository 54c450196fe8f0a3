import { describe, expect, it } from 'vitest';
import {
  CHALLENGE_CATALOGUE,
  CHALLENGE_TYPES,
  advanceChallenge,
  challengePercent,
  challengeTask,
  dayInTimeZone,
  generationPlan,
  isTimeZone,
  offeredChallengeTypes,
  pickDailyChallenges,
  rewardFor,
} from './daily-challenges.ts';

/** A repeatable pseudo-random source (mulberry32). */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('daily challenge rules (spec §3, §4.4, §9)', () => {
  it('picks two different types with targets in their ranges, every type reachable', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed < 200; seed++) {
      const picked = pickDailyChallenges(seeded(seed), CHALLENGE_TYPES);
      expect(picked).toHaveLength(2);
      expect(picked[0]!.challengeType).not.toBe(picked[1]!.challengeType);
      for (const c of picked) {
        const def = CHALLENGE_CATALOGUE[c.challengeType];
        expect(c.targetCount).toBeGreaterThanOrEqual(def.targetMin);
        expect(c.targetCount).toBeLessThanOrEqual(def.targetMax);
        expect(c.challengeData).toEqual({
          name: def.name,
          icon: def.icon,
          reward_tokens: def.rewardTokens,
          unit: def.unit,
        });
        seen.add(`${c.challengeType}:${c.targetCount}`);
      }
    }
    // Every type and every target of its range comes up.
    expect(seen.size).toBe(2 + 5 + 3 + 10);
  });

  it('offers only the built types by default, and fewer when fewer are offered', () => {
    const random = seeded(3);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const picked = pickDailyChallenges(random).map((c) => c.challengeType);
      expect(new Set(picked).size).toBe(2);
      for (const type of picked) seen.add(type);
    }
    // Every type has its screen now (practice_words: the word builder, ADR 0039).
    expect([...seen].sort()).toEqual(['alphabet_letters', 'practice_words', 'read_stories', 'reading_time']);
    expect(pickDailyChallenges(seeded(3), ['reading_time'])).toHaveLength(1);
    expect(pickDailyChallenges(() => 0.999999, ['read_stories', 'reading_time'])[0]!.targetCount).toBe(19);
  });

  it('offers Letter Learning and Word Practice to early readers only (Pre-K, K, grade 1, or age 6 and under)', () => {
    const all = ['read_stories', 'reading_time', 'alphabet_letters', 'practice_words'];
    const older = ['read_stories', 'reading_time'];
    expect(offeredChallengeTypes({ grade: 'Pre-K' })).toEqual(all);
    expect(offeredChallengeTypes({ grade: 'K' })).toEqual(all);
    expect(offeredChallengeTypes({ grade: '1' })).toEqual(all);
    expect(offeredChallengeTypes({ grade: '2' })).toEqual(older);
    expect(offeredChallengeTypes({ grade: '12', age: 17 })).toEqual(older);
    expect(offeredChallengeTypes({ grade: null, age: 6 })).toEqual(all);
    expect(offeredChallengeTypes({ grade: null, age: 7 })).toEqual(older);
    expect(offeredChallengeTypes({})).toEqual(older);
    // A grade-2 reader never gets it, whatever the dice say.
    const random = seeded(5);
    for (let i = 0; i < 100; i += 1) {
      const types = pickDailyChallenges(random, offeredChallengeTypes({ grade: '2' })).map(
        (c) => c.challengeType,
      );
      expect(types).not.toContain('alphabet_letters');
      expect(types).not.toContain('practice_words');
    }
  });

  it('creates when none, regenerates exactly three, keeps otherwise', () => {
    expect(generationPlan(0)).toBe('create');
    expect(generationPlan(1)).toBe('keep');
    expect(generationPlan(2)).toBe('keep');
    expect(generationPlan(3)).toBe('regenerate');
    expect(generationPlan(4)).toBe('keep');
  });

  it('advances by the increment, caps at the target, completes once', () => {
    const start = { currentCount: 0, targetCount: 2, completed: false };
    expect(advanceChallenge(start)).toEqual({
      currentCount: 1,
      targetCount: 2,
      completed: false,
      justCompleted: false,
    });
    const done = advanceChallenge({ ...start, currentCount: 1 }, 5);
    expect(done).toEqual({ currentCount: 2, targetCount: 2, completed: true, justCompleted: true });
    expect(advanceChallenge(done, 1)).toEqual({
      currentCount: 2,
      targetCount: 2,
      completed: true,
      justCompleted: false,
    });
    expect(advanceChallenge(start, -3).currentCount).toBe(0);
    expect(challengePercent({ currentCount: 1, targetCount: 3 })).toBe(33);
    expect(challengePercent({ currentCount: 3, targetCount: 3 })).toBe(100);
  });

  it('rewards from the catalogue, 5 for an unknown type', () => {
    expect(rewardFor('reading_time')).toBe(15);
    expect(rewardFor('read_stories')).toBe(10);
    expect(rewardFor('juggling')).toBe(5);
    expect(challengeTask('read_stories', 1)).toBe('Read 1 story aloud');
    expect(challengeTask('read_stories', 2)).toBe('Read 2 stories aloud');
    expect(challengeTask('reading_time', 12)).toBe('Read aloud for 12 minutes');
  });

  it("takes the day in the reader's zone; an unknown zone is UTC", () => {
    const now = new Date('2027-03-01T20:00:00Z');
    expect(dayInTimeZone(now, 'Pacific/Kiritimati')).toBe('2027-03-02');
    expect(dayInTimeZone(now, 'America/New_York')).toBe('2027-03-01');
    expect(dayInTimeZone(now, null)).toBe('2027-03-01');
    expect(dayInTimeZone(now, 'Nowhere/Land')).toBe('2027-03-01');
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone("Europe/Paris'; drop")).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('keeps each zone its own day while formatters are reused, however many zones are asked', () => {
    const now = new Date('2027-03-01T20:00:00Z');
    for (let i = 0; i < 3; i++) {
      expect(dayInTimeZone(now, 'Pacific/Kiritimati')).toBe('2027-03-02');
      expect(dayInTimeZone(now, 'Nowhere/Land')).toBe('2027-03-01');
      expect(dayInTimeZone(now, 'Asia/Tokyo')).toBe('2027-03-02');
      expect(dayInTimeZone(now, 'America/Los_Angeles')).toBe('2027-03-01');
    }
    // The runtime takes a zone in any letter case: more spellings than the cache holds still give the right day.
    const zone = 'pacific/kiritimati';
    for (let mask = 0; mask < 1100; mask++) {
      const spelled = [...zone].map((c, i) => ((mask >> i) & 1 ? c.toUpperCase() : c)).join('');
      expect(dayInTimeZone(now, spelled)).toBe('2027-03-02');
    }
    expect(dayInTimeZone(now, 'America/New_York')).toBe('2027-03-01');
  });
});
