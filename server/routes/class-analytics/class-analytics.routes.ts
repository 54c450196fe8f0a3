/**
 * Class Analytics' API (mounted at /api; docs/decisions/0050-class-analytics-and-reports.md), read by the Class
 * Analytics and Student Reports screens: a class's figures on the stories set, and its readers' Reading Screenings. Payload: core/api/class-analytics.ts; errors: core/api/errors.ts. A signed-in
 * teacher only (401 `unauthenticated`, 403 `not_a_teacher`); sent with `Cache-Control: no-store` like every /api
 * answer. Who may see what: class-analytics.service.ts.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  ClassAnalyticsQuerySchema,
  type ClassAnalytics,
  type ClassScreenings,
} from '#core/api/class-analytics.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError } from '../../http/errors.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate, type RefusalFor } from '../../http/validate.ts';
import { classAnalytics } from './class-analytics.service.ts';
import { classScreenings } from './class-screenings.service.ts';

const ClassIdParamSchema = z.object({ classId: z.uuid() });
const NoQuerySchema = z.strictObject({});
const NO_CLASS = 'No such class.';
const noClass: RefusalFor = () => ({ status: 404, code: 'not_found', message: NO_CLASS });

/** Build the class analytics routes. */
export function createClassAnalyticsRoutes(deps: { db: Database }) {
  const { db } = deps;
  return (
    new Hono<AppEnv>()
      /**
       * GET /api/classes/:classId/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD → 200 ClassAnalytics: the class's
       * assignments set in the period (all when no period is given) with the class's figures on each, every reader now
       * in the class with their latest counted reading of each, and the words most often read wrong. 404 `not_found`
       * for a class that is not the teacher's (a malformed id too); 422 `invalid_input` for another query field, a
       * malformed day or `from` after `to`; 403 `not_a_teacher`.
       */
      .get(
        '/classes/:classId/analytics',
        requireUser,
        validate('param', ClassIdParamSchema, noClass),
        validate('query', ClassAnalyticsQuerySchema),
        async (c) => {
          const body: ClassAnalytics | null = await classAnalytics(
            db,
            c.var.user.id,
            c.req.valid('param').classId,
            c.req.valid('query'),
          );
          if (!body) return apiError(c, 404, 'not_found', NO_CLASS);
          return c.json(body, 200);
        },
      )

      /**
       * GET /api/classes/:classId/screenings → 200 ClassScreenings: every reader now in the class with their complete
       * Reading Screenings completed since they joined it, newest first (ADR 0050). 404 `not_found` for a class that
       * is not the teacher's (a malformed id too); 403 `not_a_teacher`. It takes no query.
       */
      .get(
        '/classes/:classId/screenings',
        requireUser,
        validate('param', ClassIdParamSchema, noClass),
        validate('query', NoQuerySchema),
        async (c) => {
          const body: ClassScreenings | null = await classScreenings(
            db,
            c.var.user.id,
            c.req.valid('param').classId,
          );
          if (!body) return apiError(c, 404, 'not_found', NO_CLASS);
          return c.json(body, 200);
        },
      )
  );
}
