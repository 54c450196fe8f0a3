/**
 * Payloads of the Reading Screening and Screening History (docs/decisions/0049-reading-screening.md; rules in
 * core/screening/rules.ts). A screening is up to three one-minute readings of grade-level library stories, each saved
 * as a reading session in `assessment` mode with the screening's id (POST /api/reading-sessions `screeningId`); it is
 * complete after the third, or after the first when that one has fewer than 10 words correct. Shared by server
 * and browser.
 */
import { z } from 'zod';

/** A passage of a screening, in the order it is read. */
export const ScreeningPassageSchema = z.object({
  storyId: z.string().uuid(),
  title: z.string(),
  /** The saved reading of it (its reading session id and figures), or null while not read. */
  reading: z
    .object({
      id: z.string().uuid(),
      wpm: z.number(),
      accuracy: z.number(),
      wordsCorrect: z.number().int(),
      errors: z.number().int(),
    })
    .nullable(),
});
export type ScreeningPassage = z.infer<typeof ScreeningPassageSchema>;

/** A screening, unfinished or complete. */
export const ScreeningSchema = z.object({
  id: z.string().uuid(),
  /** ISO times it was started and completed (null while unfinished). */
  startedAt: z.string(),
  completedAt: z.string().nullable(),
  /** The profile's grade when it was started ('1'–'12'), and the norms' season and school year (by its first year). */
  grade: z.string(),
  season: z.enum(['fall', 'winter', 'spring']),
  schoolYear: z.number().int(),
  /** The passages in order: 3 while unfinished; a complete one stopped after the first keeps all three, unread. */
  passages: z.array(ScreeningPassageSchema),
  /** Index in `passages` of the next to read, or null when complete. */
  next: z.number().int().nullable(),
  /** The score once complete (core/screening/rules.ts screeningScore and screeningBand), else null. */
  score: z
    .object({
      wpm: z.number(),
      accuracy: z.number(),
      wordsCorrect: z.number(),
      errors: z.number(),
      band: z.enum(['below', 'expected', 'above']),
      /** The Hasbrouck & Tindal (2017) 50th percentile of the grade and season it was read against. */
      p50: z.number(),
    })
    .nullable(),
});
export type Screening = z.infer<typeof ScreeningSchema>;

/**
 * GET /api/screening → the signed-in reader's screening state: whether they may take it (`refusal` null) or why not
 * (`pre_reader`: Pre-K or K; `no_grade`: no grade on the profile; `too_early`: grade 1 in the fall, before grade 1 has
 * norms), the unfinished screening to resume (started less
 * than SCREENING_RESUME_HOURS ago) or null, and the last complete one or null. 403 `not_a_reader` for a teacher or
 * guardian.
 */
export const ScreeningStateSchema = z.object({
  refusal: z.enum(['pre_reader', 'no_grade', 'too_early']).nullable(),
  current: ScreeningSchema.nullable(),
  last: ScreeningSchema.nullable(),
});
export type ScreeningState = z.infer<typeof ScreeningStateSchema>;

/**
 * POST /api/screenings (empty JSON body `{}`) → 201 `{ screening }`: a new screening with three passages chosen by the
 * server (library stories of the reader's grade band, those not read in an earlier screening or reading check first,
 * then the longest), or 200 with the unfinished one when it was started less than SCREENING_RESUME_HOURS ago. An
 * older unfinished one is deleted (its readings stay the reader's). Refusals: 403 `not_a_reader`; 409
 * `screening_not_available` with `details.reason` `pre_reader`, `no_grade`, `too_early` or `no_passages` (a library
 * without stories); 429 `rate_limited`.
 */
export const ScreeningResponseSchema = z.object({ screening: ScreeningSchema });
export type ScreeningResponse = z.infer<typeof ScreeningResponseSchema>;

/**
 * GET /api/screenings → the reader's complete screenings, newest first (Screening History). 403 `not_a_reader`.
 * DELETE /api/screenings/:screeningId → 204: the reader's own screening, unfinished or complete; its readings stay in
 * the reader's reading sessions (they can be deleted there). 404 `not_found` for any other id, alike.
 */
export const ScreeningListSchema = z.object({ screenings: z.array(ScreeningSchema) });
export type ScreeningList = z.infer<typeof ScreeningListSchema>;
