/** The remote procedures of spec §7.4, on PGlite and on PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem, asUser, type Tx } from '../server/db/rls.ts';
import { queryRows } from '../server/db/sql-rows.ts';
import { profiles, readingSessions, tokenLedger } from '../server/db/schema.ts';
import { createTestUser, openTestDatabase, testDatabaseKind } from './helpers/database.ts';

async function award(tx: Tx, userId: string, amount: number, reason: string, key: string | null = null) {
  const rows = await queryRows<{ balance: number }>(
    tx,
    sql`select award_tokens(${userId}, ${amount}, ${reason}, ${key}) as balance`,
  );
  return Number(rows[0]?.balance);
}

async function eligibility(handle: DatabaseHandle, userId: string, checkedId = userId) {
  const rows = await asUser(handle.db, userId, (tx) =>
    queryRows<{ result: { eligible: boolean; reason: string } }>(
      tx,
      sql`select check_assessment_eligibility(${checkedId}) as result`,
    ),
  );
  return rows[0]?.result;
}

describe(`remote procedures (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  describe('award_tokens', () => {
    it('adds to the balance, writes the ledger, and pays once per key', async () => {
      const { id } = await createTestUser(handle);
      const first = await asSystem(handle.db, (tx) => award(tx, id, 10, 'reading session', 'session-1'));
      const replay = await asSystem(handle.db, (tx) => award(tx, id, 10, 'reading session', 'session-1'));
      const other = await asSystem(handle.db, (tx) => award(tx, id, 5, 'challenge', 'challenge-1'));
      expect([first, replay, other]).toEqual([10, 10, 15]);
      const ledger = await asUser(handle.db, id, (tx) => tx.select().from(tokenLedger));
      expect(ledger.map((r) => r.amount).sort()).toEqual([10, 5].sort());
      const [profile] = await asUser(handle.db, id, (tx) =>
        tx.select().from(profiles).where(eq(profiles.userId, id)),
      );
      expect(profile?.tokens).toBe(15);
    });

    it('awards without a key every time', async () => {
      const { id } = await createTestUser(handle);
      await asSystem(handle.db, (tx) => award(tx, id, 3, 'bonus'));
      expect(await asSystem(handle.db, (tx) => award(tx, id, 3, 'bonus'))).toBe(6);
    });

    it('refuses bad amounts, a missing reason, an unknown user and no user', async () => {
      const { id } = await createTestUser(handle);
      for (const amount of [0, -5, 1001]) {
        await expect(asSystem(handle.db, (tx) => award(tx, id, amount, 'x'))).rejects.toThrow();
      }
      await expect(asSystem(handle.db, (tx) => award(tx, id, 5, '  '))).rejects.toThrow();
      await expect(asSystem(handle.db, (tx) => award(tx, 'nobody', 5, 'x'))).rejects.toThrow();
      await expect(asSystem(handle.db, (tx) => award(tx, '', 5, 'x'))).rejects.toThrow();
      const [profile] = await asSystem(handle.db, (tx) =>
        tx.select().from(profiles).where(eq(profiles.userId, id)),
      );
      expect(profile?.tokens).toBe(0);
    });
  });

  describe('check_assessment_eligibility', () => {
    it('follows onboarding, assessment and reading sessions (spec §4.2 step 4)', async () => {
      const { id } = await createTestUser(handle);
      expect(await eligibility(handle, id)).toMatchObject({
        eligible: false,
        reason: 'onboarding_incomplete',
      });
      await asSystem(handle.db, (tx) =>
        tx.update(profiles).set({ onboardingCompleted: true }).where(eq(profiles.userId, id)),
      );
      expect(await eligibility(handle, id)).toMatchObject({ eligible: true, reason: 'eligible' });
      await asSystem(handle.db, (tx) => tx.insert(readingSessions).values({ userId: id, storyTitle: 'A' }));
      expect(await eligibility(handle, id)).toMatchObject({
        eligible: false,
        reason: 'has_reading_sessions',
      });
    });

    it('is not eligible once the assessment is done', async () => {
      const { id } = await createTestUser(handle, { onboardingCompleted: true, assessmentCompleted: true });
      expect(await eligibility(handle, id)).toMatchObject({
        eligible: false,
        reason: 'assessment_completed',
      });
    });

    it('cannot see another user: their profile is not found', async () => {
      const me = await createTestUser(handle);
      const other = await createTestUser(handle, { onboardingCompleted: true });
      expect(await eligibility(handle, me.id, other.id)).toMatchObject({
        eligible: false,
        reason: 'no_profile',
      });
    });
  });
});
