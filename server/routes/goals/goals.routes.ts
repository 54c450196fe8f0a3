/**
 * Reading Goals' API (mounted at /api; docs/decisions/0042-reading-goals.md). Payloads: core/api/goals.ts;
 * errors: core/api/errors.ts. Every route needs a signed-in user (401 `unauthenticated` without one). Who may see
 * and write what: goals.service.ts.
 */
import { Hono } from 'hono';
import { SetGoalRequestSchema, type Goals, type SetGoalResponse } from '#core/api/goals.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError } from '../../http/errors.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate, type RefusalFor } from '../../http/validate.ts';
// The family routes' reader id: a user id as better-auth makes them, or tests do; anything else is no one.
import { ChildIdParamSchema } from '../family/family.routes.ts';
import { goalsOf, removeGoal, setGoal } from './goals.service.ts';

const noSuchReader: RefusalFor = () => ({
  status: 404,
  code: 'not_found',
  message: 'You do not follow this reader.',
});

/** Build the goals routes. `now` is injectable for tests (the week is taken from it). */
export function createGoalsRoutes(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return (
    new Hono<AppEnv>()
      /** GET /api/goals → 200 Goals `{ mine, children }`. */
      .get('/goals', requireUser, async (c) => {
        const body: Goals = await goalsOf(db, c.var.user.id, now());
        return c.json(body, 200);
      })
      /**
       * PUT /api/goals/:childId `{ daysPerWeek: 1–7 }` → 200 `{ goal }`. 404 `not_found` for a reader the user does
       * not follow (unknown, malformed, someone else's, oneself); 422 `invalid_input` for another body; 400; 413.
       */
      .put(
        '/goals/:childId',
        requireUser,
        validate('param', ChildIdParamSchema, noSuchReader),
        validate('json', SetGoalRequestSchema),
        async (c) => {
          const goal = await setGoal(
            db,
            c.var.user.id,
            c.req.valid('param').childId,
            c.req.valid('json').daysPerWeek,
            now(),
          );
          if (!goal) return apiError(c, 404, 'not_found', 'You do not follow this reader.');
          const body: SetGoalResponse = { goal };
          return c.json(body, 200);
        },
      )
      /** DELETE /api/goals/:childId → 204 (also when there was no goal); 404 as PUT. */
      .delete(
        '/goals/:childId',
        requireUser,
        validate('param', ChildIdParamSchema, noSuchReader),
        async (c) => {
          if (!(await removeGoal(db, c.var.user.id, c.req.valid('param').childId)))
            return apiError(c, 404, 'not_found', 'You do not follow this reader.');
          return c.body(null, 204);
        },
      )
  );
}
