/**
 * Payloads of the reading-session API (server/routes/reading-sessions), shared by server and browser.
 * A reading session is one scored read-aloud (spec §3 reading_sessions) plus what it earned.
 */
import { z } from 'zod';
import { FluencyResultSchema } from '../fluency/result.schema.ts';

/** A saved session (spec §3 reading_sessions, snake_case as the hosted backend returned rows). */
export const ReadingSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  story_id: z.string().nullable(),
  story_title: z.string(),
  /** 0–100, or null when not scored. */
  fluency_score: z.number().nullable(),
  /** Percent 0–100, or null. */
  accuracy_percentage: z.number().nullable(),
  /** Words correct per minute, or null. */
  words_per_minute: z.number().nullable(),
  tokens_awarded: z.number().int(),
  mode: z.enum(['practice', 'assessment']),
  /** Seconds from the first word's onset to the end of the last word. */
  reading_seconds: z.number().nullable(),
  /** Whether the reader's own recording is still kept (30 days), for "Listen to a word". */
  has_audio: z.boolean(),
});
export type ReadingSession = z.infer<typeof ReadingSessionSchema>;

/** An achievement row (spec §3). */
export const AchievementSchema = z.object({
  id: z.string(),
  achievement_type: z.string(),
  achievement_name: z.string(),
  description: z.string(),
  icon_name: z.string().nullable(),
  earned_at: z.string(),
});
export type Achievement = z.infer<typeof AchievementSchema>;

/**
 * POST /api/reading-sessions (multipart: `audio` WAV, `storyId`, optional `mode`, required
 * `idempotencyKey` of 8–100 characters chosen by the client per recording) answers this, 201 the first
 * time and 200 with the same saved session on a replay (which pays nothing more).
 */
export const SaveReadingSessionResponseSchema = z.object({
  session: ReadingSessionSchema,
  result: FluencyResultSchema,
  /** Tokens this session earned (0 on a replay of an already saved session: it was paid the first time). */
  tokensAwarded: z.number().int(),
  /** The reader's token balance after the session. */
  balance: z.number().int(),
  /** Achievements first earned by this session (spec §4.5), for the 'Achievement Unlocked!' toast. */
  newAchievements: z.array(AchievementSchema),
  /** Whether this answer is a replay of a session saved before. */
  replayed: z.boolean(),
});
export type SaveReadingSessionResponse = z.infer<typeof SaveReadingSessionResponseSchema>;

/** GET /api/reading-sessions: the user's sessions, newest first (spec §7.3). */
export const ReadingSessionListSchema = z.object({ sessions: z.array(ReadingSessionSchema) });

/** GET /api/reading-sessions/:id: one session with its per-word result. */
export const ReadingSessionDetailSchema = z.object({
  session: ReadingSessionSchema,
  result: FluencyResultSchema.nullable(),
});

/** Trend of a measure between two sessions (spec §9: up above 0, down below 0, stable at 0). */
export const TrendSchema = z.enum(['up', 'down', 'stable']);

/** GET /api/reading-stats (spec §9 reading statistics, §3 derived per-story performance and recent progress). */
export const ReadingStatsSchema = z.object({
  /** Last 10 scored sessions in chronological order (spec §9). */
  chart: z.array(
    z.object({
      id: z.string(),
      created_at: z.string(),
      story_title: z.string(),
      fluency_score: z.number(),
      accuracy_percentage: z.number(),
      words_per_minute: z.number(),
    }),
  ),
  /** Averages over scored sessions: fluency and accuracy to 1 decimal, WPM whole (spec §9); null when none. */
  averages: z.object({
    fluency: z.number().nullable(),
    accuracy: z.number().nullable(),
    wordsPerMinute: z.number().nullable(),
    sessions: z.number().int(),
  }),
  /** Latest minus previous session (spec §3 recent progress); null with fewer than 2 sessions. */
  recentProgress: z
    .object({ accuracy: z.number(), fluency: z.number(), wordsPerMinute: z.number(), tokens: z.number() })
    .nullable(),
  perStory: z.array(
    z.object({
      story_id: z.string().nullable(),
      story_title: z.string(),
      attempts: z.number().int(),
      latest: z.object({
        accuracy: z.number().nullable(),
        fluency: z.number().nullable(),
        wordsPerMinute: z.number().nullable(),
        tokens: z.number(),
      }),
      improvement: z.object({ accuracy: z.number(), fluency: z.number(), wordsPerMinute: z.number() }),
      trend: z.object({ accuracy: TrendSchema, fluency: TrendSchema, wordsPerMinute: TrendSchema }),
      firstAttemptAt: z.string(),
      lastAttemptAt: z.string(),
    }),
  ),
  /** Consecutive reading days (spec §4.6). */
  streak: z.number().int(),
});
export type ReadingStats = z.infer<typeof ReadingStatsSchema>;
