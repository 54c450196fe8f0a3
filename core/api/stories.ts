/**
 * Payloads of the stories API (server/routes/stories) and the read-to-me speech API
 * (server/routes/speech), shared by server and browser.
 */
import { z } from 'zod';

/** Grade bands of the premade library: kindergarten to grade 5 (issue 5, "Stories"). */
export const STORY_GRADE_BANDS = ['K', '1', '2', '3', '4', '5'] as const;
/** A grade band of the library. */
export type StoryGradeBand = (typeof STORY_GRADE_BANDS)[number];

/** Themes a library story is tagged with. */
export const STORY_THEMES = [
  'animals',
  'family',
  'school',
  'science',
  'adventure',
  'fantasy',
  'friendship',
  'nature',
] as const;
/** A story theme. */
export type StoryTheme = (typeof STORY_THEMES)[number];

/**
 * "Just right" band around the reader's Lexile (issue 5): from 100L below to 50L above, inclusive.
 */
export const JUST_RIGHT_BELOW = 100;
export const JUST_RIGHT_ABOVE = 50;

/** Query of GET /api/stories: all optional; `justRight=1` keeps stories in the reader's band. */
export const StoryListQuerySchema = z.object({
  grade: z.enum(STORY_GRADE_BANDS).optional(),
  theme: z.enum(STORY_THEMES).optional(),
  justRight: z.enum(['1', 'true', '0', 'false']).optional(),
});
export type StoryListQuery = z.infer<typeof StoryListQuerySchema>;

/** Path parameter of GET /api/stories/:id: a story id (uuid). */
export const StoryIdParamSchema = z.object({ id: z.uuid() });

/** One story in a list (no body). `lexile` in Lexile units; null when not measured. */
export const StorySummarySchema = z.object({
  id: z.uuid(),
  slug: z.string().nullable(),
  title: z.string(),
  gradeBand: z.string().nullable(),
  themes: z.array(z.string()),
  decodable: z.boolean(),
  lexile: z.number().int().nullable(),
  wordCount: z.number().int(),
});
export type StorySummary = z.infer<typeof StorySummarySchema>;

/** The reader's band used by `justRight=1`, in Lexile units, and where the level came from. */
export const ReaderBandSchema = z.object({
  lexile: z.number().int(),
  min: z.number().int(),
  max: z.number().int(),
  source: z.enum(['profile', 'grade']),
});
export type ReaderBand = z.infer<typeof ReaderBandSchema>;

/** GET /api/stories answer: the stories (easiest first) and the reader's band. */
export const StoryListResponseSchema = z.object({
  stories: z.array(StorySummarySchema),
  readerBand: ReaderBandSchema,
});
export type StoryListResponse = z.infer<typeof StoryListResponseSchema>;

/** GET /api/stories/:id answer: one story with its text; `own` is true for the user's saved story. */
export const StoryDetailSchema = StorySummarySchema.extend({
  body: z.string(),
  own: z.boolean(),
});
export type StoryDetail = z.infer<typeof StoryDetailSchema>;
export const StoryDetailResponseSchema = z.object({ story: StoryDetailSchema });

/** GET /api/my-stories answer: the user's own saved stories, newest first. */
export const MyStoriesResponseSchema = z.object({ stories: z.array(StorySummarySchema) });
export type MyStoriesResponse = z.infer<typeof MyStoriesResponseSchema>;

/** Longest text GET /api/speech speaks in one request, in characters. */
export const SPEECH_MAX_CHARS = 1000;

/**
 * One spoken word: `text` is the whitespace-separated token of the request text (punctuation kept),
 * `index` its position among the request's tokens that hold a letter or digit, `start` and `end`
 * in seconds from the start of the audio.
 */
export const SpokenWordSchema = z.object({
  index: z.number().int().min(0),
  text: z.string(),
  start: z.number().min(0),
  end: z.number().min(0),
});
export type SpokenWord = z.infer<typeof SpokenWordSchema>;

/**
 * The tokens of a text that are spoken and highlighted: whitespace-separated pieces that hold a
 * letter or digit. Server and reader split the same way, so word `index` lines up on both sides.
 */
export function speakableTokens(text: string): string[] {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token));
}
