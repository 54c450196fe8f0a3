/**
 * Reading assignments' routes (docs/decisions/0047-assignments.md; payloads in core/api/assignments.ts; the work in
 * assignments.service.ts). Mounted before the classes routes: `/api/classroom/assignments` is never taken for a
 * class id (the classes routes have only DELETE /api/classroom/:classId, and a class id is a uuid).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  CreateAssignmentRequestSchema,
  type AssignmentDetail,
  type AssignmentList,
  type AssignmentReading,
  type AssignmentResponse,
  type ReaderAssignmentList,
} from '#core/api/assignments.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError, ApiFailure } from '../../http/errors.ts';
import { createFixedWindowLimiter, type RateLimiter } from '../../http/rate-limit.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate, type RefusalFor } from '../../http/validate.ts';
import { NO_WORD_AUDIO, sendRecordingClip } from '../reading-sessions/recording-file.ts';
import {
  assignmentDetail,
  assignmentReading,
  createAssignment,
  deleteAssignment,
  listAssignments,
  readerAssignments,
} from './assignments.service.ts';

/** Assignments a teacher may set in a minute (a fixed window per teacher): a class's term in one sitting. */
export const ASSIGNMENTS_PER_MINUTE = 30;

/** Ids in the path are uuids: anything else is no class or assignment (404 like an unknown one). */
const ClassIdParamSchema = z.object({ classId: z.uuid() });
const AssignmentIdParamSchema = z.object({ assignmentId: z.uuid() });
const NO_CLASS = 'No such class.';
const NO_ASSIGNMENT = 'No such assignment.';
const noClass: RefusalFor = () => ({ status: 404, code: 'not_found', message: NO_CLASS });
const noAssignment: RefusalFor = () => ({ status: 404, code: 'not_found', message: NO_ASSIGNMENT });
const ReadingParamSchema = z.object({ assignmentId: z.uuid(), readingId: z.uuid() });
/** A passage word's index is far below this (a story is at most a few thousand words). */
const MAX_WORD_INDEX = 100_000;
const WordClipQuerySchema = z.strictObject({
  word: z
    .string()
    .regex(/^\d{1,6}$/, 'word: the index of a passage word, a whole number')
    .transform(Number)
    .pipe(z.number().int().min(0).max(MAX_WORD_INDEX)),
});
const NO_READING = 'This reading cannot be opened.';
const noReading: RefusalFor = () => ({ status: 404, code: 'reading_not_found', message: NO_READING });
const noAudio: RefusalFor = () => ({ status: 404, code: 'audio_not_found', message: NO_READING });

/**
 * Build the assignments routes.
 * @param deps.now - the clock (tests move it to check due days); default the system's
 * @param deps.setLimiter - assignments a teacher may set (default {@link ASSIGNMENTS_PER_MINUTE} a minute, per user
 *   id, counted before the checks, refused ones included)
 */
