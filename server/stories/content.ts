/**
 * The premade library's content files: server/stories/content/<slug>.md, each a small front matter
 * block (title, grade, themes, decodable) and the story text as paragraphs. Parsed and checked with
 * zod, so a bad file fails the tests and the server start with the file's name and the problem.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { STORY_GRADE_BANDS, STORY_THEMES } from '#core/api/stories.ts';

/** Where the content files are. */
export const CONTENT_DIR = new URL('./content/', import.meta.url);

/** Story length bounds, in words (issue 5: 40–300 words each). */
export const MIN_STORY_WORDS = 40;
export const MAX_STORY_WORDS = 300;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Front matter of a story file. */
export const StoryFrontMatterSchema = z.object({
  title: z.string().trim().min(1).max(80),
  grade: z.enum(STORY_GRADE_BANDS),
  themes: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(STORY_THEMES)).min(1).max(3)),
  decodable: z.enum(['true', 'false']).transform((v) => v === 'true'),
});

/** A parsed, checked library story. */
export const LibraryStorySchema = z.object({
  slug: z.string().regex(SLUG_PATTERN),
  title: z.string(),
  gradeBand: z.enum(STORY_GRADE_BANDS),
  themes: z.array(z.enum(STORY_THEMES)),
  decodable: z.boolean(),
  body: z
    .string()
    .min(1)
    .refine((body) => {
      const words = body.split(/\s+/).filter(Boolean).length;
      return words >= MIN_STORY_WORDS && words <= MAX_STORY_WORDS;
    }, `A story must have ${MIN_STORY_WORDS} to ${MAX_STORY_WORDS} words.`),
});
export type LibraryStory = z.infer<typeof LibraryStorySchema>;

/** Thrown for a content file that does not parse; the message names the file. */
export class StoryContentError extends Error {
  override name = 'StoryContentError';
}

/**
 * Parse one content file.
 * @param slug the file name without `.md`
 * @param source the file's text
 * @throws StoryContentError naming the file and the problem
 */
export function parseStoryFile(slug: string, source: string): LibraryStory {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) throw new StoryContentError(`${slug}.md: expected a front matter block between --- lines.`);
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    if (colon < 1)
      throw new StoryContentError(`${slug}.md: front matter line "${line}" is not "key: value".`);
    fields[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  const front = StoryFrontMatterSchema.safeParse(fields);
  if (!front.success) {
    const issue = front.error.issues[0];
    throw new StoryContentError(`${slug}.md: ${issue?.path.join('.') || 'front matter'}: ${issue?.message}`);
  }
  // Paragraphs are kept, separated by one blank line; lines inside a paragraph are joined.
  const body = match[2]!
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s*\r?\n\s*/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
  const story = LibraryStorySchema.safeParse({
    slug,
    title: front.data.title,
    gradeBand: front.data.grade,
    themes: front.data.themes,
    decodable: front.data.decodable,
    body,
  });
  if (!story.success) {
    const issue = story.error.issues[0];
    throw new StoryContentError(`${slug}.md: ${issue?.path.join('.') || 'story'}: ${issue?.message}`);
  }
  return story.data;
}

/**
 * Every library story, in file-name order.
 * @throws StoryContentError for the first bad file
 */
export function loadLibraryStories(dir: URL = CONTENT_DIR): LibraryStory[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => parseStoryFile(name.slice(0, -3), readFileSync(new URL(name, dir), 'utf8')));
}
