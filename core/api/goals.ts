/**
 * Payloads of Reading Goals (/api/goals; docs/decisions/0042-reading-goals.md): a guardian who follows a reader
 * (ADR 0041) sets how many days a week the reader aims to read aloud; the reader sees the goal and this week's
 * days on Home and on /goals, the guardian on /goals. Shared by server and browser.
 */
import { z } from 'zod';

/** Fewest and most days a week a goal can ask for. */
export const MIN_GOAL_DAYS = 1;
export const MAX_GOAL_DAYS = 7;

/** A goal and how this week is going. Weeks run Monday to Sunday in the reader's time zone. */
export const GoalWeekSchema = z.object({
  /** Days a week the reader aims to read aloud (MIN_GOAL_DAYS–MAX_GOAL_DAYS). */
  daysPerWeek: z.number().int().min(MIN_GOAL_DAYS).max(MAX_GOAL_DAYS),
  /** Days of this week, Monday up to today, with at least one saved reading. */
  daysReadThisWeek: z.number().int().min(0).max(7),
  /** This week's Monday, YYYY-MM-DD in the reader's time zone. */
  weekStart: z.string(),
  /** ISO time it was set or last changed. */
  updatedAt: z.string(),
});
export type GoalWeek = z.infer<typeof GoalWeekSchema>;

/** The reader's own goal: with the name of the grown-up who set or last changed it. */
export const ReadingGoalSchema = GoalWeekSchema.extend({
  /** The display name of the grown-up who set or last changed it (their link to the reader holds the goal). */
  setBy: z.string(),
});
export type ReadingGoal = z.infer<typeof ReadingGoalSchema>;

/**
 * A followed reader's goal as a guardian sees it. Guardians never learn of each other (ADR 0041): a guardian is
 * told whether they set it themselves, never another grown-up's name.
 */
export const FollowedGoalSchema = GoalWeekSchema.extend({
  /** True when the asking guardian set or last changed it; false: another grown-up who follows the reader did. */
  setByYou: z.boolean(),
});
export type FollowedGoal = z.infer<typeof FollowedGoalSchema>;

/** GET /api/goals: the user's own goal, and the goals of the readers they follow (oldest link first). */
export const GoalsSchema = z.object({
  /** The signed-in reader's own goal, or null (always null for an account that is not a reader's). */
  mine: ReadingGoalSchema.nullable(),
  /** For a guardian: each followed reader and their goal (null: none set). Empty for anyone else. */
  children: z.array(
    z.object({
      userId: z.string(),
      displayName: z.string(),
      goal: FollowedGoalSchema.nullable(),
    }),
  ),
});
export type Goals = z.infer<typeof GoalsSchema>;

/** PUT /api/goals/:childId `{ daysPerWeek }`: a guardian sets or changes a followed reader's goal. */
export const SetGoalRequestSchema = z.strictObject({
  daysPerWeek: z.number().int().min(MIN_GOAL_DAYS).max(MAX_GOAL_DAYS),
});
export type SetGoalRequest = z.infer<typeof SetGoalRequestSchema>;

/** PUT /api/goals/:childId → 200: the goal as now set (by the asking guardian: `setByYou` true). */
export const SetGoalResponseSchema = z.object({ goal: FollowedGoalSchema });
export type SetGoalResponse = z.infer<typeof SetGoalResponseSchema>;
