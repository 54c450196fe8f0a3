/**
 * Class Analytics and Student Reports (docs/decisions/0050-class-analytics-and-reports.md): a teacher's view of how
 * one class reads the stories they set, by assignment and by reader, with the words most often read wrong. Both
 * screens read the one endpoint below. What it counts is exactly what a teacher may already open word by word (ADR
 * 0048): scored readings of an assignment's story, saved since it counts for that reader (the later of the time it
 * was set and the time the reader joined the class), by readers now in the class, not made for a Reading Screening.
 * A reader's free practice is never counted.
 */
import { z } from 'zod';
import { CalendarDaySchema } from './assignments.ts';

/** How many of the words most often read wrong the class's figures list. */
export const CLASS_WORDS_TO_TEACH_MAX = 12;
/** How many of one reader's words read wrong their figures list. */
export const READER_WORDS_TO_PRACTISE_MAX = 8;

/** The days a period may name: no school's records start before 2000, and the database takes no year 10000. */
export const PERIOD_FIRST_DAY = '2000-01-01';
export const PERIOD_LAST_DAY = '2999-12-31';
const PeriodDaySchema = CalendarDaySchema.refine(
  (d) => d >= PERIOD_FIRST_DAY && d <= PERIOD_LAST_DAY,
  `Choose a day from ${PERIOD_FIRST_DAY} to ${PERIOD_LAST_DAY}.`,
);

/**
 * GET /api/classes/:classId/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD. Both optional; when given, only the class's
 * assignments set on a UTC day from `from` to `to` (both included) are counted. Any other query field, a malformed
 * day, a day outside PERIOD_FIRST_DAY–PERIOD_LAST_DAY, or `from` after `to` is refused (422 `invalid_input`).
 */
export const ClassAnalyticsQuerySchema = z
  .strictObject({
    from: PeriodDaySchema.optional(),
    to: PeriodDaySchema.optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'The first day must not be after the last day.',
    path: ['from'],
  });
export type ClassAnalyticsQuery = z.infer<typeof ClassAnalyticsQuerySchema>;

/**
 * One assignment of the class, with the class's figures on it. The medians are over each reader's latest counted
 * reading of the story (one figure a reader), rounded to whole numbers; null when nobody has read it.
 */
export const ClassAssignmentFiguresSchema = z.object({
  id: z.string().uuid(),
  storyId: z.string().uuid(),
  storyTitle: z.string(),
  wordCount: z.number().int().nullable(),
  /** YYYY-MM-DD or null. */
  dueOn: z.string().nullable(),
  /** ISO time it was set. */
  assignedAt: z.string(),
  /** Readers now in the class, and how many of them have a counted reading of the story. */
  pupilCount: z.number().int(),
  doneCount: z.number().int(),
  medianWpm: z.number().int().nullable(),
  medianAccuracy: z.number().int().nullable(),
});
export type ClassAssignmentFigures = z.infer<typeof ClassAssignmentFiguresSchema>;

/**
 * A word read wrong (a substitution or an omission in a latest counted reading), as printed in the passage,
 * lower-cased, without the punctuation around it ("re-enter", "café"); words the scorer takes as one (“Dog,” and dog)
 * are one.
 */
export const MissedWordSchema = z.object({
  word: z.string(),
  /** How many readers (class list) or assignments (a reader's list) it was read wrong in. */
  count: z.number().int().positive(),
});
export type MissedWord = z.infer<typeof MissedWordSchema>;

/** One reader's latest counted reading of one assignment's story. */
export const ReaderPointSchema = z.object({
  assignmentId: z.string().uuid(),
  /** The reading session's id (opens the reading record, ADR 0048). */
  readingId: z.string().uuid(),
  /** ISO time it was saved. */
  at: z.string(),
  wpm: z.number(),
  accuracy: z.number(),
  /** Words marked "check this word" in it (scored as read). */
  unsureCount: z.number().int().nonnegative(),
});
export type ReaderPoint = z.infer<typeof ReaderPointSchema>;

/** One reader now in the class. */
export const ReaderFiguresSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  /** Spec §3 grade option or null. */
  grade: z.string().nullable(),
  /** ISO time they joined the class. */
  joinedAt: z.string(),
  /**
   * Their latest counted reading of each assignment they have read, in the order of `assignments` (oldest set
   * first); an assignment they have not read has no point.
   */
  points: z.array(ReaderPointSchema),
  /** Their words read wrong, by how many assignments' latest readings they were wrong in, then A–Z; at most READER_WORDS_TO_PRACTISE_MAX. */
  wordsToPractise: z.array(MissedWordSchema),
});
export type ReaderFigures = z.infer<typeof ReaderFiguresSchema>;

/** GET /api/classes/:classId/analytics → 200. 404 `not_found` for a class that is not the teacher's. */
export const ClassAnalyticsSchema = z.object({
  class: z.object({ id: z.string().uuid(), name: z.string(), grade: z.string().nullable() }),
  /** The period asked for, as given (null when not given). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The class's assignments in the period, oldest set first. */
  assignments: z.array(ClassAssignmentFiguresSchema),
  /** Every reader now in the class, by name (as the class page sorts them). */
  readers: z.array(ReaderFiguresSchema),
  /**
   * The words read wrong by the most readers (in their latest counted readings), then A–Z; only words read wrong by
   * at least one reader; at most CLASS_WORDS_TO_TEACH_MAX.
   */
  wordsToTeach: z.array(MissedWordSchema),
});
export type ClassAnalytics = z.infer<typeof ClassAnalyticsSchema>;

/** How many of a reader's screenings the class's screening table gives (the seasons of a school year). */
export const CLASS_SCREENINGS_PER_READER = 3;

/** One complete Reading Screening as the reader's teacher sees it (ADR 0049, ADR 0050). */
export const ClassScreeningSchema = z.object({
  id: z.string().uuid(),
  /** ISO time its last reading was saved. */
  completedAt: z.string(),
  schoolYear: z.number().int(),
  season: z.enum(['fall', 'winter', 'spring']),
  /** The grade it was taken in ('1'–'12'). */
  grade: z.string(),
  /** Median words correct per minute and DIBELS Next accuracy (percent). */
  wpm: z.number(),
  accuracy: z.number(),
  band: z.enum(['below', 'expected', 'above']),
  /** The Hasbrouck & Tindal 50th percentile it was compared with. */
  p50: z.number(),
});
export type ClassScreening = z.infer<typeof ClassScreeningSchema>;

/**
 * Teachers see screenings started from this time on (ADR 0050): before it, the Screening page told a child their
 * screenings were for them and their grown-ups, so those stay theirs.
 */
export const TEACHERS_SEE_SCREENINGS_FROM = '2026-11-29T13:00:00Z';

/**
 * GET /api/classes/:classId/screenings → 200: every reader now in the class, by name, with their complete Reading
 * Screenings started since they joined the class (and since TEACHERS_SEE_SCREENINGS_FROM), newest first, at most
 * CLASS_SCREENINGS_PER_READER. A screening begun before the reader joined stays theirs, even when finished after (as a
 * reading does, ADR 0048). 404 `not_found` for a class that is not the teacher's; 403 `not_a_teacher`.
 */
export const ClassScreeningsSchema = z.object({
  class: z.object({ id: z.string().uuid(), name: z.string(), grade: z.string().nullable() }),
  readers: z.array(
    z.object({
      userId: z.string(),
      displayName: z.string(),
      screenings: z.array(ClassScreeningSchema),
    }),
  ),
});
export type ClassScreenings = z.infer<typeof ClassScreeningsSchema>;
