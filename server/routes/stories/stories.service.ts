/**
 * Story services: the premade library with filters, one readable story, and the user's own saved
 * stories. Every query runs as the signed-in user (asUser), so the stories table's row-level security
 * (library rows or the user's own) applies as well as the filters here; the library itself, public to
 * every signed-in user, is read from memory (server/stories/library-cache.ts).
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  JUST_RIGHT_ABOVE,
  JUST_RIGHT_BELOW,
  type ReaderBand,
  type StoryDetail,
  type StoryGradeBand,
  MAX_OWN_STORIES,
  type StorySummary,
  type StoryTheme,
} from '#core/api/stories.ts';
import type { MakeStoryResponse } from '#core/api/story-maker.ts';
import type { RandomSource } from '#core/challenges/daily-challenges.ts';
import { calculatePassageLexile } from '#core/lexile/passage-lexile.ts';
import { makeStory, petNameFor, storyLevelFor, type StoryChoices } from '#core/stories/story-maker.ts';
import { gradeNorm } from '#core/lexile/grade-norms.ts';
import type { Database } from '../../db/client.ts';
import { ApiFailure } from '../../http/errors.ts';
import { asUser, type Tx } from '../../db/rls.ts';
import { profiles, progressTracking, stories } from '../../db/schema.ts';
import { libraryOf } from '../../stories/library-cache.ts';
import { payAndAwardAfterFind } from '../rewards/game-rewards.ts';

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

/**
 * Library stories (owner_id null) matching the filters, easiest first (grade band, then Lexile, then
 * title), and the reader's band. The library comes from memory (server/stories/library-cache.ts); only
 * the reader's profile is read from the database.
 */
export async function listLibrary(
  db: Database,
  userId: string,
  filters: LibraryFilters,
): Promise<{ stories: StorySummary[]; readerBand: ReaderBand; libraryVersion: string }> {
  const [library, band] = await Promise.all([libraryOf(db), asUser(db, userId, (tx) => ownBand(tx, userId))]);
  const { grade, theme, justRight } = filters;
  const rows = library.summaries.filter(
    (story) =>
      (!grade || story.gradeBand === grade) &&
      (!theme || story.themes.includes(theme)) &&
      // SQL's BETWEEN: a story without a Lexile measure is never "just right".
      (!justRight || (story.lexile !== null && story.lexile >= band.min && story.lexile <= band.max)),
  );
  return { stories: rows, readerBand: band, libraryVersion: library.version };
}

/**
 * One story the user may read (a library story or their own), or null. `storyId` must be a uuid.
 * Library stories come from memory; anything else from the database, under row-level security.
 */
export async function getReadableStory(
  db: Database,
  userId: string,
  storyId: string,
): Promise<StoryDetail | null> {
  const cached = (await libraryOf(db)).byId.get(storyId);
  if (cached) return { ...cached, own: false };
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
): Promise<{ title: string; body: string; lexile: number | null } | null> {
  const cached = (await libraryOf(db)).byId.get(storyId);
  if (cached) return { title: cached.title, body: cached.body, lexile: cached.lexile };
  const [row] = await asUser(db, userId, (tx) =>
    tx
      .select({ title: stories.title, body: stories.body, lexile: stories.lexile })
      .from(stories)
      .where(eq(stories.id, storyId)),
  );
  return row ?? null;
}

/**
 * Keeps a story as one of the user's own, in the caller's transaction (run as the user, so row-level security
 * applies), measured as the library is (spec §9 passage Lexile; word count). A story of the user's with the same title
 * and text is returned instead of a copy (`created: false`). One write per user at a time (a transaction lock on the
 * user), so the bound holds when several arrive together.
 * @throws ApiFailure 409 `too_many_stories` when the user keeps MAX_OWN_STORIES already
 */
