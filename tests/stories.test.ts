/**
 * The premade story library: seeding from the content files (idempotent, Lexiles through
 * passage_lexile_scores), and the stories API with its filters and refusals, on PGlite or PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_GRADE_BANDS, type StoryDetail, type StoryListResponse } from '#core/api/stories.ts';
import { calculatePassageLexile } from '#core/lexile/passage-lexile.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem } from '../server/db/rls.ts';
import { passageLexileScores, profiles, screenings, stories } from '../server/db/schema.ts';
import {
  loadLibraryStories,
  MAX_STORY_WORDS,
  MIN_STORY_WORDS,
  parseStoryFile,
  type LibraryStory,
} from '../server/stories/content.ts';
import { LIBRARY_CACHE_MS, libraryOf } from '../server/stories/library-cache.ts';
import { deleteRetiredLibraryStories, seedStories } from '../server/stories/seed.ts';
import { createSignedInClient, createTestApp, createBrowser, type TestApp } from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

const library = loadLibraryStories();

describe('library content files', () => {
  it('holds at least 40 stories of 40–300 words over every grade band K–5, some decodable', () => {
    expect(library.length).toBeGreaterThanOrEqual(40);
    for (const story of library) {
      const words = story.body.split(/\s+/).length;
      expect(words, story.slug).toBeGreaterThanOrEqual(MIN_STORY_WORDS);
      expect(words, story.slug).toBeLessThanOrEqual(MAX_STORY_WORDS);
    }
    expect(new Set(library.map((s) => s.gradeBand))).toEqual(new Set(STORY_GRADE_BANDS));
    expect(library.filter((s) => s.decodable).length).toBeGreaterThanOrEqual(5);
    const themes = new Set(library.flatMap((s) => s.themes));
    for (const theme of ['animals', 'family', 'school', 'science', 'adventure', 'fantasy'])
      expect(themes).toContain(theme);
  });

  it('keeps early-grade stories free of numerals, and titles unique', () => {
    for (const story of library.filter((s) => s.gradeBand === 'K' || s.gradeBand === '1')) {
      expect(story.body, story.slug).not.toMatch(/\d/);
    }
    expect(new Set(library.map((s) => s.title)).size).toBe(library.length);
  });

  it('refuses a file without front matter, an unknown theme and a story that is too short', () => {
    expect(() => parseStoryFile('x', 'Just text.')).toThrow(/x\.md: expected a front matter/);
    expect(() =>
      parseStoryFile(
        'x',
        '---\ntitle: X\ngrade: K\nthemes: dragons\ndecodable: false\n---\n' + 'word '.repeat(50),
      ),
    ).toThrow(/x\.md: themes/);
    expect(() =>
      parseStoryFile('x', '---\ntitle: X\ngrade: K\nthemes: animals\ndecodable: false\n---\nToo short.'),
    ).toThrow(/40 to 300 words/);
  });
});

describe(`story library seeding and API (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
    await seedStories(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  const librarySlugs = library.map((s) => s.slug);
  const libraryRows = () =>
    asSystem(handle.db, (tx) => tx.select().from(stories).where(inArray(stories.slug, librarySlugs)));

  it('seeds every story with its Lexile and word count through passage_lexile_scores', async () => {
    const rows = await libraryRows();
    expect(rows).toHaveLength(library.length);
    for (const row of rows) {
      const expected = calculatePassageLexile(row.body);
      expect(row.ownerId).toBeNull();
      expect(row.lexile, row.slug!).toBe(expected.calculatedLexile);
      expect(row.wordCount).toBe(expected.wordCount);
    }
    const measures = await asSystem(handle.db, (tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(passageLexileScores)
        .where(
          inArray(
            passageLexileScores.passageText,
            rows.map((r) => r.body),
          ),
        ),
    );
    expect(measures[0]!.n).toBe(library.length);
    expect(new Set(rows.map((r) => r.gradeBand))).toEqual(new Set(STORY_GRADE_BANDS));
  });

  it('changes nothing when seeded again', async () => {
    const before = await libraryRows();
    const again = await seedStories(handle.db);
    expect(again).toEqual({ inserted: 0, updated: 0, unchanged: library.length, removed: 0, kept: 0 });
    const after = await libraryRows();
    const key = (r: (typeof before)[number]) => `${r.id}|${r.updatedAt.toISOString()}|${r.lexile}`;
    expect(after.map(key).sort()).toEqual(before.map(key).sort());
  });

  it('updates a changed story, uses a stored Lexile measure, and removes a story whose file is gone', async () => {
    // Two extra stories with unique slugs, so files sharing one PostgreSQL database are not disturbed.
    const tag = randomUUID().slice(0, 8);
    const text =
      'The fox ran to the den. The den was warm and dry. The fox had a nap in the den all day long. '
        .repeat(2)
        .trim();
    const extraA: LibraryStory = {
      ...library[0]!,
      slug: `test-a-${tag}`,
      title: `Test A ${tag}`,
      body: text,
    };
    const extraB: LibraryStory = {
      ...library[0]!,
      slug: `test-b-${tag}`,
      title: `Test B ${tag}`,
      body: `${text} The end.`,
    };
    expect(await seedStories(handle.db, [...library, extraA, extraB])).toMatchObject({
      inserted: 2,
      updated: 0,
    });

    // A stored measure for the new text wins over the formula (spec §7.3: look up, else compute).
    const changedBody = `${text} Good night, fox.`;
    await asSystem(handle.db, (tx) =>
      tx.insert(passageLexileScores).values({
        passageText: changedBody,
        calculatedLexile: 999,
        wordCount: 77,
        avgSentenceLength: 5,
        complexityScore: 0,
      }),
    );
    const changed = await seedStories(handle.db, [...library, { ...extraA, body: changedBody }]);
    expect(changed).toEqual({ inserted: 0, updated: 1, unchanged: library.length, removed: 1, kept: 0 });
    const bySlug = (slug: string) =>
      asSystem(handle.db, (tx) => tx.select().from(stories).where(eq(stories.slug, slug)));
    expect((await bySlug(extraA.slug))[0]).toMatchObject({ body: changedBody, lexile: 999, wordCount: 77 });
    expect(await bySlug(extraB.slug)).toEqual([]);

    expect(await seedStories(handle.db)).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: library.length,
      removed: 1,
      kept: 0,
    });
    expect(await bySlug(extraA.slug)).toEqual([]);
  });

  it('keeps a removed story while a screening that can still be resumed reads it (ADR 0049)', async () => {
    const tag = randomUUID().slice(0, 8);
    const body = 'The hen sat in the sun. The sun was hot, so the hen went to the shed to rest. '
      .repeat(2)
      .trim();
    const extra = (name: string, words: string): LibraryStory => ({
      ...library[0]!,
      slug: `test-${name}-${tag}`,
      title: `Test ${name} ${tag}`,
      body: `${body} ${words}`,
    });
    const [open, stale, done] = [
      extra('open', 'Good hen.'),
      extra('stale', 'Bad hen.'),
      extra('done', 'Hot hen.'),
    ];
    await seedStories(handle.db, [...library, open, stale, done]);
    const idOf = async (slug: string) =>
      (await asSystem(handle.db, (tx) => tx.select().from(stories).where(eq(stories.slug, slug))))[0]?.id;
    const { userId } = await createSignedInClient(app, handle, { grade: '2' });
    const finished = {
      completedAt: new Date(),
      wpm: 60,
      accuracy: 96,
      wordsCorrect: 60,
      errors: 2,
      band: 'below',
      p50: 72,
    };
    const screeningOf = (storyId: string, startedHoursAgo: number, complete: boolean) =>
      asSystem(handle.db, (tx) =>
        tx
          .insert(screenings)
          .values({
            userId,
            grade: '2',
            season: 'winter',
            schoolYear: 2026,
            storyIds: [storyId],
            createdAt: new Date(Date.now() - startedHoursAgo * 3_600_000),
            ...(complete ? finished : {}),
          })
          .returning({ id: screenings.id }),
      );
    // Unfinished and started an hour ago: the reader can still come back to it. Unfinished but started three
    // hours ago (past SCREENING_RESUME_HOURS), or complete: nobody will read it again.
    const [resumable] = await screeningOf((await idOf(open.slug))!, 1, false);
    await screeningOf((await idOf(stale.slug))!, 3, false);
    await screeningOf((await idOf(done.slug))!, 0, true);

    expect(await seedStories(handle.db)).toMatchObject({ removed: 2, kept: 1 });
    const openId = (await idOf(open.slug))!;
    expect(openId).toBeDefined();
    expect(await idOf(stale.slug)).toBeUndefined();
    expect(await idOf(done.slug)).toBeUndefined();

    // Kept, but retired: no longer listed (so no reader, teacher or screening picks it), still opened by id.
    const { client } = await createSignedInClient(app, handle, { grade: '2' });
    const listed = (await (await client.api.stories.$get({ query: {} })).json()) as StoryListResponse;
    expect(listed.stories.map((s) => s.id)).not.toContain(openId);
    expect((await libraryOf(handle.db)).byId.has(openId)).toBe(true);
    const opened = await client.api.stories[':id'].$get({ param: { id: openId } });
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as { story: StoryDetail }).story.title).toBe(open.title);

    // The hourly job leaves it while the screening can be resumed, and deletes it once that screening is finished.
    expect(await deleteRetiredLibraryStories(handle.db)).toEqual({ removed: 0, kept: 1 });
    await asSystem(handle.db, (tx) =>
      tx.update(screenings).set(finished).where(eq(screenings.id, resumable!.id)),
    );
    expect(await deleteRetiredLibraryStories(handle.db)).toEqual({ removed: 1, kept: 0 });
    expect(await idOf(open.slug)).toBeUndefined();
    expect((await client.api.stories[':id'].$get({ param: { id: openId } })).status).toBe(404);
  });

  it('offers a retired story again when a later release brings its file back', async () => {
    const tag = randomUUID().slice(0, 8);
    const back: LibraryStory = {
      ...library[0]!,
      slug: `test-back-${tag}`,
      title: `Test back ${tag}`,
      body: 'A cat sat on a mat. The mat was red and the cat was fat. '.repeat(3).trim(),
    };
    await seedStories(handle.db, [...library, back]);
    const [row] = await asSystem(handle.db, (tx) =>
      tx.select().from(stories).where(eq(stories.slug, back.slug)),
    );
    const { userId } = await createSignedInClient(app, handle, { grade: '1' });
    await asSystem(handle.db, (tx) =>
      tx
        .insert(screenings)
        .values({ userId, grade: '1', season: 'winter', schoolYear: 2026, storyIds: [row!.id] }),
    );
    expect(await seedStories(handle.db)).toMatchObject({ kept: 1 });
    const retiredAt = async () =>
      (await asSystem(handle.db, (tx) => tx.select().from(stories).where(eq(stories.id, row!.id))))[0]
        ?.retiredAt;
    expect(await retiredAt()).toBeInstanceOf(Date);
    expect(await seedStories(handle.db, [...library, back])).toMatchObject({ updated: 1, kept: 0 });
    expect(await retiredAt()).toBeNull();
    expect((await libraryOf(handle.db)).summaries.map((s) => s.id)).toContain(row!.id);
  });

  it('lists the library with filters, easiest first (grade band, then Lexile)', async () => {
    const { client } = await createSignedInClient(app, handle, { grade: '2' });
    const all = (await (await client.api.stories.$get({ query: {} })).json()) as StoryListResponse;
    const ours = all.stories.filter((s) => s.slug && librarySlugs.includes(s.slug));
    expect(ours).toHaveLength(library.length);
    // Easiest first: grade band K, 1 … 5, then Lexile within a band.
    // Only the library's own stories: other files sharing a PostgreSQL database may add stories of theirs.
    const order = ours.map((s) => [STORY_GRADE_BANDS.indexOf(s.gradeBand as 'K'), s.lexile ?? 0]);
    expect(order).toEqual([...order].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
    expect(all.stories[0]).not.toHaveProperty('body');

    // The library carries an ETag: asking again with it answers 304 without a body, until it changes.
    const first = await client.api.stories.$get({ query: {} });
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await client.api.stories.$get({ query: {} }, { headers: { 'if-none-match': tag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const otherFilter = await client.api.stories.$get(
      { query: { grade: 'K' } },
      { headers: { 'if-none-match': tag! } },
    );
    expect(otherFilter.status).toBe(200);

    const grade = (await (
      await client.api.stories.$get({ query: { grade: 'K' } })
    ).json()) as StoryListResponse;
    const ownK = grade.stories.filter((s) => s.slug && librarySlugs.includes(s.slug));
    expect(ownK.length).toBe(library.filter((s) => s.gradeBand === 'K').length);
    expect(grade.stories.every((s) => s.gradeBand === 'K')).toBe(true);

    const theme = (await (
      await client.api.stories.$get({ query: { theme: 'science', grade: '3' } })
    ).json()) as StoryListResponse;
    expect(theme.stories.length).toBeGreaterThan(0);
    expect(theme.stories.every((s) => s.themes.includes('science') && s.gradeBand === '3')).toBe(true);
  });

  it('serves the library from memory, yet shows a reseeded library at once with a new ETag', async () => {
    const { client } = await createSignedInClient(app, handle, { grade: '2' });
    const before = await client.api.stories.$get({ query: {} });
    const tag = before.headers.get('etag')!;
    const extra: LibraryStory = {
      ...library[0]!,
      slug: `cache-${randomUUID()}`,
      title: `Cache test ${randomUUID().slice(0, 8)}`,
    };
    await seedStories(handle.db, [...library, extra]);
    try {
      const after = await client.api.stories.$get({ query: {} }, { headers: { 'if-none-match': tag } });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(tag);
      const listed = ((await after.json()) as StoryListResponse).stories.find((s) => s.slug === extra.slug);
      expect(listed).toBeDefined();
      const one = await client.api.stories[':id'].$get({ param: { id: listed!.id } });
      expect(((await one.json()) as { story: StoryDetail }).story).toMatchObject({
        title: extra.title,
        body: extra.body,
        own: false,
      });

      // A library row written behind the cache's back (another process) shows within LIBRARY_CACHE_MS,
      // and a story missing from memory is still found in the database.
      const t = Date.now();
      await libraryOf(handle.db, t);
      const [behind] = await asSystem(handle.db, (tx) =>
        tx.insert(stories).values({ title: 'Written elsewhere', body: 'The owl sat.' }).returning(),
      );
      try {
        expect((await libraryOf(handle.db, t + 1000)).byId.has(behind!.id)).toBe(false);
        const found = await client.api.stories[':id'].$get({ param: { id: behind!.id } });
        expect(found.status).toBe(200);
        expect((await libraryOf(handle.db, t + LIBRARY_CACHE_MS + 1)).byId.has(behind!.id)).toBe(true);
      } finally {
        await asSystem(handle.db, (tx) => tx.delete(stories).where(eq(stories.id, behind!.id)));
      }
    } finally {
      await seedStories(handle.db);
    }
  });

  it('keeps "just right" to 100L below and 50L above the grade target, or the profile Lexile', async () => {
    // Grade 2 with no Lexile on the profile: the spec §9 target 400L → 300L to 450L.
    const { client, userId } = await createSignedInClient(app, handle, { grade: '2' });
    const byGrade = (await (
      await client.api.stories.$get({ query: { justRight: '1' } })
    ).json()) as StoryListResponse;
    expect(byGrade.readerBand).toEqual({ lexile: 400, min: 300, max: 450, source: 'grade' });
    expect(byGrade.stories.length).toBeGreaterThan(0);
    expect(byGrade.stories.every((s) => s.lexile! >= 300 && s.lexile! <= 450)).toBe(true);

    // A Lexile on the profile wins over the grade.
    await asSystem(handle.db, (tx) =>
      tx.update(profiles).set({ lexileLevel: 700 }).where(eq(profiles.userId, userId)),
    );
    const byProfile = (await (
      await client.api.stories.$get({ query: { justRight: '1' } })
    ).json()) as StoryListResponse;
    expect(byProfile.readerBand).toEqual({ lexile: 700, min: 600, max: 750, source: 'profile' });
    expect(byProfile.stories.every((s) => s.lexile! >= 600 && s.lexile! <= 750)).toBe(true);
    expect(byProfile.stories.map((s) => s.id)).not.toEqual(byGrade.stories.map((s) => s.id));
  });

  it('refuses an unknown grade or theme, and a signed-out visitor', async () => {
    const { client } = await createSignedInClient(app, handle);
    const badGrade = await client.request('/api/stories?grade=9');
    expect(badGrade.status).toBe(422);
    expect((await badGrade.json()).error.code).toBe('invalid_input');
    expect((await client.request('/api/stories?theme=pirates')).status).toBe(422);
    const anonymous = createBrowser(app);
    expect((await anonymous.api.stories.$get({ query: {} })).status).toBe(401);
    expect((await anonymous.api['my-stories'].$get()).status).toBe(401);
    const [anyStory] = await libraryRows();
    expect((await anonymous.api.stories[':id'].$get({ param: { id: anyStory!.id } })).status).toBe(401);
  });

  it('gives one library story or the reader’s own, and 404 for a bad id or another reader’s story', async () => {
    const reader = await createSignedInClient(app, handle);
    const other = await createSignedInClient(app, handle);
    const [libraryStory] = await libraryRows();
    const ok = await reader.client.api.stories[':id'].$get({ param: { id: libraryStory!.id } });
    expect(ok.status).toBe(200);
    const { story } = (await ok.json()) as { story: StoryDetail };
    expect(story).toMatchObject({ id: libraryStory!.id, body: libraryStory!.body, own: false });

    const [own] = await asSystem(handle.db, (tx) =>
      tx
        .insert(stories)
        .values({ ownerId: other.userId, title: 'My Own Story', body: 'I wrote this.' })
        .returning(),
    );
    const mine = await other.client.api.stories[':id'].$get({ param: { id: own!.id } });
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { story: StoryDetail }).story.own).toBe(true);

    const notYours = await reader.client.api.stories[':id'].$get({ param: { id: own!.id } });
    expect(notYours.status).toBe(404);
    expect(await notYours.json()).toMatchObject({ error: { code: 'story_not_found' } });
    expect((await reader.client.api.stories[':id'].$get({ param: { id: 'not-a-uuid' } })).status).toBe(404);
    expect(
      (await reader.client.api.stories[':id'].$get({ param: { id: '00000000-0000-4000-8000-000000000000' } }))
        .status,
    ).toBe(404);

    // Own stories are listed only to their owner, and never in the library list.
    const otherList = await (await other.client.api['my-stories'].$get()).json();
    expect(otherList.stories.map((s: { id: string }) => s.id)).toEqual([own!.id]);
    expect((await (await reader.client.api['my-stories'].$get()).json()).stories).toEqual([]);
    const libraryList = (await (
      await other.client.api.stories.$get({ query: {} })
    ).json()) as StoryListResponse;
    expect(libraryList.stories.some((s) => s.id === own!.id)).toBe(false);
    const ownerless = await asSystem(handle.db, (tx) =>
      tx.select({ id: stories.id }).from(stories).where(isNull(stories.ownerId)),
    );
    expect(ownerless.length).toBeGreaterThanOrEqual(library.length);
  });
});
