/**
 * Reading statistics (spec §9 "Reading statistics"; §3 "Derived per-story performance" and "Recent
 * progress"). Pure functions over saved sessions.
 */

/** The fields of a saved session the statistics use. Scores may be null (spec §3). */
export interface SessionFigures {
  id: string;
  createdAt: Date;
  storyId: string | null;
  storyTitle: string;
  fluencyScore: number | null;
  accuracyPercentage: number | null;
  wordsPerMinute: number | null;
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
  wordsPerMinute: number;
}

/** Spec §9: only sessions with all three values non-null count. */
function isScored(s: SessionFigures): s is Scored {
  return s.fluencyScore !== null && s.accuracyPercentage !== null && s.wordsPerMinute !== null;
}

const byTime = (a: SessionFigures, b: SessionFigures) => a.createdAt.getTime() - b.createdAt.getTime();

/** Compute every statistic of the reading-stats view from a user's sessions (any order). */
export function computeReadingStats(sessions: readonly SessionFigures[]) {
  const scored = sessions.filter(isScored).sort(byTime);
  const chart = scored.slice(-CHART_SESSIONS).map((s) => ({
    id: s.id,
    created_at: s.createdAt.toISOString(),
    story_title: s.storyTitle,
    fluency_score: s.fluencyScore,
    accuracy_percentage: s.accuracyPercentage,
    words_per_minute: s.wordsPerMinute,
  }));
  const mean = (pick: (s: Scored) => number) => scored.reduce((sum, s) => sum + pick(s), 0) / scored.length;
  const averages = scored.length
    ? {
        fluency: round1(mean((s) => s.fluencyScore)),
        accuracy: round1(mean((s) => s.accuracyPercentage)),
        wordsPerMinute: Math.round(mean((s) => s.wordsPerMinute)),
        sessions: scored.length,
      }
    : { fluency: null, accuracy: null, wordsPerMinute: null, sessions: 0 };

  const latest = scored.at(-1);
  const previous = scored.at(-2);
  const recentProgress =
    latest && previous
      ? {
          accuracy: round1(latest.accuracyPercentage - previous.accuracyPercentage),
          fluency: round1(latest.fluencyScore - previous.fluencyScore),
          wordsPerMinute: Math.round(latest.wordsPerMinute - previous.wordsPerMinute),
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
      wordsPerMinute: diff((s) => s.wordsPerMinute),
    };
    return {
      story_id: last.storyId,
      story_title: last.storyTitle,
      attempts: attempts.length,
      latest: {
        accuracy: last.accuracyPercentage,
        fluency: last.fluencyScore,
        wordsPerMinute: last.wordsPerMinute,
        tokens: last.tokensAwarded,
      },
      improvement,
      trend: {
        accuracy: trendOf(improvement.accuracy),
        fluency: trendOf(improvement.fluency),
        wordsPerMinute: trendOf(improvement.wordsPerMinute),
      },
      firstAttemptAt: first.createdAt.toISOString(),
      lastAttemptAt: last.createdAt.toISOString(),
    };
  });

  return { chart, averages, recentProgress, perStory };
}
