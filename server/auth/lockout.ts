/**
 * Per-account sign-in lockout: after MAX_FAILURES failed sign-ins within WINDOW_MINUTES, the account is
 * locked for LOCK_MINUTES. Counting per account (not per address) means a class of 30 behind one school
 * address can all sign in, while guessing one child's password stays slow (OWASP Authentication Cheat
 * Sheet, "Account lockout").
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { loginAttempts } from '../db/schema.ts';

export const MAX_FAILURES = 5;
export const WINDOW_MINUTES = 15;
export const LOCK_MINUTES = 15;

/** Message shown when an account is locked. */
export const LOCKED_MESSAGE = `Too many failed sign-in attempts. Please wait ${LOCK_MINUTES} minutes, or reset your password.`;

/** Lockout bookkeeping on the login_attempts table. `now` is injectable for tests. */
export function createLockout(db: Database, now: () => Date = () => new Date()) {
  const key = (email: string) => email.trim().toLowerCase();
  return {
    /** When the account is locked, the time it unlocks; otherwise null. */
    async lockedUntil(email: string): Promise<Date | null> {
      const [row] = await db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.email, key(email)));
      if (!row?.lockedUntil || row.lockedUntil <= now()) return null;
      return row.lockedUntil;
    },
    /** Record a failed sign-in; locks the account at the MAX_FAILURES-th failure inside the window. */
    async recordFailure(email: string): Promise<void> {
      const at = now();
      const windowStart = new Date(at.getTime() - WINDOW_MINUTES * 60_000);
      const lockUntil = new Date(at.getTime() + LOCK_MINUTES * 60_000);
      await db
        .insert(loginAttempts)
        .values({ email: key(email), failures: 1, firstFailureAt: at })
        .onConflictDoUpdate({
          target: loginAttempts.email,
          set: {
            // A failure outside the window starts a new count.
            failures: sql`case when ${loginAttempts.firstFailureAt} < ${windowStart.toISOString()}::timestamptz then 1 else ${loginAttempts.failures} + 1 end`,
            firstFailureAt: sql`case when ${loginAttempts.firstFailureAt} < ${windowStart.toISOString()}::timestamptz then ${at.toISOString()}::timestamptz else ${loginAttempts.firstFailureAt} end`,
          },
        });
      await db
        .update(loginAttempts)
        .set({ lockedUntil: lockUntil, failures: 0, firstFailureAt: at })
        .where(sql`${loginAttempts.email} = ${key(email)} and ${loginAttempts.failures} >= ${MAX_FAILURES}`);
    },
    /** Forget failures after a successful sign-in or a password reset. */
    async clear(email: string): Promise<void> {
      await db.delete(loginAttempts).where(eq(loginAttempts.email, key(email)));
    },
  };
}

export type Lockout = ReturnType<typeof createLockout>;
