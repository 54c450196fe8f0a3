import { describe, expect, it } from 'vitest';
import { computeReadingStats, trendOf, type SessionFigures } from './stats.ts';

let n = 0;
function session(day: number, figures: Partial<SessionFigures> = {}): SessionFigures {
  n++;
  return {
    id: `s${n}`,
    createdAt: new Date(Date.UTC(2026, 10, day, 10)),
    storyId: 'story-a',
    storyTitle: 'Story A',
    fluencyScore: 50,
    accuracyPercentage: 90,
    wcpm: 60,
    tokensAwarded: 5,
    ...figures,
  };
}

describe('computeReadingStats (spec §9, §3)', () => {
  it('is empty without sessions', () => {
    const stats = computeReadingStats([]);
    expect(stats).toEqual({
      chart: [],
      averages: { fluency: null, accuracy: null, wcpm: null, sessions: 0 },
      recentProgress: null,
      perStory: [],
    });
  });

  it('charts the last 10 scored sessions in time order, skipping unscored ones', () => {
    const sessions = Array.from({ length: 12 }, (_, i) => session(i + 1, { wcpm: 40 + i }));
    sessions.push(session(20, { fluencyScore: null }));
    const stats = computeReadingStats([...sessions].reverse());
    expect(stats.chart).toHaveLength(10);
    expect(stats.chart.map((p) => p.wcpm)).toEqual([42, 43, 44, 45, 46, 47, 48, 49, 50, 51]);
  });

  it('rounds averages: fluency and accuracy to 1 decimal, WPM whole', () => {
    const stats = computeReadingStats([
      session(1, { fluencyScore: 50, accuracyPercentage: 90, wcpm: 60 }),
      session(2, { fluencyScore: 51, accuracyPercentage: 91.25, wcpm: 61 }),
      session(3, { fluencyScore: 51, accuracyPercentage: 92, wcpm: 62 }),
    ]);
    // (50+51+51)/3 = 50.666… → 50.7; (90+91.25+92)/3 = 91.083… → 91.1; (60+61+62)/3 = 61
    expect(stats.averages).toEqual({ fluency: 50.7, accuracy: 91.1, wcpm: 61, sessions: 3 });
  });

  it('gives recent progress as latest minus previous', () => {
    const stats = computeReadingStats([
      session(1, { accuracyPercentage: 80, fluencyScore: 40, wcpm: 50, tokensAwarded: 5 }),
      session(2, { accuracyPercentage: 95, fluencyScore: 45, wcpm: 48, tokensAwarded: 10 }),
    ]);
    expect(stats.recentProgress).toEqual({ accuracy: 15, fluency: 5, wcpm: -2, tokens: 5 });
  });

  it('derives per-story attempts, improvement and trends', () => {
    const stats = computeReadingStats([
      session(1, { wcpm: 50, accuracyPercentage: 90, fluencyScore: 40 }),
      session(3, { wcpm: 70, accuracyPercentage: 90, fluencyScore: 35 }),
      session(2, { storyId: 'story-b', storyTitle: 'Story B' }),
    ]);
    const a = stats.perStory.find((s) => s.storyId === 'story-a')!;
    expect(a.attempts).toBe(2);
    expect(a.improvement).toEqual({ accuracy: 0, fluency: -5, wcpm: 20 });
    expect(a.trend).toEqual({ accuracy: 'stable', fluency: 'down', wcpm: 'up' });
    expect(a.latest.wcpm).toBe(70);
    expect(stats.perStory.find((s) => s.storyId === 'story-b')!.attempts).toBe(1);
  });

  it('trendOf follows the sign', () => {
    expect([trendOf(0.1), trendOf(-3), trendOf(0)]).toEqual(['up', 'down', 'stable']);
  });
});
