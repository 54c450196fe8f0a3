/**
 * Payloads of Create Story (POST /api/stories/made; docs/decisions/0045-create-story.md), shared by server and
 * browser.
 */
import { z } from 'zod';
import { STORY_HEROES, STORY_PLACES, STORY_PLOTS } from '../stories/story-maker.ts';
import { GameRewardsSchema } from './reading-sessions.ts';
import { StorySummarySchema } from './stories.ts';

/** POST /api/stories/made body: the child's three choices. `pet` needs a pet's name on the profile. */
export const MakeStoryRequestSchema = z.strictObject({
  hero: z.enum(STORY_HEROES),
  place: z.enum(STORY_PLACES),
  plot: z.enum(STORY_PLOTS),
});
export type MakeStoryRequest = z.infer<typeof MakeStoryRequestSchema>;

/**
 * POST /api/stories/made answer: the story kept among the reader's own (`created` false when the same story was
 * kept already, which is returned instead of a copy), and what making it earned (Story Starter for the first).
 */
export const MakeStoryResponseSchema = GameRewardsSchema.extend({
  story: StorySummarySchema,
  created: z.boolean(),
});
export type MakeStoryResponse = z.infer<typeof MakeStoryResponseSchema>;
