/**
 * Payloads of the reading-session API (server/routes/reading-sessions), shared by server and browser.
 * A reading session is one scored read-aloud (spec §3 reading_sessions) plus what it earned.
 */
import { z } from 'zod';
import { ScreeningSchema } from './screening.ts';
import { FluencyResultSchema } from '../fluency/result.schema.ts';
import { CompletedChallengeSchema } from './rewards.ts';

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
  /** Words correct per minute (WCPM), or null. Stored in reading_sessions.words_per_minute (spec §3). */
  wcpm: z.number().nullable(),
  tokens_awarded: z.number().int(),
  mode: z.enum(['practice', 'assessment']),
  /** Seconds from the first word's onset to the end of the last word. */
  reading_seconds: z.number().nullable(),
  /** Whether the reader's own recording is still kept (30 days), for "Listen to a word". */
  has_audio: z.boolean(),
  /**
   * The Reading Screening this reading counted for (docs/decisions/0049-reading-screening.md), or null: such a reading
   * is one passage of a screening, not a Reading Assessment of its own, though it is in `assessment` mode.
   */
  screening_id: z.string().nullable().optional(),
  /**
   * Whether the reading was made for a Reading Screening, counted or not, even after the screening was deleted
   * (`screening_id` is then null): not a Reading Assessment of its own.
   */
  for_screening: z.boolean().optional(),
});
export type ReadingSession = z.infer<typeof ReadingSessionSchema>;

/** Longest passage POST /api/fluency/score takes as `text`, in characters. */
export const MAX_PASSAGE_CHARS = 20_000;

/** Scoring mode: practice, or assessment (hesitations count as errors; core/fluency/metrics.ts). */
export const ScoringModeSchema = z.enum(['practice', 'assessment']);

/**
 * POST /api/reading-sessions multipart form: the recording (`audio`, a WAV file), the story read, the
 * mode, and an idempotency key chosen by the client once per recording (the same on every retry).
 */
export const ReadingUploadFormSchema = z.object({
  audio: z.file('Attach the reading as an "audio" file.'),
  storyId: z.uuid('storyId must be a story id'),
  mode: ScoringModeSchema.default('practice'),
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'idempotencyKey must be 8–100 letters, digits, - or _'),
  /**
   * A Reading Screening's id (docs/decisions/0049-reading-screening.md): the reading is that screening's next passage.
   * Needs `mode: 'assessment'` and `storyId` = the screening's next passage; the reading then does not set the
   * assessment's results by itself: the complete screening sets them from its medians.
   */
  screeningId: z.uuid('screeningId must be a screening id').optional(),
});
export type ReadingUploadForm = z.infer<typeof ReadingUploadFormSchema>;

/**
 * POST /api/fluency/score multipart form (scores without saving): the recording, the passage as
 * `text` or a `storyId`, and optional `grade` (K, Pre-K or 0–12), `season`, `mode`, `engine`
 * (openai only when the server has it enabled) and `purpose`. POST /api/reading-sessions
 * ({@link ReadingUploadFormSchema}) has no `purpose`: a reading saved is always scored fully.
 */
export const FluencyScoreFormSchema = z
  .object({
    audio: z.file('Attach the reading as an "audio" file.'),
    text: z.string().trim().min(1).max(MAX_PASSAGE_CHARS).optional(),
    storyId: z.uuid('storyId must be a story id').optional(),
    grade: z
      .string()
      .regex(/^(K|Pre-K|\d{1,2})$/i, 'grade must be K or 0–12')
      .transform((g) => (/^(K|Pre-K)$/i.test(g) ? ('K' as const) : Number(g)))
      .refine((g) => g === 'K' || g <= 12, 'grade must be K or 0–12')
      .optional(),
    season: z.enum(['fall', 'winter', 'spring']).optional(),
    mode: ScoringModeSchema.optional(),
    engine: z.enum(['pocketsphinx', 'openai']).optional(),
    /**
     * `reading_end`: the fluency page's end-of-reading check (did the reader reach the last word?), scored by
     * pocketsphinx's first pass alone, without Moonshine's nominations and the later passes (they can change which
     * words are errors, not how far the reader got): about a third of the work. Its word verdicts are rough.
     * `score` (the default): full scoring.
     */
    purpose: z.enum(['score', 'reading_end']).optional(),
  })
  .refine((f) => f.text !== undefined || f.storyId !== undefined, {
    message: 'Send the passage as "text" or a "storyId".',
  });
