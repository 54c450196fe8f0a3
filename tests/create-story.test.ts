/**
 * Create Story's API on PGlite and PostgreSQL (docs/decisions/0045-create-story.md): a story made from three choices
 * at the reader's level, with the pet's name, kept as their own and readable; the first earns Story Starter once, and
 * the Rewards page counts made stories (not imported texts); refusals keep nothing; many readers at once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MakeStoryResponseSchema } from '#core/api/story-maker.ts';
import { StoryDetailResponseSchema } from '#core/api/stories.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem } from '../server/db/rls.ts';
import { achievements, profiles, progressTracking, stories } from '../server/db/schema.ts';
import { rewardsFor } from '../server/routes/rewards/rewards.service.ts';
import { createBrowser, createSignedInClient, createTestApp, errorOf, type TestApp } from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

describe(`Create Story's API (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  type Reader = Awaited<ReturnType<typeof createSignedInClient>>;
  const make = (who: Reader, body: unknown) =>
    who.client.request('/api/stories/made', { method: 'POST', json: body });
  const ownStories = (userId: string) =>
    asSystem(handle.db, (tx) => tx.select().from(stories).where(eq(stories.ownerId, userId)));
  const badgesOf = (userId: string) =>
    asSystem(handle.db, (tx) => tx.select().from(achievements).where(eq(achievements.userId, userId)));

  it('makes a story with the pet’s name at a first grader’s level, keeps it, and gives Story Starter once', async () => {
    const who = await createSignedInClient(app, handle, { grade: '1', pets_name: 'Biscuit' });
    const first = await make(who, { hero: 'pet', place: 'park', plot: 'friend' });
    expect(first.status).toBe(201);
    const answer = MakeStoryResponseSchema.parse(await first.json());
    expect(answer.created).toBe(true);
    expect(answer.story.title).toBe('Biscuit Makes a Friend');
    expect(answer.newAchievements.map((a) => a.achievement_type)).toEqual(['first_story']);
    // Early level: a short story, under grade 2's Lexile band.
    expect(answer.story.wordCount).toBeLessThanOrEqual(90);
    expect(answer.story.lexile).toBeLessThan(400);

    const detail = StoryDetailResponseSchema.parse(
      await (await who.client.api.stories[':id'].$get({ param: { id: answer.story.id } })).json(),
    ).story;
    expect(detail).toMatchObject({ own: true });
    expect(detail.body).toContain('Biscuit met a little duck.');

    const rows = await asSystem(handle.db, (tx) =>
      tx.select().from(progressTracking).where(eq(progressTracking.userId, who.userId)),
    );
    expect(rows.filter((r) => r.activityType === 'story_created')).toHaveLength(1);

    // A second story: no second badge; Rewards counts made stories.
    const second = MakeStoryResponseSchema.parse(
      await (await make(who, { hero: 'dragon', place: 'space', plot: 'treasure' })).json(),
    );
    expect(second.newAchievements).toEqual([]);
    expect(await badgesOf(who.userId)).toHaveLength(1);
    const rewards = await rewardsFor(handle.db, who.userId);
    expect(rewards.achievements.find((a) => a.achievement_type === 'first_story')).toMatchObject({
      earned_at: expect.any(String),
    });
  });

  it('writes longer stories for an older reader, and keeps the same story once', async () => {
    const who = await createSignedInClient(app, handle, { grade: '4' });
    const sent = { hero: 'robot', place: 'school', plot: 'lost' };
    const stories_: string[] = [];
    let created = 0;
    for (let i = 0; i < 6; i++) {
      const response = await make(who, sent);
      expect([200, 201]).toContain(response.status);
      const answer = MakeStoryResponseSchema.parse(await response.json());
      expect(answer.story.wordCount).toBeGreaterThanOrEqual(90);
      if (answer.created) created++;
      stories_.push(answer.story.id);
    }
    // Two openings and two endings: at most four different stories, each kept once.
    const kept = await ownStories(who.userId);
    expect(kept.length).toBe(created);
    expect(kept.length).toBeLessThanOrEqual(4);
    expect(new Set(stories_).size).toBe(kept.length);
  });

  it('refuses a story about a pet when there is no pet’s name, unknown choices and hostile bodies, keeping nothing', async () => {
    const who = await createSignedInClient(app, handle, { grade: '2' });
    const noPet = await make(who, { hero: 'pet', place: 'sea', plot: 'party' });
    expect(noPet.status).toBe(422);
    expect((await errorOf(noPet)).message).toMatch(/no pet's name/);
    // A pet's name that is not a name (markup, a sentence) is not used either.
    await asSystem(handle.db, (tx) =>
      tx
        .update(profiles)
        .set({ petsName: '<img src=x onerror=alert(1)>' })
        .where(eq(profiles.userId, who.userId)),
    );
    expect((await make(who, { hero: 'pet', place: 'sea', plot: 'party' })).status).toBe(422);
    for (const body of [
      {},
      { hero: 'cat', place: 'moon', plot: 'party' },
      { hero: 'cat', place: 'sea', plot: 'party', title: 'Mine' },
      { hero: 'cat', place: 'sea', plot: ['party'] },
      'cat',
    ]) {
      const response = await make(who, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect((await errorOf(response)).code).toBe('invalid_input');
    }
    expect(
      (
        await createBrowser(app).request('/api/stories/made', {
          method: 'POST',
          json: { hero: 'cat', place: 'sea', plot: 'party' },
        })
      ).status,
    ).toBe(401);
    expect(await ownStories(who.userId)).toEqual([]);
    expect(await badgesOf(who.userId)).toEqual([]);
  });

  it('many readers making stories at once each get their own, and one badge each', async () => {
    const readers = await Promise.all(
      Array.from({ length: 5 }, () => createSignedInClient(app, handle, { grade: 'K', pets_name: 'Rex' })),
    );
    const answers = await Promise.all(
      readers.flatMap((who) => [
        make(who, { hero: 'pet', place: 'forest', plot: 'lost' }),
        make(who, { hero: 'bunny', place: 'castle', plot: 'party' }),
      ]),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    for (const who of readers) {
      expect(await ownStories(who.userId)).toHaveLength(2);
      expect((await badgesOf(who.userId)).map((b) => b.achievementType)).toEqual(['first_story']);
    }
  }, 60_000);

  it('does not count imported texts as stories made', async () => {
    const who = await createSignedInClient(app, handle, { grade: '3' });
    const imported = await who.client.request('/api/stories', {
      method: 'POST',
      json: { title: 'Homework', text: 'The dog ran to the park.' },
    });
    expect(imported.status).toBe(201);
    const rewards = await rewardsFor(handle.db, who.userId);
    expect(rewards.achievements.find((a) => a.achievement_type === 'first_story')).toMatchObject({
      earned_at: null,
    });
    expect(await badgesOf(who.userId)).toEqual([]);
  });
});
