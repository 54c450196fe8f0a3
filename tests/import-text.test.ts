/**
 * Import Text's API on PGlite and PostgreSQL (docs/decisions/0044-import-text.md): a text is cleaned, measured and
 * kept as the reader's own story, readable and scored like any other; the same text sent twice is kept once; bad,
 * oversized and hostile bodies are refused and keep nothing; the bound on stories holds when imports arrive
 * together; a reader deletes their own story and nobody else's; deleting the account takes the stories.
 */
import { randomUUID } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_TEXT_MAX_CHARS,
  IMPORTS_PER_MINUTE,
  ImportStoryResponseSchema,
  MAX_OWN_STORIES,
  StoryDetailResponseSchema,
} from '#core/api/stories.ts';
import { calculatePassageLexile } from '#core/lexile/passage-lexile.ts';
import { MAX_JSON_BYTES } from '../server/app.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem, asUser } from '../server/db/rls.ts';
import { readingSessions, stories } from '../server/db/schema.ts';
import { seedStories } from '../server/stories/seed.ts';
import { createBrowser, createSignedInClient, createTestApp, errorOf, type TestApp } from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

const PASSAGE = 'The cat sat on the mat.\nIt was a sunny day, and the cat was happy.';

describe(`Import Text's API (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
    await seedStories(handle.db);
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  const reader = () => createSignedInClient(app, handle, { grade: '2' });
  type Reader = Awaited<ReturnType<typeof reader>>;
  const importText = (who: Reader, body: unknown) =>
    who.client.request('/api/stories', { method: 'POST', json: body });
  const ownRows = (userId: string) =>
    asSystem(handle.db, (tx) => tx.select().from(stories).where(eq(stories.ownerId, userId)));

  it('keeps a text as the reader’s own story, cleaned and measured, readable and listed; twice is kept once', async () => {
    const who = await reader();
    const sent = {
      title: '  My   homework\tpage ',
      text: `\uFEFF${PASSAGE.replace('\n', '\r\n')}\u200B  \n\n\n\n`,
    };
    const first = await importText(who, sent);
    expect(first.status).toBe(201);
    const answer = ImportStoryResponseSchema.parse(await first.json());
    expect(answer.created).toBe(true);
    const measure = calculatePassageLexile(PASSAGE);
    expect(answer.story).toMatchObject({
      title: 'My homework page',
      lexile: measure.calculatedLexile,
      wordCount: measure.wordCount,
      gradeBand: null,
      slug: null,
    });

    // Kept as cleaned: no byte-order mark, zero-width space, Windows line break or trailing blank lines.
    const [row] = await ownRows(who.userId);
    expect(row?.body).toBe(PASSAGE);

    const detail = await who.client.api.stories[':id'].$get({ param: { id: answer.story.id } });
    expect(StoryDetailResponseSchema.parse(await detail.json()).story).toMatchObject({
      body: PASSAGE,
      own: true,
    });
    const mine = await (await who.client.api['my-stories'].$get()).json();
    expect(mine.stories.map((s: { id: string }) => s.id)).toEqual([answer.story.id]);

    // The same name and text again (a second press of Save): the same story, no copy.
    const again = await importText(who, { title: 'My homework page', text: PASSAGE });
    expect(again.status).toBe(200);
    expect(ImportStoryResponseSchema.parse(await again.json())).toEqual({
      story: answer.story,
      created: false,
    });
    // Another name is another story.
    expect((await importText(who, { title: 'Page two', text: PASSAGE })).status).toBe(201);
    expect(await ownRows(who.userId)).toHaveLength(2);
  });

  it('refuses bad, oversized and hostile bodies with a clear error, and keeps nothing', async () => {
    const who = await reader();
    const refusals: [unknown, number, string, RegExp?][] = [
      [{ title: 'A', text: '' }, 422, 'text_missing', /Type or paste/],
      [{ title: 'A', text: ' \n\t\u200B ' }, 422, 'text_missing'],
      [{ title: 'A', text: '123 456 !!!' }, 422, 'invalid_input', /no words/],
      [{ title: '', text: PASSAGE }, 422, 'invalid_input', /Give the text a name/],
      [{ title: '\u202E\u200B', text: PASSAGE }, 422, 'invalid_input', /Give the text a name/],
      [{ title: 'x'.repeat(201), text: PASSAGE }, 422, 'invalid_input', /at most 200/],
      [{ title: 'A', text: 'word '.repeat(IMPORT_TEXT_MAX_CHARS / 5 + 1) }, 413, 'text_too_long'],
      [{ title: 'A' }, 422, 'invalid_input'],
      [{ title: 'A', text: 42 }, 422, 'invalid_input'],
      [{ title: ['A'], text: PASSAGE }, 422, 'invalid_input'],
      [{ title: 'A', text: PASSAGE, ownerId: randomUUID() }, 422, 'invalid_input'],
      [[PASSAGE], 422, 'invalid_input'],
    ];
    for (const [body, status, code, message] of refusals) {
      const response = await importText(who, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      const error = await errorOf(response);
      expect(error.code).toBe(code);
      if (message) expect(error.message).toMatch(message);
    }
    const tooLong = await importText(who, {
      title: 'A',
      text: 'word '.repeat(IMPORT_TEXT_MAX_CHARS / 5 + 1),
    });
    expect((await errorOf(tooLong)).details).toEqual({ maxChars: IMPORT_TEXT_MAX_CHARS });

    const notJson = await who.client.request('/api/stories', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"title": "A", "text": ',
    });
    expect(notJson.status).toBe(400);
    const huge = await importText(who, { title: 'A', text: 'a'.repeat(MAX_JSON_BYTES) });
    expect(huge.status).toBe(413);
    expect((await errorOf(huge)).code).toBe('body_too_large');
    const form = await who.client.request('/api/stories', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'title=A&text=hello',
    });
    expect(form.status).toBeGreaterThanOrEqual(400);

    // Signed out, and from another site.
    const stranger = createBrowser(app);
    expect(
      (await stranger.request('/api/stories', { method: 'POST', json: { title: 'A', text: PASSAGE } }))
        .status,
    ).toBe(401);
    const crossSite = await who.client.request('/api/stories', {
      method: 'POST',
      json: { title: 'A', text: PASSAGE },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(await ownRows(who.userId)).toEqual([]);

    // Markup is kept as the words it is (the page shows text, never HTML).
    const markup = '<script>alert("hi")</script> The <b>dog</b> ran.';
    const kept = await importText(who, { title: '<img src=x onerror=alert(1)>', text: markup });
    expect(kept.status).toBe(201);
    const [row] = await ownRows(who.userId);
    expect(row).toMatchObject({ title: '<img src=x onerror=alert(1)>', body: markup });
  });

  it(`allows ${IMPORTS_PER_MINUTE} imports a minute, then says when to try again`, async () => {
    const who = await reader();
    for (let i = 0; i < IMPORTS_PER_MINUTE; i++) {
      expect((await importText(who, { title: `Page ${i}`, text: PASSAGE })).status).toBe(201);
    }
    const over = await importText(who, { title: 'One more', text: PASSAGE });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(over)).code).toBe('rate_limited');
    expect(await ownRows(who.userId)).toHaveLength(IMPORTS_PER_MINUTE);
    // Another reader is not held back.
    expect((await importText(await reader(), { title: 'Mine', text: PASSAGE })).status).toBe(201);
  });

  it(`keeps at most ${MAX_OWN_STORIES} stories, also when imports arrive together`, async () => {
    const who = await reader();
    await asSystem(handle.db, (tx) =>
      tx.insert(stories).values(
        Array.from({ length: MAX_OWN_STORIES - 1 }, (_, i) => ({
          ownerId: who.userId,
          title: `Old ${i}`,
          body: 'An old page.',
        })),
      ),
    );
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => importText(who, { title: `New ${i}`, text: `${PASSAGE} ${i}` })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array(7).fill(409)]);
    const refused = answers.find((r) => r.status === 409)!;
    const error = await errorOf(refused);
    expect(error.code).toBe('too_many_stories');
    expect(error.message).toMatch(/Delete one/);
    expect(await ownRows(who.userId)).toHaveLength(MAX_OWN_STORIES);
    // The same text again is still found (not a new story, so not refused).
    const newOne = (await ownRows(who.userId)).find((s) => s.title.startsWith('New '))!;
    expect((await importText(who, { title: newOne.title, text: newOne.body })).status).toBe(200);
  }, 60_000);

  it('many readers importing at once each get their own stories, and none sees another’s', async () => {
    const readers = await Promise.all(Array.from({ length: 6 }, () => reader()));
    const answers = await Promise.all(
      readers.flatMap((who, r) =>
        [0, 1].map((i) => importText(who, { title: `Reader ${r} page ${i}`, text: `${PASSAGE} (${r})` })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    for (const [r, who] of readers.entries()) {
      const mine = await (await who.client.api['my-stories'].$get()).json();
      expect(mine.stories.map((s: { title: string }) => s.title).sort()).toEqual([
        `Reader ${r} page 0`,
        `Reader ${r} page 1`,
      ]);
    }
  }, 60_000);

  it('deletes the reader’s own story, keeps its readings, and refuses anyone else’s or a library story', async () => {
    const owner = await reader();
    const other = await reader();
    const { story } = ImportStoryResponseSchema.parse(
      await (await importText(owner, { title: 'To delete', text: PASSAGE })).json(),
    );
    await asSystem(handle.db, (tx) =>
      tx.insert(readingSessions).values({ userId: owner.userId, storyId: story.id, storyTitle: story.title }),
    );
    const del = (who: Reader, id: string) => who.client.api.stories[':id'].$delete({ param: { id } });

    // Another reader: 404 as if it did not exist, and it is still there.
    const notYours = await del(other, story.id);
    expect(notYours.status).toBe(404);
    expect((await errorOf(notYours)).code).toBe('story_not_found');
    const [libraryStory] = await asSystem(handle.db, (tx) =>
      tx.select({ id: stories.id }).from(stories).where(isNull(stories.ownerId)).limit(1),
    );
    expect((await del(owner, libraryStory!.id)).status).toBe(404);
    expect(
      await asSystem(handle.db, (tx) => tx.select().from(stories).where(eq(stories.id, libraryStory!.id))),
    ).toHaveLength(1);
    expect((await del(owner, 'not-a-uuid')).status).toBe(404);
    expect((await del(owner, randomUUID())).status).toBe(404);
    expect((await createBrowser(app).request(`/api/stories/${story.id}`, { method: 'DELETE' })).status).toBe(
      401,
    );
    // Row-level security in the database, not only the route's filter: the other reader deletes nothing.
    const deletedByOther = await asUser(handle.db, other.userId, (tx) =>
      tx.delete(stories).where(eq(stories.id, story.id)).returning(),
    );
    expect(deletedByOther).toEqual([]);
    expect(await ownRows(owner.userId)).toHaveLength(1);

    const ok = await del(owner, story.id);
    expect(ok.status).toBe(204);
    expect(await ownRows(owner.userId)).toEqual([]);
    expect((await owner.client.api.stories[':id'].$get({ param: { id: story.id } })).status).toBe(404);
    const [reading] = await asSystem(handle.db, (tx) =>
      tx.select().from(readingSessions).where(eq(readingSessions.userId, owner.userId)),
    );
    expect(reading).toMatchObject({ storyId: null, storyTitle: 'To delete' });
    // Deleting again: already gone.
    expect((await del(owner, story.id)).status).toBe(404);
  });

  it('a reader cannot write a story for someone else, even straight to the database', async () => {
    const who = await reader();
    const other = await reader();
    await expect(
      asUser(handle.db, who.userId, (tx) =>
        tx.insert(stories).values({ ownerId: other.userId, title: 'Planted', body: 'Not yours.' }),
      ),
    ).rejects.toThrow();
    await expect(
      asUser(handle.db, who.userId, (tx) =>
        tx.insert(stories).values({ ownerId: null, title: 'Planted', body: 'In the library.' }),
      ),
    ).rejects.toThrow();
    expect(await ownRows(other.userId)).toEqual([]);
  });
});
