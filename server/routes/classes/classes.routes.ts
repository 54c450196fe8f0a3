/**
 * Classes' API (mounted at /api; docs/decisions/0046-classes.md): /api/classes for teachers, /api/classroom for
 * readers. Payloads: core/api/classes.ts; errors: core/api/errors.ts. Every route needs a signed-in user (401
 * `unauthenticated` without one) and, like every /api answer, is sent with `Cache-Control: no-store`. Any class or
 * reader that is not the signed-in teacher's answers 404 `not_found`, never 403, whether or not it exists. Who may
 * see what: classes.service.ts.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  CLASS_FAILURES_PER_WINDOW,
  CLASS_TRIES_PER_WINDOW,
  CLASS_TRIES_WINDOW_MINUTES,
  ClassCodeRequestSchema,
  CreateClassRequestSchema,
  UpdateClassRequestSchema,
  type ClassCodeResponse,
  type ClassDetail,
  type ClassList,
  type Classroom,
  type ClassResponse,
  type JoinedClassResponse,
  type PupilList,
  type PupilReport,
} from '#core/api/classes.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError, ApiFailure } from '../../http/errors.ts';
import { createFixedWindowLimiter, type RateLimiter } from '../../http/rate-limit.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate, validateEmptyBody, type RefusalFor } from '../../http/validate.ts';
import {
  classDetail,
  classroomOf,
  createClass,
  deleteClass,
  joinClass,
  leaveClass,
  listClasses,
  makeClassCode,
  previewClass,
  pupilReport,
  pupilsOf,
  OwnClassCodeRefusal,
  randomClassCode,
  removePupil,
  turnOffClassCode,
  updateClass,
  type ClassCodeSource,
} from './classes.service.ts';

/** POST /api/classes/:classId/code takes nothing: no body, or `{}`. */
const EmptyBodySchema = z.strictObject({});
/** A user id as better-auth makes them (letters and digits) or tests do (`test-<uuid>`); anything else is no one. */
const studentId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);
/** A class id is a uuid: anything else (`pupils` included) is no class. */
const ClassIdParamSchema = z.object({ classId: z.uuid() });
const StudentIdParamSchema = z.object({ studentId });
const PupilParamSchema = z.object({ classId: z.uuid(), studentId });
const NO_CLASS = 'No such class.';
const NO_PUPIL = 'No such reader in your classes.';
const noClass: RefusalFor = () => ({ status: 404, code: 'not_found', message: NO_CLASS });
const noPupil: RefusalFor = () => ({ status: 404, code: 'not_found', message: NO_PUPIL });

/** A wait in whole minutes, in words ("a minute", "12 minutes"). */
function minutes(seconds: number): string {
  const m = Math.ceil(seconds / 60);
  return m === 1 ? 'a minute' : `${m} minutes`;
}

/**
 * Build the classes routes.
 * @param deps.now - the clock (tests move it past a code's expiry); default the system's
 * @param deps.classTries - class codes a reader may try, looked up or joined (default {@link CLASS_TRIES_PER_WINDOW}
 *   per {@link CLASS_TRIES_WINDOW_MINUTES} minutes, per user id, right or wrong)
 * @param deps.classFailures - wrong class codes the whole server takes (default {@link CLASS_FAILURES_PER_WINDOW} per
 *   {@link CLASS_TRIES_WINDOW_MINUTES} minutes, from every reader together); past it, every try is refused until the
 *   window ends, so many accounts cannot pool their tries to guess a live code
 * @param deps.randomCode - where new codes come from; default node:crypto's `randomInt`
 */
