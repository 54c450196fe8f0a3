/**
 * Row-level security as defence in depth (issue #14 item 7; docs/decisions/0011-database-roles.md): the
 * server's queries run as a login role that owns nothing. On PostgreSQL it cannot turn RLS off, alter a
 * table, create a role or become the owner; as app_user it cannot read another user's rows or the auth
 * tables. On PGlite the same grants hold, and the test pins down the limit the ADR names.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asUser } from '../server/db/rls.ts';
import { profiles } from '../server/db/schema.ts';
import { queryRows } from '../server/db/sql-rows.ts';
import { createTestUser, openTestDatabase, testDatabaseKind } from './helpers/database.ts';

function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.cause?.code ?? e.code;
}

async function refused(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return pgCode(error);
  }
  return 'no error';
}

describe(`database roles (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let alice: { id: string };
  let bob: { id: string };

  beforeAll(async () => {
    handle = await openTestDatabase();
    alice = await createTestUser(handle, { displayName: 'Alice' });
    bob = await createTestUser(handle, { displayName: 'Bob' });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('runs queries as a role that owns nothing, cannot create roles and cannot bypass RLS', async () => {
    const [me] = await queryRows<{
      rolsuper: boolean;
      rolcreaterole: boolean;
      rolbypassrls: boolean;
      owned: number;
    }>(
      handle.db,
      sql`select rolsuper, rolcreaterole, rolbypassrls,
            (select count(*)::int from pg_class c where c.relowner = r.oid) as owned
          from pg_roles r where rolname = current_user`,
    );
    expect(me).toEqual({ rolsuper: false, rolcreaterole: false, rolbypassrls: false, owned: 0 });
  });

  it('cannot turn RLS off, alter a table or create a role', async () => {
    expect(await refused(handle.db.execute(sql`alter table profiles disable row level security`))).toBe(
      '42501',
    );
    expect(await refused(handle.db.execute(sql`alter table profiles no force row level security`))).toBe(
      '42501',
    );
    expect(await refused(handle.db.execute(sql`drop policy profiles_own_rows on profiles`))).toBe('42501');
    expect(await refused(handle.db.execute(sql`create role sparky_intruder`))).toBe('42501');
  });

  it('reads no user data outside a user’s transaction', async () => {
    expect(await refused(handle.db.select().from(profiles))).toBe('42501');
  });

  it('as a user: not another user’s rows, and none of the auth tables', async () => {
    const rows = await asUser(handle.db, alice.id, (tx) =>
      tx.select().from(profiles).where(eq(profiles.userId, bob.id)),
    );
    expect(rows).toHaveLength(0);
    for (const table of ['user', 'session', 'account', 'verification', 'login_attempts', 'mail_outbox']) {
      expect(
        await refused(asUser(handle.db, alice.id, (tx) => tx.execute(sql.raw(`select * from "${table}"`)))),
        table,
      ).toBe('42501');
    }
  });

  it.skipIf(testDatabaseKind !== 'postgres')(
    'cannot become the owner, even after leaving app_user (PostgreSQL)',
    async () => {
      const [owner] = await queryRows<{ owner: string }>(
        handle.db,
        sql`select pg_get_userbyid(relowner) as owner from pg_class where relname = 'profiles'`,
      );
      expect(
        await refused(
          asUser(handle.db, alice.id, async (tx) => {
            await tx.execute(sql`reset role`);
            await tx.execute(sql.raw(`set role "${owner!.owner}"`));
          }),
        ),
      ).toBe('42501');
      // After RESET ROLE the login role still reads no user rows.
      expect(
        await refused(
          asUser(handle.db, alice.id, async (tx) => {
            await tx.execute(sql`reset role`);
            return tx.select().from(profiles);
          }),
        ),
      ).toBe('42501');
    },
  );

  it.skipIf(testDatabaseKind !== 'pglite')(
    'PGlite’s limit (ADR 0011): its one connection is a superuser’s, so RESET ROLE escapes',
    async () => {
      const rows = await asUser(handle.db, alice.id, async (tx) => {
        await tx.execute(sql`reset role`);
        return queryRows<{ rolsuper: boolean }>(
          tx,
          sql`select rolsuper from pg_roles where rolname = current_user`,
        );
      });
      expect(rows[0]?.rolsuper).toBe(true);
    },
  );
});
