/**
 * The database of an integration test file: PostgreSQL when TEST_DATABASE_URL is set (migrated by
 * global-setup.ts), otherwise an in-memory PGlite copied from the suite's migrated, seeded dump, one
 * copy per Vitest worker, which the worker's files share (the files run one after another in a worker,
 * and are written for a shared database: on PostgreSQL every file of the pass shares one, at once).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { seedDatabase } from '../../server/db/seed.ts';
import { asSystem } from '../../server/db/rls.ts';
import { LOGIN_GROUP } from '../../server/db/roles.ts';
import { queryRows } from '../../server/db/sql-rows.ts';
import { profiles, users } from '../../server/db/schema.ts';

/** The secret the PostgreSQL login role's password derives from in tests (server/db/roles.ts). */
export const TEST_DATABASE_SECRET = 'test-database-secret-that-is-long-enough';

/**
 * A PGlite database of its own, copied from the suite's migrated, seeded dump (global-setup.ts), for a
 * file that needs one no other file has touched (an install with no owner yet). Close it after the tests.
 */
export async function openFreshTestDatabase(): Promise<DatabaseHandle> {
  const file = inject('pgliteSnapshot');
  const handle = await openDatabase(file ? { snapshot: new Blob([readFileSync(file)]) } : {});
  // With the dump, migrate() only checks and switches to the login role.
  await handle.migrate();
  await seedDatabase(handle.db);
  return handle;
}

/** This worker's PGlite copy, opened by its first file. */
let sharedPglite: Promise<DatabaseHandle> | null = null;

/**
 * Open the test database for this file; queries run as the login role, as in production. Close it after
 * the tests (on PGlite the worker's shared copy stays open for its next file: closing it is a no-op).
 *
 * Opening a PGlite copy costs about 3 s of CPU in a test worker (27 Nov 2026: some 75 s of the PGlite
 * pass's CPU for its ~25 opens), hence one per worker.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return openDatabase({ url, secret: TEST_DATABASE_SECRET });
  sharedPglite ??= openFreshTestDatabase();
  const handle = await sharedPglite;
  // A file that left the login role on the one connection (database-roles.test.ts shows that PGlite
  // lets RESET ROLE escape) must not hand the next file a superuser's session.
  const [role] = await queryRows<{ role: string }>(handle.db, sql`select current_user as role`);
  if (role?.role !== LOGIN_GROUP) await handle.migrate();
  return { ...handle, close: async () => {} };
}

/** Which engine the suite runs on, for test titles. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * Create a user row and a profile the way sign-up does (as server work), with a unique id and e-mail so
 * that files sharing one PostgreSQL database never collide.
 */
export async function createTestUser(
  handle: DatabaseHandle,
  overrides: Partial<typeof profiles.$inferInsert> = {},
): Promise<{ id: string; email: string }> {
  const id = `test-${randomUUID()}`;
  const email = `${id}@example.test`;
  await handle.db.insert(users).values({ id, name: 'Test Reader', email });
  await asSystem(handle.db, (tx) =>
    tx.insert(profiles).values({ userId: id, displayName: 'Test Reader', ...overrides }),
  );
  return { id, email };
}