export function createClassRoutes(deps: {
  db: Database;
  now?: () => Date;
  classTries?: RateLimiter;
  classFailures?: RateLimiter;
  randomCode?: ClassCodeSource;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const randomCode = deps.randomCode ?? randomClassCode;
  const classTries =
    deps.classTries ?? createFixedWindowLimiter(CLASS_TRIES_PER_WINDOW, CLASS_TRIES_WINDOW_MINUTES * 60_000);
  const classFailures =
    deps.classFailures ??
    // The limiter refuses the take after its limit: the CLASS_FAILURES_PER_WINDOW-th wrong code starts the pause.
    createFixedWindowLimiter(CLASS_FAILURES_PER_WINDOW - 1, CLASS_TRIES_WINDOW_MINUTES * 60_000);
  /** While the server has taken too many wrong codes: when tries are taken again (ms since the epoch). */
  let failuresBlockedUntil = 0;
  const refuse = (retryAfterSeconds: number): never => {
    throw new ApiFailure(
      429,
      'rate_limited',
      `Too many class codes tried. Please wait ${minutes(retryAfterSeconds)} and try again.`,
      { retryAfterSeconds },
      { 'retry-after': String(retryAfterSeconds) },
    );
  };
  /**
   * One try of a class code by `userId` (preview or join): refused while the server pauses, or past the user's
   * tries; a wrong code is logged (with who tried, never the code) and counted towards the server's pause. A code
   * of the reader's own class ({@link OwnClassCodeRefusal}) is answered alike but is no wrong guess: neither.
   */
  async function tryCode<T>(
    log: AppEnv['Variables']['log'],
    userId: string,
    attempt: () => Promise<T>,
  ): Promise<T> {
    const blockedFor = Math.ceil((failuresBlockedUntil - Date.now()) / 1000);
    if (blockedFor > 0) {
      log.warn({ event: 'class_code_rate_limited', userId, scope: 'server' }, 'class codes paused');
      refuse(blockedFor);
    }
    const quota = classTries.take(userId);
    if (!quota.ok) {
      log.warn({ event: 'class_code_rate_limited', userId }, 'too many class codes tried');
      refuse(quota.retryAfterSeconds);
    }
    try {
      return await attempt();
    } catch (error) {
      if (
        error instanceof ApiFailure &&
        error.code === 'class_code_invalid' &&
        !(error instanceof OwnClassCodeRefusal)
      ) {
        // Logged with who tried (never the code), for an operator to see a guessing spree.
        log.warn({ event: 'class_code_wrong', userId }, 'a wrong class code was tried');
        const failures = classFailures.take('server');
        if (!failures.ok) failuresBlockedUntil = Date.now() + failures.retryAfterSeconds * 1000;
      }
      throw error;
    }
  }

  return (
    new Hono<AppEnv>()
      // ---------------------------------------------------------------------------------------------
      // Teachers. Every route answers 403 `not_a_teacher` to an account that is not a teacher's (profile type
      // teacher, or the teacher role); a malformed id in the path is refused first, 404 like an unknown one.
      // ---------------------------------------------------------------------------------------------

      /** GET /api/classes → 200 ClassList `{ classes }`: the teacher's classes, oldest first. */
      .get('/classes', requireUser, async (c) => {
        const body: ClassList = await listClasses(db, c.var.user.id, now());
        return c.json(body, 200);
      })

      /**
       * POST /api/classes `{ name, grade? }` → 201 ClassResponse `{ class }`. Refusals: 409 `too_many_classes` at
       * MAX_CLASSES_PER_TEACHER; 422 `invalid_input` (a name empty or over CLASS_NAME_MAX_CHARS after trimming, or
       * with control characters; an unknown grade; another field); 400 `invalid_json`; 413 `body_too_large`.
       */
      .post('/classes', requireUser, validate('json', CreateClassRequestSchema), async (c) => {
        const made = await createClass(db, c.var.user.id, c.req.valid('json'), now());
        c.var.log.info({ event: 'class_made' }, 'a teacher made a class');
        const body: ClassResponse = { class: made };
        return c.json(body, 201);
      })

      /**
       * GET /api/classes/pupils → 200 PupilList `{ pupils }`: every reader of the teacher's classes, once, by
       * display name, with their classes. (Before `/classes/:classId`, which would not take it anyway: a class id
       * is a uuid.)
       */
      .get('/classes/pupils', requireUser, async (c) => {
        const body: PupilList = await pupilsOf(db, c.var.user.id, now());
        return c.json(body, 200);
      })

      /**
       * GET /api/classes/pupils/:studentId/report → 200 PupilReport: the report a guardian sees (ADR 0041), the
       * reader's learning path as the guardian gets it (next step, each step's status; ADR 0052) and the
       * teacher's classes the reader is in. 404 `not_found` for a reader in none of them.
       */
      .get(
        '/classes/pupils/:studentId/report',
        requireUser,
        validate('param', StudentIdParamSchema, noPupil),
        async (c) => {
          const report: PupilReport | null = await pupilReport(
            db,
            c.var.user.id,
            c.req.valid('param').studentId,
            now(),
          );
          if (!report) return apiError(c, 404, 'not_found', NO_PUPIL);
          return c.json(report, 200);
        },
      )

      /** GET /api/classes/:classId → 200 ClassDetail `{ class, pupils }` (pupils by display name); 404. */
      .get('/classes/:classId', requireUser, validate('param', ClassIdParamSchema, noClass), async (c) => {
        const body: ClassDetail | null = await classDetail(
          db,
          c.var.user.id,
          c.req.valid('param').classId,
          now(),
        );
        if (!body) return apiError(c, 404, 'not_found', NO_CLASS);
        return c.json(body, 200);
      })

      /**
       * PATCH /api/classes/:classId `{ name?, grade? }` (at least one; grade null: none) → 200 ClassResponse; 404;
       * 422 as POST /api/classes.
       */
      .patch(
        '/classes/:classId',
        requireUser,
        validate('param', ClassIdParamSchema, noClass),
        validate('json', UpdateClassRequestSchema),
        async (c) => {
          const changed = await updateClass(
            db,
            c.var.user.id,
            c.req.valid('param').classId,
            c.req.valid('json'),
            now(),
          );
          if (!changed) return apiError(c, 404, 'not_found', NO_CLASS);
          const body: ClassResponse = { class: changed };
          return c.json(body, 200);
        },
      )

      /** DELETE /api/classes/:classId → 204: the class, its code and its memberships go; readers' data stays. 404. */
      .delete('/classes/:classId', requireUser, validate('param', ClassIdParamSchema, noClass), async (c) => {
        if (!(await deleteClass(db, c.var.user.id, c.req.valid('param').classId))) {
          return apiError(c, 404, 'not_found', NO_CLASS);
        }
        c.var.log.info({ event: 'class_deleted' }, 'a teacher deleted a class');
        return c.body(null, 204);
      })

      /**
       * POST /api/classes/:classId/code, no body or `{}` → 201 ClassCodeResponse `{ code, expiresAt }`: a new code
       * of CLASS_CODE_LENGTH digits working for CLASS_CODE_TTL_DAYS; the class's earlier code stops working. 404;
       * 422 `invalid_input` for any field or a body not sent as JSON; 400 `invalid_json`; 413 `body_too_large`.
       */
      .post(
        '/classes/:classId/code',
        requireUser,
        validate('param', ClassIdParamSchema, noClass),
        validateEmptyBody(EmptyBodySchema),
        async (c) => {
          const code: ClassCodeResponse | null = await makeClassCode(
            db,
            c.var.user.id,
            c.req.valid('param').classId,
            now(),
            randomCode,
          );
          if (!code) return apiError(c, 404, 'not_found', NO_CLASS);
          return c.json(code, 201);
        },
      )

      /** DELETE /api/classes/:classId/code → 204: joining is off (readers in the class stay). 404. */
      .delete(
        '/classes/:classId/code',
        requireUser,
        validate('param', ClassIdParamSchema, noClass),
        async (c) => {
          if (!(await turnOffClassCode(db, c.var.user.id, c.req.valid('param').classId))) {
            return apiError(c, 404, 'not_found', NO_CLASS);
          }
          return c.body(null, 204);
        },
      )

      /**
       * DELETE /api/classes/:classId/pupils/:studentId → 204: the reader is out of the class (their data stays). 404
       * `not_found` for a reader not in such a class of the teacher's.
       */
      .delete(
        '/classes/:classId/pupils/:studentId',
        requireUser,
        validate('param', PupilParamSchema, noPupil),
        async (c) => {
          const { classId, studentId } = c.req.valid('param');
          if (!(await removePupil(db, c.var.user.id, classId, studentId))) {
            return apiError(c, 404, 'not_found', NO_PUPIL);
          }
          c.var.log.info({ event: 'class_pupil_removed' }, 'a teacher removed a reader from a class');
          return c.body(null, 204);
        },
      )

      // ---------------------------------------------------------------------------------------------
      // Readers. Every route answers 403 `not_a_reader` to an account that is not a reader's (student or other).
      // ---------------------------------------------------------------------------------------------

      /** GET /api/classroom → 200 Classroom `{ classes }`: the reader's classes, oldest joined first. */
      .get('/classroom', requireUser, async (c) => {
        const body: Classroom = await classroomOf(db, c.var.user.id);
        return c.json(body, 200);
      })

      /**
       * POST /api/classroom/preview `{ code }` (spaces and dashes forgiven) → 200 JoinedClassResponse `{ class }`
       * (joinedAt null unless the reader is in it): which class a code is, before joining. A try like a join, with
       * the same refusals but the 409s.
       */
      .post('/classroom/preview', requireUser, validate('json', ClassCodeRequestSchema), async (c) => {
        const userId = c.var.user.id;
        const found = await tryCode(c.var.log, userId, () =>
          previewClass(db, userId, c.req.valid('json').code, now()),
        );
        const body: JoinedClassResponse = { class: found };
        return c.json(body, 200);
      })

      /**
       * POST /api/classroom/join `{ code }` → 201 JoinedClassResponse for a new membership, 200 when the reader is
       * in the class already. Refusals, which change nothing: 429 `rate_limited` with Retry-After after
       * CLASS_TRIES_PER_WINDOW tries (previews included) in CLASS_TRIES_WINDOW_MINUTES minutes, right or wrong, and
       * for everyone once the server has taken CLASS_FAILURES_PER_WINDOW wrong codes in that time; 403
       * `not_a_reader`; 404 `class_code_invalid` (unknown, expired or turned off); 409 `too_many_classes`
       * (MAX_CLASSES_PER_READER) or `class_full` (MAX_CLASS_SIZE); 422 `invalid_input`; 400; 413.
       */
      .post('/classroom/join', requireUser, validate('json', ClassCodeRequestSchema), async (c) => {
        const userId = c.var.user.id;
        const joined = await tryCode(c.var.log, userId, () =>
          joinClass(db, userId, c.req.valid('json').code, now()),
        );
        const body: JoinedClassResponse = { class: joined.class };
        if (joined.created) {
          c.var.log.info({ event: 'class_joined' }, 'a reader joined a class');
          return c.json(body, 201);
        }
        return c.json(body, 200);
      })

      /** DELETE /api/classroom/:classId → 204: the reader leaves the class. 404 `not_found` if not in it. */
      .delete(
        '/classroom/:classId',
        requireUser,
        validate('param', ClassIdParamSchema, noClass),
        async (c) => {
          if (!(await leaveClass(db, c.var.user.id, c.req.valid('param').classId))) {
            return apiError(c, 404, 'not_found', 'You are not in this class.');
          }
          c.var.log.info({ event: 'class_left' }, 'a reader left a class');
          return c.body(null, 204);
        },
      )
  );
}
