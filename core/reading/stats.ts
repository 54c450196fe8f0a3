/**
 * Reading statistics (spec §9 "Reading statistics"; §3 "Derived per-story performance" and "Recent
 * progress"). Pure functions over saved sessions. The answer is camelCase throughout; WCPM (words
 * correct per minute) is `wcpm`.
 */

/** The fields of a saved session the statistics use. Scores may be null (spec §3). */
export interface SessionFigures {
  id: string;
  createdAt: Date;
  storyId: string | null;
  storyTitle: string;
  fluencyScore: number | null;
  accuracyPercentage: number | null;
  /** Words correct per minute (WCPM), or null. */
  wcpm: number | null;
  tokensAwarded: number;
}

/** Spec §9: the chart shows the last 10 sessions. */
export const CHART_SESSIONS = 10;

export type Trend = 'up' | 'down' | 'stable';

/** Spec §9: up when the difference is above 0, down below 0, stable at 0. */
export function trendOf(difference: number): Trend {
  return difference > 0 ? 'up' : difference < 0 ? 'down' : 'stable';
}

const round1 = (n: number) => Math.round(n * 10) / 10;

interface Scored extends SessionFigures {
  fluencyScore: number;
  accuracyPercentage: number;
  wcpm: number;
}

/** Spec §9: only sessions with all three values non-null count. */
function isScored(s: SessionFigures): s is Scored {
  return s.fluencyScore !== null && s.accuracyPercentage !== null && s.wcpm !== null;
}

const byTime = (a: SessionFigures, b: SessionFigures) => a.createdAt.getTime() - b.createdAt.getTime();

/** Compute every statistic of the reading-stats view from a user's sessions (any order). */
export function computeReadingStats(sessions: readonly SessionFigures[]) {
  const scored = sessions.filter(isScored).sort(byTime);
  const chart = scored.slice(-CHART_SESSIONS).map((s) => ({
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    storyTitle: s.storyTitle,
    fluencyScore: s.fluencyScore,
    accuracy: s.accuracyPercentage,
    wcpm: s.wcpm,
  }));
  const mean = (pick: (s: Scored) => number) => scored.reduce((sum, s) => sum + pick(s), 0) / scored.length;
  const averages = scored.length
    ? {
        fluency: round1(mean((s) => s.fluencyScore)),
        accuracy: round1(mean((s) => s.accuracyPercentage)),
        wcpm: Math.round(mean((s) => s.wcpm)),
        sessions: scored.length,
      }
    : { fluency: null, accuracy: null, wcpm: null, sessions: 0 };

  const latest = scored.at(-1);
  const previous = scored.at(-2);
  const recentProgress =
    latest && previous
      ? {
          accuracy: round1(latest.accuracyPercentage - previous.accuracyPercentage),
          fluency: round1(latest.fluencyScore - previous.fluencyScore),
          wcpm: Math.round(latest.wcpm - previous.wcpm),
          tokens: latest.tokensAwarded - previous.tokensAwarded,
        }
      : null;

  const groups = new Map<string, SessionFigures[]>();
  for (const s of [...sessions].sort(byTime)) {
    const key = s.storyId ?? `title:${s.storyTitle}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const perStory = [...groups.values()].map((attempts) => {
    const first = attempts[0]!;
    const last = attempts.at(-1)!;
    const diff = (pick: (s: SessionFigures) => number | null) => {
      const a = pick(first);
      const b = pick(last);
      return a === null || b === null ? 0 : round1(b - a);
    };
    const improvement = {
      accuracy: diff((s) => s.accuracyPercentage),
      fluency: diff((s) => s.fluencyScore),
      wcpm: diff((s) => s.wcpm),
    };
    return {
      storyId: last.storyId,
      storyTitle: last.storyTitle,
      attempts: attempts.length,
      latest: {
        accuracy: last.accuracyPercentage,
        fluency: last.fluencyScore,
        wcpm: last.wcpm,
        tokens: last.tokensAwarded,
      },
      improvement,
      trend: {
        accuracy: trendOf(improvement.accuracy),
        fluency: trendOf(improvement.fluency),
        wcpm: trendOf(improvement.wcpm),
      },
      firstAttemptAt: first.createdAt.toISOString(),
      lastAttemptAt: last.createdAt.toISOString(),
    };
  });

  return { chart, averages, recentProgress, perStory };
}
