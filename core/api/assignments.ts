/**
 * Payloads of reading assignments (docs/decisions/0047-assignments.md): a teacher asks a class to read a library
 * story aloud, by a day or not; each reader sees it on My Classroom and reads it on Reading Practice; the teacher
 * sees, per reader, whether they have read it since it was set and their latest words correct per minute and
 * accuracy. Shared by server and browser.
 */
import { z } from 'zod';
import { FluencyResultSchema } from '../fluency/result.schema.ts';

/** Open assignments one class may have (a term of weekly readings with room to spare). */
export const MAX_ASSIGNMENTS_PER_CLASS = 50;
/** Longest note for the readers, in characters after cleaning. */
export const ASSIGNMENT_NOTE_MAX_CHARS = 200;
/** Furthest due day, in days after today (a school year). */
export const ASSIGNMENT_DUE_MAX_DAYS = 366;

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 is refused). */
export const CalendarDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a day like 2026-12-04.')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'That day does not exist.');

/** A note for the readers: NFC, runs of spaces made one, trimmed, no control characters; empty means none. */
export const AssignmentNoteSchema = z
  .string()
  .max(ASSIGNMENT_NOTE_MAX_CHARS * 4)
  .transform((s) => s.normalize('NFC').replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .max(ASSIGNMENT_NOTE_MAX_CHARS, `A note is at most ${ASSIGNMENT_NOTE_MAX_CHARS} characters.`)
      .regex(
        // eslint-disable-next-line no-control-regex
        /^[^\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]*$/u,
        'Use letters, digits and spaces.',
      ),
  );

/**
 * POST /api/classes/:classId/assignments { storyId, note?, dueOn? }: a teacher asks one of their classes to read a
 * library story aloud. `dueOn` may not be before the teacher's yesterday (time zones) nor more than
 * ASSIGNMENT_DUE_MAX_DAYS ahead. Any other field is refused.
 */
export const CreateAssignmentRequestSchema = z.strictObject({
  storyId: z.uuid('storyId must be a story id'),
  note: AssignmentNoteSchema.optional(),
  dueOn: CalendarDaySchema.nullable().optional(),
});
export type CreateAssignmentRequest = z.infer<typeof CreateAssignmentRequestSchema>;

/** An assignment as its teacher sees it in lists. */
export const AssignmentSummarySchema = z.object({
  id: z.string().uuid(),
  classId: z.string().uuid(),
  className: z.string(),
  storyId: z.string().uuid(),
  storyTitle: z.string(),
  /** The story's Lexile measure and length (spec §3 passage_lexile_scores), or null. */
  lexile: z.number().nullable(),
  wordCount: z.number().int().nullable(),
  /** The note for the readers, or null. */
  note: z.string().nullable(),
  /** YYYY-MM-DD, or null for no set day. */
  dueOn: z.string().nullable(),
  /** ISO time it was set. */
  assignedAt: z.string(),
  /** Readers in the class now, and how many of them have read the story since it was set. */
  pupilCount: z.number().int(),
  doneCount: z.number().int(),
  /**
   * When each reader now in the class who has not read the story since it was set joined the class: ISO times,
   * earliest first, `pupilCount - doneCount` of them. A reader who joined after the due day was never asked to read
   * it by that day, so Class Calendar counts a day overdue only for a reader who had joined by it
   * (docs/decisions/0051-class-calendar.md, amendment), as Class Analytics' "past due" does (ADR 0050).
   */
  notReadJoinedAt: z.array(z.string()),
});
export type AssignmentSummary = z.infer<typeof AssignmentSummarySchema>;

/** POST /api/classes/:classId/assignments → 201. */
export const AssignmentResponseSchema = z.object({ assignment: AssignmentSummarySchema });
export type AssignmentResponse = z.infer<typeof AssignmentResponseSchema>;

/** GET /api/assignments: the teacher's assignments in every class, newest first. 403 `not_a_teacher` otherwise. */
export const AssignmentListSchema = z.object({ assignments: z.array(AssignmentSummarySchema) });
export type AssignmentList = z.infer<typeof AssignmentListSchema>;

/**
 * One reader's work on an assignment: done when they saved a scored reading of the story (reading_sessions with
 * the story's id, words correct per minute and accuracy) at or after the time it was set.
 */
