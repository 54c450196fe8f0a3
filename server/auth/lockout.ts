/**
 * Per-account sign-in lockout with device cookies (OWASP, "Slow down online guessing attacks with
 * device cookies"; OWASP Authentication Cheat Sheet, "Account lockout").
 *
 * - A browser that has signed in to an account before carries a device cookie (DEVICE_COOKIE, a random
 *   256-bit id) that the server lists as trusted for that account (table trusted_devices, by hash).
 * - Failures are counted per account *and* per device: a trusted browser has its own count; every other
 *   browser shares the account's "untrusted" count (device ''). MAX_FAILURES failures within
 *   WINDOW_MINUTES lock that count for LOCK_MINUTES.
 * So a classmate guessing a child's password locks out unknown browsers only: the child's own tablet,
 * trusted since their last sign-in, still signs in. Counting per account, not per address, lets a class
 * of 30 behind one school address sign in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { loginAttempts, trustedDevices } from '../db/schema.ts';

export const MAX_FAILURES = 5;
export const WINDOW_MINUTES = 15;
export const LOCK_MINUTES = 15;
/** How long a device stays trusted for an account after its last sign-in there, in days. */
export const TRUSTED_DEVICE_DAYS = 365;
/** Name of the device cookie (sent only to /api/auth). */
export const DEVICE_COOKIE = 'sparky_device';
/** The count shared by every browser that is not trusted for the account. */
export const UNTRUSTED_DEVICE = '';

/** Message shown when an account is locked. */
export const LOCKED_MESSAGE = `Too many failed sign-in attempts. Please wait ${LOCK_MINUTES} minutes, or reset your password.`;

const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** A new device id for the cookie: 32 random bytes, base64url (43 characters). */
export function newDeviceId(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a device id (SHA-256, hex): the database never holds the cookie itself. */
export function hashDeviceId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/** A device id from a cookie value, or undefined when it is missing or malformed. */
export function parseDeviceId(value: string | undefined | null): string | undefined {
  return value && DEVICE_ID.test(value) ? value : undefined;
}

const key = (email: string) => email.trim().toLowerCase();

/** Lockout bookkeeping on login_attempts and trusted_devices. `now` is injectable for tests. */
export function createLockout(db: Database, now: () => Date = () => new Date()) {
  return {
    /**
     * Which failure count a sign-in attempt belongs to: the device's own when the browser's device id
     * is trusted for the account, else UNTRUSTED_DEVICE.
     */
    async bucketFor(email: string, deviceId: string | undefined): Promise<string> {
      if (!deviceId) return UNTRUSTED_DEVICE;
      const device = hashDeviceId(deviceId);
      const since = new Date(now().getTime() - TRUSTED_DEVICE_DAYS * 86_400_000);
      const [row] = await db
        .select({ device: trustedDevices.device })
        .from(trustedDevices)
        .where(
          and(
            eq(trustedDevices.email, key(email)),
            eq(trustedDevices.device, device),
            sql`${trustedDevices.lastSignInAt} > ${since.toISOString()}::timestamptz`,
          ),
        );
      return row ? device : UNTRUSTED_DEVICE;
    },

    /** When this count of the account is locked, the time it unlocks; otherwise null. */
    async lockedUntil(email: string, bucket: string = UNTRUSTED_DEVICE): Promise<Date | null> {
      const [row] = await db
        .select({ lockedUntil: loginAttempts.lockedUntil })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.email, key(email)), eq(loginAttempts.device, bucket)));
      if (!row?.lockedUntil || row.lockedUntil <= now()) return null;
      return row.lockedUntil;
    },

    /**
     * Record a failed sign-in; locks the count at the MAX_FAILURES-th failure inside the window. Also
     * prunes rows whose window and lock have both passed, so guesses at made-up addresses leave nothing.
     */
    async recordFailure(email: string, bucket: string = UNTRUSTED_DEVICE): Promise<void> {
      const at = now();
      const windowStart = new Date(at.getTime() - WINDOW_MINUTES * 60_000);
      const lockUntil = new Date(at.getTime() + LOCK_MINUTES * 60_000);
      const stale = sql`${loginAttempts.firstFailureAt} < ${windowStart.toISOString()}::timestamptz`;
      await db
        .insert(loginAttempts)
        .values({ email: key(email), device: bucket, failures: 1, firstFailureAt: at })
        .onConflictDoUpdate({
          target: [loginAttempts.email, loginAttempts.device],
          set: {
            // A failure outside the window starts a new count.
            failures: sql`case when ${stale} then 1 else ${loginAttempts.failures} + 1 end`,
            firstFailureAt: sql`case when ${stale} then ${at.toISOString()}::timestamptz else ${loginAttempts.firstFailureAt} end`,
          },
        });
      await db
        .update(loginAttempts)
        .set({ lockedUntil: lockUntil, failures: 0, firstFailureAt: at })
        .where(
          and(
            eq(loginAttempts.email, key(email)),
            eq(loginAttempts.device, bucket),
            sql`${loginAttempts.failures} >= ${MAX_FAILURES}`,
          ),
        );
      await this.prune();
    },

    /** Forget failures: of one count after a successful sign-in, of every count after a password reset. */
    async clear(email: string, bucket?: string): Promise<void> {
      await db
        .delete(loginAttempts)
        .where(
          bucket === undefined
            ? eq(loginAttempts.email, key(email))
            : and(eq(loginAttempts.email, key(email)), eq(loginAttempts.device, bucket)),
        );
    },

    /** Trust this browser for the account from now on (after a successful sign-in there). */
    async trust(email: string, deviceId: string): Promise<void> {
      const at = now();
      await db
        .insert(trustedDevices)
        .values({ email: key(email), device: hashDeviceId(deviceId), lastSignInAt: at })
        .onConflictDoUpdate({
          target: [trustedDevices.email, trustedDevices.device],
          set: { lastSignInAt: at },
        });
    },

    /** Remove everything kept about an address (account deletion). */
    async forget(email: string): Promise<void> {
      await db.delete(loginAttempts).where(eq(loginAttempts.email, key(email)));
      await db.delete(trustedDevices).where(eq(trustedDevices.email, key(email)));
    },

    /** Delete failure counts whose window and lock have passed, and devices unused for a year. */
    async prune(): Promise<void> {
      const at = now();
      const windowStart = new Date(at.getTime() - WINDOW_MINUTES * 60_000);
      await db
        .delete(loginAttempts)
        .where(
          and(
            lt(loginAttempts.firstFailureAt, windowStart),
            or(isNull(loginAttempts.lockedUntil), lt(loginAttempts.lockedUntil, at)),
          ),
        );
      const unused = new Date(at.getTime() - TRUSTED_DEVICE_DAYS * 86_400_000);
      await db.delete(trustedDevices).where(lt(trustedDevices.lastSignInAt, unused));
    },
  };
}

export type Lockout = ReturnType<typeof createLockout>;
