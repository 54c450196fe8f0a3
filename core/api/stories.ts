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

/**
 * Import Text (docs/decisions/0044-import-text.md): a reader's own text, pasted, typed or read from a plain-text
 * file, saved as one of their stories to read aloud. The longest text, in characters after cleaning: the same
 * bound as a passage scored aloud (core/api/reading-sessions.ts MAX_PASSAGE_CHARS) and the stories table's check.
 */
export const IMPORT_TEXT_MAX_CHARS = 20_000;
/** The longest name of an imported text, in characters after cleaning (the stories table's check). */
export const IMPORT_TITLE_MAX_CHARS = 200;
/** The most stories one user keeps: a bound on what one account stores, far above a class's year of homework. */
export const MAX_OWN_STORIES = 200;
/** Texts one user may import a minute: a grown-up bringing several pages, not a script filling the database. */
export const IMPORTS_PER_MINUTE = 10;
/** The file types the import page opens: plain text only (a word processor's file is not text). */
export const IMPORT_FILE_TYPES = ['text/plain', '.txt'] as const;

/**
 * Control and format characters (zero-width and direction marks, byte-order marks, soft hyphens): invisible,
 * unspeakable, and a way to make two texts look alike that are not. Tabs and line breaks are handled apart.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/gu;

/**
 * A text as it is kept: Unicode NFC; Windows and old Mac line breaks made `\n`; tabs, no-break and other spaces made
 * plain spaces; invisible characters ({@link INVISIBLE}) removed; spaces at each line's ends and runs of spaces
 * made one; more than one blank line made one; the whole trimmed. Words and punctuation are kept as written.
 * @param raw the text as pasted or read from a file
 */
export function cleanImportedText(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\p{Zs}]/gu, ' ')
    .replace(/[\u2028\u2029]/g, '\n')
    .split('\n')
    .map((line) => line.replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A text's name as it is kept: one line, {@link cleanImportedText}'s rules, runs of spaces made one. */
export function cleanImportedTitle(raw: string): string {
  return cleanImportedText(raw).replace(/\s+/g, ' ');
}

/** The words of a text that a reader says (tokens holding a letter or digit), as the reader and scorer split it. */
export function importedWordCount(text: string): number {
  return speakableTokens(text).length;
}

/**
 * POST /api/stories body: `title` and `text`, cleaned ({@link cleanImportedTitle}, {@link cleanImportedText})
 * before they are checked, so spaces alone are "missing" and the limits count what is kept. A text needs at least
 * one word with a letter.
 */
export const ImportStoryRequestSchema = z.strictObject({
  title: z
    .string()
    .transform(cleanImportedTitle)
    .pipe(
      z
        .string()
        .min(1, 'Give the text a name.')
        .max(IMPORT_TITLE_MAX_CHARS, `A name is at most ${IMPORT_TITLE_MAX_CHARS} characters.`),
    ),
  text: z
    .string()
    .transform(cleanImportedText)
    .pipe(
      z
        .string()
        .min(1, 'Type or paste the text to read.')
        .max(
          IMPORT_TEXT_MAX_CHARS,
          `A text is at most ${IMPORT_TEXT_MAX_CHARS.toLocaleString('en')} characters. Import a shorter part.`,
        )
        .refine((text) => text === '' || /\p{L}/u.test(text), 'The text has no words to read.'),
    ),
});
/** What the import form sends (before cleaning). */
export type ImportStoryRequest = z.input<typeof ImportStoryRequestSchema>;

/**
 * POST /api/stories answer: the saved story; `created` is false when the reader already had a story with this
 * name and text (a second press of Save, a page sent twice), which is returned instead of a copy.
 */
export const ImportStoryResponseSchema = z.object({ story: StorySummarySchema, created: z.boolean() });
export type ImportStoryResponse = z.infer<typeof ImportStoryResponseSchema>;
