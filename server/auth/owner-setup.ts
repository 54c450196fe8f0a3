/**
 * The operator's one-time set-up link (issue #14 item 8; docs/decisions/0023-owner-setup-and-outbox.md).
 *
 * A fresh install has no owner. Instead of "the first account becomes the owner" (which let 8
 * simultaneous sign-ups make 4 owners, and made whoever reached a new server first its owner), the
 * server prints a one-time link at start while no owner exists. Whoever holds the link — the person who
 * started the server and reads its console — creates the owner account with it. Sign-ups make no owner;
 * addresses in ADMIN_EMAILS still get the owner role at sign-up.
 *
 * - The link carries a random 256-bit token; the database keeps only its SHA-256 (better-auth's
 *   verification table, identifier {@link OWNER_SETUP_IDENTIFIER}), valid {@link OWNER_SETUP_HOURS} hours.
 * - Each start without an owner adds a new link; every link stays valid until it expires or one is used.
 * - Using a link removes every set-up link at once (one DELETE … RETURNING), so of two simultaneous uses,
 *   on PGlite or PostgreSQL, exactly one wins.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { asSystem } from '../db/rls.ts';
import { userRoles, verifications } from '../db/schema.ts';

/** Identifier of set-up rows in the verification table. */
export const OWNER_SETUP_IDENTIFIER = 'owner-setup';
/** How long a set-up link works, in hours. */
export const OWNER_SETUP_HOURS = 24;
/** The page the link opens (src/features/auth/OwnerSetupPage.tsx). */
export const OWNER_SETUP_PATH = '/setup';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether the server has an owner. */
export async function hasOwner(db: Database): Promise<boolean> {
  const rows = await asSystem(db, (tx) =>
    tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'owner')).limit(1),
  );
  return rows.length > 0;
}

/**
 * At start: when the server has no owner, make a new set-up link and answer it (the caller prints it
 * for the operator); when it has one, remove any set-up link left over and answer null. Expired links
 * are removed either way.
 * @param baseUrl the app's public address (PUBLIC_URL), without a trailing slash
 */
export async function ensureOwnerSetupLink(
  db: Database,
  baseUrl: string,
  now: Date = new Date(),
): Promise<{ url: string; expiresAt: Date } | null> {
  await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, OWNER_SETUP_IDENTIFIER), lte(verifications.expiresAt, now)));
  if (await hasOwner(db)) {
    await db.delete(verifications).where(eq(verifications.identifier, OWNER_SETUP_IDENTIFIER));
    return null;
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + OWNER_SETUP_HOURS * 3_600_000);
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: OWNER_SETUP_IDENTIFIER,
    value: hashToken(token),
    expiresAt,
  });
  return { url: `${baseUrl}${OWNER_SETUP_PATH}?token=${token}`, expiresAt };
}

/** Whether `token` is a set-up link's that has not expired or been used (and no owner exists yet). */
export async function isOwnerSetupTokenValid(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const rows = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, OWNER_SETUP_IDENTIFIER),
        eq(verifications.value, hashToken(token)),
        gt(verifications.expiresAt, now),
      ),
    );
  return rows.length > 0 && !(await hasOwner(db));
}

/** A used set-up link, which {@link restoreOwnerSetup} puts back when making the owner failed. */
export interface ConsumedOwnerSetup {
  rows: (typeof verifications.$inferSelect)[];
}

/**
 * Use a set-up link: when `token` is valid, remove every set-up link and answer them (so the caller can
 * put them back if making the owner fails); otherwise null. Of simultaneous uses exactly one gets the rows:
 * the DELETE of the others finds nothing left.
 */
export async function consumeOwnerSetupToken(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<ConsumedOwnerSetup | null> {
  if (!(await isOwnerSetupTokenValid(db, token, now))) return null;
  const rows = await db
    .delete(verifications)
    .where(eq(verifications.identifier, OWNER_SETUP_IDENTIFIER))
    .returning();
  const hash = hashToken(token);
  if (!rows.some((row) => row.value === hash && row.expiresAt > now)) {
    // Another use won in between; what this one removed was not its to remove.
    if (rows.length) await db.insert(verifications).values(rows).onConflictDoNothing();
    return null;
  }
  return { rows };
}

/** Put back the links a failed set-up removed. */
export async function restoreOwnerSetup(db: Database, consumed: ConsumedOwnerSetup): Promise<void> {
  if (consumed.rows.length) await db.insert(verifications).values(consumed.rows).onConflictDoNothing();
}
