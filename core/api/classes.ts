/**
 * Payloads of classes (/api/classes for teachers, /api/classroom for readers; docs/decisions/0046-classes.md): a
 * teacher makes a class and a class code, a reader joins with the code, and from then on the teacher sees the
 * reader's progress on Student Progress until the reader leaves, the teacher removes them, or the class is deleted.
 * Shared by server and browser.
 */
import { z } from 'zod';
import { GRADE_VALUES } from './account.ts';
import { ReaderReportSchema, ReportLearningPathSchema } from './family.ts';

/**
 * Digits of a class code, shown in two groups of three ("482 913"). Shorter than a family code (9): a class code
 * is written on the board for a room of children to type or say, and whoever guesses one only puts their own
 * readings in front of a teacher (the class's name and the teacher's name are all a reader sees of a class). The
 * try limits below hold it all the same.
 */
export const CLASS_CODE_LENGTH = 6;
/** How long a class code works unless the teacher turns it off or makes a new one: a school week and a weekend. */
export const CLASS_CODE_TTL_DAYS = 7;
/** Codes a reader may try (looked up or joined) in CLASS_TRIES_WINDOW_MINUTES, right or wrong (429 after). */
export const CLASS_TRIES_PER_WINDOW = 10;
export const CLASS_TRIES_WINDOW_MINUTES = 15;
/**
 * Wrong class codes the whole server takes in CLASS_TRIES_WINDOW_MINUTES before every try waits. Ten times a family
 * code's bound (ADR 0041), because the two pauses weigh differently. A family code opens a child's readings to an
 * adult, so there the pause guards a secret; a guessed class code opens nothing of a child (the guesser sees a
 * class's name and its teacher's name, and shows up on that teacher's roster to be removed), so here the pause only
 * slows a guessing spree (at most 96,000 wrong codes a day against 10^6, from at least 100 accounts at
 * CLASS_TRIES_PER_WINDOW each). The pause, though, stops every reader on the server: at 100, one school's first
 * morning of typos, or ten accounts guessing, would stop joining for every class. A code of the reader's own class
 * (a reader who is its teacher too) is not a wrong code and is not counted.
 */
export const CLASS_FAILURES_PER_WINDOW = 1000;
/** Classes one teacher may have. */
export const MAX_CLASSES_PER_TEACHER = 20;
/** Readers in one class (a large class and a few more). */
export const MAX_CLASS_SIZE = 40;
/** Classes one reader may be in (a class teacher and a few subject or reading-group teachers). */
export const MAX_CLASSES_PER_READER = 5;
/** Longest class name, in characters after trimming. */
export const CLASS_NAME_MAX_CHARS = 60;

/**
 * A class code as a person types it: spaces and dashes are forgiven ("482 913", "482-913" → "482913"); anything
 * else is refused.
 */
export const ClassCodeSchema = z
  .string()
  .max(32)
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .length(CLASS_CODE_LENGTH)
      .regex(/^[0-9]+$/),
  );

/** A class code as shown and typed: two groups of three digits ("482 913"). */
export function groupedClassCode(code: string): string {
  return code.replace(/(\d{3})(?=\d)/g, '$1 ');
}

/** A class name: trimmed, inner runs of spaces made one, 1–CLASS_NAME_MAX_CHARS characters, no control characters. */
export const ClassNameSchema = z
  .string()
  .max(CLASS_NAME_MAX_CHARS * 4)
  .transform((s) => s.normalize('NFC').replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, 'Give the class a name.')
      .max(CLASS_NAME_MAX_CHARS, `A class name is at most ${CLASS_NAME_MAX_CHARS} characters.`)
      .regex(
        // eslint-disable-next-line no-control-regex -- control characters are what it refuses
        /^[^\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]+$/u,
        'Use letters, digits and spaces.',
      ),
  );

/** A class's grade: a spec §3 grade option, or null for a mixed or unstated grade. */
export const ClassGradeSchema = z.enum(GRADE_VALUES).nullable();

/** POST /api/classes { name, grade? }: a teacher makes a class. Any other field is refused. */
export const CreateClassRequestSchema = z.strictObject({
  name: ClassNameSchema,
  grade: ClassGradeSchema.optional(),
});
export type CreateClassRequest = z.infer<typeof CreateClassRequestSchema>;

/** PATCH /api/classes/:classId { name?, grade? }: rename a class or change its grade (at least one field). */
export const UpdateClassRequestSchema = z
  .strictObject({ name: ClassNameSchema.optional(), grade: ClassGradeSchema.optional() })
  .refine((v) => v.name !== undefined || v.grade !== undefined, 'Send a name or a grade.');
export type UpdateClassRequest = z.infer<typeof UpdateClassRequestSchema>;

