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
});
/** GET /api/tutor/plan answer. */
export type TutorPlanResponse = z.infer<typeof TutorPlanResponseSchema>;
