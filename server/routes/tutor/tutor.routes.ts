/**
 * The tutor after reading's API (mounted at /api; issue 12, spec §1): GET /api/tutor/plan.
 * Payloads: core/api/tutor.ts; errors: core/api/errors.ts.
 */
import { Hono } from 'hono';
import { TutorPlanQuerySchema } from '#core/api/tutor.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate } from '../../http/validate.ts';
import { tutorPlanFor } from './tutor.service.ts';

/**
 * Build the tutor routes.
 *
 * GET /api/tutor/plan → `{ plan }` (TutorPlanResponse): praise, the 3 words missed most and the next
 * story, from the signed-in reader's own readings only. 401 signed out; 422 `invalid_input` for any
 * query parameter (there is no way to ask for another reader's plan).
 */
export function createTutorRoutes(deps: { db: Database }) {
  const { db } = deps;
  return new Hono<AppEnv>().get(
    '/tutor/plan',
    requireUser,
    validate('query', TutorPlanQuerySchema),
    async (c) => c.json({ plan: await tutorPlanFor(db, c.var.user.id) }, 200),
  );
}
