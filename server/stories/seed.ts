/**
 * Seeds the premade story library (issue 5, "Stories") from server/stories/content at every server
 * start. Idempotent by slug: a new file is inserted, a changed file updates its row, an unchanged file
 * touches nothing, and a library story whose file was removed is deleted (readers' sessions keep
 * their title; their story_id becomes null), unless a Reading Screening that can still be resumed reads it
 * (unfinished and started less than SCREENING_RESUME_HOURS ago, ADR 0049): deleting it would leave that child's
 * screening waiting for a passage that is gone. Such a story is retired (`retired_at`: offered nowhere, still opened
 * by id) and deleted by the hourly job once it is free ({@link deleteRetiredLibraryStories}).
 *
 * Each story's Lexile goes through passage_lexile_scores as spec §7.3 says: look up calculated_lexile
 * by passage_text; if absent, compute it with the spec §9 formula and insert the measure.
 */
import { and, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { calculatePassageLexile, type PassageLexile } from '#core/lexile/passage-lexile.ts';
import { SCREENING_RESUME_HOURS } from '#core/screening/rules.ts';
import type { Database } from '../db/client.ts';
import { asSystem, type Tx } from '../db/rls.ts';
import { passageLexileScores, screenings, stories } from '../db/schema.ts';
import { loadLibraryStories, type LibraryStory } from './content.ts';
import { forgetLibrary } from './library-cache.ts';

/** What a seeding run did, by number of stories. */
export interface SeedStoriesResult {
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
  /**
   * Library stories whose file was removed (retired: no longer offered) and not yet deleted, because a screening
   * that can still be resumed lists them.
   */
  kept: number;
}

/**
 * The Lexile measure of a passage through the passage_lexile_scores cache (spec §7.3): the stored
 * row when there is one, else the spec §9 formula, stored for next time.
 */
export async function passageLexile(
  tx: Tx,
  text: string,
): Promise<Pick<PassageLexile, 'calculatedLexile' | 'wordCount'>> {
  // md5() matches the unique index, so the lookup is an index scan even for long passages.
  const [found] = await tx
    .select({
      calculatedLexile: passageLexileScores.calculatedLexile,
      wordCount: passageLexileScores.wordCount,
    })
    .from(passageLexileScores)
    .where(
      and(
        sql`md5(${passageLexileScores.passageText}) = md5(${text})`,
        eq(passageLexileScores.passageText, text),
      ),
    );
  if (found) return found;
  const measure = calculatePassageLexile(text);
  await tx
    .insert(passageLexileScores)
    .values({ passageText: text, ...measure })
    .onConflictDoNothing();
  return measure;
}

/**
 * Insert or refresh every library story from the content files, in one transaction as server work.
 *
 * @param db the database
 * @param library the stories to seed; by default every file in server/stories/content
 * @throws StoryContentError when a content file is invalid (nothing is written then)
 */
export async function seedStories(
  db: Database,
  library: LibraryStory[] = loadLibraryStories(),
): Promise<SeedStoriesResult> {
  const result: SeedStoriesResult = { inserted: 0, updated: 0, unchanged: 0, removed: 0, kept: 0 };
  await asSystem(db, async (tx) => {
    for (const story of library) {
      const measure = await passageLexile(tx, story.body);
      const values = {
        slug: story.slug,
        title: story.title,
        body: story.body,
        gradeBand: story.gradeBand,
        themes: story.themes,
        decodable: story.decodable,
        lexile: measure.calculatedLexile,
        wordCount: measure.wordCount,
        ownerId: null,
      };
      const written = await tx
        .insert(stories)
        .values(values)
        .onConflictDoUpdate({
          target: stories.slug,
          set: {
            title: sql`excluded.title`,
            body: sql`excluded.body`,
            gradeBand: sql`excluded.grade_band`,
            themes: sql`excluded.themes`,
            decodable: sql`excluded.decodable`,
            lexile: sql`excluded.lexile`,
            wordCount: sql`excluded.word_count`,
            // A story retired by an earlier release and back in this one's files is offered again.
            retiredAt: sql`null`,
            updatedAt: sql`now()`,
          },
          // Only a changed (or retired) story is rewritten, so a second run leaves every row (and updated_at) alone.
          setWhere: sql`(${stories.title}, ${stories.body}, ${stories.gradeBand}, ${stories.themes}, ${stories.decodable}, ${stories.lexile}, ${stories.wordCount})
            is distinct from (excluded.title, excluded.body, excluded.grade_band, excluded.themes, excluded.decodable, excluded.lexile, excluded.word_count)
            or ${stories.retiredAt} is not null`,
        })
        .returning({ inserted: sql<boolean>`xmax = 0` });
      if (written.length === 0) result.unchanged += 1;
      else if (written[0]!.inserted) result.inserted += 1;
      else result.updated += 1;
    }
    const slugs = library.map((s) => s.slug);
    // Every library story whose file is gone is retired (no longer offered), then deleted unless a screening
    // that can still be resumed lists it.
    await tx
      .update(stories)
      .set({ retiredAt: sql`now()` })
      .where(
        and(
          isNull(stories.ownerId),
          isNull(stories.retiredAt),
          isNotNull(stories.slug),
          slugs.length ? notInArray(stories.slug, slugs) : undefined,
        ),
      );
    Object.assign(result, await deleteRetiredIn(tx));
  });
  // The library held in memory is read again on next use (server/stories/library-cache.ts).
  forgetLibrary(db);
  return result;
}

/**
 * Deletes the retired library stories (`retired_at` set by {@link seedStories}) that no Reading Screening that can
 * still be resumed lists any more (unfinished, started less than SCREENING_RESUME_HOURS ago; ADR 0049 amendment),
 * in the caller's system transaction. Readings of a deleted story keep their title and scores (story_id set null).
 * @returns how many were deleted, and how many retired stories are still kept
 */
async function deleteRetiredIn(tx: Tx): Promise<Pick<SeedStoriesResult, 'removed' | 'kept'>> {
  const inResumableScreening = sql`exists (
    select 1 from ${screenings}
    where ${screenings.completedAt} is null
      and ${screenings.createdAt} > now() - make_interval(hours => ${SCREENING_RESUME_HOURS})
      and ${stories.id} = any(${screenings.storyIds}))`;
  const retired = and(isNull(stories.ownerId), isNotNull(stories.retiredAt));
  const removed = await tx
    .delete(stories)
    .where(and(retired, sql`not ${inResumableScreening}`))
    .returning({ id: stories.id });
  const [kept] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(stories)
    .where(retired);
  return { removed: removed.length, kept: kept?.n ?? 0 };
}

/** How often server/main.ts deletes the retired stories no screening lists any more, in milliseconds (hourly). */
export const RETIRED_STORIES_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The hourly job's half of retiring a library story (server/main.ts): deletes the retired stories that no screening
 * which can still be resumed lists any more, so a story kept for a child's screening goes within an hour of that
 * screening's end (or of its two hours running out), without waiting for the next start.
 * @returns how many were deleted, and how many are still kept
 */
export async function deleteRetiredLibraryStories(
  db: Database,
): Promise<Pick<SeedStoriesResult, 'removed' | 'kept'>> {
  const result = await asSystem(db, deleteRetiredIn);
  if (result.removed > 0) forgetLibrary(db);
  return result;
}
