/**
 * The premade story library held in memory. Library stories (owner_id null) are the same for every
 * reader and change only when `seedStories` runs (at start-up), yet `/api/stories` and
 * `/api/stories/:id` are among the app's most frequent reads; answering them from memory saves a
 * transaction and its row-level-security set-up on every request (issue 15, bench:api).
 *
 * Safety: row-level security lets every signed-in user read every library row (policy
 * `stories_read_library_or_own`, server/db/schema.ts), and only library rows are cached, so an answer
 * from the cache is the one the database would give. A user's own stories are never cached.
 *
 * Freshness: `seedStories` forgets the cache of its database when it commits, and an entry is reloaded
 * after {@link LIBRARY_CACHE_MS} in any case (a library seeded by another process, on a shared
 * PostgreSQL, shows within that time). A story not found in the cache is looked up in the database.
 * docs/decisions/0026-library-cache.md.
 */
import { createHash } from 'node:crypto';
import { asc, isNull, sql } from 'drizzle-orm';
import type { StorySummary } from '#core/api/stories.ts';
import type { Database } from '../db/client.ts';
import { asSystem } from '../db/rls.ts';
import { stories } from '../db/schema.ts';

/** How long a loaded library is reused before it is read again, in milliseconds. */
export const LIBRARY_CACHE_MS = 60_000;

/** A library story with its text (the library's `StoryDetail` without `own`). */
export type CachedStory = StorySummary & { body: string };

/** The library as loaded. */
export interface Library {
  /** Every library story's summary offered to readers (not retired), easiest first (grade band K…5, then Lexile, then title). */
  summaries: StorySummary[];
  /** Every library story by id, with its text, retired ones included (a screening may still list one). */
  byId: ReadonlyMap<string, CachedStory>;
  /** A hash of the whole library's content (ids, summaries and texts), for ETags. */
  version: string;
}

/** Kindergarten first, then grades 1–5; anything else last. */
const GRADE_ORDER = sql`array_position(array['K','1','2','3','4','5']::text[], ${stories.gradeBand}) nulls last`;

const loaded = new WeakMap<Database, { until: number; library: Promise<Library> }>();

async function loadLibrary(db: Database): Promise<Library> {
  // Server work that reads only public rows (owner_id null), so as app_system in one short transaction.
  const rows = await asSystem(db, (tx) =>
    tx
      .select({
        id: stories.id,
        slug: stories.slug,
        title: stories.title,
        gradeBand: stories.gradeBand,
        themes: stories.themes,
        decodable: stories.decodable,
        lexile: stories.lexile,
        wordCount: stories.wordCount,
        body: stories.body,
        retiredAt: stories.retiredAt,
      })
      .from(stories)
      .where(isNull(stories.ownerId))
      .orderBy(GRADE_ORDER, asc(stories.lexile), asc(stories.title)),
  );
  const byId = new Map<string, CachedStory>();
  const summaries: StorySummary[] = [];
  const hash = createHash('sha1');
  for (const { retiredAt, ...story } of rows) {
    const { body: _body, ...summary } = story;
    byId.set(story.id, story);
    // A retired story (server/stories/seed.ts) is no longer offered, but a screening that lists it still opens it.
    if (retiredAt === null) summaries.push(summary);
    hash.update(JSON.stringify([story, retiredAt !== null]));
  }
  return { summaries, byId, version: hash.digest('base64url') };
}

/**
 * The library of `db`, from memory when loaded less than {@link LIBRARY_CACHE_MS} ago (concurrent
 * callers share one load; a failed load is not remembered).
 * @param now clock in ms (tests)
 */
export function libraryOf(db: Database, now: number = Date.now()): Promise<Library> {
  const hit = loaded.get(db);
  if (hit && hit.until > now) return hit.library;
  const library = loadLibrary(db);
  const entry = { until: now + LIBRARY_CACHE_MS, library };
  loaded.set(db, entry);
  library.catch(() => {
    if (loaded.get(db) === entry) loaded.delete(db);
  });
  return library;
}

/** Forget the loaded library of `db`: call after writing library stories (seedStories does). */
export function forgetLibrary(db: Database): void {
  loaded.delete(db);
}
