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

    it('does not send teachers, guardians or pre-readers, nor a reader who said "Not now" (ADR 0038)', async () => {
      const onboarded = (overrides: Partial<typeof profiles.$inferInsert>) =>
        createTestUser(handle, { onboardingCompleted: true, ...overrides }).then((u) => u.id);
      const cases: [Partial<typeof profiles.$inferInsert>, string][] = [
        [{ userType: 'teacher', grade: '3' }, 'not_a_reader'],
        [{ userType: 'guardian' }, 'not_a_reader'],
        [{ grade: 'Pre-K', age: 4 }, 'pre_reader'],
        [{ grade: 'K', age: 9 }, 'pre_reader'],
        [{ grade: null, age: 5 }, 'pre_reader'],
        // DIBELS 8 ORF starts in grade 1: a grade-1 reader of 5 is sent; without a grade, 6 is the age of grade 1.
        [{ grade: '1', age: 5 }, 'eligible'],
        [{ grade: null, age: 6 }, 'eligible'],
        [{ grade: null, age: null }, 'eligible'],
        [{ userType: 'other', grade: '12' }, 'eligible'],
        [{ grade: '3', assessmentDeferredUntil: new Date(Date.now() + 3_600_000) }, 'deferred'],
        [{ grade: '3', assessmentDeferredUntil: new Date(Date.now() - 1_000) }, 'eligible'],
        // The order: the spec's reasons first, then who the assessment is for, then "Not now".
        [{ userType: 'teacher', assessmentCompleted: true }, 'assessment_completed'],
        [{ userType: 'guardian', grade: 'K' }, 'not_a_reader'],
        [{ grade: 'K', assessmentDeferredUntil: new Date(Date.now() + 3_600_000) }, 'pre_reader'],
        [{ onboardingCompleted: false, userType: 'teacher' }, 'onboarding_incomplete'],
      ];
      for (const [overrides, reason] of cases) {
        const id = await onboarded(overrides);
        expect(await eligibility(handle, id), JSON.stringify(overrides)).toEqual({
          eligible: reason === 'eligible',
          reason,
          readingSessions: 0,
        });
      }
      const teacher = await onboarded({ userType: 'teacher' });
      await asSystem(handle.db, (tx) =>
        tx.insert(readingSessions).values({ userId: teacher, storyTitle: 'A' }),
      );
      expect(await eligibility(handle, teacher)).toEqual({
        eligible: false,
        reason: 'has_reading_sessions',
        readingSessions: 1,
      });
    });

    it('may be called as server work too, and refuses no user', async () => {
      const { id } = await createTestUser(handle, { onboardingCompleted: true, grade: '2' });
      const rows = await asSystem(handle.db, (tx) =>
        queryRows<{ result: unknown }>(tx, sql`select check_assessment_eligibility(${id}) as result`),
      );
      expect(rows[0]?.result).toEqual({ eligible: true, reason: 'eligible', readingSessions: 0 });
      await expect(eligibility(handle, id, '')).rejects.toThrow();
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
