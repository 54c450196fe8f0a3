/**
 * Payloads of the family links (/api/family; docs/decisions/0041-family-links.md): a reader (a child's
 * account) makes a one-time code, a grown-up with a guardian account enters it, and from then on the grown-up
 * sees the reader's progress on /reports ("Progress", spec §2.4's guardian menu) until either of them removes
 * the link. Shared by server and browser.
 */
import { z } from 'zod';
import { PATH_STEP_STATUSES, PATH_STEPS } from '../learning-path/path.ts';
import { AchievementSchema, ReadingStatsSchema } from './reading-sessions.ts';

/**
 * Characters of a link code: digits only. A code travels by voice, a child reading it out to a grown-up, and
 * letter names sound alike (C D E G P T V; M N; A J K); digits are the first symbols a child reads (review of
 * ADR 0041).
 */
export const LINK_CODE_ALPHABET = '0123456789';
/**
 * Digits of a link code, shown in groups of three ("482 913 775"): 10^9 codes, against at most
 * LINK_TRIES_PER_WINDOW guesses per guardian and LINK_FAILURES_PER_WINDOW wrong ones in all.
 */
export const LINK_CODE_LENGTH = 9;
/** How long a code works: a day, so a grown-up can enter it later on their own device. */
export const LINK_CODE_TTL_HOURS = 24;
/** Codes a guardian may try in LINK_TRIES_WINDOW_MINUTES, right or wrong (429 `rate_limited` after). */
export const LINK_TRIES_PER_WINDOW = 10;
export const LINK_TRIES_WINDOW_MINUTES = 15;
/**
 * Wrong codes the whole server takes in LINK_TRIES_WINDOW_MINUTES, from every guardian together, before every
 * try is refused (429) until the window ends: many accounts cannot add up their tries to guess a live code.
 */
export const LINK_FAILURES_PER_WINDOW = 100;
/** Grown-ups one reader may have, and readers one grown-up may follow. */
export const MAX_LINKS = 10;

/**
 * A link code as a person types it: spaces and dashes are forgiven ("482 913-775" → "482913775"); anything else
 * is refused.
 */
export const LinkCodeSchema = z
  .string()
  .max(32)
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .length(LINK_CODE_LENGTH)
      .regex(new RegExp(`^[${LINK_CODE_ALPHABET}]+$`)),
  );

/** A code as shown and typed: groups of three digits ("482 913 775"). */
export function groupedLinkCode(code: string): string {
  return code.replace(/(\d{3})(?=\d)/g, '$1 ');
}

/** POST /api/family/code → 201: a new code for the signed-in reader (any earlier code stops working). */
export const LinkCodeResponseSchema = z.object({
  /** The code, LINK_CODE_LENGTH digits; shown once, never stored in plain text. */
  code: z.string(),
  /** ISO time after which it no longer works. */
  expiresAt: z.string(),
});
export type LinkCodeResponse = z.infer<typeof LinkCodeResponseSchema>;

/** POST /api/family/links { code }: a guardian enters a reader's code. Any other field is refused. */
export const RedeemLinkCodeRequestSchema = z.strictObject({ code: LinkCodeSchema });
export type RedeemLinkCodeRequest = z.infer<typeof RedeemLinkCodeRequestSchema>;

/** One side of a link as the other sees it. */
export const LinkedPersonSchema = z.object({
  /** The link's id (for DELETE /api/family/links/:linkId). */
  linkId: z.string().uuid(),
  /** The other person's user id. */
  userId: z.string(),
  displayName: z.string(),
  /** ISO time the link was made. */
  linkedAt: z.string(),
});
export type LinkedPerson = z.infer<typeof LinkedPersonSchema>;

/** POST /api/family/links → 201 (a new link) or 200 (already linked): the reader now followed. */
export const RedeemLinkCodeResponseSchema = z.object({ child: LinkedPersonSchema });
export type RedeemLinkCodeResponse = z.infer<typeof RedeemLinkCodeResponseSchema>;

/** GET /api/family: the signed-in user's links, both ways, oldest first. */
export const FamilySchema = z.object({
  /** Readers this user follows (a guardian's children). */
  children: z.array(LinkedPersonSchema),
  /** Grown-ups who follow this user (a reader's guardians). */
  guardians: z.array(LinkedPersonSchema),
  /** When this reader's current code stops working, or null when there is none (the code itself is not kept). */
  codeExpiresAt: z.string().nullable(),
});
export type Family = z.infer<typeof FamilySchema>;

/**
 * A reader's progress report, read-only: the figures a guardian (ADR 0041) and a teacher (ADR 0046, the
 * PupilReport of core/api/classes.ts) both see.
 */
export const ReaderReportSchema = z.object({
  child: z.object({
    userId: z.string(),
    displayName: z.string(),
    /** Spec §3 grade option (Pre-K, K, 1–12), or null. */
    grade: z.string().nullable(),
    /** Spec §4.7 Lexile level, or null before any estimate. */
    lexileLevel: z.number().nullable(),
    /** The last Reading Assessment's WCPM and accuracy percent (ADR 0038), or null. */
    lastAssessmentWpm: z.number().nullable(),
    lastAssessmentAccuracy: z.number().nullable(),
    tokens: z.number().int(),
  }),
  /**
   * The statistics the reader sees on Reading Practice (GET /api/reading-stats), without the chart of single
   * readings (their ids and exact times), which the report does not show.
   */
  readingStats: ReadingStatsSchema.omit({ chart: true }),
  /** Different letters found in the letter game (of 26; ADR 0037). */
  lettersFound: z.number().int(),
  /** Words built in the word builder, each counted once a day (ADR 0039). */
  wordsBuilt: z.number().int(),
  /** Achievements earned, newest first (spec §3). */
  achievements: z.array(AchievementSchema),
});
export type ReaderReport = z.infer<typeof ReaderReportSchema>;

/**
 * A reader's My Learning Path as a guardian who follows them and a teacher of their class see it (ADR 0052,
 * `learningPath` of core/learning-path/path.ts; the family report and the PupilReport of core/api/classes.ts): only
 * the result, not the figures it is made from (no age, no words sounded out).
 */
export const ReportLearningPathSchema = z.object({
  /** The reader's next step (the step whose status is `now`). */
  next: z.enum(PATH_STEPS),
  /** True when every step of the reader's path is done (the next step is then to keep reading aloud). */
  allDone: z.boolean(),
  /** Every step, in PATH_STEPS order, with where it stands. */
  steps: z.array(z.object({ id: z.enum(PATH_STEPS), status: z.enum(PATH_STEP_STATUSES) })),
});
export type ReportLearningPath = z.infer<typeof ReportLearningPathSchema>;

/**
 * GET /api/family/children/:childId/report: a followed reader's progress, read-only, with their learning path
 * (ADR 0052). 404 `not_found` for a reader this user does not follow (whether or not the id exists).
 */
export const ChildReportSchema = ReaderReportSchema.extend({ learningPath: ReportLearningPathSchema });
export type ChildReport = z.infer<typeof ChildReportSchema>;