export type FluencyScoreForm = z.infer<typeof FluencyScoreFormSchema>;

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
  /** Daily challenges this session completed, each paid its reward once (spec §4.4). */
  completedChallenges: z.array(CompletedChallengeSchema),
  /** Whether this answer is a replay of a session saved before. */
  replayed: z.boolean(),
  /** With `screeningId`: the screening after this reading (its next passage, or its score once complete). */
  screening: ScreeningSchema.optional(),
  /**
   * With `screeningId`: whether this reading counts as the passage's. A reading stopped before 30 s and before the
   * passage's last word (core/assessment/results.ts setsTheLevel) is no measure of the reader: it is saved as the
   * reader's reading, outside the screening, whose next passage stays the same story, to read again.
   */
  screeningCounted: z.boolean().optional(),
});
export type SaveReadingSessionResponse = z.infer<typeof SaveReadingSessionResponseSchema>;

/**
 * One row of GET /api/reading-sessions: only what the progress page's session table shows (spec §7.3:
 * date, story, WCPM, accuracy, fluency score, tokens), whether it was a practice reading or the
 * Reading Assessment (with its story, so a second assessment takes another passage), and what its
 * delete button says (whether a recording goes too). The whole session, with the per-word result,
 * is GET /api/reading-sessions/:id.
 */
export const ReadingSessionSummarySchema = ReadingSessionSchema.pick({
  id: true,
  created_at: true,
  story_id: true,
  story_title: true,
  mode: true,
  wcpm: true,
  accuracy_percentage: true,
  fluency_score: true,
  tokens_awarded: true,
  has_audio: true,
  screening_id: true,
  for_screening: true,
});
export type ReadingSessionSummary = z.infer<typeof ReadingSessionSummarySchema>;

/** GET /api/reading-sessions: the user's newest 500 sessions, newest first (spec §7.3). */
export const ReadingSessionListSchema = z.object({ sessions: z.array(ReadingSessionSummarySchema) });

/** GET /api/reading-sessions/:id: one session with its per-word result. */
export const ReadingSessionDetailSchema = z.object({
  session: ReadingSessionSchema,
  result: FluencyResultSchema.nullable(),
});

/** Trend of a measure between two sessions (spec §9: up above 0, down below 0, stable at 0). */
export const TrendSchema = z.enum(['up', 'down', 'stable']);

/**
 * GET /api/reading-stats (spec §9 reading statistics, §3 derived per-story performance and recent
 * progress). camelCase throughout; WCPM is `wcpm`.
 */
export const ReadingStatsSchema = z.object({
  /** Last 10 scored sessions in chronological order (spec §9). */
  chart: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      storyTitle: z.string(),
      fluencyScore: z.number(),
      /** Percent 0–100. */
      accuracy: z.number(),
      /** Words correct per minute. */
      wcpm: z.number(),
    }),
  ),
  /** Averages over scored sessions: fluency and accuracy to 1 decimal, WCPM whole (spec §9); null when none. */
  averages: z.object({
    fluency: z.number().nullable(),
    accuracy: z.number().nullable(),
    wcpm: z.number().nullable(),
    sessions: z.number().int(),
  }),
  /** Latest minus previous session (spec §3 recent progress); null with fewer than 2 sessions. */
  recentProgress: z
    .object({ accuracy: z.number(), fluency: z.number(), wcpm: z.number(), tokens: z.number() })
    .nullable(),
  perStory: z.array(
    z.object({
      storyId: z.string().nullable(),
      storyTitle: z.string(),
      attempts: z.number().int(),
      latest: z.object({
        accuracy: z.number().nullable(),
        fluency: z.number().nullable(),
        wcpm: z.number().nullable(),
        tokens: z.number(),
      }),
      improvement: z.object({ accuracy: z.number(), fluency: z.number(), wcpm: z.number() }),
      trend: z.object({ accuracy: TrendSchema, fluency: TrendSchema, wcpm: TrendSchema }),
      firstAttemptAt: z.string(),
      lastAttemptAt: z.string(),
    }),
  ),
  /** Consecutive reading days (spec §4.6). */
  streak: z.number().int(),
});
export type ReadingStats = z.infer<typeof ReadingStatsSchema>;

/** DELETE /api/reading-sessions/:id answer: the session, its recording and its activity row are gone. */
export const DeleteReadingSessionResponseSchema = z.object({ deleted: z.literal(true) });

/**
 * DELETE /api/recordings answer: how many of the user's recordings were deleted. The scores stay; each
 * session's `has_audio` becomes false.
 */
export const DeleteRecordingsResponseSchema = z.object({ deleted: z.number().int().min(0) });
export type DeleteRecordingsResponse = z.infer<typeof DeleteRecordingsResponseSchema>;

/**
 * What a game's find earned (a letter found, ADR 0037; a word built, ADR 0039), part of each game's answer:
 * the achievements and completed daily challenges it earned, and the reader's balance after any payment.
 */
export const GameRewardsSchema = z.object({
  /** Achievements earned by this find. */
  newAchievements: z.array(AchievementSchema),
  /** Daily challenges completed and paid by this find. */
  completedChallenges: z.array(CompletedChallengeSchema),
  /** The reader's token balance after any payment. */
  balance: z.number().int(),
});
export type GameRewards = z.infer<typeof GameRewardsSchema>;
