/**
 * Story services: the premade library with filters, one readable story, and the user's own saved
 * stories. Every query runs as the signed-in user (asUser), so the stories table's row-level security
 * (library rows or the user's own) applies as well as the filters here.
 */
import { and, arrayContains, asc, between, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  JUST_RIGHT_ABOVE,
  JUST_RIGHT_BELOW,
  type ReaderBand,
  type StoryDetail,
  type StoryGradeBand,
  type StorySummary,
  type StoryTheme,
} from '#core/api/stories.ts';
import { gradeNorm } from '#core/lexile/grade-norms.ts';
import type { Database } from '../../db/client.ts';
import { asUser, type Tx } from '../../db/rls.ts';
import { profiles, stories } from '../../db/schema.ts';

const summaryColumns = {
  id: stories.id,
  slug: stories.slug,
  title: stories.title,
  gradeBand: stories.gradeBand,
  themes: stories.themes,
  decodable: stories.decodable,
  lexile: stories.lexile,
  wordCount: stories.wordCount,
};

/**
 * The reader's "just right" band (issue 5): the profile's lexile_level, or when it has none the
 * spec §9 target of the profile's grade (an unknown grade uses K), from 100L below to 50L above.
 */
export function readerBand(
  profile: { lexileLevel: number | null; grade: string | null } | undefined,
): ReaderBand {
  const fromProfile = profile?.lexileLevel ?? null;
  const lexile = fromProfile ?? gradeNorm(profile?.grade).target;
  return {
    lexile,
    min: lexile - JUST_RIGHT_BELOW,
    max: lexile + JUST_RIGHT_ABOVE,
    source: fromProfile === null ? 'grade' : 'profile',
  };
}

async function ownBand(tx: Tx, userId: string): Promise<ReaderBand> {
  const [profile] = await tx
    .select({ lexileLevel: profiles.lexileLevel, grade: profiles.grade })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return readerBand(profile);
}

/** Filters of the library list. */
export interface LibraryFilters {
  grade?: StoryGradeBand;
  theme?: StoryTheme;
  justRight?: boolean;
}

/** Kindergarten first, then grades 1–5; anything else last. */
const GRADE_ORDER = sql`array_position(array['K','1','2','3','4','5']::text[], ${stories.gradeBand}) nulls last`;

/**
 * Library stories (owner_id null) matching the filters, easiest first (grade band, then Lexile, then
 * title), and the reader's band.
 */
export async function listLibrary(
  db: Database,
  userId: string,
  filters: LibraryFilters,
): Promise<{ stories: StorySummary[]; readerBand: ReaderBand }> {
  return asUser(db, userId, async (tx) => {
    const band = await ownBand(tx, userId);
    const conditions: SQL[] = [isNull(stories.ownerId)];
    if (filters.grade) conditions.push(eq(stories.gradeBand, filters.grade));
    if (filters.theme) conditions.push(arrayContains(stories.themes, [filters.theme]));
    if (filters.justRight) conditions.push(between(stories.lexile, band.min, band.max));
    const rows = await tx
      .select(summaryColumns)
      .from(stories)
      .where(and(...conditions))
      .orderBy(GRADE_ORDER, asc(stories.lexile), asc(stories.title));
    return { stories: rows, readerBand: band };
  });
}

/** One story the user may read (a library story or their own), or null. `storyId` must be a uuid. */
export async function getReadableStory(
  db: Database,
  userId: string,
  storyId: string,
): Promise<StoryDetail | null> {
  const [row] = await asUser(db, userId, (tx) =>
    tx
      .select({ ...summaryColumns, body: stories.body, ownerId: stories.ownerId })
      .from(stories)
      .where(eq(stories.id, storyId)),
  );
  if (!row) return null;
  const { ownerId, ...story } = row;
  return { ...story, own: ownerId === userId };
}

/** The user's own saved stories, newest first. */
export async function listOwnStories(db: Database, userId: string): Promise<StorySummary[]> {
  return asUser(db, userId, (tx) =>
    tx
      .select(summaryColumns)
      .from(stories)
      .where(eq(stories.ownerId, userId))
      .orderBy(desc(stories.createdAt)),
  );
}

/** The title and text of a story the user may read (library or own), or null. `storyId` must be a uuid. */
export async function findStoryToRead(
  db: Database,
  userId: string,
  storyId: string,
): Promise<{ title: string; body: string } | null> {
  const [row] = await asUser(db, userId, (tx) =>
    tx.select({ title: stories.title, body: stories.body }).from(stories).where(eq(stories.id, storyId)),
  );
  return row ?? null;
}