export function createAssignmentRoutes(deps: {
  db: Database;
  /** Where kept recordings live (ADR 0007); a teacher hears an assigned reading's (ADR 0048). */
  dataDir: string;
  now?: () => Date;
  setLimiter?: RateLimiter;
}) {
  const { db, dataDir } = deps;
  const now = deps.now ?? (() => new Date());
  const setLimiter = deps.setLimiter ?? createFixedWindowLimiter(ASSIGNMENTS_PER_MINUTE, 60_000);

  return (
    new Hono<AppEnv>()
      // Teachers: every route answers 403 `not_a_teacher` to an account that is not a teacher's.

      /**
       * POST /api/classes/:classId/assignments `{ storyId, note?, dueOn? }` → 201 AssignmentResponse
       * `{ assignment }`. Refusals, which set nothing: 404 `not_found` (a class not the teacher's, or a malformed
       * id); 404 `story_not_found` (unknown, or not a library story); 409 `too_many_assignments` at
       * MAX_ASSIGNMENTS_PER_CLASS; 422 `invalid_input` (a due day before the UTC day before today or more than
       * ASSIGNMENT_DUE_MAX_DAYS + 1 days after it, a bad note, another field); 429 `rate_limited` with Retry-After
       * after ASSIGNMENTS_PER_MINUTE in a minute; 400 `invalid_json`; 413 `body_too_large`.
       */
      .post(
        '/classes/:classId/assignments',
        requireUser,
        validate('param', ClassIdParamSchema, noClass),
        validate('json', CreateAssignmentRequestSchema),
        async (c) => {
          const userId = c.var.user.id;
          const quota = setLimiter.take(userId);
          if (!quota.ok) {
            throw new ApiFailure(
              429,
              'rate_limited',
              'Too many assignments set at once. Please wait a minute and try again.',
              { retryAfterSeconds: quota.retryAfterSeconds },
              { 'retry-after': String(quota.retryAfterSeconds) },
            );
          }
          const assignment = await createAssignment(
            db,
            userId,
            c.req.valid('param').classId,
            c.req.valid('json'),
            now(),
          );
          c.var.log.info({ event: 'assignment_set' }, 'a teacher set an assignment');
          const body: AssignmentResponse = { assignment };
          return c.json(body, 201);
        },
      )

      /** GET /api/assignments → 200 AssignmentList `{ assignments }`: the teacher's, newest first. */
      .get('/assignments', requireUser, async (c) => {
        const body: AssignmentList = await listAssignments(db, c.var.user.id);
        return c.json(body, 200);
      })

      /**
       * GET /api/assignments/:assignmentId → 200 AssignmentDetail `{ assignment, results }` (every reader now in the
       * class, by display name). 404 `not_found` for anything not the teacher's, malformed ids too.
       */
      .get(
        '/assignments/:assignmentId',
        requireUser,
        validate('param', AssignmentIdParamSchema, noAssignment),
        async (c) => {
          const body: AssignmentDetail | null = await assignmentDetail(
            db,
            c.var.user.id,
            c.req.valid('param').assignmentId,
          );
          if (!body) return apiError(c, 404, 'not_found', NO_ASSIGNMENT);
          return c.json(body, 200);
        },
      )

      /**
       * GET /api/assignments/:assignmentId/readings/:readingId → 200 AssignmentReading `{ assignment, reader, reading,
       * readings }`: the reading record of one scored reading of the assignment's story, saved since it was set by a
       * reader now in its class (ADR 0048). 404 `reading_not_found` for anything else, malformed ids too, alike;
       * 403 `not_a_teacher`.
       */
      .get(
        '/assignments/:assignmentId/readings/:readingId',
        requireUser,
        validate('param', ReadingParamSchema, noReading),
        async (c) => {
          const { assignmentId, readingId } = c.req.valid('param');
          const found = await assignmentReading(db, c.var.user.id, assignmentId, readingId, now());
          if (!found) return apiError(c, 404, 'reading_not_found', NO_READING);
          const body: AssignmentReading = found.record;
          return c.json(body, 200);
        },
      )

      /**
       * GET /api/assignments/:assignmentId/readings/:readingId/audio?word={index} → 200 audio/wav, `Cache-Control:
       * no-store`: one word of the recording of a reading the record may show, while it is kept: the word's span and
       * 0.12 s either side, cut on the server, so a teacher hears the word and never the rest of what the microphone
       * heard (ADR 0048). `word` is the passage word's index (0–MAX_WORD_INDEX) and is required. 404
       * `audio_not_found` for a reading the record may not show (alike), a recording no longer kept, and a word
       * without audio (skipped, not reached, or not in the passage); 422 `invalid_input` for a missing or malformed
       * `word` or another query field; 403 `not_a_teacher`.
       */
      .get(
        '/assignments/:assignmentId/readings/:readingId/audio',
        requireUser,
        validate('param', ReadingParamSchema, noAudio),
        validate('query', WordClipQuerySchema),
        async (c) => {
          const { assignmentId, readingId } = c.req.valid('param');
          const { word: index } = c.req.valid('query');
          const found = await assignmentReading(db, c.var.user.id, assignmentId, readingId, now());
          if (!found) return apiError(c, 404, 'audio_not_found', NO_READING);
          const word = found.record.reading.result?.words.find((w) => w.index === index);
          if (!word) return apiError(c, 404, 'audio_not_found', NO_WORD_AUDIO);
          c.var.log.info(
            { event: 'assigned_reading_heard' },
            'a teacher played a word of an assigned reading',
          );
          return sendRecordingClip(c, dataDir, found.audioPath, word.start, word.end);
        },
      )

      /** DELETE /api/assignments/:assignmentId → 204 (the readers' readings stay); 404 as GET. */
      .delete(
        '/assignments/:assignmentId',
        requireUser,
        validate('param', AssignmentIdParamSchema, noAssignment),
        async (c) => {
          if (!(await deleteAssignment(db, c.var.user.id, c.req.valid('param').assignmentId))) {
            return apiError(c, 404, 'not_found', NO_ASSIGNMENT);
          }
          c.var.log.info({ event: 'assignment_deleted' }, 'a teacher deleted an assignment');
          return c.body(null, 204);
        },
      )

      /**
       * GET /api/classroom/assignments → 200 ReaderAssignmentList `{ assignments }`: the reader's, in every class
       * they are in, not done first. 403 `not_a_reader` to an account that is not a reader's.
       */
      .get('/classroom/assignments', requireUser, async (c) => {
        const body: ReaderAssignmentList = await readerAssignments(db, c.var.user.id);
        return c.json(body, 200);
      })
  );
}
