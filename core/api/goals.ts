/**
 * Payloads of Reading Goals (/api/goals; docs/decisions/0042-reading-goals.md): a guardian who follows a reader
 * (ADR 0041) sets how many days a week the reader aims to read aloud; the reader sees the goal and this week's
 * days on Home and on /goals, the guardian on /goals. Shared by server and browser.
 */
import { z } from 'zod';

/** Fewest and most days a week a goal can ask for. */
export const MIN_GOAL_DAYS = 1;
export const MAX_GOAL_DAYS = 7;

/** A reader's goal and how this week is going. Weeks run Monday to Sunday in the reader's time zone. */
export const ReadingGoalSchema = z.object({
  /** Days a week the reader aims to read aloud (MIN_GOAL_DAYS–MAX_GOAL_DAYS). */
  daysPerWeek: z.number().int().min(MIN_GOAL_DAYS).max(MAX_GOAL_DAYS),
  /** Days of this week (so far) with at least one saved reading. */
  daysReadThisWeek: z.number().int().min(0).max(7),
  /** This week's Monday, YYYY-MM-DD in the reader's time zone. */
  weekStart: z.string(),
  /** The display name of the grown-up who set or last changed it, or null when their account is gone. */
  setBy: z.string().nullable(),
  /** ISO time it was set or last changed. */
  updatedAt: z.string(),
});
export type ReadingGoal = z.infer<typeof ReadingGoalSchema>;

/** GET /api/goals: the user's own goal, and the goals of the readers they follow (oldest link first). */
export const GoalsSchema = z.object({
  /** The signed-in reader's own goal, or null (always null for a guardian). */
  mine: ReadingGoalSchema.nullable(),
  /** For a guardian: each followed reader and their goal (null: none set). Empty for anyone else. */
  children: z.array(
    z.object({
      userId: z.string(),
      displayName: z.string(),
      goal: ReadingGoalSchema.nullable(),
    }),
  ),
});
export type Goals = z.infer<typeof GoalsSchema>;

/** PUT /api/goals/:childId `{ daysPerWeek }`: a guardian sets or changes a followed reader's goal. */
export const SetGoalRequestSchema = z.strictObject({
  daysPerWeek: z.number().int().min(MIN_GOAL_DAYS).max(MAX_GOAL_DAYS),
});
export type SetGoalRequest = z.infer<typeof SetGoalRequestSchema>;

/** PUT /api/goals/:childId → 200: the goal as now set. */
export const SetGoalResponseSchema = z.object({ goal: ReadingGoalSchema });
export type SetGoalResponse = z.infer<typeof SetGoalResponseSchema>;