/** A class's live code as its teacher sees it. */
export const ClassCodeInfoSchema = z.object({
  /** CLASS_CODE_LENGTH digits; shown to the teacher as often as they like (it is meant for the board). */
  code: z.string(),
  /** ISO time after which it no longer works. */
  expiresAt: z.string(),
});
export type ClassCodeInfo = z.infer<typeof ClassCodeInfoSchema>;

/** A class as its teacher sees it in lists. */
export const ClassSummarySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  grade: z.string().nullable(),
  /** Readers in the class now. */
  pupilCount: z.number().int(),
  /** The live code, or null when joining is off (never made, expired, or turned off). */
  code: ClassCodeInfoSchema.nullable(),
  /** ISO time the class was made. */
  createdAt: z.string(),
});
export type ClassSummary = z.infer<typeof ClassSummarySchema>;

/** GET /api/classes: the signed-in teacher's classes, oldest first. 403 `not_a_teacher` for anyone else. */
export const ClassListSchema = z.object({ classes: z.array(ClassSummarySchema) });
export type ClassList = z.infer<typeof ClassListSchema>;

/** POST /api/classes → 201, PATCH → 200: the class. */
export const ClassResponseSchema = z.object({ class: ClassSummarySchema });
export type ClassResponse = z.infer<typeof ClassResponseSchema>;

/** POST /api/classes/:classId/code → 201: a new code (the class's earlier code stops working). */
export const ClassCodeResponseSchema = ClassCodeInfoSchema;
export type ClassCodeResponse = ClassCodeInfo;

/**
 * One reader of a class as the teacher sees them in a roster: enough to see who reads and who needs a nudge.
 * Figures are the reader's own (spec §3 reading_sessions, profiles); null when there is none yet.
 */
export const PupilSummarySchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  /** Spec §3 grade option, or null. */
  grade: z.string().nullable(),
  /** Spec §4.7 Lexile level, or null. */
  lexileLevel: z.number().nullable(),
  /** ISO time the reader joined (for a pupil in several of the teacher's classes: the earliest). */
  joinedAt: z.string(),
  /** ISO time of the reader's latest reading session, or null. */
  lastReadingAt: z.string().nullable(),
  /** Words correct per minute and accuracy percent of the latest reading with both, or null. */
  lastWpm: z.number().nullable(),
  lastAccuracy: z.number().nullable(),
  /** Reading sessions in the 7 days before the request. */
  readingsThisWeek: z.number().int(),
});
export type PupilSummary = z.infer<typeof PupilSummarySchema>;

/** GET /api/classes/:classId: one of the teacher's classes with its readers (by name). 404 for any other class. */
export const ClassDetailSchema = z.object({
  class: ClassSummarySchema,
  pupils: z.array(PupilSummarySchema),
});
export type ClassDetail = z.infer<typeof ClassDetailSchema>;

/** GET /api/classes/pupils: every reader in any of the teacher's classes, once, by name, with their classes. */
export const PupilListSchema = z.object({
  pupils: z.array(
    PupilSummarySchema.extend({
      classes: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
    }),
  ),
});
export type PupilList = z.infer<typeof PupilListSchema>;

/**
 * GET /api/classes/pupils/:studentId/report: a pupil's progress, read-only, the same report a guardian sees
 * (ADR 0041), their learning path as the guardian gets it (only the result: next step and each step's status,
 * ADR 0052) and the teacher's classes the pupil is in. 404 `not_found` for a reader in none of them (whether or
 * not the id exists).
 */
export const PupilReportSchema = ReaderReportSchema.extend({
  learningPath: ReportLearningPathSchema,
  classes: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
});
export type PupilReport = z.infer<typeof PupilReportSchema>;

/** POST /api/classroom/preview { code } and POST /api/classroom/join { code }. Any other field is refused. */
export const ClassCodeRequestSchema = z.strictObject({ code: ClassCodeSchema });
export type ClassCodeRequest = z.infer<typeof ClassCodeRequestSchema>;

/** A class as a reader sees it: its name, grade and teacher; never the other readers. */
export const JoinedClassSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  grade: z.string().nullable(),
  /** The teacher's display name. */
  teacherName: z.string(),
  /** ISO time the reader joined, or null in a preview (not joined yet). */
  joinedAt: z.string().nullable(),
});
export type JoinedClass = z.infer<typeof JoinedClassSchema>;

/**
 * POST /api/classroom/preview → 200: the class a code belongs to, so the reader can check the teacher's name before
 * joining (a try, counted like a join). POST /api/classroom/join → 201 (joined) or 200 (already in it).
 */
export const JoinedClassResponseSchema = z.object({ class: JoinedClassSchema });
export type JoinedClassResponse = z.infer<typeof JoinedClassResponseSchema>;

/** GET /api/classroom: the signed-in reader's classes, oldest joined first. */
export const ClassroomSchema = z.object({ classes: z.array(JoinedClassSchema) });
export type Classroom = z.infer<typeof ClassroomSchema>;
