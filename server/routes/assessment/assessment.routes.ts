/**
 * The Reading Assessment's API (mounted at /api; docs/decisions/0038-reading-assessment.md). Payloads:
 * core/api/assessment.ts; errors: core/api/errors.ts. Eligibility is GET /api/assessment-eligibility (account
 * routes); the reading itself is POST /api/reading-sessions with `mode: 'assessment'`.
 */
import { Hono } from 'hono';
import { DeferAssessmentRequestSchema, type DeferAssessmentResponse } from '#core/api/assessment.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { requireUser } from '../../http/require-user.ts';
import { validateEmptyBody } from '../../http/validate.ts';
import { deferAssessment } from './assessment.service.ts';

/** Build the assessment routes. */
export function createAssessmentRoutes(deps: { db: Database }) {
  const { db } = deps;
  return (
    new Hono<AppEnv>()
      /**
       * POST /api/assessment/defer ("Not now"), no body or `{}` → 200 DeferAssessmentResponse `{ deferredUntil }`
       * (ISO 8601): the signed-in reader's assessment is put off for ASSESSMENT_DEFER_HOURS (24) hours, and
       * GET /api/assessment-eligibility answers `deferred` until then. Refusals, which change nothing:
       * 401 `unauthenticated`; 409 `assessment_completed`; 404 `no_profile`; 422 `invalid_input` for any field or
       * a body not sent as JSON; 400 `invalid_json` for a body that does not parse; 413 `body_too_large` over
       * MAX_JSON_BYTES (64 KiB).
       */
      .post('/assessment/defer', requireUser, validateEmptyBody(DeferAssessmentRequestSchema), async (c) => {
        const deferredUntil = await deferAssessment(db, c.var.user.id);
        const body: DeferAssessmentResponse = { deferredUntil: deferredUntil.toISOString() };
        return c.json(body, 200);
      })
  );
}
