/**
 * Row-level security, on PGlite and on PostgreSQL: a user reads and changes only their own rows, cannot
 * raise their own balance or roles, sees only the family links they are a side of and makes none, and the app
 * role cannot bypass any of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem, asUser } from '../server/db/rls.ts';
import { queryRows } from '../server/db/sql-rows.ts';
import {
  achievements,
  avatarPurchases,
  dailyChallenges,
  audioSettings,
  guardianLinks,
  linkCodes,
  profiles,
  progressTracking,
  readingSessions,
  screenings,
  stories,
  tokenLedger,
  userRoles,
} from '../server/db/schema.ts';
import { createTestUser, openTestDatabase, testDatabaseKind } from './helpers/database.ts';
import { expectPgError } from './helpers/pg-errors.ts';

describe(`row-level security (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let alice: { id: string };
  let bob: { id: string };

  beforeAll(async () => {
    handle = await openTestDatabase();
    alice = await createTestUser(handle, { displayName: 'Alice' });
    bob = await createTestUser(handle, { displayName: 'Bob' });
    // Rows for both users in every per-user table, written as server work.
    await asSystem(handle.db, async (tx) => {
      const [library] = await tx
        .insert(stories)
        .values({ ownerId: null, title: 'Library story', body: 'The sun is up.' })
        .returning({ id: stories.id });
      for (const user of [alice, bob]) {
        await tx.insert(userRoles).values({ userId: user.id, role: 'student' });
        await tx.insert(dailyChallenges).values({
          userId: user.id,
          challengeType: 'read_stories',
          targetCount: 2,
          challengeDate: '2026-11-22',
        });
        await tx.insert(achievements).values({
          userId: user.id,
          achievementType: 'first_story',
          achievementName: 'Story Starter',
          description: 'Created your first story!',
        });
        await tx.insert(progressTracking).values({ userId: user.id, activityType: 'reading_session' });
        await tx.insert(audioSettings).values({ userId: user.id, settings: { volume: 0.5 } });
        await tx.insert(readingSessions).values({ userId: user.id, storyTitle: `${user.id} story` });
        await tx
          .insert(avatarPurchases)
          .values({ userId: user.id, itemId: 'sky-blue', price: 10, idempotencyKey: `seed-${user.id}` });
        await tx.insert(stories).values({ ownerId: user.id, title: 'Mine', body: 'A cat sat.' });
        await tx.insert(screenings).values({
          userId: user.id,
          grade: '3',
          season: 'winter',
          schoolYear: 2026,
          storyIds: [library!.id],
        });
      }
    });
  });

  afterAll(async () => {
    await handle?.close();
  });

  const perUserTables = [
    ['profiles', profiles],
    ['user_roles', userRoles],
    ['daily_challenges', dailyChallenges],
    ['achievements', achievements],
    ['progress_tracking', progressTracking],
    ['reading_sessions', readingSessions],
    ['audio_settings', audioSettings],
    ['avatar_purchases', avatarPurchases],
    ['screenings', screenings],
  ] as const;

  for (const [name, table] of perUserTables) {
    it(`${name}: a user reads only their own rows`, async () => {
      const rows = await asUser(handle.db, alice.id, (tx) => tx.select().from(table));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.userId === alice.id)).toBe(true);
    });
  }

  it('stories: a user reads the library and their own stories, not another user’s', async () => {
    const rows = await asUser(handle.db, alice.id, (tx) => tx.select().from(stories));
    const owners = new Set(rows.map((r) => r.ownerId));
    expect(owners.has(alice.id)).toBe(true);
    expect(owners.has(null)).toBe(true);
    expect(owners.has(bob.id)).toBe(false);
  });

  it('a user cannot change another user’s profile', async () => {
    const changed = await asUser(handle.db, alice.id, (tx) =>
      tx.update(profiles).set({ displayName: 'Hacked' }).where(eq(profiles.userId, bob.id)).returning(),
    );
    expect(changed).toHaveLength(0);
    const [bobProfile] = await asSystem(handle.db, (tx) =>
      tx.select().from(profiles).where(eq(profiles.userId, bob.id)),
    );
    expect(bobProfile?.displayName).toBe('Bob');
  });

  it('a user can change their own profile fields', async () => {
    const changed = await asUser(handle.db, alice.id, (tx) =>
      tx.update(profiles).set({ petsName: 'Rex' }).where(eq(profiles.userId, alice.id)).returning(),
    );
    expect(changed[0]?.petsName).toBe('Rex');
  });

  it('a user cannot delete another user’s reading sessions', async () => {
    const deleted = await asUser(handle.db, alice.id, (tx) =>
      tx.delete(readingSessions).where(eq(readingSessions.userId, bob.id)).returning(),
    );
    expect(deleted).toHaveLength(0);
  });

  it('a user cannot change, complete or delete another user’s screenings, nor start one in their name', async () => {
    const [bobs] = await asSystem(handle.db, (tx) =>
      tx.select().from(screenings).where(eq(screenings.userId, bob.id)),
    );
    const completed = await asUser(handle.db, alice.id, (tx) =>
      tx
        .update(screenings)
        .set({
          completedAt: new Date(),
          wpm: 1,
          accuracy: 1,
          wordsCorrect: 1,
          errors: 0,
          band: 'below',
          p50: 97,
        })
        .where(eq(screenings.userId, bob.id))
        .returning(),
    );
    expect(completed).toHaveLength(0);
    const deleted = await asUser(handle.db, alice.id, (tx) =>
      tx.delete(screenings).where(eq(screenings.userId, bob.id)).returning(),
    );
    expect(deleted).toHaveLength(0);
    await expectPgError(
      asUser(handle.db, alice.id, (tx) =>
        tx.insert(screenings).values({ ...bobs!, id: undefined, createdAt: undefined }),
      ),
      '42501',
    );
    const [after] = await asSystem(handle.db, (tx) =>
      tx.select().from(screenings).where(eq(screenings.userId, bob.id)),
    );
    expect(after).toEqual(bobs);
  });

  it('a user cannot write rows in another user’s name', async () => {
    await expectPgError(
      asUser(handle.db, alice.id, (tx) =>
        tx.insert(progressTracking).values({ userId: bob.id, activityType: 'reading_session' }),
      ),
      '42501',
    );
    await expectPgError(
      asUser(handle.db, alice.id, (tx) =>
        tx.insert(stories).values({ ownerId: bob.id, title: 'x', body: 'y' }),
      ),
      '42501',
    );
  });

  it('a user cannot raise their own token balance or give themselves a role', async () => {
    await expectPgError(
      asUser(handle.db, alice.id, (tx) =>
        tx.update(profiles).set({ tokens: 1_000_000 }).where(eq(profiles.userId, alice.id)),
      ),
      '42501',
    );
    await expectPgError(
      asUser(handle.db, alice.id, (tx) => tx.insert(userRoles).values({ userId: alice.id, role: 'admin' })),
      '42501',
    );
    await expectPgError(
      asUser(handle.db, alice.id, (tx) =>
        tx.insert(tokenLedger).values({ userId: alice.id, amount: 100, reason: 'free money' }),
      ),
      '42501',
    );
    await expectPgError(
      asUser(handle.db, alice.id, (tx) => tx.execute(sql`select award_tokens(${alice.id}, 50, 'free')`)),
      '42501',
    );
  });

  it('a purchase spends only the signed-in user’s tokens; a user can lower, never raise, their balance', async () => {
    await asSystem(handle.db, async (tx) => {
      for (const user of [alice, bob])
        await tx.execute(
          sql`select award_tokens(${user.id}, 50, 'reading_session', ${`rls-gift:${user.id}`})`,
        );
    });
    const balances = async () =>
      Object.fromEntries(
        (await asSystem(handle.db, (tx) => tx.select().from(profiles))).map((p) => [p.userId, p.tokens]),
      );
    const before = await balances();
    // buy_avatar_item takes the buyer from the transaction's user, never from a parameter.
    await asUser(handle.db, alice.id, (tx) =>
      tx.execute(sql`select buy_avatar_item('party-hat', 'rls-key-1')`),
    );
    const after = await balances();
    expect(after[alice.id]).toBe(before[alice.id]! - 10);
    expect(after[bob.id]).toBe(before[bob.id]);
    // Alice sees her purchase; Bob's rows stay out of her reach.
    const seen = await asUser(handle.db, bob.id, (tx) => tx.select().from(avatarPurchases));
    expect(seen.every((row) => row.userId === bob.id)).toBe(true);
    const mine = await asUser(handle.db, alice.id, (tx) => tx.select().from(avatarPurchases));
    expect(mine.map((row) => row.itemId).sort()).toEqual(['party-hat', 'sky-blue']);
    const lowered = await asUser(handle.db, alice.id, (tx) =>
      tx.update(profiles).set({ tokens: 0 }).where(eq(profiles.userId, bob.id)).returning(),
    );
    expect(lowered).toHaveLength(0);
    await expectPgError(
      asUser(handle.db, alice.id, (tx) =>
        tx
          .update(profiles)
          .set({ tokens: sql`tokens + 1` })
          .where(eq(profiles.userId, alice.id)),
      ),
      '42501',
    );
    // The ledger takes only spending from a user, and only in their own name.
    await expectPgError(
      asUser(handle.db, alice.id, (tx) =>
        tx.insert(tokenLedger).values({ userId: bob.id, amount: -5, reason: 'avatar_purchase:x' }),
      ),
      '42501',
    );
    await expectPgError(
      asUser(handle.db, alice.id, (tx) =>
        tx
          .insert(avatarPurchases)
          .values({ userId: bob.id, itemId: 'crown', price: 1, idempotencyKey: 'rls-x' }),
      ),
      '42501',
    );
    // No balance below zero, even written directly.
    await expectPgError(
      asUser(handle.db, alice.id, (tx) =>
        tx.update(profiles).set({ tokens: -1 }).where(eq(profiles.userId, alice.id)),
      ),
      '23514',
    );
    expect((await balances())[bob.id]).toBe(before[bob.id]);
  });

  it('guardian_links: the two sides read and remove their link, nobody makes one; link_codes: one’s own row', async () => {
    const carol = await createTestUser(handle, { displayName: 'Carol', userType: 'guardian' });
    // Carol follows Alice (server work, as redeeming a code makes it); Bob has a code of his own.
    const [link] = await asSystem(handle.db, async (tx) => {
      await tx
        .insert(linkCodes)
        .values({ childId: bob.id, codeHash: `rls-${bob.id}`, expiresAt: new Date(Date.now() + 3_600_000) });
      return tx.insert(guardianLinks).values({ guardianId: carol.id, childId: alice.id }).returning();
    });
    for (const side of [alice, carol])
      expect(
        (await asUser(handle.db, side.id, (tx) => tx.select().from(guardianLinks))).map((l) => l.id),
      ).toEqual([link!.id]);
    expect(await asUser(handle.db, bob.id, (tx) => tx.select().from(guardianLinks))).toEqual([]);
    expect(
      await asUser(handle.db, bob.id, (tx) =>
        tx.delete(guardianLinks).where(eq(guardianLinks.id, link!.id)).returning(),
      ),
    ).toEqual([]);
    // A guardian reads none of the followed reader's rows as themselves (the report is server work).
    expect(
      await asUser(handle.db, carol.id, (tx) =>
        tx.select().from(readingSessions).where(eq(readingSessions.userId, alice.id)),
      ),
    ).toEqual([]);
    await expectPgError(
      asUser(handle.db, carol.id, (tx) =>
        tx.insert(guardianLinks).values({ guardianId: carol.id, childId: bob.id }),
      ),
      '42501',
    );
    await expectPgError(
      asUser(handle.db, alice.id, (tx) =>
        tx.update(guardianLinks).set({ guardianId: bob.id }).where(eq(guardianLinks.id, link!.id)),
      ),
      '42501',
    );
    expect(
      (await asUser(handle.db, bob.id, (tx) => tx.select().from(linkCodes))).map((r) => r.childId),
    ).toEqual([bob.id]);
    expect(await asUser(handle.db, alice.id, (tx) => tx.select().from(linkCodes))).toEqual([]);
    await expectPgError(
      asUser(handle.db, alice.id, (tx) =>
        tx.insert(linkCodes).values({ childId: bob.id, codeHash: 'rls-forged', expiresAt: new Date() }),
      ),
      '42501',
    );
    const removed = await asUser(handle.db, carol.id, (tx) =>
      tx.delete(guardianLinks).where(eq(guardianLinks.id, link!.id)).returning(),
    );
    expect(removed).toHaveLength(1);
  });

  it('without a user id the app role sees no user rows', async () => {
    const rows = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local role app_user`);
      return tx.select().from(profiles);
    });
    expect(rows).toHaveLength(0);
  });

  it('the app roles own nothing, cannot log in and cannot bypass RLS; user tables force RLS', async () => {
    const roleRows = await queryRows<{
      rolname: string;
      rolcanlogin: boolean;
      rolbypassrls: boolean;
      rolsuper: boolean;
    }>(
      handle.db,
      sql`select rolname, rolcanlogin, rolbypassrls, rolsuper from pg_roles where rolname in ('app_user', 'app_system') order by rolname`,
    );
    expect(roleRows).toEqual([
      { rolname: 'app_system', rolcanlogin: false, rolbypassrls: false, rolsuper: false },
      { rolname: 'app_user', rolcanlogin: false, rolbypassrls: false, rolsuper: false },
    ]);
    const owned = await queryRows<{ count: number }>(
      handle.db,
      sql`select count(*)::int as count from pg_class c join pg_roles r on r.oid = c.relowner where r.rolname in ('app_user', 'app_system')`,
    );
    expect(owned[0]?.count).toBe(0);
    const tableRows = await queryRows<{
      relname: string;
      relrowsecurity: boolean;
      relforcerowsecurity: boolean;
    }>(
      handle.db,
      sql`select relname, relrowsecurity, relforcerowsecurity from pg_class where relname in ('profiles','user_roles','daily_challenges','achievements','progress_tracking','stories','reading_sessions','token_ledger','audio_settings','avatar_purchases','guardian_links','link_codes','reading_goals','classes','class_codes','class_members','assignments','screenings') and relkind = 'r' order by relname`,
    );
    expect(tableRows).toHaveLength(18);
    for (const row of tableRows)
      expect(row, row.relname).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
  });
});