async function keepOwnStory(
  tx: Tx,
  userId: string,
  story: { title: string; text: string; themes?: string[] },
): Promise<{ story: StorySummary; created: boolean }> {
  const { title, text } = story;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stories:${userId}`}, 0))`);
  const [same] = await tx
    .select(summaryColumns)
    .from(stories)
    .where(and(eq(stories.ownerId, userId), eq(stories.title, title), eq(stories.body, text)))
    .limit(1);
  if (same) return { story: same, created: false };
  const [kept] = await tx.select({ n: count() }).from(stories).where(eq(stories.ownerId, userId));
  if ((kept?.n ?? 0) >= MAX_OWN_STORIES) {
    throw new ApiFailure(
      409,
      'too_many_stories',
      `You have ${MAX_OWN_STORIES} stories saved, the most there is room for. Delete one you no longer read, then try again.`,
      { max: MAX_OWN_STORIES },
    );
  }
  const measure = calculatePassageLexile(text);
  const [row] = await tx
    .insert(stories)
    .values({
      ownerId: userId,
      title,
      body: text,
      themes: story.themes ?? [],
      lexile: measure.calculatedLexile,
      wordCount: measure.wordCount,
    })
    .returning(summaryColumns);
  if (!row) throw new Error('the story was not saved');
  return { story: row, created: true };
}

/**
 * Saves a text the user imported (docs/decisions/0044-import-text.md) as one of their own stories (see
 * {@link keepOwnStory}: measured, the same text kept once, at most MAX_OWN_STORIES).
 * @param title the cleaned name (core/api/stories.ts ImportStoryRequestSchema)
 * @param text the cleaned text
 * @throws ApiFailure 409 `too_many_stories`
 */
export async function importStory(
  db: Database,
  userId: string,
  title: string,
  text: string,
): Promise<{ story: StorySummary; created: boolean }> {
  return asUser(db, userId, (tx) => keepOwnStory(tx, userId, { title, text }));
}

/** activity_type of a story made on Create Story (spec §4.5 `story_created`). */
export const STORY_CREATED = 'story_created';

/**
 * Makes a story from a child's choices on Create Story (docs/decisions/0045-create-story.md) and keeps it as one of
 * their own: written at the reader's level (core/stories/story-maker.ts, from the profile's grade or age) with their
 * pet's name when chosen. A new story is also a `progress_tracking` row (`story_created`, spec §4.5) in the same
 * transaction; then, as server work, Story Starter is awarded at most once (and completed challenges paid, as after a
 * game's find).
 * @param random uniform [0, 1) source for the story's opening and ending
 * @throws ApiFailure 422 `invalid_input` for `pet` when the profile has no usable pet's name; 409 `too_many_stories`
 */
export async function makeOwnStory(
  db: Database,
  userId: string,
  choices: StoryChoices,
  now: Date,
  random: RandomSource = Math.random,
): Promise<MakeStoryResponse> {
  const kept = await asUser(db, userId, async (tx) => {
    const [profile] = await tx
      .select({ grade: profiles.grade, age: profiles.age, petsName: profiles.petsName })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    const petName = petNameFor(profile?.petsName);
    if (choices.hero === 'pet' && !petName) {
      throw new ApiFailure(
        422,
        'invalid_input',
        "hero: There is no pet's name on your profile to make a story with.",
      );
    }
    const made = makeStory(choices, storyLevelFor(profile?.grade, profile?.age), petName, random);
    const result = await keepOwnStory(tx, userId, {
      title: made.title,
      text: made.body,
      themes: made.themes,
    });
    if (result.created) {
      await tx.insert(progressTracking).values({
        userId,
        activityType: STORY_CREATED,
        activityData: { storyId: result.story.id, ...choices },
        completedAt: now,
      });
    }
    const [made_] = await tx
      .select({ n: count() })
      .from(progressTracking)
      .where(and(eq(progressTracking.userId, userId), eq(progressTracking.activityType, STORY_CREATED)));
    return { ...result, storiesCreated: Number(made_?.n ?? 0) };
  });
  const rewards = await payAndAwardAfterFind(db, userId, {
    activityType: STORY_CREATED,
    count: kept.storiesCreated,
  });
  return { story: kept.story, created: kept.created, ...rewards };
}

/**
 * Deletes one of the user's own stories (row-level security allows no other). Readings of it keep their title and
 * scores; their link to the story is cleared (reading_sessions.story_id, on delete set null).
 * @returns false when there is no such story of the user's (unknown, a library story, or another user's)
 */
export async function deleteOwnStory(db: Database, userId: string, storyId: string): Promise<boolean> {
  const gone = await asUser(db, userId, (tx) =>
    tx
      .delete(stories)
      .where(and(eq(stories.id, storyId), eq(stories.ownerId, userId)))
      .returning({ id: stories.id }),
  );
  return gone.length > 0;
}
