/**
 * Deleting an account with everything of it (issue #14 item 11; docs/security.md V8): the user row,
 * whose foreign keys cascade to sessions, sign-in accounts, profile, roles, challenges, badges, audio
 * settings, activity, own stories, readings and token ledger; the rows keyed by e-mail that no foreign
 * key reaches (mail outbox, sign-in failures, trusted browsers, pending verifications); the recordings
 * folder; and the speech cache's entries of texts that were the user's (their own stories, or naming
 * them). `tests/data-deletion.test.ts` scans every table and every file afterwards for a canary.
 */
import { rm } from 'node:fs/promises';
import { and, count, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { asSystem, type Tx } from '../../db/rls.ts';
import { lockRoleChanges } from './roles.service.ts';
import {
  accounts,
  loginAttempts,
  mailOutbox,
  profiles,
  stories,
  trustedDevices,
  userRoles,
  users,
  verifications,
} from '../../db/schema.ts';
import { ApiFailure } from '../../http/errors.ts';
import { recordingsFolderOf } from '../reading-sessions/delete-readings.service.ts';

/** Removes cached speech whose text `isPersonal` says was the user's; returns how many entries went. */
export type ForgetSpeech = (isPersonal: (text: string) => boolean) => Promise<number>;

/** Lower case, letters and digits only, one space between words: how texts are compared. */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Whether a spoken text was the user's: a piece of one of their own stories (or its title), or a text
 * that names them or their pet (a whole word of two letters or more). Deleting a shared cache entry
 * by mistake only costs making its speech again.
 */
export function personalTextMatcher(personal: {
  names: (string | null)[];
  texts: string[];
}): (text: string) => boolean {
  const names = personal.names
    .map((n) => (n ? normaliseText(n) : ''))
    .filter((n) => n.length >= 2)
    .map((n) => ` ${n} `);
  const texts = personal.texts.map(normaliseText).filter((t) => t.length > 0);
  return (text) => {
    const spoken = normaliseText(text);
    if (!spoken) return false;
    const padded = ` ${spoken} `;
    return names.some((n) => padded.includes(n)) || texts.some((t) => ` ${t} `.includes(padded));
  };
}

/**
 * Whether `userId` has a password (a credential sign-in account); an account that signs in only
 * through a social provider has none.
 */
export async function hasPassword(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return rows.length > 0;
}

/**
 * Delete the account `userId` and everything of it.
 * @param options.dataDir DATA_DIR (recordings live in DATA_DIR/recordings/<userId>)
 * @param options.forgetSpeech removes the user's texts from the speech cache
 * @throws ApiFailure 409 `last_owner` when the user is the only owner and other accounts remain (the
 *   server would be left without anyone to run it; spec §6 keeps at least one owner)
 * @returns false when there was no such user
 */
export async function deleteAccount(
  db: Database,
  userId: string,
  options: { dataDir: string; forgetSpeech?: ForgetSpeech },
): Promise<boolean> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return false;

  // What the speech cache may hold of the user, read before the rows go.
  const personal = await asSystem(db, async (tx) => {
    const [profile] = await tx
      .select({ displayName: profiles.displayName, petsName: profiles.petsName })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    const own = await tx
      .select({ title: stories.title, body: stories.body })
      .from(stories)
      .where(eq(stories.ownerId, userId));
    return {
      names: [profile?.displayName ?? null, profile?.petsName ?? null],
      texts: own.flatMap((s) => [s.title, s.body]),
    };
  });

  const email = user.email.toLowerCase();
  await db.transaction(async (tx) => {
    // The last-owner check, under the role-change lock and in the transaction that deletes: checked apart, an owner
    // deleting their account while another owner removed their role (roles.service.ts) could leave no owner.
    await lockRoleChanges(tx);
    await tx.execute(sql`set local role app_system`);
    await refuseLastOwner(tx, userId);
    await tx.execute(sql`reset role`);
    // Rows keyed by e-mail or token that no foreign key reaches.
    await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${email}`);
    await tx.delete(loginAttempts).where(eq(loginAttempts.email, email));
    await tx.delete(trustedDevices).where(eq(trustedDevices.email, email));
    await tx
      .delete(verifications)
      .where(
        or(
          sql`position(${userId} in ${verifications.value}) > 0`,
          sql`position(${email} in lower(${verifications.identifier})) > 0`,
        ),
      );
    // Cascades to every table keyed by user_id (server/db/schema.ts).
    await tx.delete(users).where(eq(users.id, userId));
  });

  const folder = recordingsFolderOf(options.dataDir, userId);
  if (folder) await rm(folder, { recursive: true, force: true });
  await options.forgetSpeech?.(personalTextMatcher(personal));
  return true;
}

/**
 * 409 `last_owner` when `userId` is the only owner and other accounts remain (spec §6 keeps someone to run the
 * server). Run as `app_system` under {@link lockRoleChanges}.
 */
async function refuseLastOwner(tx: Tx, userId: string): Promise<void> {
  const roles = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  if (roles.some((r) => r.role === 'owner')) {
    const [others] = await tx
      .select({ n: count() })
      .from(userRoles)
      .where(and(eq(userRoles.role, 'owner'), ne(userRoles.userId, userId)));
    const [accountsLeft] = await tx.select({ n: count() }).from(profiles).where(ne(profiles.userId, userId));
    if ((others?.n ?? 0) === 0 && (accountsLeft?.n ?? 0) > 0) {
      throw new ApiFailure(
        409,
        'last_owner',
        'You are the only owner: make someone else an owner before deleting your account.',
      );
    }
  }
}