export const AssignmentResultSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  done: z.boolean(),
  /** Scored readings of the story since it was set. */
  readings: z.number().int(),
  /**
   * The latest of them: its reading session id (for GET /api/assignments/:assignmentId/readings/:readingId), ISO
   * time, words correct per minute, accuracy percent; null before any.
   */
  latest: z
    .object({ id: z.string().uuid(), at: z.string(), wpm: z.number(), accuracy: z.number() })
    .nullable(),
  /** The best words correct per minute among them, or null. */
  bestWpm: z.number().nullable(),
});
export type AssignmentResult = z.infer<typeof AssignmentResultSchema>;

/**
 * GET /api/assignments/:assignmentId: one of the teacher's assignments with every reader now in its class, by name.
 * 404 `not_found` for any other.
 */
export const AssignmentDetailSchema = z.object({
  assignment: AssignmentSummarySchema,
  results: z.array(AssignmentResultSchema),
});
export type AssignmentDetail = z.infer<typeof AssignmentDetailSchema>;

/** An assignment as a reader sees it (never the other readers' work). */
export const ReaderAssignmentSchema = z.object({
  id: z.string().uuid(),
  classId: z.string().uuid(),
  className: z.string(),
  teacherName: z.string(),
  storyId: z.string().uuid(),
  storyTitle: z.string(),
  note: z.string().nullable(),
  dueOn: z.string().nullable(),
  assignedAt: z.string(),
  /** Whether this reader has saved a scored reading of the story since it was set. */
  done: z.boolean(),
});
export type ReaderAssignment = z.infer<typeof ReaderAssignmentSchema>;

/**
 * GET /api/classroom/assignments: the signed-in reader's assignments in every class they are in: not done first
 * (by due day, no day last, then oldest set first), then done (newest set first). 403 `not_a_reader` otherwise.
 */
export const ReaderAssignmentListSchema = z.object({ assignments: z.array(ReaderAssignmentSchema) });
export type ReaderAssignmentList = z.infer<typeof ReaderAssignmentListSchema>;

/** One scored reading of an assignment's story, as listed on its reading record. */
export const AssignmentReadingSummarySchema = z.object({
  id: z.string().uuid(),
  /** ISO time it was saved. */
  at: z.string(),
  /** Words correct per minute and accuracy percent. */
  wpm: z.number(),
  accuracy: z.number(),
  /** 'practice' or 'assessment' (spec §3 reading_sessions.mode). */
  mode: z.enum(['practice', 'assessment']),
});
export type AssignmentReadingSummary = z.infer<typeof AssignmentReadingSummarySchema>;

/**
 * GET /api/assignments/:assignmentId/readings/:readingId: a reading record for the teacher
 * (docs/decisions/0048-reading-record.md): one scored reading of the assignment's story, saved since it was set by a
 * reader now in the class, word by word as the scorer gave it (the words it was unsure of marked `unsure`, "check this
 * word"), with the reader's other such readings. 404 `reading_not_found` for anything else (another teacher's
 * assignment, a reader who left, another story, a reading from before it was set, a practice reading the teacher did
 * not ask for, malformed ids), all alike. 403 `not_a_teacher` for an account that is not a teacher's.
 */
export const AssignmentReadingSchema = z.object({
  assignment: z.object({
    id: z.string().uuid(),
    classId: z.string().uuid(),
    className: z.string(),
    storyId: z.string().uuid(),
    storyTitle: z.string(),
  }),
  reader: z.object({
    userId: z.string(),
    displayName: z.string(),
    /** The reader's grade (spec §3 profiles.grade_level: 'Pre-K', 'K', '1'…'12'), or null: picks the norms. */
    grade: z.string().nullable(),
  }),
  reading: AssignmentReadingSummarySchema.extend({
    /** The scorer's word-by-word result (core/fluency/result.schema.ts), or null when none was kept. */
    result: FluencyResultSchema.nullable(),
    /**
     * Whether the recording is still kept (AUDIO_RETENTION_DAYS): then GET …/readings/:readingId/audio gives it
     * (audio/wav, never cached), so the teacher can listen to a word marked "check this word".
     */
    hasRecording: z.boolean(),
  }),
  /** Every scored reading of the story by this reader since it was set, newest first (this one included). */
  readings: z.array(AssignmentReadingSummarySchema),
});
export type AssignmentReading = z.infer<typeof AssignmentReadingSchema>;
