/**
 * Enhanced Reports' API (mounted at /api; docs/decisions/0053-enhanced-reports.md). Payload:
 * core/api/enhanced-reports.ts; errors: core/api/errors.ts. Every route needs a signed-in user (401
 * `unauthenticated` without one) and, like every /api answer, is sent with `Cache-Control: no-store`. Who may see
 * what: enhanced-reports.service.ts.
 */
import { Hono } from 'hono';
import {
  DEFAULT_ENHANCED_PERIOD,
  EnhancedReportQuerySchema,
  type EnhancedReport,
} from '#core/api/enhanced-reports.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError } from '../../http/errors.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate, type RefusalFor } from '../../http/validate.ts';
import { ChildIdParamSchema } from '../family/family.routes.ts';
import { childEnhancedReport, ownEnhancedReport } from './enhanced-reports.service.ts';

const NOT_FOLLOWED = 'You do not follow this reader.';
const noSuchReader: RefusalFor = () => ({ status: 404, code: 'not_found', message: NOT_FOLLOWED });

/**
 * Build the Enhanced Reports routes.
 * @param deps.now - the clock (tests fix "today"); default the system's
 */
export function createEnhancedReportRoutes(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return (
    new Hono<AppEnv>()
      /**
       * GET /api/reports/enhanced?period=last-4-weeks|last-12-weeks|all → 200 EnhancedReport: the signed-in user's
       * own readings in the period (default last-4-weeks), week by week, with miscues by type and words to practise.
       * 422 `invalid_input` for another query field, another period or `period` given twice.
       */
      .get('/reports/enhanced', requireUser, validate('query', EnhancedReportQuerySchema), async (c) => {
        const period = c.req.valid('query').period ?? DEFAULT_ENHANCED_PERIOD;
        const body: EnhancedReport = await ownEnhancedReport(db, c.var.user.id, period, now());
        return c.json(body, 200);
      })

      /**
       * GET /api/family/children/:childId/enhanced-report?period=… → 200 EnhancedReport of a reader the user follows
       * (ADR 0041's link rule, as GET /api/family/children/:childId/report). 404 `not_found` for any reader the user
       * does not follow: an unknown or malformed id, another guardian's reader, a link removed, the user's own id;
       * 422 `invalid_input` for a bad query with a well-formed id (checked before the link, so it tells nothing of it).
       */
      .get(
        '/family/children/:childId/enhanced-report',
        requireUser,
        validate('param', ChildIdParamSchema, noSuchReader),
        validate('query', EnhancedReportQuerySchema),
        async (c) => {
          const period = c.req.valid('query').period ?? DEFAULT_ENHANCED_PERIOD;
          const body = await childEnhancedReport(
            db,
            c.var.user.id,
            c.req.valid('param').childId,
            period,
            now(),
          );
          if (!body) return apiError(c, 404, 'not_found', NOT_FOLLOWED);
          return c.json(body satisfies EnhancedReport, 200);
        },
      )
  );
}
