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
 * - Only an owner with a confirmed address counts (ADR 0023, addendum of 27 Nov 2026): an ADMIN_EMAILS
 *   owner who has not confirmed theirs cannot sign in, and without SMTP nobody can read their confirmation
 *   mail, so the server prints the link again and the link may take that account
 *   ({@link claimUnconfirmedAccount}).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { asSystem } from '../db/rls.ts';
import { accounts, sessions, userRoles, users, verifications } from '../db/schema.ts';

/** Identifier of set-up rows in the verification table. */
export const OWNER_SETUP_IDENTIFIER = 'owner-setup';
/** How long a set-up link works, in hours. */
export const OWNER_SETUP_HOURS = 24;
/** The page the link opens (src/features/auth/OwnerSetupPage.tsx). */
export const OWNER_SETUP_PATH = '/setup';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Whether the server has an owner who can sign in: one with a confirmed address. An owner made by
 * ADMIN_EMAILS who has not confirmed theirs does not count, so the set-up link is printed again for them.
 */
export async function hasOwner(db: Database): Promise<boolean> {
  const rows = await asSystem(db, (tx) =>
    tx
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(userRoles.role, 'owner'), eq(users.emailVerified, true)))
      .limit(1),
  );
  return rows.length > 0;
}

/**
 * Whether the set-up link may take the existing account `userId` of `email`: only when the address is in
 * ADMIN_EMAILS (the operator named it) and has not been confirmed (nobody proved they hold it, so nobody
 * loses an account they own). A confirmed account is never taken.
 */
export async function isClaimableAccount(
  db: Database,
  userId: string,
  email: string,
  adminEmails: string[],
): Promise<boolean> {
  if (!adminEmails.includes(email.toLowerCase())) return false;
  const [row] = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return row?.verified === false;
}

/**
 * Give the set-up link's holder an existing, unconfirmed ADMIN_EMAILS account, in one transaction: its
 * address becomes confirmed, every credential, social link and session it had is removed (as
 * better-auth does when an address is proved on an unconfirmed account: nothing that predates the proof
 * is inherited), its password becomes `passwordHash`, and it gets the owner role. Answers false, changing
 * nothing, when the account is confirmed by now.
 */
export async function claimUnconfirmedAccount(
  db: Database,
  input: { userId: string; passwordHash: string },
): Promise<boolean> {
  const { userId, passwordHash } = input;
  return db.transaction(async (tx) => {
    // better-auth's tables as the login role (as better-auth writes them), then the role as app_system.
    const claimed = await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.emailVerified, false)))
      .returning({ id: users.id });
    if (claimed.length === 0) return false;
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: passwordHash,
    });
    await tx.execute(sql`set local role app_system`);
    await tx.insert(userRoles).values({ userId, role: 'owner' }).onConflictDoNothing();
    return true;
  });
}

/**
 * Whether an account holds the owner role without a confirmed address: an ADMIN_EMAILS sign-up that has
 * not confirmed it yet (it does not count for {@link hasOwner}).
 */
async function hasUnconfirmedOwner(db: Database): Promise<boolean> {
  const rows = await asSystem(db, (tx) =>
    tx
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(userRoles.role, 'owner'), eq(users.emailVerified, false)))
      .limit(1),
  );
  return rows.length > 0;
}

/** A new set-up link, as {@link ensureOwnerSetupLink} answers it. */
export interface OwnerSetupLink {
  url: string;
  expiresAt: Date;
  /**
   * An owner account exists but its address is not confirmed (ADMIN_EMAILS): the server has an owner
   * nobody can sign in as yet, which is not "no owner" ({@link ownerSetupMessage}).
   */
  unconfirmedOwner: boolean;
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
): Promise<OwnerSetupLink | null> {
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
  return {
    url: `${baseUrl}${OWNER_SETUP_PATH}?token=${token}`,
    expiresAt,
    unconfirmedOwner: await hasUnconfirmedOwner(db),
  };
}

/**
 * The start-up line that carries the set-up link, telling the operator the truth (ADR 0023, addendum
 * of 27 Nov 2026 (session 13)): "No owner yet" only when no account holds the role; while an
 * ADMIN_EMAILS owner has not confirmed their address, that the account waits for it, where its
 * confirmation e-mail is (sent, or in the outbox, which only a signed-in owner or admin reads), and that
 * the link takes that account when opened with that address. It names no address: the log never holds
 * one.
 * @param setup the link and whether an unconfirmed owner exists
 * @param options `smtp`: whether SMTP_URL is set (mail is sent rather than kept in the outbox)
 */
export function ownerSetupMessage(
  setup: Pick<OwnerSetupLink, 'url' | 'unconfirmedOwner'>,
  options: { smtp: boolean },
): string {
  const link = `(it works for ${OWNER_SETUP_HOURS} hours): ${setup.url}`;
  if (!setup.unconfirmedOwner) {
    return `No owner yet. To create the owner account, open this one-time link ${link}`;
  }
  const waiting =
    'An owner account (an address in ADMIN_EMAILS) has not confirmed its address, so nobody can sign in as the owner yet';
  const take = `open this one-time link and enter that address with the password you want ${link}`;
  return options.smtp
    ? `${waiting}. Press the link in the confirmation e-mail sent to it, or ${take}`
    : `${waiting}; its confirmation e-mail waits in the outbox (no SMTP_URL), which only a signed-in owner or admin can read. To take that account, ${take}`;
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
