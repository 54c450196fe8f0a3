/**
 * Role management (spec §6, §7.5 secure-role-management; docs/decisions/0054-roles-screen.md): finding people by
 * name or e-mail, and giving or taking a role. Who may do which is one pure rule shared with the Roles screen
 * (core/auth/roles.ts): an owner any role, an admin teacher, student and guardian; everyone else nothing.
 *
 * Reading across users follows the house pattern (docs/decisions/0011-database-roles.md, server/db/rls.ts): the
 * search checks the caller's own roles as themselves under row-level security, then reads other people's names,
 * e-mails and roles in one `systemStep` naming only those columns. A role change is server work (`asSystem`) from
 * the start, as it always was: `user_roles` is never written as a user.
 */
import { and, count, eq, or, sql } from 'drizzle-orm';
import {
  PEOPLE_PAGE_SIZE,
  type PeoplePage,
  type PeopleQuery,
  type RoleChangeRequest,
} from '#core/api/account.ts';
import { canChangeRole, managesRoles, sortRoles } from '#core/auth/roles.ts';
import type { Database } from '../../db/client.ts';
import { asSystem, asUser, systemStep, type Tx } from '../../db/rls.ts';
import { profiles, userRoles, users } from '../../db/schema.ts';
import { ApiFailure } from '../../http/errors.ts';

/**
 * The key of the transaction advisory lock every role change holds until it commits: the actor's rights and the
 * number of owners are read under it, so two owners removing each other at once cannot both pass the last-owner
 * check (on PostgreSQL each would otherwise count two owners), and a change made by someone whose own role was
 * just taken is judged on the roles they have now.
 */
export const ROLE_CHANGE_LOCK = 'user_roles:change';

/** Waits for, then holds until the transaction ends, {@link ROLE_CHANGE_LOCK}. */
export async function lockRoleChanges(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${ROLE_CHANGE_LOCK}, 0))`);
}

/**
 * Assign or remove a role (spec §6, §7.5). Who may: {@link canChangeRole} (an owner any role, an admin teacher,
 * student and guardian). The last owner cannot be removed (spec §6 keeps someone to run the server). Assigning a
 * role someone has, or removing one they lack, succeeds and changes nothing. Runs as server work under
 * {@link ROLE_CHANGE_LOCK}.
 * @throws ApiFailure 403 `forbidden`, 404 `user_not_found` (no such user, or one without a profile), 409
 *   `last_owner`; each message starts with the spec's 'Failed to assign role' / 'Failed to remove role' (§8)
 */
export async function changeRole(db: Database, actorId: string, request: RoleChangeRequest): Promise<void> {
  const failure = request.action === 'assign' ? 'Failed to assign role' : 'Failed to remove role';
  await asSystem(db, async (tx) => {
    await lockRoleChanges(tx);
    const actorRoles = (
      await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, actorId))
    ).map((r) => r.role);
    if (!canChangeRole(actorRoles, request.role)) {
      throw new ApiFailure(403, 'forbidden', `${failure}: you are not allowed to change this role.`);
    }
    const [target] = await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.userId, request.userId));
    if (!target) throw new ApiFailure(404, 'user_not_found', `${failure}: No user or profile found`);
    if (request.action === 'assign') {
      await tx.insert(userRoles).values({ userId: request.userId, role: request.role }).onConflictDoNothing();
      return;
    }
    const removed = and(eq(userRoles.userId, request.userId), eq(userRoles.role, request.role));
    if (request.role === 'owner') {
      const [held] = await tx.select({ n: count() }).from(userRoles).where(removed);
      const [owners] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.role, 'owner'));
      if ((held?.n ?? 0) > 0 && (owners?.n ?? 0) <= 1)
        throw new ApiFailure(409, 'last_owner', `${failure}: the last owner cannot be removed.`);
    }
    await tx.delete(userRoles).where(removed);
  });
}

/** `text` as a LIKE pattern that matches it literally: `\`, `%` and `_` escaped with `\`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Where a page of people ends: the last person's sort key (their lower-cased name) and id. */
interface PeopleCursor {
  key: string;
  id: string;
}

/** The opaque `nextCursor` of a page: base64url of `[key, id]`. */
export function encodePeopleCursor(cursor: PeopleCursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id]), 'utf8').toString('base64url');
}

/**
 * The place a cursor of {@link encodePeopleCursor} names.
 * @throws ApiFailure 422 `invalid_input` for anything else
 */
export function decodePeopleCursor(text: string): PeopleCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === 2 &&
    typeof parsed[0] === 'string' &&
    typeof parsed[1] === 'string' &&
    parsed[0].length <= 400 &&
    parsed[1].length > 0 &&
    parsed[1].length <= 200
  )
    return { key: parsed[0], id: parsed[1] };
  throw new ApiFailure(422, 'invalid_input', 'cursor: Not a cursor of this list.');
}

/**
 * GET /api/roles/people (ADR 0054): the people whose display name or e-mail holds `q` (case-insensitive; `%`, `_`
 * and `\` match themselves), by name (lower-cased, then id: a stable order), {@link PEOPLE_PAGE_SIZE} at a time
 * after `cursor`. Each with their id, display name, e-mail and roles, nothing else. Only accounts with a profile
 * are listed (the ones a role can be given to: `changeRole` refuses the others).
 * @param actorId the signed-in user, who must be an owner or an admin ({@link managesRoles}), read as themselves
 * @throws ApiFailure 403 `forbidden` for anyone else; 422 `invalid_input` for a cursor not of this list
 */
export async function listPeople(db: Database, actorId: string, query: PeopleQuery): Promise<PeoplePage> {
  const after = query.cursor === undefined ? null : decodePeopleCursor(query.cursor);
  return asUser(db, actorId, async (tx) => {
    const own = await tx
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, actorId));
    if (!managesRoles(own.map((r) => r.role)))
      throw new ApiFailure(403, 'forbidden', 'Only owners and admins can look people up.');
    const pattern = `%${escapeLike(query.q)}%`;
    const sortKey = sql<string>`lower(${profiles.displayName})`;
    const rows = await systemStep(tx, (tx) =>
      tx
        .select({
          id: profiles.userId,
          name: profiles.displayName,
          email: users.email,
          key: sortKey,
          roles: sql<
            string[]
          >`coalesce((select json_agg(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${profiles.userId}), '[]'::json)`,
        })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(
          and(
            or(
              sql`${profiles.displayName} ilike ${pattern} escape '\\'`,
              sql`${users.email} ilike ${pattern} escape '\\'`,
            ),
            after ? sql`(${sortKey}, ${profiles.userId}) > (${after.key}, ${after.id})` : undefined,
          ),
        )
        .orderBy(sortKey, profiles.userId)
        .limit(PEOPLE_PAGE_SIZE + 1),
    );
    const page = rows.slice(0, PEOPLE_PAGE_SIZE);
    const last = page.at(-1);
    return {
      people: page.map((r) => ({ id: r.id, name: r.name, email: r.email, roles: sortRoles(r.roles) })),
      nextCursor: rows.length > PEOPLE_PAGE_SIZE && last ? encodePeopleCursor(last) : null,
    };
  });
}
