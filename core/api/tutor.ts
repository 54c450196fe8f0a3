/**
 * The tutor after reading's API payloads (issue 12, spec §1 "an AI tutor screen"): GET /api/tutor/plan.
 * The plan's rules are core/tutor/tutor-plan.ts.
 */
import { z } from 'zod';

/** GET /api/tutor/plan takes no query: any parameter (a `userId`, say) is refused, never used. */
export const TutorPlanQuerySchema = z.object({}).strict();

/** GET /api/tutor/plan answer. */
export const TutorPlanResponseSchema = z.object({
  plan: z.object({
    readings: z.number().int().nonnegative(),
    praise: z.array(z.string()),
    practice: z.array(z.object({ word: z.string(), missed: z.number().int().positive() })),
    next: z
      .object({ id: z.uuid(), title: z.string(), level: z.enum(['harder', 'same', 'easier']) })
      .nullable(),
  }),
  /** Whether POST /api/tutor/chat works (the server has an OpenAI key). */
  chat: z.boolean(),
});
/** GET /api/tutor/plan answer. */
export type TutorPlanResponse = z.infer<typeof TutorPlanResponseSchema>;

/** Longest question to the tutor's chat, characters (a child's sentence, not a document). */
export const MAX_TUTOR_MESSAGE_CHARS = 300;

/** POST /api/tutor/chat body: the child's words only (the plan is the server's own). */
export const TutorChatRequestSchema = z
  .object({ message: z.string().trim().min(1).max(MAX_TUTOR_MESSAGE_CHARS) })
  .strict();
export type TutorChatRequest = z.infer<typeof TutorChatRequestSchema>;

/** POST /api/tutor/chat answer. */
export const TutorChatResponseSchema = z.object({ reply: z.string() });
export type TutorChatResponse = z.infer<typeof TutorChatResponseSchema>;
